import { effectiveKeymap, isAllowed, type Command } from '../../../commands';
import type { Role } from '../../registry';

type Commands = ReadonlyMap<string, Command>;

/**
 * What the palette works out from the commands, kept while they stay the same map (state/saved-views.ts hands out
 * one map while the views and the role stay): the palette is mounted anew at each opening, and its own memos went
 * with it, so each opening walked the 400 commands again for the role's and the shortcuts.
 */
const allowedBy = new WeakMap<Commands, Map<Role | null, readonly Command[]>>();
const keymapBy = new WeakMap<Commands, { overrides: object; keymap: ReadonlyMap<string, string> }>();

/** The commands `role` may run, in the registry's order. */
export function roleCommands(commands: Commands, role: Role | null): readonly Command[] {
  let byRole = allowedBy.get(commands);
  if (!byRole) allowedBy.set(commands, (byRole = new Map()));
  let list = byRole.get(role);
  if (!list) byRole.set(role, (list = [...commands.values()].filter((c) => isAllowed(c, role))));
  return list;
}

/** Each command's shortcut, the user's own keys over the defaults (`overrides`: the prefs' snapshot, the same object until it changes). */
export function commandKeymap(commands: Commands, overrides: Readonly<Record<string, string>>): ReadonlyMap<string, string> {
  const kept = keymapBy.get(commands);
  if (kept && kept.overrides === overrides) return kept.keymap;
  const keymap = effectiveKeymap(commands.keys(), overrides as Record<string, string>);
  keymapBy.set(commands, { overrides, keymap });
  return keymap;
}
