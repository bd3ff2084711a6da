import { valueLabel, type Translate } from '../../../../commands';
import { entityPath, getEntity, viewFilters, type EntityDef, type Language, type Role } from '../../../registry';
import type { RecordOption } from '../../api/entities';
import { listSearch } from '../../entity/use-list-address';
import { firstDayOfWeek, periodLabel, periodRange, todayIn } from './periods';
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
}

/** Whether every typed word starts a word of the record's title ("kali praj" names Kali Prajapat). */
function names(option: RecordOption, words: string[]): boolean {
  const title = tokenize(option.title).map((tk) => tk.text);
  return words.every((w) => title.some((tw) => tw.startsWith(w)));
}

interface Opts { role: Role | null; lang: Language; t: Translate; now?: number; timeZone?: string }

export function listOfReading(
  reading: Reading,
  lookups: readonly { run: number; field: string; q: string }[],
  answerOf: (l: { run: number; field: string; entity: string; q: string }) => RecordOption[] | undefined,
  opts: Opts,
): ReadList {
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
  reading.words.forEach((w, run) => {
    const mine = lookups.filter((l) => l.run === run) as { run: number; field: string; entity: string; q: string }[];
    const words = tokenize(w.text).map((tk) => tk.text);
    for (const l of mine) {
      if (filters[l.field]) continue;
      const answer = answerOf(l);
      // A field asked earlier has not answered: what a later one found must wait, or the first field's match would be lost.
      if (!answer) { pending = true; chips.push({ key: `ref:${run}`, kind: 'ref', label: t('reading.lookingUp', { text: w.text }), pending: true }); return; }
      const option = answer.find((o) => names(o, words));
      if (option) {
        filters[l.field] = String(option.id);
        found++;
        chips.push({ key: `ref:${l.field}`, kind: 'ref', label: `${t(`${def.name}.fields.${l.field}`, { ns: 'entities' })}: ${option.title}` });
        return;
      }
    }
    search.push(w.text);
  });
  const today = todayIn(opts.timeZone, opts.now ?? Date.now());
  if (reading.period) {
    filters[reading.period.field] = periodRange(reading.period.period, today, firstDayOfWeek(lang));
    chips.push({ key: 'period', kind: 'period', label: periodLabel(reading.period.period, lang, t, today) });
  }
  const q = search.join(' ');
  if (q) chips.push({ key: 'search', kind: 'search', label: t('reading.search', { text: q }) });
  const telling = reading.values.length > 0 || reading.period !== undefined || found > 0;
  return { chips, address: addressOf(def, filters, q, opts.now), pending, telling, complete: !pending && !q };
}

/**
 * The list's address: the entity's list by status whose fixed filters are exactly some of those read (those then leave
 * the query), else its list that fixes no value; the rest as `filter[field]=value`.
 */
export function addressOf(def: EntityDef, filters: Record<string, string>, q: string, now = Date.now()): string {
  let view: string | undefined;
  const rest = { ...filters };
  if (def.views?.length) {
    const fixed = def.views.map((v) => ({ v, f: v.recent ? null : viewFilters(v, now) }));
    const exact = fixed.filter(({ f }) => f && Object.keys(f).length && Object.entries(f).every(([k, val]) => filters[k] === val))
      .sort((a, b) => Object.keys(b.f!).length - Object.keys(a.f!).length)[0];
    // A list that fixes no value: the plain one ("all"), else one of recent days (payments have no other).
    const open = def.views.filter((v) => !Object.keys(v.filters ?? {}).length);
    const plain = open.find((v) => !v.recent) ?? open[0];
    const free = plain && fixed.find(({ v }) => v === plain);
    const chosen = exact ?? free ?? fixed[0];
    view = chosen.v.segment;
    if (exact) for (const k of Object.keys(exact.f!)) delete rest[k];
  }
  const search = listSearch(def, { q, sort: def.defaultSort, filters: rest });
  return `${entityPath(def, 'list', undefined, view)}${search ? `?${search}` : ''}`;
}
