import { shownKind, type EntityDef, type FieldKind } from '../../registry';
import { valueLabel, type Translate } from '../../../commands';
import type { Formats } from './format';

/** Every record has these besides its own fields: moments, as the API writes them. */
const SYSTEM_MOMENTS = ['createdAt', 'updatedAt'];

/**
 * A scalar value as the screen shows it, in the user's language: an enum by its label, yes/no in words, money in
 * rupees, numbers grouped, a day in the language's order, a moment where the browser is. One reading for the lists and
 * details (field-value.tsx), the change lists of the history and timeline, and a CSV exported as shown. `value` may be
 * the API's value or its text in a raw CSV (`"12.50"`, `"true"`). Null for what has no one-line form here (references,
 * which come with their titles; nested lists; rich text; files) and for a kind that is shown as written.
 */
export function shownText(def: EntityDef | undefined, field: string, value: unknown, t: Translate, f: Formats): string | null {
  if (value === null || value === undefined || value === '') return null;
  const kind: FieldKind | undefined = SYSTEM_MOMENTS.includes(field) ? 'datetime' : def?.fields[field] && shownKind(def.fields[field]);
  const n = typeof value === 'number' ? value : Number(value);
  switch (kind) {
    case 'enum': return def ? valueLabel(t, def.name, field, String(value)) : t(String(value), { ns: 'enums' });
    case 'bool': return value === true || value === 'true' ? t('value.yes') : value === false || value === 'false' ? t('value.no') : null;
    case 'money': return Number.isFinite(n) && String(value).trim() !== '' ? f.money(n) : null;
    case 'int': case 'decimal': return Number.isFinite(n) && String(value).trim() !== '' ? f.number(n) : null;
    case 'date': return f.date(String(value));
    case 'datetime': return f.moment(String(value));
    case 'time': return String(value).slice(0, 5);
    default: return null;
  }
}

/** The start of a title's text that is a value of each kind (the API's forms): what titleOf wrote for it. */
const TITLE_PART: Partial<Record<FieldKind, RegExp>> = {
  date: /^\d{4}-\d{2}-\d{2}(?![\dT])/,
  datetime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})/,
  time: /^\d{2}:\d{2}(:\d{2})?(?!\d)/,
};

/**
 * A record's title as the screen shows its values: a slot is "27/11/2026 10:00", not "2026-11-27 10:00". `row`: the
 * record (its details page, a peek). Reads the title fields as titleOf does, joined by spaces.
 */
export function shownTitleOf(def: EntityDef, row: Record<string, unknown>, t: Translate, f: Formats): string {
  return def.titleFields
    .map((k) => shownText(def, k, row[k], t, f) ?? row[k])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(' ');
}

/**
 * A title the server made (titleOf: the title fields' values joined by spaces, an empty one left out), read back as
 * the screen shows it: its leading dates and times in the user's order. A reference's label, a history's title.
 * From the first title field that is not a date or time on, the text is as written (its length is not known).
 */
export function shownTitle(target: EntityDef | undefined, label: string, t: Translate, f: Formats): string {
  if (!target) return label;
  const kinds = target.titleFields.map((k) => shownKind(target.fields[k]));
  if (!kinds.some((k) => TITLE_PART[k])) return label;
  const parts: string[] = [];
  let rest = label;
  for (const kind of kinds) {
    const part = TITLE_PART[kind];
    if (!part) break;
    const m = part.exec(rest);
    if (!m) continue; // an empty value: titleOf left it out
    parts.push(shownTextOfKind(kind, m[0], f));
    rest = rest.slice(m[0].length).replace(/^ /, '');
  }
  if (rest) parts.push(rest);
  return parts.join(' ');
}

function shownTextOfKind(kind: FieldKind, text: string, f: Formats): string {
  if (kind === 'date') return f.date(text);
  if (kind === 'datetime') return f.moment(text);
  return text.slice(0, 5);
}

/** A subtitle the server made (subtitleOf: values joined by " · "), each part that is a date or time read as shown. */
export function shownSubtitle(target: EntityDef | undefined, text: string, f: Formats): string {
  if (!target) return text;
  const kinds = (target.subtitleFields ?? []).map((k) => shownKind(target.fields[k])).filter((k) => TITLE_PART[k]);
  if (!kinds.length) return text;
  return text.split(' · ').map((part) => {
    const kind = kinds.find((k) => TITLE_PART[k]!.exec(part)?.[0] === part);
    return kind ? shownTextOfKind(kind, part, f) : part;
  }).join(' · ');
}
