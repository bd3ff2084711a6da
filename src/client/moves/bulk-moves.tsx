import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { contribute } from '../state/screen';
import { listsChanged, rowsChangedInPlace } from '../api/writes';
import { movesFrom, type EntityDef, type Transition } from '../../registry';
import { sayRecord } from '../api/search';
import { TransitionDialog } from './transition-dialog';
import { MoveConfirm } from './move-confirm';
import { sayMoved } from './move-undo';
import { moveLabel, needsDialog, postTransition, refusalText, type MoveInput } from './transition-call';
import { noteRepeatable, valueLabel } from '../../../commands';
import type { Row } from '../api/entities';

interface RowResult { id: number; title: string; ok: boolean; text: string }
interface Run { move: Transition; results: RowResult[] }

/** A row's own move buttons (payments, reviews, payouts have no record page) run through here, on that row alone. */
export interface BulkHandle { start: (move: Transition, rows?: Row[]) => void }

/**
 * A move on the selected rows of a list: the bar offers every move of the entity the role may make (with how many
 * of the selected rows their status allows), and running one sends one request per row with that row's version.
 * Each row's move is its own transaction on the server, so a row is moved or left as it was, never half-done; each
 * row's answer is listed (done, or refused and why), the list reloads, and the rows that moved leave the selection.
 * Reachable by keyboard: the bar follows the table (Tab from the rows), and the palette's move commands run here.
 */
export function BulkMoves({ handle, def, moves, selected, focused, onFinished, onDismiss }: {
  handle?: Ref<BulkHandle>; def: EntityDef; moves: Transition[]; selected: Row[];
  /** The row the keyboard is on: with no row selected, the palette's moves, their keys and `.` act on it alone. */
  focused?: Row;
  onFinished: (moved: number[]) => void; onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<{ move: Transition; rows: Row[]; one?: boolean } | null>(null);
  // A move that cannot be taken back, waiting for its yes (move-confirm.tsx).
  const [asking, setAsking] = useState<{ move: Transition; rows: Row[]; one?: boolean } | null>(null);
  const [progress, setProgress] = useState<{ done: number; count: number } | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const resultsRef = useRef<HTMLElement>(null);

  /**
   * The focused row moved from the keyboard: said in a toast, the row set in place (it stays in the list until the
   * list is read again) and the focus left on the list, so `j` then `.` goes on to the next row.
   */
  const goOne = async (move: Transition, row: Row, input?: MoveInput) => {
    setDialog(null);
    setProgress({ done: 0, count: 1 });
    const outcome = await postTransition(def, row.id, row.version, move, input, { lists: false });
    setProgress(null);
    if (outcome.ok) {
      rowsChangedInPlace(def, [outcome.record]);
      noteRepeatable({ kind: 'move', entity: def.name, move: move.name });
      sayMoved(def, move, [outcome.record], `${sayRecord(def, row)}: ${t('workflow.done', { move: moveLabel(t, def, move, true) })}`);
    } else {
      toast.error(t('repeat.refused', { move: `${sayRecord(def, row)} · ${moveLabel(t, def, move, true)}`, reason: refusalText(t, def, move, outcome) }));
    }
  };
  const go = async (move: Transition, rows: Row[], input?: MoveInput) => {
    setDialog(null);
    const results: RowResult[] = [];
    const moved: Row[] = [];
    setProgress({ done: 0, count: rows.length });
    for (const row of rows) {
      const outcome = await postTransition(def, row.id, row.version, move, input, { lists: false });
      if (outcome.ok) moved.push(outcome.record);
      const title = sayRecord(def, row);
      results.push(outcome.ok
        ? { id: row.id, title, ok: true, text: t('workflow.resultOk', { status: valueLabel(t, def.name, def.workflow!.field, String(outcome.record[def.workflow!.field])) }) }
        : { id: row.id, title, ok: false, text: refusalText(t, def, move, outcome) });
      setProgress({ done: results.length, count: rows.length });
    }
    setProgress(null);
    setRun({ move, results });
    if (moved.length) {
      noteRepeatable({ kind: 'move', entity: def.name, move: move.name });
      sayMoved(def, move, moved, t('moveUndo.done', { move: moveLabel(t, def, move, true), count: moved.length }));
    }
    // Each moved row is set where it shows; the entity's lists are refetched once, after the last.
    listsChanged(def);
    onFinished(results.filter((r) => r.ok).map((r) => r.id));
  };
  const start = (move: Transition, rows: Row[] = selected) => {
    if (!rows.length || progress) return;
    if (needsDialog(move)) setDialog({ move, rows });
    else if (move.irreversible) setAsking({ move, rows });
    else void go(move, rows);
  };
  useImperativeHandle(handle, () => ({ start }));

  /** A move on the focused row alone (no row selected): its dialog first when it asks for something. */
  const startOne = (move: Transition, row: Row) => {
    if (progress) return;
    if (needsDialog(move)) setDialog({ move, rows: [row], one: true });
    else if (move.irreversible) setAsking({ move, rows: [row], one: true });
    else void goOne(move, row);
  };
  // Where the palette's "Mark payment completed" etc. (their keys, and `.` repeating one) make their move
  // (ctx.data.transition): on the rows asked for among the selected ones, else on the focused row.
  useEffect(() => {
    if (!selected.length && !focused) return;
    return contribute('moves', {
      entity: def.name,
      start: (name, refs) => {
        const move = moves.find((m) => m.name === name);
        const ids = new Set(refs.map((r) => r.id));
        const rows = selected.filter((r) => ids.has(r.id));
        if (!move || progress) return false;
        if (rows.length) start(move, rows);
        else if (focused && ids.has(focused.id)) startOne(move, focused);
        else return false;
        return true;
      },
    });
  });
  // The answers take the focus, so they are read out and the keyboard is where the user looks next.
  useEffect(() => { if (run) resultsRef.current?.focus(); }, [run]);

  const dismiss = () => { setRun(null); onDismiss(); };
  const ok = run?.results.filter((r) => r.ok).length ?? 0;
  return (
    <>
      {selected.length > 0 && (
        <div className="bulk-bar" role="toolbar" aria-label={t('workflow.bulkLabel')}>
          <span className="bulk-count">{t('list.selected', { count: selected.length })}</span>
          {moves.map((m) => {
            const applies = selected.filter((r) => movesFrom(def, r[def.workflow!.field]).includes(m)).length;
            return (
              <button key={m.name} className="btn" disabled={progress !== null} onClick={() => start(m)}
                aria-label={`${moveLabel(t, def, m)} (${t('workflow.applies', { count: applies, total: selected.length })})`}>
                {moveLabel(t, def, m)} <span className="badge" aria-hidden>{applies}/{selected.length}</span>
              </button>
            );
          })}
          {progress && <span role="status" className="hint">{t('workflow.bulkRunning', { done: progress.done, count: progress.count })}</span>}
        </div>
      )}
      {run && (
        <section className="bulk-results" ref={resultsRef} tabIndex={-1} aria-labelledby="bulk-results-title"
          onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); dismiss(); } }}>
          <header>
            <h2 id="bulk-results-title">{t('workflow.resultsTitle', { move: moveLabel(t, def, run.move, true), ok, refused: run.results.length - ok })}</h2>
            <button className="btn" onClick={dismiss}>{t('workflow.closeResults')} <kbd>Esc</kbd></button>
          </header>
          <ul>
            {run.results.map((r) => (
              <li key={r.id} className={r.ok ? 'result-ok' : 'result-refused'}>
                <span aria-hidden>{r.ok ? '✓' : '✕'}</span> <strong>{r.title}</strong> · {r.ok ? r.text : t('workflow.resultRefused', { reason: r.text })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {asking && (
        <MoveConfirm def={def} move={asking.move} rows={asking.rows} onClose={() => setAsking(null)}
          onConfirm={() => { const a = asking; setAsking(null); void (a.one ? goOne(a.move, a.rows[0]) : go(a.move, a.rows)); }} />
      )}
      {dialog && (
        <TransitionDialog def={def} move={dialog.move} count={dialog.rows.length} record={dialog.rows.length === 1 ? dialog.rows[0] : null}
          onClose={() => setDialog(null)} onSubmit={(input) => (dialog.one ? goOne(dialog.move, dialog.rows[0], input) : go(dialog.move, dialog.rows, input))} />
      )}
    </>
  );
}
