import type { ContributionKind, Contributions, ScreenAccess } from '../../../commands';

/**
 * What the screens in view contribute to the commands (commands/screen.ts), by kind. Several of a kind may be in place
 * at once (a list, and the record peeked on it); the latest one still in place is the one asked for.
 */
type Made = { [K in ContributionKind]: { value: Contributions[K] }[] };
const made: Made = { list: [], record: [], moves: [], bulk: [], export: [], worklist: [] };

/**
 * A command that asked for a kind before its screen had made it: a shortcut pressed while the screen's code was still
 * loading (`c` right after opening a list), or a move chosen in the palette for a record it then opens. It acts when
 * the screen contributes that kind, if that is within WAIT_MS and on the page it was asked on (leaving it drops it:
 * the router announces each move); otherwise it is dropped.
 */
const WAIT_MS = 3000;
let waiting: { kind: ContributionKind; act: (c: never) => void; path: string; until: number } | null = null;

const here = () => location.pathname;

/** A screen gives `value` as its `kind`; the returned function takes it back (a React effect's cleanup). */
export function contribute<K extends ContributionKind>(kind: K, value: Contributions[K]): () => void {
  const entry = { value };
  const list = made[kind] as { value: Contributions[K] }[];
  list.push(entry);
  const asked = waiting;
  if (asked?.kind === kind) {
    waiting = null;
    if (asked.path === here() && performance.now() < asked.until) (asked.act as (c: Contributions[K]) => void)(value);
  }
  return () => {
    const i = list.indexOf(entry);
    if (i >= 0) list.splice(i, 1);
  };
}

function get<K extends ContributionKind>(kind: K, entity?: string): Contributions[K] | undefined {
  const list = made[kind] as { value: Contributions[K] }[];
  for (let i = list.length - 1; i >= 0; i--) {
    const v = list[i].value as Contributions[K] & { entity?: string };
    if (entity === undefined || v.entity === entity) return v;
  }
  return undefined;
}

function next<K extends ContributionKind>(kind: K, act: (c: Contributions[K]) => void) {
  waiting = { kind, act: act as (c: never) => void, path: here(), until: performance.now() + WAIT_MS };
}

export const screen: ScreenAccess = {
  get,
  act: (kind, act) => {
    const now = get(kind);
    if (now) act(now);
    else next(kind, act);
  },
  next,
};

if (typeof window !== 'undefined') {
  // wouter announces its moves as these events (its own names for pushState and replaceState).
  for (const move of ['popstate', 'pushState', 'replaceState']) addEventListener(move, () => { if (waiting?.path !== here()) waiting = null; });
}
