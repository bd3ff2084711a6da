import { useMemo } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { errorText } from './error-text';
import type { KeysetPage, Pages, QueryKey } from './keys';
import { queryClient } from './query-client';

const IDLE: QueryKey = ['idle'];

/**
 * The one paging hook, of every list (the generic entity list and the bespoke screens): keyset pages of `pages`
 * (null: nothing to load yet), the first on every change of key, more on `loadMore`, all of them cached under the
 * key. An answer for an earlier key never shows (it lands under its own key) and its request is cancelled.
 *
 * - `keepPrevious`: the last key's rows stay while the new key's first page loads (the generic list: its table keeps
 *   its place as the search is typed); otherwise they go at once (no stale rows).
 * - A failed first page shows no rows; a failed next page keeps the rows shown (they are this key's) and `retry`
 *   asks for that page again.
 * - An invalidation (a write, later the change stream) refetches every loaded page in the background, from the
 *   first, with the rows kept on screen meanwhile: the list keeps its scroll position, selection and focus.
 */
export function usePages<P extends KeysetPage<unknown>>(pages: Pages<P> | null, opts: { keepPrevious?: boolean } = {}) {
  const q = useInfiniteQuery({
    queryKey: pages?.key ?? IDLE,
    queryFn: ({ pageParam, signal }) => pages!.fetch(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: P) => last.nextCursor,
    enabled: pages !== null,
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
  }, queryClient);
  const rows = useMemo(() => (q.data?.pages.flatMap((p) => p.data) ?? []) as P['data'], [q.data]);
  const last = q.data?.pages.at(-1) ?? null;
  const placeholder = q.isPlaceholderData;
  const loading = q.isFetching && (q.data === undefined || placeholder || q.isFetchingNextPage);
  const error = q.error && !q.isFetching ? errorText(q.error) : null;
  const hasMore = Boolean(q.hasNextPage) && !placeholder;
  const { fetchNextPage, refetch, isFetching, isFetchNextPageError } = q;
  return {
    rows,
    /** The latest page: what the screen says about the whole list (its total, the doctor shown…). */
    last,
    loading,
    /** Fetching anything, a background refetch included. */
    refetching: isFetching,
    error,
    hasMore,
    partial: Boolean(last?.partial),
    done: !loading && !error && q.data !== undefined && !placeholder,
    loadMore: () => { if (!isFetching && hasMore && !error) void fetchNextPage(); },
    retry: () => void (isFetchNextPageError ? fetchNextPage() : refetch()),
  };
}
