import type { Command, Translate } from '../../../commands';
import { queryWords } from '../text/fold';
import { ENTITIES, type Language, type RecentUse } from '../../registry';
import { commandTexts } from './command-texts';
import { candidate, Index, rankTogether, type Candidate, type Ranked } from '../text/rank';
import type { SearchHit } from '../api/search';

/** One line of the palette's root list: a command, or a record the server found. */
export type Result = { kind: 'command'; cmd: Command } | { kind: 'record'; hit: SearchHit };

/** The value of a palette line (data-value), unique in the list: a command's id, a record's `${entity}:${id}` (bench/browser.ts looks for `patients:`). */
export const resultKey = (r: Result) => (r.kind === 'command' ? r.cmd.id : `${r.hit.entity}:${r.hit.id}`);

// A command that goes somewhere (a list, a screen) before one that asks for a record (edit…, delete…), and commands
// before records when they match as well: there are few commands, and records flood a short query.
const GOES_SOMEWHERE = 0.1;
const RECORD = -0.1;
/** A record the server found by a field not shown (an address, a phone's digits): after every word match. */
const FOUND_ELSEWHERE = 0.5;

/** A command's id, and for one whose title changes while the page lives (a view renamed, what Repeat repeats) its revision. */
export const commandKey = (cmd: Command) => (cmd.revision ? `${cmd.id}\u0001${cmd.revision()}` : cmd.id);

const commandCache = new Map<string, Candidate<Result>>();
/**
 * The last few indexes by their commands: the palette asks for two on every key (the role's commands, and those it may
 * not run, for refusalOf), so one kept index was rebuilt twice at each opening's first key (2-3 ms of it).
 */
const INDEXES_KEPT = 4;
const lastIndexes = new Map<string, Index<Result>>();

/**
 * The commands' candidates, texts in `lang` and English; each kept while the page lives, and the last indexes too, so
 * reopening the palette on the same commands costs nothing.
 */
export function commandIndex(commands: readonly Command[], t: Translate, tEnglish: Translate, lang: Language): Index<Result> {
  const key = `${lang}\u0000${commands.map(commandKey).join(',')}`;
  const kept = lastIndexes.get(key);
  if (kept) return kept;
  const index = new Index(commands.map((cmd) => {
    const cached = `${lang}\u0000${commandKey(cmd)}`;
    let c = commandCache.get(cached);
    if (!c) {
      c = candidate<Result>({ kind: 'command', cmd }, commandTexts(cmd, t, tEnglish, lang), { bonus: cmd.href ? GOES_SOMEWHERE : 0 });
      commandCache.set(cached, c);
    }
    return c;
  }));
  if (lastIndexes.size >= INDEXES_KEPT) lastIndexes.delete(lastIndexes.keys().next().value!);
  lastIndexes.set(key, index);
  return index;
}

// A record's candidate for as long as its hit lives (an answer, and its narrowings while the next is awaited), so a
// record keeps one line object across keys and its painted line is not rendered again (palette.tsx memoises lines).
const recordCandidates = new WeakMap<SearchHit, Candidate<Result>>();
const recordIndexes = new WeakMap<readonly SearchHit[], Index<Result>>();

export function recordIndex(hits: readonly SearchHit[]): Index<Result> {
  let index = recordIndexes.get(hits);
  if (!index) {
    index = new Index(hits.map((hit) => {
      let c = recordCandidates.get(hit);
      if (!c) {
        c = candidate<Result>({ kind: 'record', hit }, { shown: hit.title, also: [hit.subtitle] }, { bonus: RECORD, fallback: FOUND_ELSEWHERE });
        recordCandidates.set(hit, c);
      }
      return c;
    }));
    recordIndexes.set(hits, index);
  }
  return index;
}

/** A recently used command or record ranks a little higher while typing (never above a better kind of match). */
export function recentBoost(recent: readonly RecentUse[], frecency: (u: RecentUse) => number): (r: Result) => number {
  const by = new Map(recent.map((u) => [u.id, frecency(u)]));
  return (r) => {
    const f = by.get(resultKey(r));
    return f ? 0.2 * (f / (f + 4)) : 0;
  };
}

/** Commands and records in one list, best first. */
export function rankResults(commands: Index<Result>, hits: readonly SearchHit[], query: string, opts: { limit?: number; boost?: (r: Result) => number } = {}): Ranked<Result>[] {
  return rankTogether(hits.length ? [commands, recordIndex(hits)] : [commands], query, opts);
}

/** What the box is narrowed to by the first character typed: `>` commands only, `@` people, `#` numbers. */
export interface Narrowed {
  /** What is typed after the prefix. */
  text: string;
  commands: boolean;
  records: boolean;
  /** The records kept (by entity) when the prefix narrows them. */
  keep?: (hit: SearchHit) => boolean;
}

// People: the entities of the sidebar's People group; numbers: the records titled by a unique code (APT-2026-000626).
let people: Set<string> | undefined;
let numbered: Set<string> | undefined;
const peopleEntities = () => (people ??= new Set(ENTITIES.filter((d) => d.nav?.group === 'people').map((d) => d.name)));
const numberedEntities = () => (numbered ??= new Set(ENTITIES.filter((d) => d.titleFields.some((k) => d.fields[k].kind === 'code' && d.fields[k].unique)).map((d) => d.name)));

export function narrowBox(query: string): Narrowed {
  const q = query.trimStart();
  const rest = q.slice(1).trimStart();
  if (q.startsWith('>')) return { text: rest, commands: true, records: false };
  if (q.startsWith('@')) return { text: rest, commands: false, records: true, keep: (h) => peopleEntities().has(h.entity) };
  if (q.startsWith('#')) return { text: rest, commands: false, records: true, keep: (h) => numberedEntities().has(h.entity) };
  return { text: query, commands: true, records: true };
}

/** The commands' index when the box is narrowed to records. */
export const NO_COMMANDS = new Index<Result>([]);

/**
 * Whether the best line is a command whose title holds every word typed, whole ("Open Support tickets"): then it
 * stays first, and a reading of the same words ("open" as a ticket's status) comes after it.
 */
export function commandSaysIt(best: Ranked<Result> | undefined, query: string, t: Translate, tEnglish: Translate): boolean {
  if (best?.item.kind !== 'command') return false;
  const title = new Set([...queryWords(best.item.cmd.title(t)), ...queryWords(best.item.cmd.title(tEnglish))]);
  return queryWords(query).every((w) => title.has(w));
}
