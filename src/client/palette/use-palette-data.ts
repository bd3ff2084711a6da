import { useEffect, useMemo, useState } from 'react';
import type { EntityDef } from '../../registry';
import { api, ApiError } from '../api/client';
import { useDebounced } from '../use-debounced';

export interface SearchHit { entity: string; id: number; title: string; subtitle: string }


/**
 * Record matches across every entity the caller may read (GET /api/search), as you type: each keystroke asks at once
 * (no fixed wait), the request it supersedes is cancelled, and until the new answer comes the last one is narrowed
 * here to what is typed now, so the list never shows records that no longer match and never waits on a pause.
 * "Loading" is derived (the answer held is not for what is typed now), not set by an effect: the keystroke's own
 * render already says it, and no second render follows each key.
 */
export function useSearchHits(query: string) {
  const q = query.trim();
  const [state, setState] = useState<{ items: SearchHit[]; error?: string; for: string }>({ items: [], for: '' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (q.length < 2) return;
    const controller = new AbortController();
    // Sent once the keystroke's frame is painted: starting a fetch costs the page about a millisecond, which React
    // would spend (this effect runs at the end of a key's render) before the typed letter and its lines are shown.
    // At background priority where the browser has a scheduler: after whatever else the page does right after it.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      const scheduler = (globalThis as { scheduler?: { postTask?: (task: () => void, opts: { priority: string; signal: AbortSignal }) => Promise<void> } }).scheduler;
      if (scheduler?.postTask) scheduler.postTask(send, { priority: 'background', signal: controller.signal }).catch(() => { /* cancelled by the next key */ });
      else timer = window.setTimeout(send);
    });
    function send() {
      api.get<{ data: SearchHit[] }>(`/api/search?q=${encodeURIComponent(q)}`, { signal: controller.signal })
        .then((r) => setState({ items: r.data, for: q }))
        .catch((err) => { if (!controller.signal.aborted) setState({ items: [], for: q, error: err instanceof ApiError ? err.message : String(err) }); });
    }
    return () => { cancelAnimationFrame(frame); clearTimeout(timer); controller.abort(); };
  }, [q, attempt]);
  const short = q.length < 2;
  // The answer for an earlier text, narrowed to the words typed now (the same array while neither changes).
  const items = useMemo(() => (short ? NONE : state.for === q ? state.items : narrow(state.items, q)), [short, state, q]);
  const current = !short && state.for === q;
  return {
    items,
    loading: !short && !current,
    error: current ? state.error : undefined,
    retry: () => { setState((s) => ({ ...s, for: '', error: undefined })); setAttempt((n) => n + 1); },
  };
}

const NONE: SearchHit[] = [];

/** The hits whose title or subtitle still holds every typed word (case and accents folded). */
export function narrow(items: SearchHit[], q: string): SearchHit[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(q).split(/\s+/).filter(Boolean);
  return items.filter((h) => { const text = fold(`${h.title} ${h.subtitle}`); return words.every((w) => text.includes(w)); });
}

export interface RecordOption { id: number; title: string; subtitle: string }

/**
 * Records of one entity matching the typed text (ids and titles only), for parameter pages and reference selects.
 * `minChars`: the server answers a caller who may not list the entity only after that many typed characters.
 */
export function useRecordOptions(def: EntityDef, query: string, allowed = true, minChars = 0) {
  const q = useDebounced(query.trim(), 120);
  const [state, setState] = useState<{ items: RecordOption[]; loading: boolean; error?: string }>({ items: [], loading: true });
  useEffect(() => {
    if (!allowed || [...q].length < minChars) { setState({ items: [], loading: false }); return; }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const params = new URLSearchParams({ limit: '30' });
    if (q) params.set('q', q);
    api.get<{ data: RecordOption[] }>(`/api/${def.api}/options?${params}`)
      .then((r) => live && setState({ items: r.data, loading: false }))
      .catch((err) => live && setState({ items: [], loading: false, error: err instanceof ApiError ? err.message : undefined }));
    return () => { live = false; };
  }, [def, q, allowed, minChars]);
  return state;
}
