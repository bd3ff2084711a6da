import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { can, entityPath, viewActionFor, type EntityDef, type LogUnit } from '../../registry';
import { fmcLogs } from '../api/fmclogs';
import { errorText } from '../api/error-text';
import { imports } from '../api/imports';
import { undoBulk } from '../api/bulk';
import { keys } from '../api/keys';
import { queryClient } from '../api/query-client';
import { usePages } from '../api/use-pages';
import { currentRole } from '../state/session';
import { actionLabel } from '../record/log-actions';
import { PagesFoot, TIME_ZONE, useFormat } from '../list-parts/screen-parts';

/**
 * An import's or a bulk action's one entry in the activity log (fmclogs.tsx): what it did in counts, and, opened, each
 * record it wrote (its rows' own entries, `?import=` / `?bulk=`) and "Undo" while its window is open, by keyboard
 * (Tab from the entry). The undo is the same call as the import dialog's and the bulk toast's.
 */

/** The unit's counts in words: an import's as its dialog says them, a bulk action's by each record's outcome. */
export function UnitCounts({ unit }: { unit: LogUnit }) {
  const { t } = useTranslation();
  const f = useFormat();
  const parts = unit.kind === 'import'
    ? [t('import.doneOf', { done: f.number(unit.counts.done), total: f.number(unit.counts.total) }),
      ...(['added', 'updated', 'skipped', 'failed'] as const).filter((k) => unit.counts[k] > 0).map((k) => t(`import.${k}`, { count: unit.counts[k], n: f.number(unit.counts[k]) }))]
    : (['done', 'conflict', 'refused', 'in_use'] as const).filter((k) => unit.counts[k] > 0).map((k) => `${t(`bulk.status.${k}`)}: ${f.number(unit.counts[k])}`);
  return <span className="muted log-unit-counts">{parts.join(' · ')}</span>;
}

export function UnitRows({ def, unit, id }: { def: EntityDef | undefined; unit: LogUnit; id: string }) {
  const { t } = useTranslation('screens');
  const { t: tUi } = useTranslation();
  const f = useFormat();
  const role = currentRole();
  const pages = usePages(fmcLogs({ [unit.kind]: String(unit.id), tz: TIME_ZONE }));
  const openAs = def && viewActionFor(def, (a) => can(role, def.name, a));
  const state = unit.kind === 'import' ? tUi(`import.state.${unit.state}`) : (unit.state === 'undone' ? t('fmclogs.bulkState.undone') : t('fmclogs.bulkState.done'));
  return (
    <div id={id} className="log-changes log-unit">
      <p>{state}{unit.kind === 'bulk' && ` ${unit.op === 'set' && unit.field && def ? t('fmclogs.bulkSet', { field: tUi(`${def.name}.fields.${unit.field}`, { ns: 'entities' }) }) : t('fmclogs.bulkDelete')}`}</p>
      {unit.undoUntil && <UndoUnit def={def} unit={unit} />}
      <ol className="log-unit-rows" aria-label={t(unit.kind === 'import' ? 'fmclogs.importRows' : 'fmclogs.bulkRows')}>
        {pages.rows.map((r) => (
          <li key={r.id}>
            <time dateTime={r.at}>{f.dateTime(r.at)}</time>{' '}
            <strong>{actionLabel(t, tUi, r)}</strong>{' '}
            {r.record && (r.record.title === null ? <span className="muted">{t('fmclogs.deleted', { id: r.record.id })}</span>
              : openAs ? <Link href={entityPath(def!, openAs, r.record.id)}>{r.record.title}</Link> : <span>{r.record.title}</span>)}
          </li>
        ))}
      </ol>
      {pages.done && !pages.rows.length && <p className="muted">{t('fmclogs.noRows')}</p>}
      <PagesFoot pages={pages} count={pages.rows.length} />
    </div>
  );
}

function UndoUnit({ def, unit }: { def: EntityDef | undefined; unit: LogUnit }) {
  const { t } = useTranslation('screens');
  const f = useFormat();
  const [busy, setBusy] = useState(false);
  const isImport = unit.kind === 'import';
  const undo = async () => {
    if (!window.confirm(t(isImport ? 'fmclogs.undoImportConfirm' : 'fmclogs.undoBulkConfirm'))) return;
    setBusy(true);
    try {
      if (isImport) await imports.undo(unit.id);
      else await undoBulk(def!, unit.id);
      toast.success(t(isImport ? 'fmclogs.importUndone' : 'fmclogs.bulkUndone'));
      await queryClient.invalidateQueries({ queryKey: keys.screen('fmclogs') });
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <p className="log-revert">
      <button type="button" className="btn" disabled={busy || (!isImport && !def)} onClick={() => void undo()}>{t(isImport ? 'fmclogs.undoImport' : 'fmclogs.undoBulk')}</button>{' '}
      <span className="muted">{t('fmclogs.undoUntil', { time: f.dateTime(unit.undoUntil!) })}</span>
    </p>
  );
}
