import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { navigate, usePathname } from 'wouter/use-browser-location';
import '../screens/screens.css';

// Numbers and dates have one source, shared with the generic list and details (i18n/format.ts).
export { localeOf, useFormat } from '../i18n/format';

/**
 * What the bespoke screens (fmc dashboard, patients seen, medicines prescribed, activity log, worklists) share: their
 * filters in the address, the loading, error (with Retry) and empty states, and the keyboard of their lists. Their
 * reads come from src/client/api (each screen's api file) through the data layer's hooks: useRead for one answer,
 * usePages (the one paging hook, also the generic list's) for keyset pages.
 */

/** The browser's time zone: the server counts "today" and date ranges in it. */
export const TIME_ZONE = (() => {
  try { return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'; } catch { return 'UTC'; }
})();

/**
 * A screen's filters as the address holds them (?doctor=…&q=…): a reload or a shared link lands on the same view.
 * `set` replaces the history entry while typing (`replace`), else adds one, so Back steps through filter changes.
 */
export function useAddressParams(): [URLSearchParams, (changes: Record<string, string | number | undefined | null>, opts?: { replace?: boolean }) => void] {
  const search = useSearch();
  const path = usePathname();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback((changes: Record<string, string | number | undefined | null>, opts: { replace?: boolean } = {}) => {
    // Gone to another screen since (a write after the search box's pause): this screen's filters are not its.
    if (window.location.pathname !== path) return;
    const next = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === null || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    const qs = next.toString();
    const href = `${path}${qs ? `?${qs}` : ''}`;
    if (href !== `${path}${window.location.search}`) navigate(href, { replace: opts.replace });
  }, [path]);
  return [params, set];
}

export function Loading() {
  const { t } = useTranslation('screens');
  return <p role="status" className="muted">{t('common.loading')}</p>;
}

/** A failed load: the message and a Retry button (which takes the focus back to where the user was). */
export function LoadError({ error, onRetry }: { error: string; onRetry: () => void }) {
  const { t } = useTranslation('screens');
  return (
    <div className="alert alert-error" role="alert">
      {t('common.failed')} {error} <button type="button" className="btn" onClick={onRetry}>{t('common.retry')}</button>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="screen-empty">{children}</p>;
}

/** The foot of a paged list: load more (keyboard and mouse), loading, partial walk, the end. */
export function PagesFoot({ pages, count }: { pages: { loading: boolean; error: string | null; hasMore: boolean; partial: boolean; loadMore: () => void; retry: () => void; done: boolean }; count: number }) {
  const { t } = useTranslation('screens');
  return (
    <div className="screen-foot" aria-live="polite">
      {pages.error && count > 0 && <LoadError error={pages.error} onRetry={pages.retry} />}
      {pages.loading && count > 0 && <span role="status">{t('common.loadingMore')}</span>}
      {!pages.loading && !pages.error && pages.hasMore && (
        <>
          {pages.partial && <span className="muted">{t('common.partial')}</span>}
          <button type="button" className="btn" onClick={pages.loadMore}>{t('common.loadMore')}</button>
        </>
      )}
      {pages.done && !pages.hasMore && count > 0 && <span className="muted">{t('common.end')}</span>}
    </div>
  );
}
