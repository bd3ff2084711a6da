import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorText } from './error-text';
import type { QueryKey, Read } from './keys';
import { queryClient } from './query-client';

const IDLE: QueryKey = ['idle'];

/**
 * One answer of a read (null: nothing to read yet), cached under the read's key. The answer shown is always the
 * one for the key asked now: an answer for an earlier key lands in that key's cache, never on screen, and the
 * request it came from is cancelled once nobody waits for it.
 *
 * - `keepPrevious`: the last key's answer shows while the new one loads (`current` says which it is), so a picker
 *   narrows it instead of going blank.
 * - `fresh`: only an answer fetched since the screen asked is `current`, not one the cache held from before (a form
 *   must start from the record as it is now).
 */
export function useRead<T>(read: Read<T> | null, opts: { keepPrevious?: boolean; fresh?: boolean } = {}) {
  const q = useQuery({
    queryKey: read?.key ?? IDLE,
    queryFn: ({ signal }) => read!.fetch(signal),
    enabled: read !== null,
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
    refetchOnMount: opts.fresh ? 'always' : true,
  }, queryClient);
  const current = q.data !== undefined && !q.isPlaceholderData && (!opts.fresh || q.isFetchedAfterMount);
  const { refetch } = q;
  return {
    data: q.data,
    /** The answer is this key's (not a placeholder from the last one, nor, with `fresh`, from before). */
    current,
    /** Nothing of this key to show yet, and it is on its way. */
    loading: q.isFetching && !current,
    /** Why the latest try failed, in the user's language; cleared while it tries again. */
    error: q.error && !q.isFetching ? errorText(q.error) : null,
    refetching: q.isFetching,
    retry: () => void refetch(),
    /** Asks again; the promise holds the new answer (or the failure). */
    refetch,
  };
}
