import { useCallback, useEffect, useRef, useState } from 'react';
import { listQueryString, type EntityDef, type ListQuery } from '../../registry';
import { api, ApiError, type Page } from '../api/client';
import { translateMessage } from '../i18n';

export type Row = Record<string, unknown> & { id: number; version: number };

const PAGE_SIZE = 100;

/**
 * Keyset paging (DECISIONS.md): the first page on every change of query, more as the user scrolls.
 * A response for an older query is dropped, so fast typing never shows stale rows.
 */
export function useInfiniteList(def: EntityDef, query: Pick<ListQuery, 'q' | 'sort' | 'filters'>, refreshKey: number) {
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState<{ n: number; estimate: boolean } | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);
  const key = JSON.stringify([def.name, query, refreshKey]);

  const fetchPage = useCallback(async (after: string | null, gen: number) => {
    setLoading(true);
    setError(null);
    try {
      const qs = listQueryString({ ...query, limit: PAGE_SIZE });
      const res = await api.get<Page<Row>>(`/api/${def.api}?${qs}${after ? `&cursor=${encodeURIComponent(after)}` : ''}`);
      if (gen !== generation.current) return;
      setRows((prev) => (after ? [...prev, ...res.data] : res.data));
      setTotal({ n: res.total, estimate: Boolean(res.totalIsEstimate) });
      setCursor(res.nextCursor);
    } catch (err) {
      if (gen === generation.current) setError(err instanceof ApiError ? translateMessage(err.message) : String(err));
    } finally {
      if (gen === generation.current) setLoading(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    const gen = ++generation.current;
    setCursor(null);
    void fetchPage(null, gen);
  }, [fetchPage]);

  const loadMore = useCallback(() => {
    if (!loading && cursor && !error) void fetchPage(cursor, generation.current);
  }, [loading, cursor, error, fetchPage]);

  const retry = useCallback(() => void fetchPage(rows.length ? cursor : null, generation.current), [fetchPage, rows.length, cursor]);

  return { rows, total, loading, error, hasMore: Boolean(cursor), loadMore, retry };
}
