import { QueryClient } from '@tanstack/react-query';
import { subscribe } from 'valtio';
import { session } from '../state/session';
import { followChanges } from './events';
import type { Read } from './keys';

/**
 * The one cache of what the console has read (TanStack Query). Only the modules of src/client/api import it, and
 * only screens that load after home do: home and the sign-in page are the first load, which it would push past its
 * budget. The hooks pass it explicitly (no provider), so a screen brings it along when its code loads.
 *
 * - `networkMode: 'always'`: a call made offline fails at once, as before, and the screen shows its Retry; it is not
 *   held back waiting for the browser to say it is online again.
 * - No retry here: the transport retries reads once the network or a proxy fails (client.ts), writes never.
 * - No refetch when the window regains focus: a list does not change under the user's eyes unprompted; what others
 *   change reaches the screens through invalidation by key.
 * - `staleTime` 0: a screen opened again shows what it last had at once, and asks again in the background.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { networkMode: 'always', retry: false, refetchOnWindowFocus: false, staleTime: 0 },
    mutations: { networkMode: 'always', retry: false },
  },
});
queryClient.mount();

// The answers belong to the user who read them: another sign-in (or none) starts from an empty cache.
let user = session.user?.id;
subscribe(session, () => {
  if (session.user?.id === user) return;
  user = session.user?.id;
  queryClient.clear();
});

/**
 * Forgets the answers no mounted screen reads (among them those of a screen that failed to render, which is no longer
 * mounted): a Retry after a failure then reads them afresh rather than rendering the answer that failed again.
 */
export const forgetUnusedReads = () => queryClient.removeQueries({ type: 'inactive' });

/** A read run now, outside a screen's render (a check after a refusal): its answer lands in the cache too. */
export const readNow = <T>(read: Read<T>) => queryClient.fetchQuery({ queryKey: read.key, queryFn: ({ signal }) => read.fetch(signal) });

// What others change reaches the cache from here on (stream-invalidation.ts); before, the cache held nothing to refresh.
followChanges((news) => void import('./stream-invalidation').then((m) => m.newsHeard(news)));
