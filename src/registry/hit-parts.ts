import { shownKind, type FieldKind } from './fields';
import type { EntityDef } from './entity';

/**
 * How a found record (a palette hit, a picker's option) is said: the parts the server sends with it and the client
 * puts into a sentence in the user's language and time zone ("Kali Prajapat with Dr Aagneya Deshpande · 16 Dec 2026,
 * 6:30 pm · Confirmed"). The server's stored title stays the record's own values, the same in every language.
 * Derived from each entity's fields, titles and subtitles: no entity is named here.
 */
export interface HitParts {
  /** The values of hitFields (a moment as its ISO text, an enum as its code). */
  values: Record<string, unknown>;
  /** The titles of the references among them. */
  labels: Record<string, string | null>;
}

export interface HitShape {
  /**
   * References to the people a happening is about: its patient, then its doctor ("X with Dr Y"). Only a happening
   * (isHappening) is about people; a thing that merely refers to a person (a centre's owner) is said by its own title.
   */
  patient?: string;
  doctor?: string;
  /** References to the centre it happened at. */
  centre: string[];
  /** The fields that say when (a moment, or a day and a time): from the title, else the subtitle, else the default sort. */
  moment: string[];
  /** Money in the subtitle (a payment's amount). */
  amount: string[];
  /** Enum fields shown by their label: the subtitle's, then the status. */
  enums: string[];
  /** The record's own title fields and subtitle fields not said otherwise (a number, a phone). */
  title: string[];
  subtitle: string[];
}

const WHEN: readonly FieldKind[] = ['date', 'datetime', 'time'];
const kindOf = (def: EntityDef, k: string): FieldKind | undefined => (def.fields[k] ? shownKind(def.fields[k]) : undefined);
const refTo = (def: EntityDef, target: string) => Object.entries(def.fields).find(([, fd]) => fd.kind === 'ref' && fd.ref === target)?.[0];

/**
 * A record that takes place: it has a moment (when it happens) or runs a course of statuses (a workflow). An
 * appointment, a payment, an examination, a review; not a centre, a medicine or a doctor, which are things whatever
 * they refer to.
 */
export function isHappening(def: EntityDef): boolean {
  return momentOf(def).length > 0 || !!def.workflow;
}

/** The fields that say when: from the title, else the subtitle's first day or moment, else the default sort's. */
function momentOf(def: EntityDef): string[] {
  const subtitleFields = def.subtitleFields ?? [];
  const isDay = (k: string) => kindOf(def, k) === 'date' || kindOf(def, k) === 'datetime';
  const titleWhen = def.titleFields.filter((k) => WHEN.includes(kindOf(def, k)!));
  const subtitleWhen = subtitleFields.filter(isDay).slice(0, 1);
  const sortWhen = [def.defaultSort.field].filter(isDay);
  return titleWhen.length ? titleWhen : subtitleWhen.length ? subtitleWhen : sortWhen;
}

export function hitShape(def: EntityDef): HitShape {
  const subtitleFields = def.subtitleFields ?? [];
  const moment = momentOf(def);
  const happening = isHappening(def);
  const amount = subtitleFields.filter((k) => kindOf(def, k) === 'money');
  const status = def.workflow?.field ?? (def.fields.status?.kind === 'enum' ? 'status' : undefined);
  const enums = [...new Set([...subtitleFields.filter((k) => kindOf(def, k) === 'enum'), ...(status ? [status] : [])])];
  const said = new Set([...moment, ...amount, ...enums]);
  return {
    patient: happening ? refTo(def, 'patients') : undefined,
    doctor: happening ? refTo(def, 'doctor') : undefined,
    centre: Object.entries(def.fields).filter(([, fd]) => fd.kind === 'ref' && fd.ref === 'fmc').map(([k]) => k),
    moment,
    amount,
    enums,
    title: def.titleFields.filter((k) => !said.has(k)),
    subtitle: subtitleFields.filter((k) => !said.has(k)),
  };
}

/** The fields whose values a hit carries (the server reads these, and the titles of the references among them). */
export function hitFields(def: EntityDef): string[] {
  const s = hitShape(def);
  return [...new Set([...(s.patient ? [s.patient] : []), ...(s.doctor ? [s.doctor] : []), ...s.centre, ...s.moment, ...s.amount, ...s.enums, ...s.title, ...s.subtitle])]
    .filter((k) => def.fields[k] && !def.fields[k].writeOnly);
}

/** A record's parts from its row as read, with the titles of its references (`_labels`, as the server attaches them). */
export function hitPartsOf(fields: readonly string[], row: Record<string, unknown>): HitParts {
  const labels = (row._labels ?? {}) as Record<string, unknown>;
  return {
    values: Object.fromEntries(fields.map((k) => [k, row[k] ?? null])),
    labels: Object.fromEntries(fields.filter((k) => typeof labels[k] === 'string').map((k) => [k, labels[k] as string])),
  };
}
