import { getEntity, hitFields, hitPartsOf, hitShape, shownKind, type EntityDef, type HitParts } from '../../registry';
import type { Translate } from '../../../commands/define';
import { formatsFor, localeOf } from '../i18n/format';
import { shownText } from '../i18n/shown-text';

/**
 * A found record said as a sentence in the user's language and time zone, from the parts the server sends with it
 * (registry/hit-parts.ts): "Kali Prajapat with Dr Aagneya Deshpande · 16 Dec 2026, 6:30 pm · Confirmed" and
 * "Dharampeth · APT-2026-000626"; "₹800 · Card · Completed · PAY-2026-000123" under a payment's people. Never an ISO
 * time or an enum's code. The palette's hits, the pickers' options and the notices naming a record all come here.
 */
export interface Said { title: string; subtitle: string }

const times = new Map<string, Intl.DateTimeFormat>();
/** A time of day (HH:MM) as the language writes it: 6:30 pm, 18:30. Read as given, in no time zone. */
function timeOfDay(lang: string, v: string): string {
  const locale = localeOf(lang);
  let fmt = times.get(locale);
  if (!fmt) times.set(locale, (fmt = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })));
  const d = new Date(`1970-01-01T${v.slice(0, 5)}:00Z`);
  return Number.isNaN(d.getTime()) ? v : fmt.format(d);
}

/** One value as a sentence says it: days with their month's name, moments in the browser's time zone; the rest as shown. */
function valueText(def: EntityDef, field: string, value: unknown, t: Translate, lang: string): string {
  if (value === null || value === undefined || value === '') return '';
  const f = formatsFor(lang);
  const fd = def.fields[field];
  switch (fd ? shownKind(fd) : 'text') {
    case 'datetime': return f.dateTime(String(value));
    case 'date': return f.day(String(value));
    case 'time': return timeOfDay(lang, String(value));
    default: return shownText(def, field, value, t, f) ?? String(value);
  }
}

const joined = (parts: readonly string[], by = ' · ') => parts.filter(Boolean).join(by);

interface Pieces { head: string; moment: string; enums: string[]; amount: string[]; centre: string[]; own: string; rest: string[]; people: boolean }

function pieces(def: EntityDef, parts: HitParts, t: Translate, lang: string): Pieces {
  const shape = hitShape(def);
  const { values, labels } = parts;
  const say = (k: string) => (def.fields[k]?.kind === 'ref' ? labels[k] ?? '' : valueText(def, k, values[k], t, lang));
  const patient = shape.patient ? labels[shape.patient] ?? '' : '';
  const doctor = shape.doctor ? labels[shape.doctor] ?? '' : '';
  const people = patient && doctor ? t('hit.withDoctor', { patient, doctor }) : patient || (doctor ? t('hit.doctor', { doctor }) : '');
  const own = joined(shape.title.map(say), ' ');
  return {
    head: people || own, people: !!people, own, moment: joined(shape.moment.map(say), ', '),
    enums: shape.enums.map(say), amount: shape.amount.map(say), centre: shape.centre.map(say), rest: shape.subtitle.map(say),
  };
}

/** A hit or an option said in the language `t` speaks; one without parts (a blind picker's title) is said as sent. */
export function hitSentence(entity: string, hit: { title: string; subtitle: string; parts?: HitParts }, t: Translate, lang: string): Said {
  if (!hit.parts) return { title: hit.title, subtitle: hit.subtitle };
  const p = pieces(getEntity(entity), hit.parts, t, lang);
  // A happening (people or a moment) ends its title with its status ("… · 6:30 pm · Confirmed"); with an amount the
  // enums follow it ("₹800 · Card · Completed"); a thing's status ("Cardiology", "Active") is its subtitle, so a
  // picker's chosen value reads as the thing's name.
  const enumsInTitle = p.amount.length === 0 && (p.people || !!p.moment);
  const title = joined([p.head || (p.moment ? '' : hit.title), p.moment, ...(enumsInTitle ? p.enums : [])]);
  const subtitle = joined([...p.amount, ...(enumsInTitle ? [] : p.enums), ...p.centre, p.people ? p.own : '', ...p.rest]);
  return { title, subtitle };
}

/**
 * A record named in a notice ("Kali Prajapat with Dr Aagneya Deshpande · 16 Dec 2026, 6:30 pm · APT-2026-000626: Marked
 * missed"): who, when and its number, without its status, which the notice says. From a row as read (its `_labels`).
 */
export function recordName(def: EntityDef, row: Record<string, unknown>, t: Translate, lang: string): string {
  const p = pieces(def, hitPartsOf(hitFields(def), row), t, lang);
  return joined([p.head, p.moment, p.people ? p.own : '']) || `#${String(row.id)}`;
}
