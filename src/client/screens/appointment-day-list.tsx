import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CalendarDayList } from './calendar-day-list';

type Block = { a: { id: number; number: string; status: string; _labels?: Record<string, string> }; time: string };

/**
 * The appointments calendar on a phone: a day or a week of appointments as a day list (calendar-day-list.tsx), each
 * a card naming its patient, with its time, number, doctor (unless one doctor is chosen) and status. A tap or Enter
 * opens the appointment, as on the grid; without a view of appointments the card is only read.
 */
export function AppointmentDayList({ days, today, byDay, showDoctor, hrefOf, ready, caption, onPeriod }: {
  days: readonly string[]; today: string; byDay: readonly (readonly Block[])[]; showDoctor: boolean;
  /** Where a card opens its appointment; null when the role has no view of it. */
  hrefOf: ((id: number) => string) | null;
  ready: boolean; caption: React.ReactNode; onPeriod: (step: number) => void;
}) {
  const { t } = useTranslation('screens');
  const { t: tUi } = useTranslation();
  return (
    <CalendarDayList days={days} today={today} byDay={byDay} keyOf={(b) => b.a.id} caption={caption} ready={ready} onPeriod={onPeriod}
      emptyDay={t('dayList.noAppointments')} empty={t('apptCalendar.empty')}
      card={(b, props) => {
        const status = tUi(b.a.status, { ns: 'enums' });
        const body = (
          <>
            <span className="day-card-main">
              <span className="appt-who">{b.a._labels?.patient}</span>
              <span className="appt-number">{b.a.number}{showDoctor && b.a._labels?.doctor ? ` · ${b.a._labels.doctor}` : ''}</span>
            </span>
            <span className="day-card-side">
              <span className="appt-time">{b.time}</span>
              <span className="appt-status">{status}</span>
            </span>
          </>
        );
        const className = `day-card appt-card status-${b.a.status}`;
        return hrefOf
          ? <Link href={hrefOf(b.a.id)} id={`appt-${b.a.id}`} className={className} {...props}>{body}</Link>
          : <span id={`appt-${b.a.id}`} className={className} {...props}>{body}</span>;
      }} />
  );
}
