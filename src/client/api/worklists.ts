import { http } from './transport';
import type { WorklistAuto } from '../../registry';
import { keys, type KeysetPage, type Pages, type Read } from './keys';
import { queryString, withoutBlanks } from './query-string';

/** How a reminder reaches a person: mail to their e-mail address, else a text message to their mobile; null: neither. */
export type ReminderChannel = 'mail' | 'sms';
export interface WorklistRow {
  id: number; title: string; subtitle: string; email: string | null; phone: string | null; channel: ReminderChannel | null;
  missing: string[]; count?: number; remindedToday: boolean;
}
export type ReminderResult = 'sent' | 'already_today' | 'no_contact' | 'not_found';
/** What happened to one id; a sent reminder says by which channel. */
export interface ReminderAnswer { id: number; result: ReminderResult; channel?: ReminderChannel }

/** The most ids one reminder call takes; a larger selection goes in turns. */
export const REMIND_BATCH = 100;

/** Who lacks what on one worklist (registry WORKLISTS), searched by `q`. */
export function worklist(id: string, params: { q?: string }): Pages<KeysetPage<WorklistRow>> {
  const asked = withoutBlanks(params);
  return {
    key: keys.screen(id, asked),
    fetch: (cursor, signal) => http.get<KeysetPage<WorklistRow>>(`/api/notifications/${id}?${queryString({ ...asked, cursor })}`, { signal }),
  };
}

/** One turn of reminders: what happened to each id (sent by mail or text message, already today, no contact, not found). */
export const sendReminders = (id: string, ids: readonly number[]) =>
  http.post<{ data: ReminderAnswer[] }>(`/api/notifications/${id}/remind`, { ids }).then((r) => r.data);

/** A worklist's automatic reminders (server/routes/worklist-auto.ts): read, and turned on or off. */
export const worklistAuto = {
  read: (id: string): Read<WorklistAuto> => ({
    key: keys.screen(`${id}-auto`),
    fetch: (signal) => http.get<{ data: WorklistAuto }>(`/api/notifications/${id}/auto`, { signal }).then((r) => r.data),
  }),
  set: (id: string, body: { enabled: boolean; everyDays: number }) =>
    http.put<{ data: WorklistAuto }>(`/api/notifications/${id}/auto`, body).then((r) => r.data),
};
