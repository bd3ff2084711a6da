import { useEffect, useState } from 'react';
import type { EntityDef } from '../../registry';
import { api, ApiError } from '../api/client';
import { useDebounced } from '../use-debounced';

export interface SearchHit { entity: string; id: number; title: string; subtitle: string }


/** Record matches across every entity the caller may read (GET /api/search). */
export function useSearchHits(query: string) {
  const q = useDebounced(query.trim(), 150);
  const [state, setState] = useState<{ items: SearchHit[]; loading: boolean }>({ items: [], loading: false });
  useEffect(() => {
    if (q.length < 2) { setState({ items: [], loading: false }); return; }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    api.get<{ data: SearchHit[] }>(`/api/search?q=${encodeURIComponent(q)}`)
      .then((r) => live && setState({ items: r.data, loading: false }))
      .catch(() => live && setState({ items: [], loading: false }));
    return () => { live = false; };
  }, [q]);
  return state;
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
