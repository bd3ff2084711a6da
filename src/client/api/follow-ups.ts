import type { FollowUp } from '../../registry';
import { keys, type Read } from './keys';
import { queryClient } from './query-client';
import { http } from './transport';

/** The person's follow-ups ("remind me", server/routes/follow-ups.ts): read, set, moved and dropped. */
const BASE = '/api/me/follow-ups';

const list = (): Read<FollowUp[]> => ({
  key: keys.screen('follow-ups'),
  fetch: (signal) => http.get<{ data: FollowUp[] }>(BASE, { signal }).then((r) => r.data),
});

const reread = () => queryClient.invalidateQueries({ queryKey: list().key });

export const followUps = {
  list,
  set: async (entity: string, id: number, at: Date) => {
    const made = await http.post<{ data: FollowUp }>(BASE, { entity, id, at: at.toISOString() }).then((r) => r.data);
    await reread();
    return made;
  },
  move: async (id: number, at: Date) => {
    const moved = await http.patch<{ data: FollowUp }>(`${BASE}/${id}`, { at: at.toISOString() }).then((r) => r.data);
    await reread();
    return moved;
  },
  drop: async (id: number) => {
    await http.delete<unknown>(`${BASE}/${id}`);
    await reread();
  },
};
