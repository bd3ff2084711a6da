import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_TILES, isCentreScoped, type DashboardTileId } from '../../registry';
import { RefSelect } from '../form/ref-select';
import { currentRole } from '../state/session';
import { fmcDashboard } from '../api/fmc-dashboard';
import { useRead } from '../api/use-read';
import { DayChart } from './day-chart';
import { DashboardTileRows } from './dashboard-tile-rows';
import { Loading, LoadError, TIME_ZONE, useAddressParams, useFormat } from '../list-parts/screen-parts';

/**
 * fmc/dashboard: today's appointments by status, open slots, patients seen and open tickets, with the last 30
 * days as a chart, for the user's centres (api/fmc-dashboard.ts). The chosen centre lives in the address
 * (?fmc=), so a reload or a shared link shows the same centre. Each figure is a button that opens the rows it counts
 * under the tiles (?tile=, dashboard-tile-rows.tsx), for whoever may see the dashboard.
 */
export default function FmcDashboard({ id }: { id: string }) {
  const { t } = useTranslation('screens');
  const { t: tUi } = useTranslation();
  const f = useFormat();
  const [params, setParams] = useAddressParams();
  const asked = Number(params.get('fmc')) || undefined;
  const tile = DASHBOARD_TILES.find((x) => x.id === params.get('tile'))?.id;
  const tileButtons = useRef(new Map<string, HTMLButtonElement>());
  const answer = useRead(fmcDashboard({ fmc: asked, tz: TIME_ZONE }));
  const d = answer.data;
  const scoped = isCentreScoped(currentRole());
  const choose = (fmc: number | undefined) => setParams({ fmc }, { replace: true });
  const openTile = (id: DashboardTileId | undefined) => setParams({ tile: id }, { replace: true });
  const closeTile = () => {
    const button = tile && tileButtons.current.get(tile);
    openTile(undefined);
    button?.focus();
  };
  const figure = (id: DashboardTileId, children: ReactNode) => (
    <div role="listitem">
      <button type="button" className="figure figure-button" aria-expanded={tile === id} aria-controls={tile === id ? 'tile-rows' : undefined}
        ref={(el) => { if (el) tileButtons.current.set(id, el); else tileButtons.current.delete(id); }}
        onClick={() => (tile === id ? closeTile() : openTile(id))}>
        {children}
      </button>
    </div>
  );

  return (
    <section aria-labelledby="screen-title" className="screen">
      <div className="page-head">
        <h1 id="screen-title">{tUi(`screen.${id}.title`)}</h1>
        {d && <span className="muted">{t('dashboard.today', { date: f.day(d.today) })}</span>}
      </div>
      <div className="toolbar">
        {scoped && d && d.centres.length > 1 && (
          <label>
            {t('dashboard.centre')}{' '}
            <select className="input" value={asked ?? ''} onChange={(e) => choose(Number(e.target.value) || undefined)}>
              <option value="">{t('dashboard.allMyCentres')}</option>
              {d.centres.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </select>
          </label>
        )}
        {!scoped && (
          <div className="screen-picker">
            <label htmlFor="dashboard-centre">{t('dashboard.centre')}</label>
            <RefSelect inputId="dashboard-centre" target="fmc" many={false} value={asked ?? null} label={t('dashboard.centre')}
              initialLabels={d?.centres.find((c) => c.id === asked)?.name ?? null}
              onChange={(v) => choose(v === null || v === undefined ? undefined : Number(v))} />
            {asked && <button type="button" className="btn" onClick={() => choose(undefined)}>{t('dashboard.allCentres')}</button>}
          </div>
        )}
      </div>
      {answer.loading && <Loading />}
      {answer.error && <LoadError error={answer.error} onRetry={answer.retry} />}
      {d && scoped && d.centres.length === 0 && <p className="alert">{t('dashboard.noCentres')}</p>}
      {d && (
        <>
          <div className="cards" role="list">
            {figure('appointmentsToday', <>
              <span>{t('dashboard.appointmentsToday')}</span>
              <strong>{f.number(d.appointmentsToday.total)}</strong>
              <span className="figure-parts">
                {Object.entries(d.appointmentsToday.byStatus).filter(([, n]) => n > 0).map(([status, n]) => (
                  <span key={status}>{tUi(status, { ns: 'enums' })}: {f.number(n)}</span>
                ))}
              </span>
            </>)}
            {figure('openSlots', <>
              <span>{t('dashboard.openSlots')}</span>
              <strong>{f.number(d.openSlotsToday.slots)}</strong>
              <span className="muted">{t('dashboard.placesFree', { places: f.number(d.openSlotsToday.places) })}</span>
            </>)}
            {figure('patientsSeen', <>
              <span>{t('dashboard.patientsSeen')}</span>
              <strong>{f.number(d.patientsSeen.today)}</strong>
              <span className="muted">{t('dashboard.patientsSeen30', { n: f.number(d.patientsSeen.last30Days) })}</span>
            </>)}
            {figure('openTickets', <>
              <span>{t('dashboard.openTickets')}</span>
              <strong>{d.openTickets.capped ? t('dashboard.moreThan', { n: f.number(d.openTickets.total) }) : f.number(d.openTickets.total)}</strong>
              <span className="muted">{t('dashboard.ticketsBreakdown', { open: f.number(d.openTickets.open), inProgress: f.number(d.openTickets.inProgress) })}</span>
            </>)}
          </div>
          {tile && <DashboardTileRows tile={tile} fmc={asked} title={t(`dashboard.${tile}`)} onClose={closeTile} />}
          <DayChart points={d.series} />
        </>
      )}
    </section>
  );
}
