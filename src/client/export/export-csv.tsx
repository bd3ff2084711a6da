import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDef, ListQuery } from '../../registry';
import { contribute } from '../state/screen';
import { focusMainControl } from '../ui/main-control';
import { exportFailureText, fetchExport, MAX_SELECTED_EXPORT, saveBlob, type Progress } from './export-download';
import { ExportChoice, type ExportValues } from './export-choice';
import { formatsFor } from '../i18n/format';
import { shownText } from '../i18n/shown-text';
import './export-csv.css';

type Kind = 'all' | 'selected';

/**
 * The list toolbar's "Export CSV" (every row the list's search, sort and filters match, in the columns shown) and,
 * while rows are selected, "Export selected". The file streams from the server (GET …/export): a progress bar counts
 * the rows as they arrive against the total, Cancel (or Esc) stops it and the server with it, a failure says why
 * with Retry, and the finished file is saved by the browser. The palette's "Export this list as CSV" runs here.
 * Each starts by asking how the values are written (export-choice.tsx): as the screen shows them, rewritten here as
 * the file streams in (csv-shown.ts), or raw, as the server wrote them.
 * The headers are the columns' titles in the user's language: the translations live here, not on the server.
 */
export function ExportCsv({ def, query, columns, selected }: {
  def: EntityDef; query: Pick<ListQuery, 'q' | 'sort' | 'filters'>; columns: readonly string[]; selected: ReadonlySet<number>;
}) {
  const { t, i18n } = useTranslation();
  const [running, setRunning] = useState<{ kind: Kind; progress: Progress | null } | null>(null);
  const [failed, setFailed] = useState<{ kind: Kind; message: string; retry: boolean } | null>(null);
  const [saved, setSaved] = useState<{ rows: number; file: string } | null>(null);
  const [asking, setAsking] = useState<{ kind: Kind; origin: Element | null } | null>(null);
  const lastValues = useRef<ExportValues>('shown');
  const abort = useRef<AbortController | null>(null);
  const buttons = useRef<Record<Kind, HTMLButtonElement | null>>({ all: null, selected: null });
  const cancelRef = useRef<HTMLButtonElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const formats = formatsFor(i18n.language);
  const n = formats.number;

  // Leaving the list ends an export in progress (and the server's reading with it).
  useEffect(() => () => abort.current?.abort(), []);

  // Asks how to write the values, remembering where the user was: the keyboard goes back there when it is over.
  const ask = (kind: Kind) => {
    if (abort.current) return;
    if (kind === 'selected' && !selected.size) return;
    setAsking({ kind, origin: document.activeElement });
  };
  const start = async (kind: Kind, values: ExportValues, from: Element | null) => {
    if (abort.current) return;
    origin.current = from;
    lastValues.current = values;
    setSaved(null);
    setFailed(null);
    const ids = kind === 'selected' ? [...selected] : undefined;
    if (ids && !ids.length) return;
    if (ids && ids.length > MAX_SELECTED_EXPORT) {
      setFailed({ kind, message: t('exportCsv.tooMany', { max: n(MAX_SELECTED_EXPORT) }), retry: false });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setRunning({ kind, progress: null });
    const headers = columns.map((c) => t(`${def.name}.fields.${c}`, { ns: 'entities' }));
    try {
      // The selected rows as they are now, in the list's order, even one whose status has since left the view.
      const asked = ids ? { sort: query.sort, filters: {} } : query;
      const rewrite = values === 'shown' ? (column: number, raw: string) => shownText(def, columns[column], raw, t, formats) : undefined;
      const file = await fetchExport(def, { query: asked, columns, headers, ids }, {
        signal: controller.signal,
        rewrite,
        onProgress: (progress) => { if (!controller.signal.aborted) setRunning({ kind, progress }); },
      });
      if (controller.signal.aborted) return;
      saveBlob(file.blob, file.fileName);
      setSaved({ rows: file.rows, file: file.fileName });
    } catch (err) {
      if (!controller.signal.aborted) setFailed({ kind, message: exportFailureText(err, t), retry: true });
    } finally {
      if (abort.current === controller) abort.current = null;
      setRunning(null);
    }
  };
  const cancel = () => {
    abort.current?.abort();
    abort.current = null;
    setRunning(null);
  };

  // The palette's "Export to CSV" (commands/export.ts); the selected rows only while some are.
  useEffect(() => contribute('export', { entity: def.name, run: (which) => { if (which === 'all' || selected.size) ask(which); } }));

  // The keyboard follows the export: onto Cancel while it runs, then back to where it started (its button, or the
  // list's grid when the palette ran it: the palette's box is gone by then), or to Retry.
  const wasRunning = useRef<Kind | null>(null);
  const origin = useRef<Element | null>(null);
  useEffect(() => {
    if (running && !wasRunning.current) cancelRef.current?.focus();
    if (!running && wasRunning.current) {
      if (failed?.retry) retryRef.current?.focus();
      else if (origin.current instanceof HTMLElement && origin.current.isConnected && !origin.current.closest('dialog, [role="dialog"]')) origin.current.focus();
      else if (!focusMainControl()) (buttons.current[wasRunning.current] ?? buttons.current.all)?.focus();
    }
    wasRunning.current = running?.kind ?? null;
  }, [running, failed]);
  // "Saved" is said once, then leaves the toolbar.
  useEffect(() => {
    if (!saved) return;
    const id = setTimeout(() => setSaved(null), 10_000);
    return () => clearTimeout(id);
  }, [saved]);

  const p = running?.progress;
  const total = p?.total ?? null;
  const text = !p ? t('exportCsv.starting')
    : total === null ? t('exportCsv.rows', { rows: n(p.rows) })
      : t(p.estimate ? 'exportCsv.progressAbout' : 'exportCsv.progress', { done: n(p.rows), total: n(total) });
  const max = Math.max(total ?? 0, p?.rows ?? 0, 1);

  return (
    <span className="export-csv">
      <button ref={(el) => { buttons.current.all = el; }} className="btn" disabled={Boolean(running)} onClick={() => ask('all')}>
        {t('exportCsv.button')}
      </button>
      {selected.size > 0 && (
        <button ref={(el) => { buttons.current.selected = el; }} className="btn" disabled={Boolean(running)} onClick={() => ask('selected')}>
          {t('exportCsv.selected', { n: n(selected.size) })}
        </button>
      )}
      {running && (
        <span className="export-progress" role="group" aria-label={t('exportCsv.label')}
          onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); cancel(); } }}>
          <span className="export-bar" role="progressbar" aria-label={t('exportCsv.label')} aria-valuemin={0} aria-valuemax={max}
            aria-valuenow={p ? p.rows : undefined} aria-valuetext={text}>
            <span style={{ width: p ? `${Math.min(100, (100 * p.rows) / max)}%` : undefined }} className={p ? undefined : 'export-bar-waiting'} />
          </span>
          <span className="export-count" aria-hidden>{text}</span>
          <button ref={cancelRef} className="btn" onClick={cancel}>{t('exportCsv.cancel')} <kbd>Esc</kbd></button>
        </span>
      )}
      {failed && (
        <span className="export-failed" role="alert">
          {failed.retry ? t('exportCsv.failed', { reason: failed.message }) : failed.message}
          {failed.retry && <button ref={retryRef} className="btn" onClick={() => void start(failed.kind, lastValues.current, origin.current)}>{t('exportCsv.retry')}</button>}
        </span>
      )}
      {asking && (
        <ExportChoice title={asking.kind === 'all' ? t('exportCsv.button') : t('exportCsv.selected', { n: n(selected.size) })}
          onClose={() => setAsking(null)}
          onExport={(values) => { setAsking(null); void start(asking.kind, values, asking.origin); }} />
      )}
      {saved && <span className="export-saved" role="status">{t('exportCsv.saved', { file: saved.file, rows: n(saved.rows) })}</span>}
    </span>
  );
}
