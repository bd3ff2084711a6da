import { z } from 'zod';

/**
 * Field kinds. Each kind fixes, in one place, the value's zod schema (form and server), its SQL column
 * type (migrations), its form widget and how it is shown (list, details). Read by every derive/ projection.
 */
export type FieldKind =
  | 'text' | 'longText' | 'richText' | 'email' | 'phone' | 'url' | 'code'
  | 'int' | 'decimal' | 'money' | 'date' | 'datetime' | 'time' | 'bool' | 'enum'
  | 'ref' | 'refs' | 'image' | 'file' | 'secret' | 'password' | 'list' | 'computed';

export interface FieldDef {
  kind: FieldKind;
  /** Required on create (and on update, except write-only kinds, which keep their value when blank). */
  required: boolean;
  /** Unique among rows: a unique index; a duplicate answers 409 naming this field. */
  unique?: boolean;
  /** Offered as a list sort key; gets an index. */
  sortable?: boolean;
  /** Offered as `filter[field]=`; gets an index. */
  filterable?: boolean;
  /** Part of the entity's rows in the search table (palette and list `q`). */
  searchable?: boolean;
  /** enum: its values, in display order; labels come from i18n `enum.{value}`. */
  values?: readonly string[];
  /** ref / refs: the entity name pointed at. */
  ref?: string;
  /** list: the fields of each item. */
  item?: Record<string, FieldDef>;
  /** computed: the SQL type of the stored result and the kind it is shown as. */
  computedAs?: Exclude<FieldKind, 'computed' | 'list' | 'refs'>;
  /** Value schema when present (nullability is added by the entity schema). */
  schema: z.ZodType;
  /** Default value offered by the add form. */
  defaultValue?: unknown;
  /** Bounds of numbers and lengths, and the pattern of codes: read by the demo-data generator and form hints. */
  min?: number;
  max?: number;
  pattern?: RegExp;
  /** Hidden from list columns and details (write-only secrets, passwords). */
  writeOnly?: boolean;
  /** refs that are a membership (a user's centres): deleting a target takes it out of the list instead of refusing the delete. */
  detach?: boolean;
  /**
   * Written by the server, never by a payload (registry/owned.ts): `creator`, a reference to the user who made the
   * record (a ticket's raiser); `thread`, a list appended to one item at a time by its own call, with the author and
   * time the server's (`POST /api/{resource}/{id}/{field}`: a ticket's comments); `progress`, counted by a job as it
   * works (a campaign's recipients, sent and failed: campaigns/send.ts).
   */
  server?: 'creator' | 'thread' | 'progress';
  /**
   * ref to a user: the one the record is given to (a ticket's assignee), who must be able to open it. Only an active
   * user whose role may open the record (assignableRoles, from the policy) and, for a centre-scoped role, who works at
   * the record's centre may be named: the picker offers only those, the server refuses any other (crud/assignees.ts).
   */
  assigned?: boolean;
  /**
   * An enum whose values name other entities' things (a rule's record kind and the status it waits for): the palette
   * reads "missed" or "appointments" as those entities', never as this one's.
   */
  namesOthers?: boolean;
}

interface Common {
  server?: FieldDef['server'];
  required?: boolean;
  unique?: boolean;
  sortable?: boolean;
  filterable?: boolean;
  searchable?: boolean;
  defaultValue?: unknown;
  namesOthers?: boolean;
}

function make(kind: FieldKind, schema: z.ZodType, o: Common = {}, extra: Partial<FieldDef> = {}): FieldDef {
  return { kind, schema, required: o.required ?? false, unique: o.unique, sortable: o.sortable, filterable: o.filterable, searchable: o.searchable, defaultValue: o.defaultValue, server: o.server, namesOthers: o.namesOthers, ...extra };
}

/** Whether an ISO instant falls in the years the console's records live in. */
const inConsoleYears = (v: string) => {
  const t = Date.parse(v);
  return t >= Date.UTC(1970, 0, 1) && t < Date.UTC(2101, 0, 1);
};

/**
 * Characters that change how text around them is shown without being seen: bidi embeddings and overrides (U+202A–E),
 * isolates (U+2066–9), zero-width spaces, joiners and marks (U+200B–F). In a name they make "Asha" and "Asha" two
 * people, or turn what follows backwards.
 */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/u;
export const INVISIBLE_CHARACTERS = 'Remove the invisible formatting characters (direction marks, zero-width spaces)';

/** A name's or title's schema that also refuses INVISIBLE characters (null and absent pass as before). */
export const withoutInvisible = (schema: z.ZodType): z.ZodType => schema.refine((v) => typeof v !== 'string' || !INVISIBLE.test(v), INVISIBLE_CHARACTERS);

/**
 * Bidi embeddings, overrides and isolates (U+202A–E, U+2066–9): in free text they turn what follows backwards ("Trojan
 * Source"). The marks (U+200E–F) and joiners (U+200C–D) stay allowed there: Arabic, Hebrew and the Indic scripts need them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
export const BIDI_CONTROLS_MESSAGE = 'Remove the invisible direction controls (U+202A–U+202E, U+2066–U+2069)';

/** A free text's schema that refuses BIDI_CONTROLS. */
export const withoutBidiControls = (schema: z.ZodType): z.ZodType => schema.refine((v) => typeof v !== 'string' || !BIDI_CONTROLS.test(v), BIDI_CONTROLS_MESSAGE);

/** The largest record id (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

const str = (min: number, max: number) => z.string().trim().min(min).max(max);

/** Said of a password anybody would try first (sign-up, reset and an administrator's edit all use f.password). */
export const WEAK_PASSWORD = 'This password is too easy to guess: avoid repeats, sequences, common passwords and your email address';

/** The cores of the most common passwords (leaked-password lists), once the digits and signs around them are off. */
const COMMON_PASSWORDS = new Set([
  'password', 'passw0rd', 'p@ssword', 'p@ssw0rd', 'qwerty', 'qwertyuiop', 'asdfgh', 'asdfghjkl', 'zxcvbnm', 'qazwsx', '1qaz2wsx3edc',
  '1q2w3e4r5t', 'zaq12wsx', 'iloveyou', 'welcome', 'letmein', 'admin', 'administrator', 'login', 'master', 'monkey', 'dragon',
  'football', 'baseball', 'cricket', 'sunshine', 'princess', 'shadow', 'superman', 'batman', 'starwars', 'trustno', 'changeme',
  'secret', 'default', 'india', 'hello', 'abc', 'abcd', 'computer', 'internet', 'whatever', 'freedom', 'pokemon', 'azerty',
]);
/** Runs typed in a row: digits, the alphabet, the keyboard's letter rows (and each backwards). */
const RUNS = ['01234567890123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm'].flatMap((r) => [r, [...r].reverse().join('')]);

/** The letters of a password without the digits and signs around them: `Password2024!` → `password`. */
const core = (s: string) => s.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

/** A password made of fewer than four different characters, a short part repeated, a run, or a common one. */
export function isWeakPassword(password: string): boolean {
  const s = password.toLowerCase();
  const chars = [...s];
  if (new Set(chars).size < 4) return true;
  for (let p = 1; p <= chars.length / 2; p++) if (chars.every((ch, i) => i < p || ch === chars[i - p])) return true;
  const c = core(s);
  const inRun = (t: string) => t.length >= 6 && RUNS.some((r) => r.includes(t));
  return inRun(s) || inRun(c) || COMMON_PASSWORDS.has(s) || COMMON_PASSWORDS.has(c);
}

/** The account's own email address (or the part before @) as its password. */
export function isEmailPassword(password: string, email: string): boolean {
  const p = password.trim().toLowerCase();
  const e = email.trim().toLowerCase();
  const local = e.split('@')[0];
  const own = [e, local, core(e), core(local)].filter((t) => t.length >= 3);
  return [p, core(p)].some((t) => own.includes(t));
}

export const f = {
  text: (o: Common & { max?: number; min?: number } = {}) => make('text', str(o.min ?? 1, o.max ?? 200), o, { max: o.max ?? 200 }),
  longText: (o: Common & { max?: number } = {}) => make('longText', str(1, o.max ?? 4000), o, { max: o.max ?? 4000 }),
  /** Rich text is sanitised on the server when saved and again when shown. */
  richText: (o: Common = {}) => make('richText', z.string().max(200_000), o),
  code: (o: Common & { pattern?: RegExp; message?: string; max?: number } = {}) =>
    make('code', o.pattern ? z.string().trim().regex(o.pattern, o.message) : str(1, o.max ?? 40), o, { pattern: o.pattern, max: o.max ?? 40 }),
  email: (o: Common = {}) => make('email', z.string().trim().toLowerCase().pipe(z.email().max(254)), o),
  phone: (o: Common = {}) => make('phone', z.string().trim().regex(/^\+?[0-9][0-9 -]{6,18}$/, 'Enter a phone number of 7 to 15 digits'), o),
  url: (o: Common = {}) => make('url', z.url().max(500), o),
  int: (o: Common & { min?: number; max?: number } = {}) =>
    make('int', z.number().int().min(o.min ?? 0).max(o.max ?? 2_000_000_000), o, { min: o.min ?? 0, max: o.max ?? 2_000_000_000 }),
  decimal: (o: Common & { min?: number; max?: number } = {}) =>
    make('decimal', z.number().min(o.min ?? -1e9).max(o.max ?? 1e9), o, { min: o.min ?? -1e9, max: o.max ?? 1e9 }),
  /** Indian rupees, two decimals. */
  money: (o: Common = {}) => make('money', z.number().min(0).max(10_000_000).multipleOf(0.01), o),
  date: (o: Common = {}) => make('date', z.iso.date(), o),
  /** An instant of the console's own time: 1970 to 2100 (a year typed wrong, 1900 or 20262, is refused). */
  datetime: (o: Common = {}) => make('datetime', z.iso.datetime({ offset: true }).refine(inConsoleYears, 'Enter a date between 1970 and 2100'), o),
  time: (o: Common = {}) => make('time', z.iso.time({ precision: -1 }), o),
  bool: (o: Common = {}) => make('bool', z.boolean(), { defaultValue: false, ...o, required: true }),
  enum: <const V extends readonly [string, ...string[]]>(values: V, o: Common = {}) =>
    make('enum', z.enum(values), { defaultValue: o.required ? values[0] : undefined, ...o }, { values }),
  /** Record ids are PostgreSQL integers: at most 2^31 − 1. */
  ref: (entity: string, o: Common & { assigned?: boolean } = {}) => make('ref', z.number().int().positive().max(MAX_ID), o, { ref: entity, assigned: o.assigned }),
  refs: (entity: string, o: Common & { detach?: boolean } = {}) =>
    make('refs', z.array(z.number().int().positive().max(MAX_ID)).max(100), { defaultValue: [], ...o }, { ref: entity, detach: o.detach }),
  /** A path in the content store (`avtar…`, `content/…`) or a full https address (spec §3 avatar rule). */
  image: (o: Common = {}) => make('image', z.string().max(500).regex(/^(avtar[\w.-]*|content\/[\w./-]+|https:\/\/\S+)$/, 'Upload an image'), o),
  file: (o: Common = {}) => make('file', z.string().max(500).regex(/^(content\/[\w./-]+|https:\/\/\S+)$/, 'Upload a file'), o),
  /** Write-only: stored, never sent back; shown masked. */
  secret: (o: Common & { pattern?: RegExp } = {}) =>
    make('secret', o.pattern ? z.string().regex(o.pattern) : str(4, 64), o, { writeOnly: true, pattern: o.pattern }),
  /** Write-only, stored as a scrypt hash. */
  password: (o: Common = {}) =>
    make('password', z.string().min(10, 'Use at least 10 characters').max(200).refine((s) => !isWeakPassword(s), WEAK_PASSWORD), o, { writeOnly: true }),
  list: (item: Record<string, FieldDef>, o: Common & { max?: number } = {}) =>
    make('list', z.array(itemSchema(item)).max(o.max ?? 50), { defaultValue: [], ...o }, { item }),
  /** Computed by the server on every write; never typed in. */
  computed: (as: NonNullable<FieldDef['computedAs']>, o: Common = {}) => make('computed', z.never(), o, { computedAs: as }),
};

/** Whether the field holds a value the client may send (computed fields are the server's). */
export function isInput(field: FieldDef): boolean {
  return field.kind !== 'computed';
}

/** The schema of one field as a payload member: required, or nullable and optional. */
export function memberSchema(field: FieldDef, mode: 'create' | 'update'): z.ZodType {
  const keepsWhenBlank = field.writeOnly && mode === 'update';
  // A declared default applies on the server too (docs/decisions.md#a-declared-default-applies-on-the-server): an add payload may leave the field out.
  const withDefault = (s: z.ZodType) => (mode === 'create' && field.defaultValue !== undefined ? s.default(field.defaultValue as never) : s);
  if (field.required && !keepsWhenBlank) return withDefault(field.schema);
  return withDefault(field.schema.nullable().optional());
}

export function itemSchema(item: Record<string, FieldDef>): z.ZodType {
  return z.strictObject(Object.fromEntries(Object.entries(item).map(([k, fd]) => [k, memberSchema(fd, 'create')])));
}

/** The kind a field is displayed and typed as (a computed field shows as the kind it computes). */
export function shownKind(field: FieldDef): FieldKind {
  return field.kind === 'computed' ? field.computedAs! : field.kind;
}

/** Whether a field holds a day or a moment: a list is always filterable by its periods ("voided last week"). */
export const holdsDays = (field: FieldDef) => shownKind(field) === 'date' || shownKind(field) === 'datetime';
