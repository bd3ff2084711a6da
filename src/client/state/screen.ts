import i18n from 'i18next';
import { toast } from './toast';
import type { ContributionKind, Contributions, ScreenAccess } from '../../../commands';

/**
 * What the screens in view contribute to the commands (commands/screen.ts), by kind. Several of a kind may be in place
 * at once (a list, and the record peeked on it); the latest one still in place is the one asked for.
 */
type Made = { [K in ContributionKind]: { value: Contributions[K] }[] };
const made: Made = { list: [], record: [], moves: [], bulk: [], export: [], worklist: [] };

/**
 * A command that asked for a kind before its screen had made it: a shortcut pressed while the screen's code was still
 * loading (`c` right after opening a list), a move key pressed as the list reads its rows again, a move chosen in the
 * palette for a record it then opens. It acts when the screen contributes that kind (of its entity, when it named one:
 * the first list to contribute `moves` may be another's), on the page it was asked on and within WAIT_MS. Otherwise,
 * or when the page is left or another command asks meanwhile, the user is told the key did nothing: a key that acts on
 * a screen never does nothing unsaid.
 */
const WAIT_MS = 3000;
interface Waiting { kind: ContributionKind; entity?: string; act: (c: never) => void; path: string; timer: ReturnType<typeof setTimeout> }
let waiting: Waiting | null = null;

const here = () => location.pathname;

/** The command waiting is dropped unanswered: said, as a warning. */
function unheard(asked: Waiting) {
  clearTimeout(asked.timer);
  if (waiting === asked) waiting = null;
  toast.warning(i18n.t('screenWait.unheard'));
}

/** A screen gives `value` as its `kind`; the returned function takes it back (a React effect's cleanup). */
export function contribute<K extends ContributionKind>(kind: K, value: Contributions[K]): () => void {
  const entry = { value };
  const list = made[kind] as { value: Contributions[K] }[];
  list.push(entry);
  const asked = waiting;
  if (asked?.kind === kind && (asked.entity === undefined || asked.entity === (value as { entity?: string }).entity)) {
    if (asked.path !== here()) unheard(asked);
    else {
      clearTimeout(asked.timer);
      waiting = null;
      (asked.act as (c: Contributions[K]) => void)(value);
    }
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

function next<K extends ContributionKind>(kind: K, act: (c: Contributions[K]) => void, entity?: string) {
  if (waiting) unheard(waiting);
  const asked: Waiting = { kind, entity, act: act as (c: never) => void, path: here(), timer: setTimeout(() => { if (waiting === asked) unheard(asked); }, WAIT_MS) };
  waiting = asked;
}

export const screen: ScreenAccess = {
  get,
  act: (kind, act, entity) => {
    const now = get(kind, entity);
    if (now) act(now);
    else next(kind, act, entity);
  },
  next,
};

if (typeof window !== 'undefined') {
  // wouter announces its moves as these events (its own names for pushState and replaceState).
  for (const move of ['popstate', 'pushState', 'replaceState']) addEventListener(move, () => { if (waiting && waiting.path !== here()) unheard(waiting); });
}
