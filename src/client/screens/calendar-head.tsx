import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../i18n/format';
import { today } from '../text/calendar-parts';

/** A day as a calendar's column names it: its weekday and date ("Thu 26 Nov"). */
export function useDayName(): (day: string) => string {
  const f = useFormat();
  const weekday = useMemo(() => new Intl.DateTimeFormat(f.locale, { weekday: 'short', timeZone: 'UTC' }), [f.locale]);
  return (d) => `${weekday.format(new Date(`${d}T00:00:00Z`))} ${f.shortDay(d)}`;
}

/** A calendar's head row: the corner over the times, then each day by its weekday and date, today marked. */
export function CalendarHead({ days }: { days: readonly string[] }) {
  const { t } = useTranslation('screens');
  const dayName = useDayName();
  const now = today();
  return (
    <thead>
      <tr>
        <th scope="col" className="calendar-corner">{t('calendar.time')}</th>
        {days.map((d) => <th scope="col" key={d} className={d === now ? 'calendar-today' : undefined}>{dayName(d)}</th>)}
      </tr>
    </thead>
  );
}
