import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { can, entityPath, getEntity, viewActionFor } from '../../registry';
import { entities, type Row } from '../api/entities';
import { usePages } from '../api/use-pages';
import { RefSelect } from '../form/ref-select';
import { currentRole } from '../state/session';
import { useNarrowScreen } from '../use-narrow-screen';
import { AppointmentDayList } from './appointment-day-list';
import { addDays, blockMove, daysFrom, localDayHour, localDaysRange, parseDay, today, weekStart, weekStep } from '../text/calendar-parts';
import { CalendarHead } from './calendar-head';
import { LoadError, useAddressParams, useFormat } from '../list-parts/screen-parts';

const def = getEntity('appointments');
/** A week of every centre is a few hundred at most on the demo data; past this, a doctor or a centre narrows it. */
const MAX_APPOINTMENTS = 1000;
/** Hours always shown, so that a quiet day still reads as a working day. */
const FIRST_HOUR = 8;
const LAST_HOUR = 18;

type Appointment = Row & { number: string; scheduledAt: string; status: string; _labels?: Record<string, string> };
type Block = { a: Appointment; minutes: number; hour: number; time: string };

/**
 * appointments/calendar (issue 19 §3): the appointments of a day or a week, by doctor or centre, read through the
 * appointments list with a range of `scheduledAt` (where the browser is). Days are columns, hours rows, each
 * appointment a block: arrows move between blocks (up and down within the day, left and right to the nearest day),
 * PageUp/PageDown or [ and ] move a day or a week, Enter opens the record. The view, day, doctor and centre live in
 * the address. On a phone the same appointments are a day list of cards instead (appointment-day-list.tsx).
 */
export default function AppointmentCalendar({ id }: { id: string }) {
  const { t } = useTranslation('screens');
  const { t: tUi } = useTranslation();
  const f = useFormat();
  const role = currentRole();
  const narrow = useNarrowScreen();
  const [params, setParams] = useAddressParams();
  const view = params.get('view') === 'day' ? 'day' : 'week';
  const asked = parseDay(params.get('date')) ?? today();
  const first = view === 'day' ? asked : weekStart(asked);
  const days = useMemo(() => daysFrom(first, view === 'day' ? 1 : 7), [first, view]);
  const doctor = Number(params.get('doctor')) || null;
  const fmc = Number(params.get('fmc')) || null;

  const filters: Record<string, string> = { scheduledAt: localDaysRange(days[0], days[days.length - 1]) };
  if (doctor) filters.doctor = String(doctor);
  if (fmc) filters.fmc = String(fmc);
  const pages = usePages(entities.list(def, { sort: { field: 'scheduledAt', dir: 'asc' }, filters }));
  const { hasMore, loading, loadMore } = pages;
  useEffect(() => { if (hasMore && !loading && pages.rows.length < MAX_APPOINTMENTS) loadMore(); }, [hasMore, loading, loadMore, pages.rows.length]);
  const ready = pages.done && !hasMore;

  // As the language writes its times (9:30 am, 09:30), the hours of the rows too.
  const timeFormat = useMemo(() => new Intl.DateTimeFormat(f.locale, { hour: 'numeric', minute: '2-digit' }), [f.locale]);
  const hourLabel = (h: number) => timeFormat.format(new Date(2000, 0, 1, h));
  // Each day's blocks in time order: what the arrows walk.
  const byDay = useMemo(() => days.map((d) => (pages.rows as Appointment[]).flatMap((a): Block[] => {
    const at = localDayHour(a.scheduledAt);
    return at.day === d ? [{ a, minutes: at.minutes, hour: at.hour, time: timeFormat.format(new Date(a.scheduledAt)) }] : [];
  })), [days, pages.rows, timeFormat]);
  const hours = useMemo(() => {
    const seen = byDay.flat().map((b) => b.hour);
    const from = Math.min(FIRST_HOUR, ...seen);
    const to = Math.max(LAST_HOUR, ...seen);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  }, [byDay]);

  const [at, setAt] = useState({ day: 0, i: 0 });
  const firstWithAny = Math.max(0, byDay.findIndex((b) => b.length > 0));
  const spot = byDay[at.day]?.[at.i] ? at : byDay[at.day]?.length ? { day: at.day, i: byDay[at.day].length - 1 } : { day: firstWithAny, i: 0 };
  const gridRef = useRef<HTMLDivElement>(null);
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current || !ready) return;
    focusPending.current = false;
    gridRef.current?.querySelector<HTMLElement>('[data-current="true"]')?.focus();
  });

  const openAs = viewActionFor(def, (a) => can(role, def.name, a));
  const step = (n: number) => setParams({ date: addDays(first, n * days.length) });
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const s = weekStep(e.key);
    if (s) {
      e.preventDefault(); e.stopPropagation();
      focusPending.current = true;
      gridRef.current?.focus();
      setAt({ day: 0, i: 0 });
      step(s);
      return;
    }
    const to = blockMove(e.key, byDay, spot);
    if (to) {
      e.preventDefault(); e.stopPropagation();
      setAt(to);
      document.getElementById(`appt-${byDay[to.day][to.i].a.id}`)?.focus();
    }
  };

  const pick = (field: 'doctor' | 'fmc') => (v: unknown) => setParams({ [field]: v === null || v === undefined ? undefined : Number(v) });
  const total = byDay.reduce((n, b) => n + b.length, 0);
  const caption = (
    <>
      {view === 'day' ? f.day(days[0]) : t('calendar.weekOf', { day: f.day(days[0]) })}
      {ready && <span className="muted"> · {t('apptCalendar.count', { n: f.number(total) })}</span>}
    </>
  );
  return (
    <section aria-labelledby="screen-title" className="screen calendar-screen">
      <div className="page-head"><h1 id="screen-title">{tUi(`screen.${id}.title`)}</h1></div>
      <div className="toolbar calendar-toolbar">
        <div className="screen-picker">
          <label htmlFor="calendar-doctor">{t('apptCalendar.doctor')}</label>
          <RefSelect inputId="calendar-doctor" target="doctor" many={false} value={doctor} label={t('apptCalendar.doctor')} onChange={pick('doctor')} />
        </div>
        <div className="screen-picker">
          <label htmlFor="calendar-centre">{t('calendar.centre')}</label>
          <RefSelect inputId="calendar-centre" target="fmc" many={false} value={fmc} label={t('calendar.centre')} onChange={pick('fmc')} />
        </div>
        <div className="calendar-weeks" role="group" aria-label={t('apptCalendar.view')}>
          <button type="button" className="btn" aria-pressed={view === 'day'} onClick={() => setParams({ view: 'day', date: view === 'day' ? asked : days.includes(today()) ? today() : first })}>{t('apptCalendar.day')}</button>
          <button type="button" className="btn" aria-pressed={view === 'week'} onClick={() => setParams({ view: undefined })}>{t('calendar.week')}</button>
        </div>
        <div className="calendar-weeks" role="group" aria-label={t('apptCalendar.move')}>
          <button type="button" className="btn" onClick={() => step(-1)}>‹ {view === 'day' ? t('apptCalendar.previousDay') : t('calendar.previousWeek')}</button>
          <button type="button" className="btn" onClick={() => setParams({ date: undefined })}>{view === 'day' ? t('apptCalendar.today') : t('calendar.thisWeek')}</button>
          <button type="button" className="btn" onClick={() => step(1)}>{view === 'day' ? t('apptCalendar.nextDay') : t('calendar.nextWeek')} ›</button>
        </div>
      </div>
      <p className="muted key-hint">{t('apptCalendar.hint')}</p>
      {pages.error && <LoadError error={pages.error} onRetry={pages.retry} />}
      {hasMore && pages.rows.length >= MAX_APPOINTMENTS && <p className="alert">{t('apptCalendar.truncated', { n: f.number(pages.rows.length) })}</p>}
      {narrow ? (
        <AppointmentDayList days={days} today={today()} byDay={byDay} showDoctor={!doctor} ready={ready} caption={caption} onPeriod={step}
          hrefOf={openAs ? (id) => entityPath(def, openAs, id) : null} />
      ) : (
        <div className="calendar-scroll" ref={gridRef} tabIndex={-1} onKeyDown={onKeyDown} role="group" aria-labelledby="calendar-caption">
          <table className={`calendar appt-calendar appt-${view}`}>
            <caption id="calendar-caption">{caption}</caption>
            <CalendarHead days={days} />
            <tbody>
              {!ready && !pages.error && <tr><td colSpan={days.length + 1} className="calendar-empty" role="status">{t('calendar.loading')}</td></tr>}
              {ready && total === 0 && <tr><td colSpan={days.length + 1} className="calendar-empty">{t('apptCalendar.empty')}</td></tr>}
              {ready && total > 0 && hours.map((h) => (
                <tr key={h}>
                  <th scope="row">{hourLabel(h)}</th>
                  {byDay.map((blocks, di) => (
                    <td key={days[di]}>
                      {blocks.map((b, i) => ({ b, i })).filter(({ b }) => b.hour === h).map(({ b, i }) => {
                        const current = di === spot.day && i === spot.i;
                        const label = t('apptCalendar.blockLabel', {
                          time: b.time, number: b.a.number, patient: b.a._labels?.patient ?? '', doctor: b.a._labels?.doctor ?? '', status: tUi(b.a.status, { ns: 'enums' }),
                        });
                        const body = (
                          <>
                            <span className="appt-time">{b.time}</span>
                            <span className="appt-who">{b.a._labels?.patient}</span>
                            <span className="appt-number">{b.a.number}</span>
                            {!doctor && b.a._labels?.doctor && <span className="appt-doctor">{b.a._labels.doctor}</span>}
                            {/* Said for every block, shown for the ones that are not simply confirmed. */}
                            <span className={b.a.status === 'confirmed' ? 'sr-only' : 'appt-status'}>{tUi(b.a.status, { ns: 'enums' })}</span>
                          </>
                        );
                        const props = {
                          id: `appt-${b.a.id}`, className: `appt-block status-${b.a.status}`, tabIndex: current ? 0 : -1, 'data-current': current,
                          // The name is the block's text (WCAG 2.5.3: what is seen is what is said); the title has it all in one line.
                          title: label, onFocus: () => setAt({ day: di, i }),
                        };
                        return openAs
                          ? <Link key={b.a.id} href={entityPath(def, openAs, b.a.id)} {...props}>{body}</Link>
                          : <span key={b.a.id} {...props}>{body}</span>;
                      })}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
