import type { z } from 'zod';
import { memberSchema, type EntityDef, type FieldDef } from '../../registry';
import { issueRule, plainName, ruleValues, type IssueLike } from '../../words/validation-message';

/**
 * Form messages people understand: "Name is required", "Capacity must be from 1 to 500", "Email is not an email
 * address", each naming its field by the label the form shows, in the user's language. Built from zod 4 issues by an
 * error map given to the form's parse (a per-parse map comes after a schema's own message, so the registry's own
 * messages, "Enter the 6 digits of the pincode", still win and are translated as before). Which sentence an issue
 * gets is words/validation-message.ts's, shared with the server, which says the same in English; what the form shows
 * of a server field error is rebuilt here from its field and code.
 */

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export type { IssueLike };

/** A field as the form names it: its label in the user's language, and its declaration (bounds, kind). */
export interface Named { label: string; fd?: FieldDef }

/** The message of one issue on a field: every issue code has one (words/validation-message.ts), in every language. */
export function fieldMessage(issue: IssueLike, field: Named, t: Translate, lang: string): string {
  const rule = issueRule(issue, field.fd);
  return t(`validate.${rule.key}`, { field: field.label, ...ruleValues(rule, lang) });
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

/**
 * The error map of an entity's form: every issue says its message naming the field (members refused as unknown by
 * their own names, an issue about the whole record by the entity's name): zod's own words never reach the form.
 */
export function formErrorMap(def: EntityDef, t: Translate, lang: string) {
  return (issue: IssueLike): string => {
    const path = issue.path ?? [];
    const label = issue.code === 'unrecognized_keys' && issue.keys?.length ? issue.keys.join(', ')
      : path.length ? plainName(path) : t(`${def.name}.one`, { ns: 'entities' });
    return fieldMessage(issue, (path.length ? fieldAt(def, path, t) : undefined) ?? { label }, t, lang);
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
