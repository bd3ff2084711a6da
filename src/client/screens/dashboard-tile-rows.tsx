import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { can, entityPath, getEntity, viewActionFor } from '../../registry';
import { fmcDashboardRows } from '../api/fmc-dashboard';
import { useRead } from '../api/use-read';
import { currentRole } from '../state/session';
import { FieldValue } from '../text/field-value';
import { Empty, Loading, LoadError, TIME_ZONE } from '../list-parts/screen-parts';

/**
 * The rows a figure of the fmc dashboard counts, under its tiles (api/fmc-dashboard.ts): each record in the
 * tile's columns (the registry's DASHBOARD_TILES, less what the role may not read), its first column a link to the
 * record's page where the role may open it. It takes the focus when it opens, so it is read out and the keyboard is
 * there; Esc or Close closes it and gives the focus back to its tile (`onClose`).
 */
export function DashboardTileRows({ tile, title, fmc, onClose }: { tile: string; title: string; fmc?: number; onClose: () => void }) {
  const { t } = useTranslation('screens');
  const { t: tUi } = useTranslation();
  const role = currentRole();
  const answer = useRead(fmcDashboardRows({ tile, fmc, tz: TIME_ZONE }));
  const d = answer.current ? answer.data : undefined;
  const panel = useRef<HTMLElement>(null);
  useEffect(() => { panel.current?.focus(); }, [tile]);
  const def = d ? getEntity(d.entity) : null;
  const action = def && viewActionFor(def, (a) => can(role, def.name, a));
  return (
    <section className="tile-rows" id="tile-rows" ref={panel} tabIndex={-1} aria-labelledby="tile-rows-title"
      onKeyDown={(e) => { if (e.key === 'Escape' && !e.defaultPrevented) { e.preventDefault(); onClose(); } }}>
      <div className="tile-rows-head">
        <h2 id="tile-rows-title">{title}</h2>
        {d && <span className="muted">{d.truncated ? t('dashboard.rowsFirst', { count: d.rows.length }) : t('dashboard.rows', { count: d.rows.length })}</span>}
        <button type="button" className="btn btn-small" onClick={onClose}>{tUi('app.close')} <kbd>Esc</kbd></button>
      </div>
      {answer.loading && <Loading />}
      {answer.error && <LoadError error={answer.error} onRetry={answer.retry} />}
      {d && def && d.rows.length === 0 && <Empty>{t('dashboard.noRows')}</Empty>}
      {d && def && d.rows.length > 0 && (
        // A wide table scrolls in its own box: the page never scrolls sideways.
        <div className="tile-rows-scroll">
          <table className="sheet-table">
            <thead>
              <tr>{d.columns.map((f) => <th key={f} scope="col">{tUi(`${def.name}.fields.${f}`, { ns: 'entities' })}</th>)}</tr>
            </thead>
            <tbody>
              {d.rows.map((row) => (
                <tr key={String(row.id)}>
                  {d.columns.map((f, i) => {
                    const value = <FieldValue def={def} field={f} row={row} />;
                    return <td key={f}>{i === 0 && action ? <Link href={entityPath(def, action, Number(row.id))}>{value}</Link> : value}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
