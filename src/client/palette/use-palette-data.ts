import { useMemo } from 'react';
import type { EntityDef } from '../../registry';
import { entities, type RecordOption } from '../api/entities';
import { searchHits, type SearchGroup, type SearchHit } from '../api/search';
import { useRead } from '../api/use-read';
import { useDebounced } from '../use-debounced';

/**
 * Sent once the keystroke's frame is painted: starting a fetch costs the page about a millisecond, which React would
 * spend (the query starts at the end of a key's render) before the typed letter and its lines are shown. Then first,
 * at user-blocking priority where the browser has a scheduler: ahead of the rest of the key's lines (rendered right
 * after that frame), since the answer waits on the server and the lines do not (at background priority it came after
 * them: a few milliseconds more to every answer, bench/palette-figures.md).
 */
function afterPaint(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      const scheduler = (globalThis as { scheduler?: { postTask?: (task: () => void, opts: { priority: string; signal: AbortSignal }) => Promise<void> } }).scheduler;
      if (scheduler?.postTask) scheduler.postTask(resolve, { priority: 'user-blocking', signal }).catch(reject);
      else timer = window.setTimeout(resolve);
    });
    signal.addEventListener('abort', () => { cancelAnimationFrame(frame); clearTimeout(timer); reject(signal.reason); }, { once: true });
  });
}

/**
 * Record matches across every entity the caller may read, as you type: each keystroke asks at once (no fixed wait),
 * under its own key, so the request it supersedes is cancelled and its answer, however late, never shows over the
 * newer one. Until the new answer comes the last one is narrowed here to what is typed now, so the list never shows
 * records that no longer match and never waits on a pause. "Loading" is derived (the answer held is not for what is
 * typed now): the keystroke's own render already says it. Each kind's count (`groups`) only from the answer for the
 * text typed now: an earlier text's counts would be wrong.
 */
export function useSearchHits(query: string) {
  const q = query.trim();
  const short = q.length < 2;
  const read = useRead(short ? null : searchHits(q, { beforeSend: afterPaint }), { keepPrevious: true });
  const { data: held, current } = read;
  // The answer for an earlier text, narrowed to the words typed now (the same array while neither changes).
  const items = useMemo(() => (short || !held ? NONE : current ? held.hits : narrow(held.hits, q)), [short, held, current, q]);
  return {
    items,
    groups: !short && current && held ? held.groups : NO_GROUPS,
    loading: !short && !current && !read.error,
    error: short ? undefined : read.error ?? undefined,
    retry: read.retry,
  };
}

const NONE: SearchHit[] = [];
const NO_GROUPS: SearchGroup[] = [];

/** The hits whose title or subtitle still holds every typed word (case and accents folded). */
export function narrow(items: SearchHit[], q: string): SearchHit[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(q).split(/\s+/).filter(Boolean);
  return items.filter((h) => { const text = fold(`${h.title} ${h.subtitle}`); return words.every((w) => text.includes(w)); });
}

/**
 * Records of one entity matching the typed text (ids and titles only), for parameter pages and reference selects.
 * `minChars`: the server answers a caller who may not list the entity only after that many typed characters.
 * `status`: only records in these states (a move's picker offers what the move applies to).
 * The last answer stays while the next loads: the picker narrows it meanwhile (rank), rather than going blank.
 */
export function useRecordOptions(def: EntityDef, query: string, allowed = true, minChars = 0, status?: readonly string[]) {
  const q = useDebounced(query.trim(), 120);
  const asked = allowed && [...q].length >= minChars;
  const read = useRead(asked ? entities.options(def, { limit: 30, q: q || undefined, status }) : null, { keepPrevious: true });
  return {
    items: (asked && read.data) || NO_OPTIONS,
    loading: asked && !read.current && !read.error,
    error: asked ? read.error ?? undefined : undefined,
  };
}

const NO_OPTIONS: RecordOption[] = [];
