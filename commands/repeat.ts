import { can, DASHBOARD, entityByName, movesFrom } from '../src/registry';
import { actedOn } from './screen';
import type { Command, InView, Translate } from './define';

/**
 * What `.` repeats: the last command that acted on a record — a workflow move, an edit that changed one field, a
 * worklist's reminder — made again on the record in view, the selected rows, or the row the keyboard is on: a chain
 * is `j` then `.`, row after row. Kept across a reload where the client keeps it (keepRepeatable: the browser's
 * storage, per user); where it cannot act, `.` says why.
 */
export type Repeatable =
  | { kind: 'move'; entity: string; move: string }
  /** `value`: the field's stored value; `label`: how it reads ("Urgent", a doctor's name). */
  | { kind: 'field'; entity: string; field: string; value: unknown; label: string }
  | { kind: 'remind'; worklist: string };

let last: Repeatable | null = null;
let keep: ((r: Repeatable | null) => void) | undefined;

export function noteRepeatable(r: Repeatable) {
  last = r;
  keep?.(r);
}

/**
 * Where the last repeatable is kept beyond the page: `known` is what was kept (read back as one only when it has the
 * shape of one), `save` is told each new one. Without it, it is kept for the page's life.
 */
export function keepRepeatable(known: unknown, save?: (r: Repeatable | null) => void) {
  last = asRepeatable(known);
  keep = save;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;

function asRepeatable(v: unknown): Repeatable | null {
  const r = v as Record<string, unknown> | null;
  if (!r || typeof r !== 'object') return null;
  if (r.kind === 'move' && isText(r.entity) && isText(r.move)) return { kind: 'move', entity: r.entity, move: r.move };
  if (r.kind === 'remind' && isText(r.worklist)) return { kind: 'remind', worklist: r.worklist };
  if (r.kind === 'field' && isText(r.entity) && isText(r.field) && typeof r.label === 'string') return { kind: 'field', entity: r.entity, field: r.field, value: r.value, label: r.label };
  return null;
}

export function lastRepeatable(): Repeatable | null {
  return last;
}

export function forgetRepeatable() {
  last = null;
  keep = undefined;
}

/** The worklist screen's address: where a reminder is repeated. */
export const worklistPath = (id: string) => `${DASHBOARD}/notifications/${id}`;

/** Why `.` cannot act: a key of the interface strings (`repeat.why.*`) and what it names. */
export interface RepeatRefusal { key: string; params: Record<string, string> }

/**
 * Whether `r` can act on what is in view: a move on the record shown, the selected rows or the focused row whose
 * status allows it; a field's edit on a record or rows of its entity; a reminder on its worklist.
 */
export function repeatApplies(r: Repeatable, inView: InView, location: string): boolean {
  return whyNotRepeat(r, inView, location) === null;
}

/** Why `r` cannot act on what is in view (null when it can), named for the user; `t` words the action and names. */
export function whyNotRepeat(r: Repeatable | null, inView: InView, location: string, t: Translate = (k) => k): RepeatRefusal | null {
  if (!r) return { key: 'repeat.why.nothing', params: {} };
  const action = repeatedAction(t, r);
  if (r.kind === 'remind') return location === worklistPath(r.worklist) ? null : { key: 'repeat.why.worklist', params: { action, list: t(`screen.${r.worklist}.title`) } };
  const def = entityByName(r.entity);
  const where = { action, name: def ? t(`${def.name}.other`, { ns: 'entities' }) : r.entity };
  if (inView.entity !== r.entity) return { key: 'repeat.why.elsewhere', params: where };
  const target = inView.record ?? (inView.selected > 0 ? null : inView.focused);
  if (target === undefined) return { key: 'repeat.why.noRow', params: where };
  if (r.kind === 'field') return null;
  const move = def?.workflow?.transitions.find((m) => m.name === r.move);
  if (!def || !move) return { key: 'repeat.why.elsewhere', params: where };
  // A review is made on its record's page, after its documents: never repeated on rows.
  if (!inView.record && move.review) return { key: 'repeat.why.review', params: where };
  if (target === null || movesFrom(def, target.status).includes(move)) return null;
  return { key: 'repeat.why.status', params: { action, status: target.status ? t(`${def.name}.values.${def.workflow!.field}.${target.status}`, { ns: 'entities', defaultValue: t(target.status, { ns: 'enums' }) }) : '' } };
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
  // Listed in the palette where it can act; its key runs it anywhere, to say why it cannot.
  offered: (ctx) => last !== null && repeatApplies(last, ctx.inView(), ctx.location()),
  // On the record shown, else the selected rows, else the row the keyboard is on; a reminder, on its worklist.
  run: (ctx) => {
    const why = whyNotRepeat(last, ctx.inView(), ctx.location(), ctx.translate);
    if (why || !last) { ctx.ui.notice(why?.key ?? 'repeat.why.nothing', why?.params); return; }
    if (last.kind === 'remind') { ctx.screen.act('worklist', (w) => w.remind()); return; }
    const rows = actedOn(ctx.screen, last.entity);
    if (last.kind === 'move') ctx.data.transition(last.entity, last.move, rows);
    else if (can(ctx.session.role, last.entity, 'edit')) ctx.data.setField(last.entity, rows, last.field, last.value, last.label);
  },
};
