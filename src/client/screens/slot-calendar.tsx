import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { toast } from 'sonner';
import { can, entityPath, getEntity, isCentreScoped, viewActionFor } from '../../registry';
import { entities } from '../api/entities';
import { errorText } from '../api/error-text';
import { usePages } from '../api/use-pages';
import { useRead } from '../api/use-read';
import { writes } from '../api/writes';
import { RefSelect } from '../form/ref-select';
import { Modal } from '../ui/modal';
import { currentRole } from '../state/session';
import { useNarrowScreen } from '../use-narrow-screen';
import { addDays, daysFrom, gridMove, parseDay, slotRows, today, weekStart, weekStep, type Cell } from '../text/calendar-parts';
import { CalendarHead, useDayName } from './calendar-head';
import { LoadError, useAddressParams, useFormat } from '../list-parts/screen-parts';
import { SlotDayList } from './slot-day-list';
import { slotHours, slotState, useSlotStateText, type Slot } from './slot-state';
import { useCentreClock } from './use-centre-clock';

const slotsDef = getEntity('fmcslots');
const appointmentsDef = getEntity('appointments');
/** A week of one centre's slots is a few dozen; more than this is read no further (the grid would not help then). */
const MAX_SLOTS = 1000;

/**
 * fmc/slots/calendar (issue 19 §3): a week of one centre's slots, days as columns and start times as rows, each cell
 * saying booked/capacity. The keyboard drives it: arrows move between cells, PageUp/PageDown or [ and ] change the
 * week, Enter on a slot with room books it (a patient picked, then confirmed: POST fmcslots/:id/book through
 * writes.book, which refetches the slot and appointment lists). A past (begun where the centres are: use-centre-clock.ts),
 * closed or full slot says so and is not offered. The centre and the week live in the address; a centre-scoped user
 * starts on their first centre. On a phone the week is a day list of slot cards instead (slot-day-list.tsx).
 */
export default function SlotCalendar({ id }: { id: string }) {
  const { t } = useTranslation('screens');
  const { t: tUi } = useTranslation();
  const f = useFormat();
  const role = currentRole();
  const narrow = useNarrowScreen();
  const clock = useCentreClock();
  const stateText = useSlotStateText();
  const scoped = isCentreScoped(role);
  const [params, setParams] = useAddressParams();
  const week = weekStart(parseDay(params.get('week')) ?? today());
  const days = useMemo(() => daysFrom(week, 7), [week]);
  // A scoped user's centres: the centre list answers only theirs.
  const mine = useRead(scoped ? entities.options(getEntity('fmc'), { limit: 50 }) : null);
  const fmc = Number(params.get('fmc')) || (scoped ? mine.data?.[0]?.id : undefined) || null;

  const pages = usePages(fmc ? entities.list(slotsDef, { sort: { field: 'date', dir: 'asc' }, filters: { fmc: String(fmc), date: `${days[0]}..${days[6]}` } }) : null);
  const { hasMore, loading, loadMore } = pages;
  useEffect(() => { if (hasMore && !loading && pages.rows.length < MAX_SLOTS) loadMore(); }, [hasMore, loading, loadMore, pages.rows.length]);
  const rows = useMemo(() => slotRows(pages.rows as Slot[], days), [pages.rows, days]);
  const ready = pages.done && !hasMore;

  const [at, setAt] = useState<Cell>({ col: 0, row: 0 });
  const cell = { col: Math.min(at.col, 6), row: Math.min(at.row, Math.max(0, rows.length - 1)) };
  const [booking, setBooking] = useState<Slot | null>(null);
  const [notice, setNotice] = useState('');
  const gridRef = useRef<HTMLTableElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // Set by a key that moved the focus: the cell it landed on takes it once drawn (after a week's slots arrive too).
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current || (rows.length === 0 && !ready)) return;
    focusPending.current = false;
    (narrow ? listRef : gridRef).current?.querySelector<HTMLElement>('[data-current="true"]')?.focus();
  });

  const dayName = useDayName();
  const hhmm = (time: string) => String(time).slice(0, 5);
  const describe = (s: Slot) => t('slotCalendar.slotLabel', { day: dayName(s.date), from: hhmm(s.startTime), to: hhmm(s.endTime) });

  const toWeek = (step: number) => { setNotice(''); setParams({ week: addDays(week, 7 * step) }); };
  const open = (s: Slot | null) => {
    if (!s) return;
    // The clock read now, not at the last minute's turn: a slot that began a moment ago is not offered.
    const state = slotState(s, clock.isPastNow(s));
    if (state === 'past') setNotice(t('slotCalendar.pastNotice', { slot: describe(s) }));
    else if (state === 'closed') setNotice(t('slotCalendar.closedNotice', { slot: describe(s) }));
    else if (state === 'full') setNotice(t('slotCalendar.fullNotice', { slot: describe(s) }));
    else { setNotice(''); setBooking(s); }
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const step = weekStep(e.key);
    if (step) { e.preventDefault(); e.stopPropagation(); focusPending.current = true; toWeek(step); return; }
    const to = gridMove(e.key, cell, 7, Math.max(1, rows.length));
    if (to) { e.preventDefault(); e.stopPropagation(); focusPending.current = true; setAt(to); return; }
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); e.stopPropagation(); open(rows[cell.row]?.cells[cell.col] as Slot | null); }
  };

  const chooseCentre = (v: unknown) => setParams({ fmc: v === null || v === undefined || v === '' ? undefined : Number(v) });
  return (
    <section aria-labelledby="screen-title" className="screen calendar-screen">
      <div className="page-head"><h1 id="screen-title">{tUi(`screen.${id}.title`)}</h1></div>
      <div className="toolbar calendar-toolbar">
        {scoped ? (mine.data && mine.data.length > 1 && (
          <label>{t('calendar.centre')}{' '}
            <select className="input" value={fmc ?? ''} onChange={(e) => chooseCentre(e.target.value)}>
              {mine.data.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
            </select>
          </label>
        )) : (
          <div className="screen-picker">
            <label htmlFor="calendar-centre">{t('calendar.centre')}</label>
            <RefSelect inputId="calendar-centre" target="fmc" many={false} value={fmc} label={t('calendar.centre')} autoFocus={!fmc} onChange={chooseCentre} />
          </div>
        )}
        {scoped && mine.data?.length === 1 && <strong>{mine.data[0].title}</strong>}
        <div className="calendar-weeks" role="group" aria-label={t('calendar.week')}>
          <button type="button" className="btn" onClick={() => toWeek(-1)}>‹ {t('calendar.previousWeek')}</button>
          <button type="button" className="btn" onClick={() => setParams({ week: undefined })}>{t('calendar.thisWeek')}</button>
          <button type="button" className="btn" onClick={() => toWeek(1)}>{t('calendar.nextWeek')} ›</button>
        </div>
      </div>
      {mine.error && <LoadError error={mine.error} onRetry={mine.retry} />}
      {scoped && mine.data?.length === 0 && <p className="alert">{t('calendar.noCentres')}</p>}
      {!fmc && !scoped && <p className="muted">{t('slotCalendar.chooseCentre')}</p>}
      {fmc && (
        <>
          <p className="muted key-hint">{t('slotCalendar.hint')}</p>
          <p role="status" className={notice ? 'alert' : 'sr-only'}>{notice}</p>
          {pages.error && <LoadError error={pages.error} onRetry={pages.retry} />}
          {hasMore && pages.rows.length >= MAX_SLOTS && <p className="alert">{t('slotCalendar.truncated', { n: f.number(pages.rows.length) })}</p>}
          {narrow ? (
            <SlotDayList ref={listRef} days={days} today={clock.today} slots={pages.rows as Slot[]} isPast={clock.isPast} ready={ready}
              caption={t('calendar.weekOf', { day: f.day(days[0]) })} onOpen={open} onPeriod={toWeek} />
          ) : (
            <div className="calendar-scroll">
              <table ref={gridRef} role="grid" className="calendar slot-calendar" aria-labelledby="calendar-caption" onKeyDown={onKeyDown}>
                <caption id="calendar-caption">{t('calendar.weekOf', { day: f.day(days[0]) })}</caption>
                <CalendarHead days={days} />
                <tbody>
                  {rows.length === 0 ? (
                    <tr>
                      <td colSpan={8} tabIndex={0} data-current="true" className="calendar-empty">
                        {ready ? t('slotCalendar.empty') : t('calendar.loading')}
                      </td>
                    </tr>
                  ) : rows.map((r, ri) => (
                    <tr key={`${r.time}-${ri}`}>
                      <th scope="row">{r.time}</th>
                      {r.cells.map((c, ci) => {
                        const s = c as Slot | null;
                        const current = ri === cell.row && ci === cell.col;
                        const state = s ? slotState(s, clock.isPast(s)) : null;
                        return (
                          <td key={days[ci]} tabIndex={current ? 0 : -1} data-current={current} data-slot={s?.id} className={`slot-cell slot-${state ?? 'none'}`}
                            aria-label={s ? undefined : t('slotCalendar.noSlot', { day: dayName(days[ci]), time: r.time })}
                            onFocus={() => setAt({ col: ci, row: ri })} onClick={() => { setAt({ col: ci, row: ri }); open(s); }}>
                            {s && (
                              <>
                                <span className="slot-time">{slotHours(s)}</span>
                                {s._labels?.doctor && <span className="slot-doctor">{s._labels.doctor}</span>}
                                <span className="slot-count" aria-hidden="true">{s.booked}/{s.capacity}</span>
                                <span className="sr-only">{t('slotCalendar.countLabel', { booked: s.booked, capacity: s.capacity })}</span>
                                <span className="slot-state">{stateText(s, state!)}</span>
                              </>
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      {/* The dialog has no trigger of its own to give the focus back to: the slot it was opened on takes it. */}
      {booking && <BookDialog slot={booking} label={describe(booking)} onClose={() => { focusPending.current = true; setBooking(null); }} />}
    </section>
  );
}

/** Who takes the seat, then Confirm: the booking's answer names the appointment it made, in a toast. */
function BookDialog({ slot, label, onClose }: { slot: Slot; label: string; onClose: () => void }) {
  const { t } = useTranslation('screens');
  const { t: tUi } = useTranslation();
  const [patient, setPatient] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const role = currentRole();

  const submit = async () => {
    if (busy) return;
    if (!patient) { setError(t('slotCalendar.pickPatient')); return; }
    setBusy(true);
    setError(null);
    try {
      const { appointment } = await writes.book(Number(slot.id), patient);
      const openAs = viewActionFor(appointmentsDef, (a) => can(role, appointmentsDef.name, a));
      toast.success(t('slotCalendar.booked', { number: appointment.number, patient: name }), openAs
        ? { action: { label: t('slotCalendar.openAppointment'), onClick: () => navigate(entityPath(appointmentsDef, openAs, appointment.id)) } }
        : undefined);
      onClose();
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <Modal title={t('slotCalendar.bookTitle')} onClose={onClose} className="book-dialog">
      <form noValidate style={{ display: 'contents' }} onSubmit={(e) => { e.preventDefault(); void submit(); }}
        onKeyDown={(e) => { if (e.key === 'Escape') e.stopPropagation(); }}>
        <div className="body">
          <p>{label}{slot._labels?.doctor ? ` · ${slot._labels.doctor}` : ''} · {t('slotCalendar.countLabel', { booked: slot.booked, capacity: slot.capacity })}</p>
          {error && <p className="alert alert-error" role="alert">{error}</p>}
          <div className="field">
            <label htmlFor="book-patient">{t('slotCalendar.patient')}</label>
            {/* The patients' picker: titles only, after three letters, for a role that may not list patients. */}
            <RefSelect inputId="book-patient" target="patients" many={false} value={patient} label={t('slotCalendar.patient')} autoFocus
              onChange={(v) => setPatient(v === null || v === undefined ? null : Number(v))}
              onPicked={(_, title) => { setName(title); setError(null); }} />
            <span className="hint">{t('slotCalendar.patientHint')}</span>
          </div>
        </div>
        <footer>
          <button type="button" className="btn" onClick={onClose}>{tUi('form.cancel')}</button>
          <button type="submit" className="btn btn-primary" disabled={busy || !patient}>{busy ? t('slotCalendar.booking') : t('slotCalendar.confirm')}</button>
        </footer>
      </form>
    </Modal>
  );
}

