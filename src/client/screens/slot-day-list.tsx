import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarDayList } from './calendar-day-list';
import { slotHours, slotState, useSlotStateText, type Slot } from './slot-state';

/**
 * The slot calendar on a phone: a week of one centre's slots as a day list (calendar-day-list.tsx), each slot a card
 * with its hours, doctor, booked/capacity and state. A tap or Enter on a card does what Enter does on the grid: books
 * a slot with room, says why another cannot be (past, closed, full).
 */
export function SlotDayList({ days, today, slots, isPast, ready, caption, onOpen, onPeriod, ref }: {
  days: readonly string[];
  /** The centres' today (their slots' days are theirs). */
  today: string;
  slots: readonly Slot[]; isPast: (s: Slot) => boolean; ready: boolean; caption: string;
  onOpen: (s: Slot) => void; onPeriod: (step: number) => void; ref?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation('screens');
  const stateText = useSlotStateText();
  const byDay = days.map((d) => slots.filter((s) => s.date === d).sort((a, b) => a.startTime.localeCompare(b.startTime) || a.id - b.id));
  return (
    <CalendarDayList ref={ref} days={days} today={today} byDay={byDay} keyOf={(s) => s.id} caption={caption} ready={ready} onPeriod={onPeriod}
      emptyDay={t('dayList.noSlots')} empty={t('slotCalendar.empty')}
      card={(s, props) => {
        const state = slotState(s, isPast(s));
        return (
          <button type="button" {...props} data-slot={s.id} className={`day-card slot-card slot-${state}`} onClick={() => onOpen(s)}>
            <span className="day-card-main">
              <span className="slot-time">{slotHours(s)}</span>
              {s._labels?.doctor && <span className="slot-doctor">{s._labels.doctor}</span>}
            </span>
            <span className="day-card-side">
              <span className="slot-count" aria-hidden="true">{s.booked}/{s.capacity}</span>
              <span className="sr-only">{t('slotCalendar.countLabel', { booked: s.booked, capacity: s.capacity })}</span>
              <span className="slot-state">{stateText(s, state)}</span>
            </span>
          </button>
        );
      }} />
  );
}
