import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowedMoves, type EntityDef, type Transition } from '../../registry';
import { currentRole } from '../state/session';
import { contribute } from '../state/screen';
import { Modal } from '../ui/modal';
import { TransitionDialog, type DialogResult } from '../moves/transition-dialog';
import type { RecordDocument } from './record-documents';
import { moveLabel, needsDialog, postTransition, refusalText, type MoveInput } from '../moves/transition-call';
import type { Row } from '../api/entities';
import { ariaShortcut, Combo } from '../ui/combo';
import { useMoveKeys } from '../moves/move-keys';
import { noteRepeatable } from '../../../commands';
import { MoveConfirm } from '../moves/move-confirm';
import { sayMoved } from '../moves/move-undo';

/**
 * The moves of the record in view, generated from its workflow: one button per move the role may make from the
 * record's status (allowedMoves), the same moves as palette commands ("Mark appointment completed" is made here:
 * this bar contributes `moves`, which ctx.data.transition reaches), a dialog for moves that need a reason or values, and the
 * server's refusals said plainly: a stale record offers Reload, a move its status no longer allows names that status.
 * A review (`move.review`: approving a verification) waits until every one of `documents` was opened on this page
 * (`opened`), says so when tried before, and then asks for confirmation naming the record it is about (the doctor).
 */
export function RecordMoves({ def, row, onReload, documents = [], opened = new Set<string>() }: {
  def: EntityDef; row: Row; onReload: () => void; documents?: RecordDocument[]; opened?: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const role = currentRole();
  const status = String(row[def.workflow!.field]);
  const moves = allowedMoves(role, def, status);
  const [dialog, setDialog] = useState<Transition | null>(null);
  const [problem, setProblem] = useState<{ stale: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const keys = useMoveKeys();
  const [confirming, setConfirming] = useState<Transition | null>(null);
  const [asking, setAsking] = useState<Transition | null>(null);
  const [nudged, setNudged] = useState<string | null>(null);
  const unopened = documents.filter((d) => !opened.has(d.address)).length;
  // Read by the palette's moves too, which reach this bar through a contribution made with an earlier render's closure.
  const gate = useRef(unopened);
  gate.current = unopened;
  useEffect(() => { if (!unopened) setNudged(null); }, [unopened]);

  const run = async (move: Transition, input?: MoveInput): Promise<DialogResult | void> => {
    setBusy(move.name);
    setProblem(null);
    try {
      const outcome = await postTransition(def, row.id, row.version, move, input);
      if (outcome.ok) {
        setDialog(null);
        if (!move.review) noteRepeatable({ kind: 'move', entity: def.name, move: move.name });
        // The moved record is in the cache already (api/writes.ts): the page, its history and its lists follow it.
        sayMoved(def, move, [outcome.record], t('workflow.done', { move: moveLabel(t, def, move, true) }));
        return;
      }
      // Field errors belong to the dialog's fields; everything else is said on the page, the dialog closed.
      if (outcome.kind === 'invalid' && dialog) return { fields: outcome.fields, message: outcome.message };
      setDialog(null);
      setProblem({ stale: outcome.kind === 'stale', text: refusalText(t, def, move, outcome) });
      if (outcome.kind === 'illegal') onReload();
    } finally {
      setBusy(null);
    }
  };
  const start = (move: Transition) => {
    if (move.review && gate.current > 0) { setNudged(move.name); return; }
    if (move.review) setConfirming(move);
    else if (needsDialog(move)) setDialog(move);
    else if (move.irreversible) setAsking(move);
    else void run(move);
  };

  // Where the palette's moves of this record (their keys, `.`) are made: ctx.data.transition, named by this record.
  useEffect(() => contribute('moves', {
    entity: def.name,
    start: (name, refs) => {
      const move = moves.find((m) => m.name === name);
      if (!move || !refs.some((r) => r.id === row.id)) return false;
      start(move);
      return true;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [def, row.id, row.version, status]);

  if (!moves.length && !problem) return null;
  return (
    <>
      {moves.length > 0 && (
        <div className="move-bar no-print" role="group" aria-label={t('workflow.actions')}>
          {moves.map((m) => {
            const combo = keys.get(`${def.name}.${m.name}`);
            // A review not yet possible stays in the Tab order (pressing it says why), announced as unavailable.
            const waits = Boolean(m.review && unopened > 0);
            return (
              <button key={m.name} className={`btn${m.reason ? ' btn-danger' : ''}${waits ? ' btn-waiting' : ''}`} disabled={busy !== null}
                aria-disabled={waits || undefined} aria-describedby={waits ? `wait-${m.name}` : undefined} onClick={() => start(m)}
                aria-keyshortcuts={combo ? ariaShortcut(combo) : undefined}>
                {busy === m.name ? t('workflow.working') : moveLabel(t, def, m)}
                {combo && <span aria-hidden="true" className="move-key"> <Combo combo={combo} /></span>}
              </button>
            );
          })}
          {moves.filter((m) => m.review && unopened > 0).map((m) => (
            <span key={m.name} id={`wait-${m.name}`} className="hint move-wait">
              {t('workflow.openDocumentsFirst')}: {t('documents.progress', { opened: documents.length - unopened, count: documents.length })}
            </span>
          ))}
        </div>
      )}
      {nudged && unopened > 0 && (
        <div className="alert no-print" role="alert">{t('workflow.openDocumentsFirst')}. {t('workflow.documentsLeft', { count: unopened })}</div>
      )}
      {problem && (
        <div className={`alert no-print${problem.stale ? '' : ' alert-error'}`} role="alert">
          {problem.text}{' '}
          {problem.stale && <button className="btn" onClick={() => { setProblem(null); onReload(); }}>{t('form.reload')}</button>}
        </div>
      )}
      {confirming && (
        <ReviewConfirm def={def} move={confirming} row={row} count={documents.length} busy={busy !== null}
          onClose={() => setConfirming(null)} onConfirm={() => { const m = confirming; setConfirming(null); void run(m); }} />
      )}
      {asking && (
        <MoveConfirm def={def} move={asking} rows={[row]} onClose={() => setAsking(null)}
          onConfirm={() => { const m = asking; setAsking(null); void run(m); }} />
      )}
      {dialog && (
        <TransitionDialog def={def} move={dialog} record={row} onClose={() => setDialog(null)} onSubmit={(input) => run(dialog, input)} />
      )}
    </>
  );
}

/** The last word before a review's move: names what is approved (the doctor); Tab to Confirm and Enter, or Esc to go back. */
function ReviewConfirm({ def, move, row, count, busy, onConfirm, onClose }: {
  def: EntityDef; move: Transition; row: Row; count: number; busy: boolean; onConfirm: () => void; onClose: () => void;
}) {
  const { t } = useTranslation();
  const field = move.review!.names;
  const labels = row._labels as Record<string, unknown> | undefined;
  const name = typeof labels?.[field] === 'string' ? String(labels[field]) : `#${String(row[field])}`;
  return (
    <Modal title={moveLabel(t, def, move, true)} onClose={onClose} labelledBy="review-title" describedBy="review-question" className="move-dialog">
      <div className="body">
        <p id="review-question">{t(`workflow.review.${def.name}.${move.name}`, { name, count })}</p>
      </div>
      <footer>
        {/* Focus starts on Cancel, as a delete's does: a second Enter pressed by mistake approves nothing. */}
        <button type="button" className="btn" data-autofocus onClick={onClose}>{t('form.cancel')}</button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={onConfirm}>{t('workflow.confirm')}</button>
      </footer>
    </Modal>
  );
}
