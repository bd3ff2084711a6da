import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { EntityDef } from '../../registry';
import { runBulk, undoBulk, type BulkOp, type BulkProgress, type BulkResult, type BulkTargets } from '../api/bulk';
import { errorText } from '../api/error-text';
import { translateMessage } from '../i18n';
import { sayRecord } from '../api/search';
import type { Row } from '../api/entities';
import { contribute } from '../state/screen';
import { offerUndo } from '../form/undo';
import { ConfirmAction } from '../ui/confirm-action';
import { BulkSetDialog } from './bulk-set-dialog';
import { valueLabel } from '../../../commands';

/** The rows a bulk action is on: picked ones (with the versions they were read at), or all the list's filter matches. */
export interface BulkSelection { rows: Row[]; matching?: { filter: string; count: number } }

interface Outcome { verb: 'set' | 'delete'; skipped: (BulkResult & { title: string })[] }

/**
 * "Set field…" and "Delete…" on the selected rows (commands/bulk.ts, through the `bulk` contribution): a dialog, then
 * the action sent in parts with a progress line, then a toast with Undo for the whole action, and the records skipped
 * or refused listed with the server's reason. Kept apart from the list so that the list only says what is selected.
 */
export function BulkEdit({ def, selection, mayEdit, mayDelete, onFinished }: {
  def: EntityDef; selection: BulkSelection; mayEdit: boolean; mayDelete: boolean; onFinished: (done: number[]) => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<'set' | 'delete' | null>(null);
  const [progress, setProgress] = useState<(BulkProgress & { count: number; stopping?: boolean }) | null>(null);
  const stopRef = useRef<AbortController | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const resultsRef = useRef<HTMLElement>(null);
  const count = selection.matching?.count ?? selection.rows.length;

  useEffect(() => {
    if (!count || progress) return;
    return contribute('bulk', {
      entity: def.name,
      openSet: mayEdit ? () => setAsking('set') : undefined,
      openDelete: mayDelete ? () => setAsking('delete') : undefined,
    });
  }, [def, count, progress, mayEdit, mayDelete]);
  useEffect(() => { if (outcome) resultsRef.current?.focus(); }, [outcome]);
  // Esc stops the action wherever the focus is (the list keeps its own Esc for the selection): finding the matching
  // rows stops with nothing written; sending them, after the part under way.
  const working = progress !== null;
  useEffect(() => {
    if (!working) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !stopRef.current || document.querySelector('[role="dialog"]')) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      stopRef.current.abort(new DOMException('stopped', 'AbortError'));
      setProgress((p) => (p ? { ...p, stopping: true } : p));
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [working]);

  const titleOf = (id: number) => {
    const row = selection.rows.find((r) => r.id === id);
    return row ? sayRecord(def, row) : `#${id}`;
  };

  const go = async (op: BulkOp, said: string, undone: string) => {
    setAsking(null);
    const targets: BulkTargets = selection.matching
      ? { filter: selection.matching.filter, count }
      : { ids: selection.rows.map((r) => r.id), versions: Object.fromEntries(selection.rows.map((r) => [r.id, r.version])) };
    const stop = (stopRef.current = new AbortController());
    setProgress({ phase: selection.matching ? 'selecting' : 'running', done: 0, count });
    try {
      const answer = await runBulk(def, targets, op, (p) => setProgress((was) => ({ ...p, count, stopping: was?.stopping })), stop.signal);
      const done = answer.results.filter((r) => r.status === 'done');
      const skipped = answer.results.filter((r) => r.status !== 'done').map((r) => ({ ...r, title: titleOf(r.id) }));
      setOutcome(skipped.length ? { verb: op.op, skipped } : null);
      if (done.length) {
        offerUndo(def, t(said, { count: done.length }), async () => {
          const back = await undoBulk(def, answer.id);
          const left = back.filter((r) => r.status !== 'done');
          if (left.length) setOutcome({ verb: op.op, skipped: left.map((r) => ({ ...r, title: titleOf(r.id) })) });
        }, t(undone, { count: done.length }));
      } else toast.error(t('bulk.noneDone'));
      onFinished(done.map((r) => r.id));
    } catch (err) {
      if (stop.signal.aborted) toast.message(t('bulk.selectStopped'));
      else toast.error(errorText(err));
    } finally {
      stopRef.current = null;
      setProgress(null);
    }
  };

  const named = selection.rows.slice(0, 3).map((r) => sayRecord(def, r));
  const statusText = (r: BulkResult) => t(`bulk.status.${r.status}`);
  return (
    <>
      {progress && (
        <p role="status" className="hint bulk-progress">
          {progress.stopping ? t('bulk.stopping')
            : progress.phase === 'selecting' ? t('bulk.selecting', { found: progress.done, count: progress.count })
            : t('bulk.running', { done: progress.done, count: progress.count })}{' '}
          <progress max={progress.count} value={progress.done} aria-hidden />{' '}
          {!progress.stopping && <span className="bulk-stop-hint"><kbd>Esc</kbd> {t('bulk.stopHint')}</span>}
        </p>
      )}
      {outcome && (
        <section className="bulk-results" ref={resultsRef} tabIndex={-1} aria-labelledby="bulk-skipped-title"
          onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); setOutcome(null); } }}>
          <header>
            <h2 id="bulk-skipped-title">{t('bulk.skippedTitle', { count: outcome.skipped.length })}</h2>
            <button className="btn" onClick={() => setOutcome(null)}>{t('workflow.closeResults')} <kbd>Esc</kbd></button>
          </header>
          <ul>
            {outcome.skipped.map((r) => (
              <li key={r.id} className="result-refused"><span aria-hidden>✕</span> <strong>{r.title}</strong> · {statusText(r)}{r.message ? `: ${translateMessage(r.message)}` : ''}</li>
            ))}
          </ul>
        </section>
      )}
      {asking === 'set' && (
        <BulkSetDialog def={def} count={count} onClose={() => setAsking(null)}
          onSubmit={(field, value) => {
            const fd = def.fields[field];
            const shown = value === null || value === undefined || value === '' ? t('bulk.blank')
              : fd.kind === 'enum' ? valueLabel(t, def.name, field, String(value)) : fd.kind === 'bool' ? t(value ? 'bulk.yes' : 'bulk.no') : String(value);
            const fieldLabel = t(`${def.name}.fields.${field}`, { ns: 'entities' });
            void go({ op: 'set', field, value }, 'bulk.setDone', 'bulk.setUndone');
            toast.message(t('bulk.setting', { field: fieldLabel, value: shown }));
          }} />
      )}
      {asking === 'delete' && (
        <ConfirmAction title={t('bulk.deleteTitle', { count })} onClose={() => setAsking(null)} confirm={t('bulk.deleteConfirm', { count })}
          question={t('bulk.deleteQuestion', { count })} items={named} note={t('bulk.deleteNote')}
          onConfirm={() => void go({ op: 'delete' }, 'bulk.deleteDone', 'bulk.deleteUndone')} />
      )}
    </>
  );
}
