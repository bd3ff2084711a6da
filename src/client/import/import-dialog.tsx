import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getEntity, importable, type EntityDef } from '../../registry';
import { errorText } from '../api/error-text';
import { imports, isRunning, type Columns, type DryRun, type ImportIssue, type ImportRun, type Mapping } from '../api/imports';
import { keys } from '../api/keys';
import { publicConfig } from '../api/public-config';
import { queryClient } from '../api/query-client';
import { translateMessage } from '../i18n';
import { ui } from '../state/ui';
import { Modal } from '../ui/modal';
import { saveBlob } from '../export/export-download';
import { useFormat } from '../i18n/format';
import { doubledFields, rememberedMapping, rememberMapping } from './import-mapping';
import './import-dialog.css';

type Phase = 'choose' | 'map' | 'check' | 'run';

/** How often a running import's counts are read: often enough for a bar that moves, rarely enough to cost nothing. */
const PROGRESS_EVERY_MS = 500;

/**
 * "Import <entity>…": a CSV or .xlsx file, chosen by keyboard or dropped; its columns matched to fields (the server's
 * match, or what this person chose last time for this entity), every row judged by a dry run that writes nothing,
 * then the import in batches with its progress and Stop, and its result: counts, the rows that failed as a file with
 * an "error" column, and Undo of the whole import. Each step puts the focus on its first control.
 */
export function ImportDialog({ entity }: { entity: string }) {
  const { t } = useTranslation();
  const def = getEntity(entity);
  const name = t(`${def.name}.other`, { ns: 'entities' });
  const [phase, setPhase] = useState<Phase>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<Columns | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [check, setCheck] = useState<DryRun | null>(null);
  const [run, setRun] = useState<ImportRun | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const close = () => { ui.importing = null; };

  // Each step starts with the focus on its first control, as a dialog opens (ui/modal.tsx).
  // A run's end is a step too (Stop gives way to the result's buttons); with nothing to press, Close takes the focus.
  const stage = `${phase}:${run?.state ?? ''}`;
  useEffect(() => {
    const dialog = body.current?.closest('.dialog');
    (dialog?.querySelector<HTMLElement>('[data-step-focus]') ?? dialog?.querySelector<HTMLElement>('[data-close]'))?.focus();
  }, [stage]);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try { await work(); } catch (err) { setError(errorText(err)); } finally { setBusy(false); }
  };

  const choose = (chosen: File) => void attempt(async () => {
    const cols = await imports.columns(def, chosen, rememberedMapping(def));
    setFile(chosen);
    setColumns(cols);
    setMapping(Object.fromEntries(cols.columns.map((c) => [c.header, c.field ?? ''])));
    setPhase('map');
  });

  const dryRun = () => void attempt(async () => {
    rememberMapping(def, mapping);
    setCheck(await imports.dryRun(def, file!, mapping));
    setPhase('check');
  });

  const start = () => void attempt(async () => {
    const id = await imports.start(def, file!, mapping);
    setRun(await imports.read(id));
    setPhase('run');
  });

  return (
    <Modal title={t('import.title', { name })} onClose={close} className="dialog-import">
      <div className="body import" ref={body}>
        {error && <p className="alert alert-error" role="alert">{error}</p>}
        {phase === 'choose' && <ChooseFile busy={busy} onFile={choose} />}
        {phase === 'map' && columns && (
          <MapColumns def={def} file={file!} columns={columns} mapping={mapping} onChange={setMapping} />
        )}
        {phase === 'check' && check && <CheckedRows def={def} check={check} />}
        {phase === 'run' && run && <Progress def={def} run={run} onRun={setRun} onError={setError} />}
      </div>
      <footer>
        {phase === 'map' && <>
          <button type="button" className="btn" onClick={() => setPhase('choose')}>{t('import.otherFile')}</button>
          <button type="button" className="btn btn-primary" disabled={busy || !Object.values(mapping).some(Boolean) || doubledFields(mapping).length > 0} onClick={dryRun}>
            {busy ? t('import.checking') : t('import.checkRows')}
          </button>
        </>}
        {phase === 'check' && check && <>
          <button type="button" className="btn" onClick={() => setPhase('map')}>{t('import.backToMapping')}</button>
          <button type="button" className="btn btn-primary" data-step-focus disabled={busy || check.add + check.update === 0} onClick={start}>
            {t('import.start', { count: check.add + check.update })}
          </button>
        </>}
        <button type="button" className="btn" data-close onClick={close}>{phase === 'run' && run && isRunning(run) ? t('import.hide') : t('import.close')}</button>
      </footer>
    </Modal>
  );
}

/** The limits first, then the file: a file input (Enter or Space opens the browser's chooser) or a file dropped on it. */
function ChooseFile({ busy, onFile }: { busy: boolean; onFile: (file: File) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const id = useId();
  const [limits, setLimits] = useState<{ mb: number; rows: number } | null>(null);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    let live = true;
    void publicConfig().then((c) => { if (live) setLimits({ mb: c.importMaxMb ?? 20, rows: c.importMaxRows ?? 50_000 }); });
    return () => { live = false; };
  }, []);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <div className={`import-drop${over ? ' import-drop-over' : ''}`} onDragOver={(e) => { e.preventDefault(); setOver(true); }} onDragLeave={() => setOver(false)} onDrop={drop}>
      <p>{t('import.intro')}</p>
      {limits && <p className="muted" id={`${id}-limits`}>{t('import.limits', { mb: f.number(limits.mb), rows: f.number(limits.rows) })}</p>}
      {/* A button opens the browser's chooser: a file input's own keyboard activation differs between browsers. */}
      <p><button type="button" className="btn btn-primary" data-step-focus disabled={busy} aria-describedby={`${id}-limits`} onClick={() => input.current?.click()}>
        {t('import.chooseFile')}
      </button></p>
      <input ref={input} type="file" hidden tabIndex={-1} aria-hidden
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(e) => { const chosen = e.target.files?.[0]; e.target.value = ''; if (chosen) onFile(chosen); }} />
      <p className="muted">{busy ? t('import.reading') : t('import.dropHint')}</p>
    </div>
  );
}

/** Each column of the file and the field it fills, changeable; a field two columns fill is named, and stops the check. */
function MapColumns({ def, file, columns, mapping, onChange }: {
  def: EntityDef; file: File; columns: Columns; mapping: Mapping; onChange: (m: Mapping) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const label = (k: string) => t(`${def.name}.fields.${k}`, { ns: 'entities' });
  const offered = importable(def);
  const doubled = doubledFields(mapping);
  return (
    <>
      <p>{t('import.mapIntro', { file: file.name, count: columns.rows, rows: f.number(columns.rows) })}</p>
      <table className="import-mapping">
        <thead><tr><th scope="col">{t('import.column')}</th><th scope="col">{t('import.field')}</th></tr></thead>
        <tbody>
          {columns.columns.map((c, i) => {
            const value = mapping[c.header] ?? '';
            // A column the server matched to a field the form does not fill stays shown, so its rows are refused as the form refuses it.
            const options = value && !offered.includes(value) ? [...offered, value] : offered;
            return (
              <tr key={`${i}-${c.header}`}>
                <th scope="row"><label htmlFor={`import-col-${i}`}>{c.header || t('import.unnamed', { n: i + 1 })}</label></th>
                <td>
                  <select id={`import-col-${i}`} value={value} data-step-focus={i === 0 ? true : undefined}
                    aria-invalid={doubled.includes(value) || undefined}
                    onChange={(e) => onChange({ ...mapping, [c.header]: e.target.value })}>
                    <option value="">{t('import.leaveOut')}</option>
                    {options.map((k) => <option key={k} value={k}>{label(k)}</option>)}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {doubled.length > 0 && <p className="alert alert-error" role="alert">{t('import.doubled', { fields: doubled.map(label).join(', ') })}</p>}
    </>
  );
}

/** The dry run's answer: what the import would do, and each refused row with its cells and why, in the reader's language. */
function CheckedRows({ def, check }: { def: EntityDef; check: DryRun }) {
  const { t } = useTranslation();
  const f = useFormat();
  const refused = new Set(check.errors.map((e) => e.row)).size;
  const byRow = new Map<number, ImportIssue[]>();
  for (const e of check.errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e]);
  return (
    <>
      <ul className="import-counts" aria-label={t('import.checkedTitle')}>
        <li>{t('import.toAdd', { count: check.add, n: f.number(check.add) })}</li>
        <li>{t('import.toUpdate', { count: check.update, n: f.number(check.update) })}</li>
        <li>{t('import.toSkip', { count: check.skip, n: f.number(check.skip) })}</li>
        <li className={refused ? 'import-refused' : ''}>{t('import.refused', { count: refused, n: f.number(refused) })}</li>
      </ul>
      <p className="muted">{t('import.nothingWritten')}</p>
      {check.rows.length > 0 && (
        <div className="import-table-wrap" tabIndex={0} role="region" aria-label={t('import.refusedRows')}>
          <table className="import-errors">
            <caption>{t('import.refusedRows')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('import.row')}</th>
                <th scope="col">{t('import.why')}</th>
                {check.header.map((h, i) => <th scope="col" key={`${i}-${h}`}>{h}</th>)}
              </tr>
            </thead>
            <tbody>
              {check.rows.map((r) => (
                <tr key={r.row}>
                  <th scope="row">{f.number(r.row)}</th>
                  <td className="import-why">{(byRow.get(r.row) ?? []).map((e, i) => <p key={i}>{issueText(def, e, t)}</p>)}</td>
                  {check.header.map((_, i) => <td key={i}>{r.cells[i] ?? ''}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export const issueText = (def: EntityDef, e: ImportIssue, t: (k: string, o?: Record<string, unknown>) => string) =>
  e.field ? `${t(`${def.name}.fields.${e.field}`, { ns: 'entities' })}: ${translateMessage(e.message)}` : translateMessage(e.message);

/** The import as it runs (a bar, the rows done of all, Stop), then its result: counts, the failed rows' file, Undo. */
function Progress({ def, run, onRun, onError }: { def: EntityDef; run: ImportRun; onRun: (r: ImportRun) => void; onError: (m: string | null) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const running = isRunning(run);

  // Read again until it has finished; then everything the import may have changed is read again where it shows.
  useEffect(() => {
    if (!running) {
      void queryClient.invalidateQueries({ queryKey: keys.entity(def.name).all });
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      void imports.read(run.id).then((r) => { if (live) onRun(r); }, (err: unknown) => { if (live) onError(errorText(err)); });
    }, PROGRESS_EVERY_MS);
    return () => { live = false; clearTimeout(timer); };
  }, [run, running, def.name, onRun, onError]);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    onError(null);
    try { await work(); } catch (err) { onError(errorText(err)); } finally { setBusy(false); }
  };
  const stop = () => void act(async () => onRun(await imports.stop(run.id)));
  const download = () => void act(async () => saveBlob(await imports.result(run.id), `${def.name}-import-${run.id}-errors.csv`));
  const undo = () => void act(async () => { onRun(await imports.undo(run.id)); setConfirming(false); });
  const share = run.total ? Math.round((run.done / run.total) * 100) : 100;

  return (
    <div className="import-run">
      <p role="status" aria-live="polite">{t(`import.state.${run.state}`)}</p>
      <div className="import-bar" role="progressbar" aria-label={t('import.progress')} aria-valuemin={0} aria-valuemax={run.total} aria-valuenow={run.done}
        aria-valuetext={t('import.doneOf', { done: f.number(run.done), total: f.number(run.total) })}>
        <span style={{ width: `${share}%` }} />
      </div>
      <p className="import-count">{t('import.doneOf', { done: f.number(run.done), total: f.number(run.total) })}</p>
      <ul className="import-counts">
        <li>{t('import.added', { count: run.added, n: f.number(run.added) })}</li>
        <li>{t('import.updated', { count: run.updated, n: f.number(run.updated) })}</li>
        <li>{t('import.skipped', { count: run.skipped, n: f.number(run.skipped) })}</li>
        <li className={run.failed ? 'import-refused' : ''}>{t('import.failed', { count: run.failed, n: f.number(run.failed) })}</li>
      </ul>
      {running && (
        <p><button type="button" className="btn btn-danger" data-step-focus disabled={busy || run.state === 'stopping'} onClick={stop}>{t('import.stop')}</button></p>
      )}
      {!running && (
        <p className="import-after">
          {run.failed > 0 && <button type="button" className="btn" data-step-focus onClick={download} disabled={busy}>{t('import.downloadErrors')}</button>}
          {run.added > 0 && run.state !== 'undone' && !confirming && (
            <button type="button" className="btn" data-step-focus={run.failed > 0 ? undefined : true} onClick={() => setConfirming(true)} disabled={busy}>{t('import.undo')}</button>
          )}
        </p>
      )}
      {confirming && (
        <div className="alert" role="group" aria-label={t('import.undoTitle')}>
          <p>{t('import.undoBody', { count: run.added, n: f.number(run.added) })}</p>
          <p className="import-after">
            <button type="button" className="btn" autoFocus onClick={() => setConfirming(false)}>{t('import.keep')}</button>
            <button type="button" className="btn btn-danger" onClick={undo} disabled={busy}>{t('import.undoConfirm')}</button>
          </p>
        </div>
      )}
    </div>
  );
}
