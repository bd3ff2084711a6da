import { valueLabel, type Translate } from '../../../../commands';
import { entityPath, firstDayOfWeek, getEntity, viewFilters, type EntityDef, type Language, type ListView, type Role } from '../../../registry';
import type { RecordOption } from '../../api/entities';
import { listSearch } from '../../list/use-list-address';
import { periodLabel, periodRange, todayIn } from './periods';
import type { Reading } from './read';
import { tokenize } from './tokens';

export interface ReadChip {
  key: string;
  kind: 'entity' | 'value' | 'ref' | 'period' | 'search';
  label: string;
  /** Words still being looked up as a person or centre. */
  pending?: boolean;
}

/** A reading as the palette shows it and where Enter goes: the list's address with exactly the filters read. */
export interface ReadList {
  chips: ReadChip[];
  address: string;
  /** Some words are still being looked up. */
  pending: boolean;
  /** It reads more than a list's name (a value, a period, a person found): else the palette's commands say it. */
  telling: boolean;
  /**
   * Every word was read (none left as search text, none still looked up): the reading is then the palette's first
   * line. Otherwise it comes after the best match, which may be the command those words name ("Mark appointment missed").
   */
  complete: boolean;
  /** Words that name several records (three patients called Sharma): the run and the ids, the one taken first. */
  several?: { run: number; ids: number[] };
}

/** Whether every typed word starts a word of the record's title ("kali praj" names Kali Prajapat). */
function names(option: RecordOption, words: string[]): boolean {
  const title = tokenize(option.title).map((tk) => tk.text);
  return words.every((w) => title.some((tw) => tw.startsWith(w)));
}

interface Opts {
  role: Role | null; lang: Language; t: Translate; now?: number; timeZone?: string;
  /** The user's first day of the week (their preference, else their language's): the lists' and calendars' weeks. */
  firstDay?: number;
}

type Lookups = readonly { run: number; field: string; q: string }[];
type AnswerOf = (l: { run: number; field: string; entity: string; q: string }) => RecordOption[] | undefined;

/**
 * The readings offered: one, or when some words name several records (the desk types "sharma" and three patients are
 * called so), one per record, in the order the server ranked them: the user picks the person with the arrows, as in
 * a picker. A filter by all of them at once would list other people's appointments beside the one asked about.
 */
export function readingsOf(reading: Reading, lookups: Lookups, answerOf: AnswerOf, opts: Opts): ReadList[] {
  const first = listOfReading(reading, lookups, answerOf, opts);
  if (!first.several) return [first];
  const { run, ids } = first.several;
  return [first, ...ids.slice(1).map((id) => listOfReading(reading, lookups, answerOf, opts, new Map([[run, id]])))];
}

/** `picks`: the record taken for a run of words that names several (else the first). */
export function listOfReading(reading: Reading, lookups: Lookups, answerOf: AnswerOf, opts: Opts, picks?: ReadonlyMap<number, number>): ReadList {
  const { t, lang } = opts;
  const def = getEntity(reading.entity);
  const filters: Record<string, string> = {};
  const chips: ReadChip[] = [{ key: 'entity', kind: 'entity', label: t(`${def.name}.other`, { ns: 'entities' }) }];
  for (const v of reading.values) {
    filters[v.field] = v.value;
    chips.push({ key: `value:${v.field}`, kind: 'value', label: valueLabel(t, def.name, v.field, v.value) });
  }
  const search: string[] = [];
  let pending = false;
  let found = 0;
  let several: ReadList['several'];
  reading.words.forEach((w, run) => {
    const mine = lookups.filter((l) => l.run === run) as { run: number; field: string; entity: string; q: string }[];
    const words = tokenize(w.text).map((tk) => tk.text);
    for (const l of mine) {
      if (filters[l.field]) continue;
      const answer = answerOf(l);
      // A field asked earlier has not answered: what a later one found must wait, or the first field's match would be lost.
      if (!answer) { pending = true; chips.push({ key: `ref:${run}`, kind: 'ref', label: t('reading.lookingUp', { text: w.text }), pending: true }); return; }
      const named = answer.filter((o) => names(o, words));
      const option = named.find((o) => o.id === picks?.get(run)) ?? named[0];
      if (option) {
        filters[l.field] = String(option.id);
        found++;
        if (named.length > 1 && !several && !picks) several = { run, ids: named.map((o) => o.id) };
        // Two people of one name are told apart by what their picker shows under the name.
        const twin = named.some((o) => o !== option && o.title === option.title);
        const title = twin ? `${option.title} (${option.subtitle || `#${option.id}`})` : option.title;
        chips.push({ key: `ref:${l.field}`, kind: 'ref', label: `${t(`${def.name}.fields.${l.field}`, { ns: 'entities' })}: ${title}` });
        return;
      }
    }
    search.push(w.text);
  });
  const today = todayIn(opts.timeZone, opts.now ?? Date.now());
  if (reading.period) {
    filters[reading.period.field] = periodRange(reading.period.period, today, opts.firstDay ?? firstDayOfWeek(lang));
    chips.push({ key: 'period', kind: 'period', label: periodLabel(reading.period.period, lang, t, today) });
  }
  const q = search.join(' ');
  const { address, view } = listAt(def, filters, q);
  // A list of recent days (payments have no list that fixes nothing) keeps its days when no period was read: said too.
  if (view?.recent && !filters[view.recent.field]) {
    chips.push({ key: 'period', kind: 'period', label: periodLabel({ kind: 'lastDays', days: view.recent.days }, lang, t, today) });
  }
  if (q) chips.push({ key: 'search', kind: 'search', label: t('reading.search', { text: q }) });
  const telling = reading.values.length > 0 || reading.period !== undefined || found > 0;
  return { chips, address, pending, telling, complete: !pending && !q, several };
}

/**
 * The list's address: the entity's list by status whose fixed filters are exactly some of those read (those then leave
 * the query), else its list that fixes no value; the rest as `filter[field]=value`. Where the only such list is one
 * of recent days, a period read replaces its days (the list screen lets the address's period win: use-list-address.ts).
 */
export function addressOf(def: EntityDef, filters: Record<string, string>, q: string): string {
  return listAt(def, filters, q).address;
}

function listAt(def: EntityDef, filters: Record<string, string>, q: string): { address: string; view?: ListView } {
  let view: ListView | undefined;
  const rest = { ...filters };
  if (def.views?.length) {
    const fixed = def.views.map((v) => ({ v, f: v.recent ? null : viewFilters(v) }));
    const exact = fixed.filter(({ f }) => f && Object.keys(f).length && Object.entries(f).every(([k, val]) => filters[k] === val))
      .sort((a, b) => Object.keys(b.f!).length - Object.keys(a.f!).length)[0];
    // A list that fixes no value: the plain one ("all"), else one of recent days (payments have no other).
    const open = def.views.filter((v) => !Object.keys(v.filters ?? {}).length);
    const plain = open.find((v) => !v.recent) ?? open[0];
    const free = plain && fixed.find(({ v }) => v === plain);
    const chosen = exact ?? free ?? fixed[0];
    view = chosen.v;
    if (exact) for (const k of Object.keys(exact.f!)) delete rest[k];
  }
  const search = listSearch(def, { q, sort: def.defaultSort, filters: rest });
  return { address: `${entityPath(def, 'list', undefined, view?.segment)}${search ? `?${search}` : ''}`, view };
}
