import { useCallback, useEffect, useMemo } from 'react';
import { useSearch } from 'wouter';
import { navigate, usePathname } from 'wouter/use-browser-location';
import { listQueryString, parseListQuery, viewFilters, type EntityDef, type ListQuery, type ListView } from '../../registry';

export type ListState = Pick<ListQuery, 'sort' | 'filters'> & { q: string };

const LIST_PARAMS = /^(q|sort|filter\[.+\])$/;

/**
 * A list's state as the address holds it (docs/decisions.md#list-state-lives-in-the-address): `q`, `sort=field:dir`
 * and `filter[field]=value`, the API's own names, parsed by the API's own parser. What the parser refuses (a field
 * that cannot be sorted or filtered, a stale bookmark) is dropped rather than shown as an error, and a view's fixed
 * filters always win over the address.
 */
export function listStateFrom(def: EntityDef, search: string, fixed: Record<string, string>): ListState {
  const params = new URLSearchParams([...new URLSearchParams(search)].filter(([k]) => LIST_PARAMS.test(k)));
  let parsed = parseListQuery(def, params);
  if ('issues' in parsed) {
    for (const issue of parsed.issues) params.delete(issue.field);
    parsed = parseListQuery(def, params);
  }
  const query = 'query' in parsed ? parsed.query : { q: undefined, sort: def.defaultSort, filters: {} };
  const filters = Object.fromEntries(Object.entries(query.filters).filter(([k, v]) => !(k in fixed) && v !== ''));
  return { q: query.q ?? '', sort: query.sort, filters };
}

/**
 * The filters a view fixes, as the address finds them: a list of recent days ("Payments · Recent", `@last7`, read by
 * the server in the user's days) keeps its days only while the address names no period of that field ("Last 30
 * days" from "Add filter" or the view's period chip, "payments last 30 days" from the palette): the days asked for
 * replace the view's, in the rows, the total and the export, and the list shows exactly what was asked. A view's
 * other filters (a status) always win.
 */
export function useViewFilters(view: ListView | undefined): Record<string, string> {
  const search = useSearch();
  const periodAsked = Boolean(view?.recent && new URLSearchParams(search).get(`filter[${view.recent.field}]`));
  return useMemo(() => {
    const fixed = viewFilters(view);
    if (periodAsked && view?.recent) delete fixed[view.recent.field];
    return fixed;
  }, [view, periodAsked]);
}

/**
 * The address's query for a state: the default sort and empty values are left out, so a plain list has none.
 * Brackets, colons and the `@` of words are left readable (`filter[method]=upi&sort=amount:desc`,
 * `filter[initiatedAt]=@last30`): all are allowed in a query.
 */
export function listSearch(def: EntityDef, state: ListState): string {
  const isDefault = state.sort.field === def.defaultSort.field && state.sort.dir === def.defaultSort.dir;
  return listQueryString({ q: state.q || undefined, sort: isDefault ? undefined : state.sort, filters: state.filters })
    .replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%3A/g, ':').replace(/%40/g, '@');
}

/**
 * The view of the list a form is opened over (`?view=missed`): the add and edit routes have no view of their own, so
 * a list shown by its view (appointments/missed) carries it into the form's address, and the list under the form is
 * that list, not the entity's first view mounted anew (losing what its grid holds). Not a list parameter: the list's
 * own state is read and written without it.
 */
const FORM_VIEW = 'view';

/** The address's query without the form's view, exactly as it was spelled otherwise. */
export const withoutFormView = (search: string) => search.replace(/^\?/, '').split('&').filter((p) => p && !p.startsWith(`${FORM_VIEW}=`)).join('&');

/** The form's view named by a query, if it is one of the entity's views. */
export function formViewOf(def: EntityDef, search: string): string | undefined {
  const view = new URLSearchParams(search).get(FORM_VIEW);
  return def.views?.some((v) => v.segment === view) ? view! : undefined;
}

/** A list's query with `view` added (a form's address), or as it is when there is none. */
export const withFormView = (search: string, view: string | undefined) =>
  [withoutFormView(search), view ? `${FORM_VIEW}=${encodeURIComponent(view)}` : ''].filter(Boolean).join('&');

/**
 * The list's state, read from the address and written back to it: `replace` while typing (one history entry per
 * search, not per keystroke), a new entry for a sort or filter change, so Back and Forward step through them and a
 * reload lands on the same view.
 */
export function useListAddress(def: EntityDef, fixed: Record<string, string>) {
  const address = useSearch();
  // Under a form, its view (formViewOf) stays in the address and out of the list's state.
  const search = withoutFormView(address);
  const formView = formViewOf(def, address);
  const path = usePathname();
  const state = useMemo(() => listStateFrom(def, search, fixed), [def, search, fixed]);
  // The address says what the list shows, in one spelling: what the parser dropped goes, brackets become readable.
  useEffect(() => {
    const canonical = listSearch(def, state);
    const next = withFormView(canonical, formView);
    if (canonical !== search && stillAt(path)) navigate(`${path}${next ? `?${next}` : ''}`, { replace: true });
  }, [def, state, search, formView, path]);
  const update = useCallback((change: Partial<ListState>, opts: { replace?: boolean } = {}) => {
    if (!stillAt(path)) return;
    const next = withFormView(listSearch(def, { ...listStateFrom(def, window.location.search, fixed), ...change }), formViewOf(def, window.location.search));
    const href = `${path}${next ? `?${next}` : ''}`;
    if (href !== `${path}${window.location.search}`) navigate(href, { replace: opts.replace });
  }, [def, fixed, path]);
  return { state, search, update };
}

/**
 * Whether the address is still the one this screen was drawn at. A write that comes after a pause (the search box's)
 * or after the paint (an effect) may find that the user has already gone to another screen: written there, the last
 * screen's search would filter the next one.
 */
export const stillAt = (path: string) => window.location.pathname === path;
