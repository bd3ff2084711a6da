import { ENTITIES } from '../src/registry';

/**
 * Default shortcuts, by command id (docs/architecture.md#the-keyboard). Notation: `mod+k` (Ctrl, or Cmd on a Mac),
 * `g h` (g, then h), single keys. A user may rebind any of them; clashes are refused (see findClash).
 * Keys that act inside a list (j/k, Enter, e, x) are the list's own and are listed in LIST_KEYS for the sheet.
 */
const HAND_KEYMAP: Record<string, string> = {
  'palette.open': 'mod+k',
  'nav.home': 'g h',
  'nav.settings': 'g ,',
  'speciality.list': 'g s',
  'admin-user.list': 'g u',
  'patients.list': 'g p',
  'doctor.list': 'g d',
  // Appointments by status: g a, then the status's letter (o for confirmed: c is completed).
  'appointments.list.all': 'g a a',
  'appointments.list.completed': 'g a c',
  'appointments.list.missed': 'g a m',
  'appointments.list.confirmed': 'g a o',
  'appointments.list.cancelled': 'g a x',
  'appointments.list.rescheduled': 'g a r',
  'payment.list.recent': 'g y',
  'screen.fmclogs': 'g l',
  'invoices.list': 'g i',
  'fmc.list': 'g f',
  'medicine.list': 'g m',
  'ui.notifications': 'g n',
  'ui.toggleSidebar': 'mod+b',
  'ui.shortcuts': '?',
  'list.create': 'c',
  // h: "remind me" on the record in view or the focused row (Superhuman's key); the record's history is y.
  'record.followUp': 'h',
  'record.history': 'y',
  'list.filter': '/',
  // "Add filter" on a list: the field, then its value (list/add-filter.tsx).
  'list.addFilter': 'f',
  // The last command that acted on a record, again on the one in view (commands/repeat.ts): `j` then `.`, row by row.
  'record.repeat': '.',
  // On the selected rows (commands/bulk.ts): Shift and the letter of the one-row key (e edits, Delete deletes).
  'list.bulkSet': 'shift+e',
  'list.bulkDelete': 'shift+d',
};

/**
 * Each workflow move's key, from the registry (Transition.key): Shift and its letter, bound to the move's command
 * (`appointments.complete`). The same key may make moves of two entities (Shift+C completes an appointment and a
 * payment): only the one in view applies (the command's `when`), so they never clash.
 */
const MOVE_KEYS = new Map<string, { combo: string; entity: string }>(ENTITIES.flatMap((def) => (def.workflow?.transitions ?? [])
  .filter((m) => m.key).map((m) => [`${def.name}.${m.name}`, { combo: `shift+${m.key}`, entity: def.name }] as const)));

export const DEFAULT_KEYMAP: Record<string, string> = { ...HAND_KEYMAP, ...Object.fromEntries([...MOVE_KEYS].map(([id, k]) => [id, k.combo])) };

/**
 * Space on a list row: the record beside the list (its peek), closed by Space or Esc. `key` is what the list reads
 * (KeyboardEvent.key), `keys` how the sheet and the hints write it.
 */
export const PEEK_KEY = { key: ' ', keys: 'Space', label: 'keys.peek' } as const;

/** Keys that a focused list handles itself; shown on the `?` sheet, not rebindable. */
export const LIST_KEYS: { keys: string; label: string }[] = [
  { keys: 'j / ↓', label: 'keys.next' },
  { keys: 'k / ↑', label: 'keys.previous' },
  { keys: 'Enter', label: 'keys.open' },
  // A list's cells, edited in place (client/grid/): the cursor, its editor, and the row's save.
  { keys: '← / → / F2', label: 'keys.cellCursor' },
  { keys: 'Enter / F2', label: 'keys.editCell' },
  { keys: 'Tab / Shift+Tab', label: 'keys.nextCell' },
  { keys: 'Ctrl+Enter', label: 'keys.saveRow' },
  { keys: PEEK_KEY.keys, label: PEEK_KEY.label },
  { keys: 'e', label: 'keys.edit' },
  { keys: 'x', label: 'keys.select' },
  { keys: 'Shift+J / Shift+K', label: 'keys.extendSelection' },
  { keys: 'Delete', label: 'keys.delete' },
  { keys: 'Shift ← / →', label: 'keys.resizeColumn' },
  { keys: 'Backspace / Delete', label: 'keys.removeFilter' },
  { keys: 'Esc', label: 'keys.close' },
];

/**
 * Keys of the notification panel (opened by `ui.notifications`, g n): read by the panel and shown on the `?` sheet.
 * `key` is KeyboardEvent.key; the panel's list also moves with the arrows, Home and End.
 */
export const INBOX_KEYS: { key: string; keys: string; action: 'open' | 'read' | 'archive' | 'readAll'; label: string }[] = [
  { key: 'Enter', keys: 'Enter', action: 'open', label: 'notifications.keys.open' },
  { key: 'r', keys: 'r', action: 'read', label: 'notifications.keys.read' },
  { key: 'a', keys: 'a', action: 'archive', label: 'notifications.keys.archive' },
  { key: 'R', keys: 'Shift+R', action: 'readAll', label: 'notifications.keys.readAll' },
];

/** A combo with no modifier is a single-key shortcut, which a user may turn off (WCAG 2.1.4). */
export function isSingleKey(combo: string): boolean {
  return !/(^|\s|\+)(mod|ctrl|alt|meta)\+/.test(combo) && !combo.includes(' ');
}

export function normaliseCombo(combo: string): string {
  return combo.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * The effective keymap: defaults with the user's overrides (an empty string unbinds). Only commands that
 * exist are bound, so a shortcut for a screen a later issue builds waits for its command.
 */
export function effectiveKeymap(commandIds: Iterable<string>, overrides: Record<string, string> = {}): Map<string, string> {
  const ids = new Set(commandIds);
  const out = new Map<string, string>();
  for (const [id, combo] of Object.entries({ ...DEFAULT_KEYMAP, ...overrides })) {
    if (ids.has(id) && combo) out.set(id, normaliseCombo(combo));
  }
  return out;
}

/**
 * The command that already uses `combo`, or a prefix clash (`g` against `g h`), else null.
 * A binding that clashes with another is refused with a message naming the other.
 */
export function findClash(keymap: Map<string, string>, commandId: string, combo: string): string | null {
  const c = normaliseCombo(combo);
  const entity = MOVE_KEYS.get(commandId)?.entity;
  for (const [id, other] of keymap) {
    if (id === commandId) continue;
    // Moves of two entities are never in view together.
    if (entity && MOVE_KEYS.has(id) && MOVE_KEYS.get(id)!.entity !== entity) continue;
    if (other === c || other.startsWith(`${c} `) || c.startsWith(`${other} `)) return id;
  }
  return null;
}
