import { useTranslation } from 'react-i18next';
import type { Row } from '../api/entities';

export type Slot = Row & { date: string; startTime: string; endTime: string; capacity: number; booked: number; status: string; _labels?: Record<string, string> };

/** What a slot is to a booking: past before anything (once begun it cannot be booked), then closed, full, or with room. */
export type SlotState = 'past' | 'closed' | 'full' | 'free';

export function slotState(s: Slot, past: boolean): SlotState {
  if (past) return 'past';
  if (s.status === 'closed') return 'closed';
  return Number(s.booked) >= Number(s.capacity) ? 'full' : 'free';
}

/** A slot's state as the calendars write it under its count ("3 free", "Full", "Past"). */
export function useSlotStateText(): (s: Slot, state: SlotState) => string {
  const { t } = useTranslation('screens');
  return (s, state) => state === 'past' ? t('slotCalendar.past') : state === 'closed' ? t('slotCalendar.closed')
    : state === 'full' ? t('slotCalendar.full') : t('slotCalendar.free', { n: Number(s.capacity) - Number(s.booked) });
}

/** A slot's start and end as the calendars show them (09:00–09:30). */
export const slotHours = (s: Slot) => `${String(s.startTime).slice(0, 5)}–${String(s.endTime).slice(0, 5)}`;
