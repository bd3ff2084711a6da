import { useSnapshot } from 'valtio';
import { COMMANDS, effectiveKeymap, isSingleKey } from '../../../commands';
import { prefs } from '../state/prefs';
import { continuesSequence } from '../ui/sequence-keys';

/** The keys that make moves now (the user's keymap; none while single-key shortcuts are off), by command id. */
export function useMoveKeys(): Map<string, string> {
  const p = useSnapshot(prefs);
  const keymap = effectiveKeymap(COMMANDS.keys(), p.keymap as Record<string, string>);
  return new Map([...keymap].filter(([, combo]) => p.singleKeyShortcuts || !isSingleKey(combo)));
}


/**
 * Whether a key starts a shortcut of the console now (a single key, or the first key of a sequence such as `g`), in
 * the keymap's notation (`shift+c`, `x`): a list lets those act once the user works on its rows (ui/type-to-find.ts).
 */
export function useShortcutStarts(): (combo: string, e?: Event) => boolean {
  const starts = new Set([...useMoveKeys().values()].map((combo) => combo.split(' ')[0]));
  // A key that goes on with a sequence begun before it (`n` after `g`) is the sequence's too.
  return (combo, e) => starts.has(combo) || (e !== undefined && continuesSequence(e));
}
