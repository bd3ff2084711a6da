import { useSnapshot } from 'valtio';
import { COMMANDS, effectiveKeymap, isSingleKey } from '../../../commands';
import { prefs } from '../state/prefs';

/** The keys that make moves now (the user's keymap; none while single-key shortcuts are off), by command id. */
export function useMoveKeys(): Map<string, string> {
  const p = useSnapshot(prefs);
  const keymap = effectiveKeymap(COMMANDS.keys(), p.keymap as Record<string, string>);
  return new Map([...keymap].filter(([, combo]) => p.singleKeyShortcuts || !isSingleKey(combo)));
}

/** Our `shift+c` as ARIA writes it: `Shift+C`. */
export const ariaShortcut = (combo: string) => combo.split('+').map((k) => (k.length === 1 ? k.toUpperCase() : k[0].toUpperCase() + k.slice(1))).join('+');
