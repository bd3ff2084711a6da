import { z } from 'zod';

/**
 * Presence on a record: who has its details open (`viewing`), who has its edit form open (`editing`), who has just
 * gone (`left`). A page says so every PRESENCE_BEAT_SECONDS while open; one not heard from for PRESENCE_GONE_SECONDS is
 * taken as gone (a closed laptop says nothing).
 */
export const PRESENCE_MODES = ['viewing', 'editing', 'left'] as const;
export type PresenceMode = (typeof PRESENCE_MODES)[number];

export const PRESENCE_BEAT_SECONDS = 10;
export const PRESENCE_GONE_SECONDS = 30;

/** `POST /api/presence`'s body, the same schema on both sides. `entity`: the registry name. */
export const presenceBody = z.strictObject({
  entity: z.string().min(1).max(64),
  id: z.number().int().positive().max(2_147_483_647),
  mode: z.enum(PRESENCE_MODES),
});
export type PresenceBody = z.infer<typeof presenceBody>;

/** Someone else's presence as the change stream tells it (`event: presence`). */
export interface PresenceEvent { entity: string; id: number; user: number; name: string; mode: PresenceMode }
