import { http } from './transport';
import { keys, type Read } from './keys';

export type Channel = 'push' | 'email' | 'sms';

/** Whom a campaign reaches before it sends (server/routes/campaign-reach.ts): per channel, and who gets nothing. */
export interface Reach {
  audience: string;
  channel: Channel;
  people: number;
  reachable: number;
  unreachable: number;
  channels: Record<Channel, { people: number; unreachable: number }>;
  /** Those its channel cannot reach, by name (of the lists the reader may read), the first ones. */
  missing: { kind: string; id: number; name: string }[];
  more: boolean;
  /** A saved campaign whose saved view can no longer narrow it (deleted, not its author's): it reaches nobody. */
  viewProblem?: string;
}

/** What the campaign form has chosen so far: the reach it would have if saved now. */
export interface ReachAsked { audience: string; channel: Channel; centre: number | null; view: number | null }

/** The form's preview (GET /api/notification/reach): read again as the choices change, kept apart from any record. */
export const reachPreview = (a: ReachAsked): Read<{ data: Reach }> => {
  const q = new URLSearchParams({ audience: a.audience, channel: a.channel });
  if (a.centre) q.set('centre', String(a.centre));
  if (a.view) q.set('view', String(a.view));
  return {
    key: [...keys.entity('notification').all, 'reach-preview', q.toString()],
    fetch: (signal) => http.get<{ data: Reach }>(`/api/notification/reach?${q}`, { signal }),
  };
};

/** A saved campaign's reach, read again whenever the record changes (its key is under the record's). */
export const campaignReach = (id: number): Read<{ data: Reach }> => ({
  key: [...keys.entity('notification').record(id), 'reach'],
  fetch: (signal) => http.get<{ data: Reach }>(`/api/notification/${id}/reach`, { signal }),
});
