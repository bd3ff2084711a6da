import { useEffect } from 'react';
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
 * A key bound to several commands (Shift+C completes an appointment and a payment) is heard by each binding; when none
 * of them could act on what is in view, the user is told why once, never left with nothing (moveWhyNot).
 */
const refused = new WeakMap<KeyboardEvent, { combo: string; cmds: Command[]; ran: boolean }>();
function noteKey(e: KeyboardEvent, combo: string, cmd: Command | null) {
  let entry = refused.get(e);
  if (!entry) {
    const created = { combo, cmds: [] as Command[], ran: false };
    refused.set(e, (entry = created));
    // After every binding has heard the key.
    setTimeout(() => { if (!created.ran && created.cmds.length) sayWhyNot(created.combo, created.cmds); });
  }
  if (cmd) entry.cmds.push(cmd);
  else entry.ran = true;
}
function sayWhyNot(combo: string, cmds: Command[]) {
  const ctx = commandContext();
  const t = i18n.t.bind(i18n) as Translate;
  const said = cmds.map((c) => c.whyNot!(ctx, t)).find((text) => text);
  toast.info(said ?? t('moveWhyNot.elsewhere', { key: ariaShortcut(combo), moves: cmds.map((c) => c.title(t)).join(' · ') }));
}

function Binding({ cmd, combo }: { cmd: Command; combo: string }) {
  const withModifier = !isSingleKey(combo) && !combo.includes(' ');
  useHotkeys(toLibraryCombo(combo), (e) => {
    if (!withModifier && dialogOpen()) return;
    if (isSingleKey(combo) && continuesSequence(e)) return;
    if (cmd.when && !cmd.when(commandContext())) {
      if (cmd.whyNot) noteKey(e, combo, cmd);
      return;
    }
    noteKey(e, combo, null);
    e.preventDefault();
    runCommand(cmd);
  }, {
    // Modifier shortcuts work while typing; single keys and sequences never do.
    enableOnFormTags: withModifier,
  }, [cmd, combo]);
  return null;
}

/** Every shortcut of the keymap whose command the role may run, bound once; keys pressed before are replayed to them. */
export function Hotkeys() {
  // After the bindings' own effects (a child's run first): the keys held since the page began reach them.
  useEffect(() => { shortcutsReady(); return shortcutsGone; }, []);
  const p = useSnapshot(prefs);
  useSnapshot(session);
  const role = currentRole();
  // The saved views' shortcuts too (a user binds one as any command's, by its id).
  const commands = useCommands();
  const keymap = effectiveKeymap(commands.keys(), p.keymap as Record<string, string>);
  const sequences = [...keymap.values()].filter((c) => c.includes(' ')).join('\n');
  useEffect(() => watchSequences(sequences.split('\n')), [sequences]);
  const bindings = [...keymap].filter(([id, combo]) => isAllowed(commands.get(id)!, role) && (p.singleKeyShortcuts || !isSingleKey(combo)));
  return <>{bindings.map(([id, combo]) => <Binding key={id} cmd={commands.get(id)!} combo={combo} />)}</>;
}

export function openPaletteShortcutLabel(): string {
  return /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘ K' : 'Ctrl K';
}
