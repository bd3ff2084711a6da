import { http } from './transport';
import type { Row } from './entities';

/** The appointment a booking made: what the toast names and where it leads. */
export interface BookedAppointment { id: number; number: string; scheduledAt: string }

/**
 * A seat on a slot for a patient (server/routes/slots.ts): the slot as it is now, with the appointment the booking
 * made in the same transaction. 409 when the slot is full, closed, has no doctor, or the patient is already on it.
 * Called through writes.ts (`book`), which invalidates what it changed.
 */
export const bookSlot = (slot: number, patient: number) =>
  http.post<{ data: Row & { appointment: BookedAppointment } }>(`/api/fmcslots/${slot}/book`, { patient }).then((r) => r.data);
