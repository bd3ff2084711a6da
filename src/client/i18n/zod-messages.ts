import type { z } from 'zod';
import { memberSchema, type EntityDef, type FieldDef } from '../../registry';

/**
 * Form messages people understand: "Name is required", "Capacity must be from 1 to 500", "Email is not an email
 * address", each naming its field by the label the form shows, in the user's language. Built from zod 4 issues by an
 * error map given to the form's parse (a per-parse map comes after a schema's own message, so the registry's own
 * messages, "Enter the 6 digits of the pincode", still win and are translated as before). The server keeps its
 * English messages; what the form shows of a server field error is rebuilt here from its field and code.
 */

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the messages read of a zod 4 issue, as an error map receives it (before zod writes its own message). */
export interface IssueLike {
  code?: string;
  input?: unknown;
  expected?: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  divisor?: number;
  path?: readonly PropertyKey[];
}

/** A field as the form names it: its label in the user's language, and its declaration (bounds, kind). */
export interface Named { label: string; fd?: FieldDef }

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** English numbers in the Indian way (1,00,000), as the rest of the console shows them. */
const numberLocale = (lang: string) => (lang === 'en' ? 'en-IN' : lang);

/** A number bound of the field: its declaration's, else its schema's (money declares none of its own). */
function bounds(fd: FieldDef | undefined): { min?: number; max?: number } {
  const s = fd?.schema as { minValue?: number | null; maxValue?: number | null } | undefined;
  const min = fd?.min ?? s?.minValue ?? undefined;
  const max = fd?.max ?? s?.maxValue ?? undefined;
  const finite = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) && Math.abs(n) < Number.MAX_SAFE_INTEGER ? n : undefined);
  return { min: finite(min), max: finite(max) };
}

/**
 * The message of one issue on a field, or undefined for an issue these messages do not cover (zod's own message,
 * in the chosen language, is shown then).
 */
export function fieldMessage(issue: IssueLike, field: Named, t: Translate, lang: string): string | undefined {
  const nf = new Intl.NumberFormat(numberLocale(lang), { maximumFractionDigits: 6 });
  const num = (n: number | bigint | undefined) => (n === undefined ? '' : nf.format(n));
  const say = (key: string, o: Record<string, unknown> = {}) => t(`validate.${key}`, { field: field.label, ...o });
  const range = () => {
    const { min, max } = bounds(field.fd);
    if (min !== undefined && max !== undefined) return say('range', { min: num(min), max: num(max) });
    return issue.code === 'too_small' ? say('atLeast', { min: num(issue.minimum) }) : say('atMost', { max: num(issue.maximum) });
  };
  if (issue.code !== 'custom' && blank(issue.input) && !(typeof issue.input === 'number')) return say('required');
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return say('notWhole');
      if (issue.expected === 'number') return say('notNumber');
      return undefined;
    case 'too_big':
      if (issue.origin === 'string') return say('tooLong', { max: num(issue.maximum) });
      if (issue.origin === 'number' || issue.origin === 'int') return range();
      if (issue.origin === 'array') return say('tooMany', { max: num(issue.maximum) });
      return undefined;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? say('required') : say('tooShort', { min: num(issue.minimum) });
      if (issue.origin === 'number' || issue.origin === 'int') return range();
      if (issue.origin === 'array') return say('tooFew', { min: num(issue.minimum) });
      return undefined;
    case 'not_multiple_of': {
      const places = issue.divisor && issue.divisor < 1 ? Math.round(-Math.log10(issue.divisor)) : NaN;
      return Number.isInteger(places) && 10 ** -places === issue.divisor ? say('decimals', { places }) : say('multipleOf', { divisor: num(issue.divisor) });
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email': return say('notEmail');
        case 'url': return say('notUrl');
        case 'date': return say('notDate');
        case 'time': return say('notTime');
        case 'datetime': return say('notDateTime');
        default: return say('badFormat');
      }
    case 'invalid_value':
      return say('choose');
    default:
      return undefined;
  }
}

/** "Another record already has this Code": the server's 409 duplicate, naming its field. */
export function duplicateMessage(field: Named, t: Translate): string {
  return t('validate.duplicate', { field: field.label });
}

/** The field at a form path (`name`, or `clinics.0.city` inside a nested list), with its label in the user's language. */
export function fieldAt(def: EntityDef, path: readonly PropertyKey[], t: Translate): Named | undefined {
  const [first, index, inner] = path.map(String);
  const fd = def.fields[first];
  if (!fd) return undefined;
  if (fd.kind === 'list' && inner !== undefined && /^\d+$/.test(index) && fd.item?.[inner]) {
    return { label: t(`${def.name}.items.${first}.${inner}`, { ns: 'entities' }), fd: fd.item[inner] };
  }
  return { label: t(`${def.name}.fields.${first}`, { ns: 'entities' }), fd };
}

/** The error map of an entity's form: every issue on a field says its message naming the field. */
export function formErrorMap(def: EntityDef, t: Translate, lang: string) {
  return (issue: IssueLike): string | undefined => {
    const field = issue.path?.length ? fieldAt(def, issue.path, t) : undefined;
    return field ? fieldMessage(issue, field, t, lang) : undefined;
  };
}

const at = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), value);

/**
 * What the form shows for one field error of the server (400 or 409): a duplicate names its field; any other is the
 * field's own schema run again on the value sent, so the message is the one the form would have given; a rule only
 * the server knows keeps the server's message, translated where the language has it (`fallback`).
 */
export function serverFieldMessage(
  def: EntityDef, mode: 'create' | 'update', error: { field: string; code?: string; message: string },
  payload: unknown, t: Translate, lang: string, fallback: (message: string) => string,
): string {
  const path = error.field.split('.');
  const field = fieldAt(def, path, t);
  if (!field) return fallback(error.message);
  if (error.code === 'duplicate') return duplicateMessage(field, t);
  if (field.fd) {
    const r = memberSchema(field.fd, mode).safeParse(at(payload, path), { error: (issue) => fieldMessage(issue as IssueLike, field, t, lang) } as z.core.ParseContext<z.core.$ZodIssue>);
    if (!r.success && r.error.issues[0]) return fallback(r.error.issues[0].message);
  }
  return fallback(error.message);
}
