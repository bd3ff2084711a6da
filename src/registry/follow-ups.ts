import { z } from 'zod';
import { ENTITIES } from './entities';

/**
 * Follow-ups ("remind me", issue 37 §3): a person's own reminder of a record at a time, in their inbox when it comes
 * (server/reminders/follow-ups.ts). Shared by the server's calls (/api/me/follow-ups) and the console's dialog.
 *   pending: waiting for its time; sent: in the inbox; dropped: its time came when its owner could no longer read the
 *   record (another role or centre, the record deleted), so nothing was said.
 */
export const FOLLOW_UP_STATES = ['pending', 'sent', 'dropped'] as const;
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number];

/** The most follow-ups a person keeps waiting at once: a reminder list, not a queue of work. */
export const FOLLOW_UPS_PENDING_MAX = 200;

/** How far ahead a follow-up may be set (a year): further is a typing slip ("2062"), not a reminder. */
export const FOLLOW_UP_MAX_DAYS = 366;

const moment = /* @__PURE__ */ (() => z.iso.datetime({ offset: true, message: 'Give the time as an ISO date and time' }))();

export const followUpCreate = /* @__PURE__ */ (() => z.strictObject({
  entity: z.enum(ENTITIES.map((d) => d.name) as [string, ...string[]], { message: 'No such kind of record' }),
  id: z.number().int().min(1).max(2_147_483_647),
  at: moment,
}))();

export const followUpMove = /* @__PURE__ */ (() => z.strictObject({ at: moment }))();

/** A follow-up as the API answers it; `title` is null once its owner may no longer read the record. */
export interface FollowUp {
  id: number;
  entity: string;
  recordId: number;
  title: string | null;
  at: string;
  state: FollowUpState;
  doneAt: string | null;
}
