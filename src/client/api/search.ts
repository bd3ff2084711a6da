import { http } from './client';
import { keys, type Read } from './keys';

export interface SearchHit { entity: string; id: number; title: string; subtitle: string }

/** Record matches across every entity the caller may read, filtered by the server to what they may see. */
export const searchHits = (q: string, opts: { beforeSend?: (signal: AbortSignal) => Promise<void> } = {}): Read<SearchHit[]> => ({
  key: keys.search(q),
  fetch: async (signal) => {
    await opts.beforeSend?.(signal);
    return http.get<{ data: SearchHit[] }>(`/api/search?q=${encodeURIComponent(q)}`, { signal }).then((r) => r.data);
  },
});
