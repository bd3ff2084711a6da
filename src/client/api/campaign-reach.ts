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
}

/** A saved campaign's reach, read again whenever the record changes (its key is under the record's). */
export const campaignReach = (id: number): Read<{ data: Reach }> => ({
  key: [...keys.entity('notification').record(id), 'reach'],
  fetch: (signal) => http.get<{ data: Reach }>(`/api/notification/${id}/reach`, { signal }),
});
