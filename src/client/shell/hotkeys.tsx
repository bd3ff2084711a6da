import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useSnapshot } from 'valtio';
import i18n from 'i18next';
import { toast } from '../state/toast';
import { effectiveKeymap, isAllowed, isSingleKey, type Command, type Translate } from '../../../commands';
import { prefs } from '../state/prefs';
import { useCommands } from '../state/saved-views';
import { currentRole, session } from '../state/session';
import { shortcutsGone, shortcutsReady } from '../state/early-keys';
import { openPalette, ui } from '../state/ui';
import { commandContext } from '../palette/command-context';
import { ariaShortcut } from '../ui/combo';
import { continuesSequence, watchSequences } from '../ui/sequence-keys';

/** Our notation (`mod+k`, `g h`, `?`) in react-hotkeys-hook's (`mod+k`, `g>h`, `shift+slash`). */
export function toLibraryCombo(combo: string): string {
  const key = (k: string) => ({ '/': 'slash', '?': 'shift+slash', ',': 'comma', '.': 'period' }[k] ?? k);
  return combo.split(' ').map((part) => part.split('+').map(key).join('+')).join('>');
}

/** Runs a command from a shortcut: parameters are asked for on the palette's sub-page. */
export function runCommand(cmd: Command) {
  if (cmd.params?.length) {
    openPalette(cmd.id);
    return;
  }
  void cmd.run(commandContext(), {});
}

/** Whether a dialog (palette, form, confirmation, sheet) is open: plain keys then belong to it. */
const dialogOpen = () => ui.paletteOpen || ui.confirmDelete !== null || ui.shortcutsOpen || document.querySelector('[role="dialog"]') !== null;

/**
 * What a shortcut does: each command bound to it whose `when` holds runs. A key bound to several commands (Shift+C
 * completes an appointment and a payment) runs the one that applies to what is in view; when none could act, the
 * user is told why once, never left with nothing (moveWhyNot).
 */
function dispatch(e: KeyboardEvent, combo: string, cmds: readonly Command[]) {
  const withModifier = !isSingleKey(combo) && !combo.includes(' ');
  if (!withModifier && dialogOpen()) return;
  if (isSingleKey(combo) && continuesSequence(e)) return;
  const ctx = commandContext();
  const ready = cmds.filter((cmd) => !cmd.when || cmd.when(ctx));
  if (!ready.length) {
    const refused = cmds.filter((cmd) => cmd.whyNot);
    if (refused.length) sayWhyNot(combo, refused);
    return;
  }
  e.preventDefault();
  for (const cmd of ready) runCommand(cmd);
}
function sayWhyNot(combo: string, cmds: Command[]) {
  const ctx = commandContext();
  const t = i18n.t.bind(i18n) as Translate;
  const said = cmds.map((c) => c.whyNot!(ctx, t)).find((text) => text);
  toast.info(said ?? t('moveWhyNot.elsewhere', { key: ariaShortcut(combo), moves: cmds.map((c) => c.title(t)).join(' · ') }));
}

/**
 * The keymap's shortcuts in one listener (`withModifier`: those with Ctrl/Cmd, which work while typing; else the
 * single keys and sequences, which never do): a key is matched once against them all, and the commands of the combo
 * it matched are looked up. One hook per combo put 51 listener pairs on the document, each run on every keydown and
 * keyup in the console, the palette's keystrokes included (bench/palette-figures.md).
 */
function useKeymap(bound: ReadonlyMap<string, readonly Command[]>, withModifier: boolean) {
  const byLibraryCombo = useMemo(() => new Map([...bound].map(([combo, cmds]) => [toLibraryCombo(combo), { combo, cmds }])), [bound]);
  const latest = useRef(byLibraryCombo);
  useLayoutEffect(() => { latest.current = byLibraryCombo; });
  // The library calls back with the combo it matched, as it was given (lower case, trimmed).
  useHotkeys([...byLibraryCombo.keys()], (e, hotkey) => {
    const entry = latest.current.get(hotkey.hotkey);
    if (entry) dispatch(e, entry.combo, entry.cmds);
  }, { enableOnFormTags: withModifier, enabled: byLibraryCombo.size > 0 }, []);
}

/** Every shortcut of the keymap whose command the role may run, bound once; keys pressed before are replayed to them. */
export function Hotkeys() {
  const p = useSnapshot(prefs);
  useSnapshot(session);
  const role = currentRole();
  // The saved views' shortcuts too (a user binds one as any command's, by its id).
  const commands = useCommands();
  const keymap = useMemo(() => effectiveKeymap(commands.keys(), p.keymap as Record<string, string>), [commands, p.keymap]);
  const sequences = [...keymap.values()].filter((c) => c.includes(' ')).join('\n');
  useEffect(() => watchSequences(sequences.split('\n')), [sequences]);
  const [modified, plain] = useMemo(() => {
    const groups = [new Map<string, Command[]>(), new Map<string, Command[]>()];
    for (const [id, combo] of keymap) {
      const cmd = commands.get(id)!;
      if (!isAllowed(cmd, role) || (!p.singleKeyShortcuts && isSingleKey(combo))) continue;
      const group = groups[!isSingleKey(combo) && !combo.includes(' ') ? 0 : 1];
      group.set(combo, [...(group.get(combo) ?? []), cmd]);
    }
    return groups;
  }, [keymap, commands, role, p.singleKeyShortcuts]);
  useKeymap(modified, true);
  useKeymap(plain, false);
  // After the bindings' layout effects: the keys held since the page began reach them.
  useEffect(() => { shortcutsReady(); return shortcutsGone; }, []);
  return null;
}

export function openPaletteShortcutLabel(): string {
  return /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘ K' : 'Ctrl K';
}
