import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { allowedMoves, type EntityDef, type Transition } from '../../registry';
import { currentRole } from '../state/session';
import { registerScreenAction } from '../state/ui';
import { TransitionDialog, type DialogResult } from './transition-dialog';
import { moveLabel, needsDialog, postTransition, refusalText, type MoveInput } from './transition-call';
import type { Row } from '../api/entities';
import { Combo } from '../shell/combo';
import { ariaShortcut, useMoveKeys } from './move-keys';

/**
 * The moves of the record in view, generated from its workflow: one button per move the role may make from the
 * record's status (allowedMoves), the same moves as palette commands ("Mark appointment completed" runs the
 * `transition:complete` screen action registered here), a dialog for moves that need a reason or values, and the
 * server's refusals said plainly: a stale record offers Reload, a move its status no longer allows names that status.
 */
export function RecordMoves({ def, row, onReload }: { def: EntityDef; row: Row; onReload: () => void }) {
  const { t } = useTranslation();
  const role = currentRole();
  const status = String(row[def.workflow!.field]);
  const moves = allowedMoves(role, def, status);
  const [dialog, setDialog] = useState<Transition | null>(null);
  const [problem, setProblem] = useState<{ stale: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const keys = useMoveKeys();

  const run = async (move: Transition, input?: MoveInput): Promise<DialogResult | void> => {
    setBusy(move.name);
    setProblem(null);
    try {
      const outcome = await postTransition(def, row.id, row.version, move, input);
      if (outcome.ok) {
        setDialog(null);
        // The moved record is in the cache already (api/writes.ts): the page, its history and its lists follow it.
        toast.success(t('workflow.done', { move: moveLabel(t, def, move, true) }));
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
    if (needsDialog(move)) setDialog(move);
    else void run(move);
  };

  useEffect(() => {
    const offs = moves.map((m) => registerScreenAction(`transition:${m.name}`, () => start(m)));
    return () => offs.forEach((off) => off());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def, row.id, row.version, status]);

  if (!moves.length && !problem) return null;
  return (
    <>
      {moves.length > 0 && (
        <div className="move-bar no-print" role="group" aria-label={t('workflow.actions')}>
          {moves.map((m) => {
            const combo = keys.get(`${def.name}.${m.name}`);
            return (
              <button key={m.name} className={`btn${m.reason ? ' btn-danger' : ''}`} disabled={busy !== null} onClick={() => start(m)}
                aria-keyshortcuts={combo ? ariaShortcut(combo) : undefined}>
                {busy === m.name ? t('workflow.working') : moveLabel(t, def, m)}
                {combo && <span aria-hidden="true" className="move-key"> <Combo combo={combo} /></span>}
              </button>
            );
          })}
        </div>
      )}
      {problem && (
        <div className={`alert no-print${problem.stale ? '' : ' alert-error'}`} role="alert">
          {problem.text}{' '}
          {problem.stale && <button className="btn" onClick={() => { setProblem(null); onReload(); }}>{t('form.reload')}</button>}
        </div>
      )}
      {dialog && (
        <TransitionDialog def={def} move={dialog} record={row} onClose={() => setDialog(null)} onSubmit={(input) => run(dialog, input)} />
      )}
    </>
  );
}
