import { DASHBOARD, entityByName, movesFrom } from '../src/registry';
import type { Command, InView, Translate } from './define';

/**
 * What `.` repeats: the last command that acted on a record — a workflow move, an edit that changed one field, a
 * worklist's reminder — made again on the record in view, the selected rows, or the row the keyboard is on. Kept for
 * the page's life (a new sign-in starts without one): a chain is `j` then `.`, row after row.
 */
export type Repeatable =
  | { kind: 'move'; entity: string; move: string }
  /** `value`: the field's stored value; `label`: how it reads ("Urgent", a doctor's name). */
  | { kind: 'field'; entity: string; field: string; value: unknown; label: string }
  | { kind: 'remind'; worklist: string };

let last: Repeatable | null = null;

export function noteRepeatable(r: Repeatable) {
  last = r;
}

export function lastRepeatable(): Repeatable | null {
  return last;
}

export function forgetRepeatable() {
  last = null;
}

/** The screen actions that repeat a field's edit (a list, a record's page) and a reminder (a worklist). */
export const REPEAT_FIELD = 'repeat:field';
export const REPEAT_REMIND = 'repeat:remind';

/** The worklist screen's address: where a reminder is repeated. */
export const worklistPath = (id: string) => `${DASHBOARD}/notifications/${id}`;

/**
 * Whether `r` can act on what is in view: a move on the record shown, the selected rows or the focused row whose
 * status allows it; a field's edit on a record or rows of its entity; a reminder on its worklist.
 */
export function repeatApplies(r: Repeatable, inView: InView, location: string): boolean {
  if (r.kind === 'remind') return location === worklistPath(r.worklist);
  if (inView.entity !== r.entity) return false;
  const target = inView.record ?? (inView.selected > 0 ? null : inView.focused);
  if (target === undefined) return false;
  if (r.kind === 'field') return true;
  const def = entityByName(r.entity);
  const move = def?.workflow?.transitions.find((m) => m.name === r.move);
  if (!def || !move) return false;
  // A review is made on its record's page, after its documents: never repeated on rows.
  if (!inView.record && move.review) return false;
  return target === null || movesFrom(def, target.status).includes(move);
}

/** "Mark appointment missed", "Set Priority to Urgent", "Send reminders (Doctors without a complete profile)". */
export function repeatedAction(t: Translate, r: Repeatable): string {
  if (r.kind === 'move') return t(`transition.${r.entity}.${r.move}`).replace(/…$/, '');
  if (r.kind === 'field') return t('repeat.setField', { field: t(`${r.entity}.fields.${r.field}`, { ns: 'entities' }), value: r.label });
  return t('repeat.remind', { list: t(`screen.${r.worklist}.title`) });
}

export const repeatCommand: Command = {
  id: 'record.repeat',
  category: 'workflow',
  keywords: ['repeat', 'again', 'same', 'last', 'redo'],
  title: (t) => (last ? t('repeat.title', { action: repeatedAction(t, last) }) : t('repeat.nothing')),
  revision: () => JSON.stringify(last),
  keyLabel: (t) => t('repeat.nothing'),
  when: (ctx) => last !== null && repeatApplies(last, ctx.inView(), ctx.location()),
  // A move is the screen's own move action (on the record, the selected rows or the focused row); the others, the
  // screen's repeat of them.
  run: (ctx) => {
    if (last?.kind === 'move') ctx.ui.screenAction(`transition:${last.move}`);
    else if (last?.kind === 'field') ctx.ui.screenAction(REPEAT_FIELD);
    else if (last?.kind === 'remind') ctx.ui.screenAction(REPEAT_REMIND);
  },
};
