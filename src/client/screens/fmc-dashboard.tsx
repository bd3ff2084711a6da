import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { useTranslation } from 'react-i18next';
import { isCentreScoped } from '../../registry';
import { RefSelect } from '../entity/ref-select';
import { currentRole } from '../state/session';
import { fmcDashboard } from '../api/fmc-dashboard';
import { useRead } from '../api/use-read';
import { DayChart } from './day-chart';
import { Loading, LoadError, TIME_ZONE, useFormat } from './screen-parts';

/**
 * fmc/dashboard: today's appointments by status, open slots, patients seen and open tickets, with the last 30
 * days as a chart, for the user's centres (api/fmc-dashboard.ts). The chosen centre lives in the address
 * (?fmc=), so a reload or a shared link shows the same centre.
 */
export default function FmcDashboard({ id }: { id: string }) {
  const { t } = useTranslation('screens');
  const { t: tUi } = useTranslation();
  const f = useFormat();
  const search = useSearch();
  const asked = Number(new URLSearchParams(search).get('fmc')) || undefined;
  const answer = useRead(fmcDashboard({ fmc: asked, tz: TIME_ZONE }));
  const d = answer.data;
  const scoped = isCentreScoped(currentRole());
  const choose = (fmc: number | undefined) => navigate(`${window.location.pathname}${fmc ? `?fmc=${fmc}` : ''}`, { replace: true });

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
            <div className="figure" role="listitem">
              <span>{t('dashboard.appointmentsToday')}</span>
              <strong>{f.number(d.appointmentsToday.total)}</strong>
              <ul className="figure-parts">
                {Object.entries(d.appointmentsToday.byStatus).filter(([, n]) => n > 0).map(([status, n]) => (
                  <li key={status}>{tUi(status, { ns: 'enums' })}: {f.number(n)}</li>
                ))}
              </ul>
            </div>
            <div className="figure" role="listitem">
              <span>{t('dashboard.openSlots')}</span>
              <strong>{f.number(d.openSlotsToday.slots)}</strong>
              <span className="muted">{t('dashboard.placesFree', { places: f.number(d.openSlotsToday.places) })}</span>
            </div>
            <div className="figure" role="listitem">
              <span>{t('dashboard.patientsSeen')}</span>
              <strong>{f.number(d.patientsSeen.today)}</strong>
              <span className="muted">{t('dashboard.patientsSeen30', { n: f.number(d.patientsSeen.last30Days) })}</span>
            </div>
            <div className="figure" role="listitem">
              <span>{t('dashboard.openTickets')}</span>
              <strong>{d.openTickets.capped ? t('dashboard.moreThan', { n: f.number(d.openTickets.total) }) : f.number(d.openTickets.total)}</strong>
              <span className="muted">{t('dashboard.ticketsBreakdown', { open: f.number(d.openTickets.open), inProgress: f.number(d.openTickets.inProgress) })}</span>
            </div>
          </div>
          <DayChart points={d.series} />
        </>
      )}
    </section>
  );
}
