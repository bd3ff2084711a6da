import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { toast } from 'sonner';
import { can, entityPath, mayMove, sortKeys, viewActionFor, type EntityDef, type Transition } from '../../registry';
import { viewLabel } from '../../../commands';
import { currentRole } from '../state/session';
import { ui } from '../state/ui';
import { entities, type Row } from '../api/entities';
import { usePages } from '../api/use-pages';
import { useNarrowScreen } from '../use-narrow-screen';
import { formViewOf, useListAddress, useViewFilters, withFormView, withoutFormView } from './use-list-address';
import { useSearchBox } from '../list-parts/use-search-box';
import { filterFieldsFor } from './filter-values';
import { listHref, rememberList, rememberRow, takeRememberedRow } from '../state/list-memory';
import { useListColumns } from './column-prefs';
import { useChangedRows } from '../live/live-notes';
import { useListScreenActions } from './list-screen-actions';
import { listKeys } from './list-keys';
import { useSelection } from './use-selection';
import { useFocusedRow } from './use-focused-row';
import { useListFind } from './use-list-find';
import { gridCellProps, useGridEdit } from '../grid';
import { askBeforeLeaving } from '../ui/unsaved';
import type { AddFilterHandle } from './add-filter';
import type { BulkHandle } from '../moves/bulk-moves';
import type { ColumnsMenuHandle } from './columns-menu';

const ROW_HEIGHT = 40;
/** A card's height before it is measured (a phone's list: card-list.tsx). */
const CARD_HEIGHT = 96;
/** The list's own letters (keymap.ts LIST_KEYS): they act once the user works on the rows. */
const LIST_OWN_KEYS = ['j', 'k', 'e', 'x', 'shift+j', 'shift+k'];

/**
 * The add and edit forms open over the list, and close back to it, with the list's search, sort and filters kept:
 * they live in the address, so the form's address carries them too, and the list's view (use-list-address.ts
 * formViewOf). A form opened from elsewhere (the palette's "Edit speciality…") closes back to the list as the user
 * last left it (list-memory.ts).
 */
const formHref = (path: string, view: string | undefined) => {
  const query = withFormView(window.location.search, view);
  return `${path}${query ? `?${query}` : ''}`;
};

/** Where a form over a list closes to: that list, with its view and query, else the list as the user last left it. */
export function listUnderForm(def: EntityDef): string {
  const view = formViewOf(def, window.location.search);
  const query = withoutFormView(window.location.search);
  return view || query ? `${entityPath(def, 'list', undefined, view)}${query ? `?${query}` : ''}` : listHref(def);
}

/** What the list controller hands its views: one flat object (the table, the cards and the screen's parts read it). */
export type ListController = ReturnType<typeof useListController>;

/**
 * Everything the generic list knows and does, apart from how it looks, as react-admin's `useListController`: the
 * query in the address (search, sort, filters, the view's fixed ones), its keyset pages and total, the windowed rows,
 * the focused row, the selection (with "all N matching"), the peek, the columns and their widths, a row's open and
 * edit, the keys of the grid, and the screen's commands. The views (list-table.tsx, card-list.tsx) and the screen's
 * parts render it. It is built of parts that stand alone (use-selection.ts, use-focused-row.ts, use-list-find.ts, the
 * keys' `rowKeys`), which the bespoke lists (worklists, patients seen, the activity log) take as they need them.
 */
export function useListController(def: EntityDef, view: string | undefined, opts: { modal?: boolean } = {}) {
  const { t } = useTranslation();
  const role = currentRole();
  const plural = t(`${def.name}.other`, { ns: 'entities' });
  const viewDef = def.views?.find((v) => v.segment === view);
  const title = viewDef ? t('cmd.listView', { name: plural, view: viewLabel(t, def, viewDef) }) : plural;
  // The view's fixed filters ("missed": status = missed; "recent": the last 7 days from when the list opened, unless
  // the address asks for other days).
  const fixed = useViewFilters(viewDef);
  const { state, search, update } = useListAddress(def, fixed);
  const writeQ = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const { text, setText } = useSearchBox(state.q, writeQ, 200);
  useEffect(() => { if (!opts.modal) rememberList(def, `${window.location.pathname}${search ? `?${search}` : ''}`); }, [def, search, opts.modal]);

  const query = useMemo(() => ({ q: state.q || undefined, sort: state.sort, filters: { ...state.filters, ...fixed } }), [state, fixed]);
  // The rows stay while a new search's first page loads: the table keeps its place as the user types.
  const pages = usePages(entities.list(def, query), { keepPrevious: true });
  const rows = pages.rows;
  const total = pages.last && { n: pages.last.total, estimate: Boolean(pages.last.totalIsEstimate) };
  // The row the keys are on; moved, the window scrolls to it (use-focused-row.ts).
  const { focused, setFocused, moveTo } = useFocusedRow(rows.length, (i) => virtual.scrollToIndex(i, { align: 'auto' }));
  // Space shows the focused row's record beside the list; it follows the row as j/k move it.
  const [peeking, setPeeking] = useState(false);
  // The rows picked; a new search, sort or filter shows other rows and empties it (use-selection.ts).
  const { selected, setSelected, toggle, allSelected, toggleAll, clearSelection, unselect } = useSelection(rows, search);
  // "Select all N matching": the bulk actions then take the list's filter, and the server finds every record it matches.
  const [allMatching, setAllMatching] = useState(false);
  const changedRows = useChangedRows(def);
  const searchBox = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  // The grid that holds the keyboard: the table, or on a phone the cards.
  const grid = useRef<HTMLElement>(null);
  const narrow = useNarrowScreen();
  const bulk = useRef<BulkHandle>(null);
  const addFilter = useRef<AddFilterHandle>(null);
  const columnsMenu = useRef<ColumnsMenuHandle>(null);
  // Typing a name on the grid searches (ui/type-to-find.ts): its letters act once the user works on the rows.
  const find = useListFind(searchBox, grid, LIST_OWN_KEYS, {
    held: (key) => key === '.',
    onHeld: () => toast.info(t('typeToFind.repeatHeld')),
  });

  const mayAdd = can(role, def.name, 'add');
  const mayEdit = can(role, def.name, 'edit');
  const mayDelete = can(role, def.name, 'delete');
  const viewAction = viewActionFor(def, (a) => can(role, def.name, a));
  const sortable = useMemo(() => new Set(sortKeys(def)), [def]);
  // Enums and yes/no keep a select each in the toolbar; every filter in force is also a chip, and "Filter" (f) adds any.
  const selectFilters = filterFieldsFor(def, role, fixed).filter((x) => x.kind === 'enum' || x.kind === 'bool').map((x) => [x.field, def.fields[x.field]] as const);
  // A review (approving a verification) is made on the record's page, once its documents were opened: not from a list.
  const moves = useMemo(() => (def.workflow?.transitions ?? []).filter((m) => mayMove(role, def, m) && !m.review), [def, role]);
  const statusField = def.workflow?.field;
  // Widths from each field's kind, the user's own widths and hidden columns (kept in their preferences).
  const cols = useListColumns(def);
  const fieldLabel = (field: string) => t(`${def.name}.fields.${field}`, { ns: 'entities' });

  // Every row seen, by id: a selected row keeps its last known version and status while it is out of the window.
  const seen = useRef(new Map<number, Row>());
  for (const r of rows) seen.current.set(r.id, r);
  const selectedRows = [...selected].map((id) => seen.current.get(id)).filter((r): r is Row => Boolean(r));

  useEffect(() => { setFocused(0); setPeeking(false); }, [query, setFocused]);
  // Any change of the rows picked is a pick of those rows, no longer of all the filter matches.
  useEffect(() => { setAllMatching(false); }, [selected]);
  const focusedRow = rows[focused];
  const peeked = peeking ? focusedRow : undefined;
  const peekedStatus = peeked && statusField ? String(peeked[statusField]) : undefined;
  const selectedCount = allMatching && total ? total.n : selected.size;

  const openCreate = () => navigate(formHref(entityPath(def, 'add'), view));
  const open = (row: Row) => { if (viewAction) askBeforeLeaving(() => { rememberRow(def, row.id); navigate(entityPath(def, viewAction, row.id, statusField ? String(row[statusField]) : undefined)); }); };
  const edit = (row: Row) => { if (mayEdit) { rememberRow(def, row.id); navigate(formHref(entityPath(def, 'edit', row.id), view)); } };
  const confirmDelete = (row: Row) => { ui.confirmDelete = { entity: def.name, id: row.id }; };

  // The screen's commands and what is in view: kept together, the list's one place that speaks to the shell.
  useListScreenActions({
    def, mayAdd, openCreate, selectedRows, selectedCount, focusedRow, peeked, peekedStatus, statusField,
    focusFilter: () => searchBox.current?.focus(), openColumns: () => columnsMenu.current?.open(), addFilter: () => addFilter.current?.open(),
  });

  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => (narrow ? CARD_HEIGHT : ROW_HEIGHT), overscan: 12 });
  // Cards are measured; the table's rows are not: a measure taken for one must not size the other.
  useEffect(() => { virtual.measure(); }, [narrow, virtual]);
  const items = virtual.getVirtualItems();

  // Fetch the next page when the window nears the end of what is loaded.
  const lastIndex = items.length ? items[items.length - 1].index : 0;
  useEffect(() => {
    if (pages.hasMore && lastIndex >= rows.length - 20) pages.loadMore();
  }, [lastIndex, rows.length, pages]);

  // Back from the record or the form a row opened (Esc, Back, Save): that row is the current one again, if the first
  // rows loaded hold it (a list scrolled far down starts at the top).
  const cameFrom = useRef(opts.modal ? null : takeRememberedRow(def));
  useEffect(() => {
    if (cameFrom.current === null || !rows.length || pages.loading) return;
    const at = rows.findIndex((r) => r.id === cameFrom.current);
    cameFrom.current = null;
    if (at > 0) moveTo(at);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, pages.loading]);
  const extendTo = (i: number) => {
    const next = rows[Math.max(0, Math.min(rows.length - 1, i))];
    setSelected((s) => new Set([...s, ...(focusedRow ? [focusedRow.id] : []), ...(next ? [next.id] : [])]));
    moveTo(i);
  };
  // Cells edited in place (grid/): ←/→ or F2 put a cell cursor on the focused row, Enter or F2 edit its cell.
  const cells = useGridEdit({ def, role, rows, focused, fields: cols.shown, gridRef: grid, cards: narrow });
  const onKeyDown = listKeys({
    find, cells, focused, count: rows.length, row: focusedRow, peeking, moveTo, extendTo, open, edit, toggle,
    remove: mayDelete ? confirmDelete : undefined, peek: viewAction ? () => setPeeking((p) => !p) : undefined, closePeek: () => setPeeking(false),
  });
  // Click or tap on a row: it becomes the current one and opens.
  const openAt = (row: Row, i: number) => { setFocused(i); open(row); };
  const closePeek = () => { setPeeking(false); grid.current?.focus({ preventScroll: true }); };
  const focusGrid = () => grid.current?.focus();
  // A row's move button (table or card): the bulk bar's dialog, for that row alone.
  const startMove = (move: Transition, on: Row[]) => bulk.current?.start(move, on);
  const openFilter = (field?: string) => addFilter.current?.open(field);

  const toggleSort = (field: string) => {
    const s = state.sort;
    update({ sort: s.field === field ? { field, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { field, dir: 'asc' } });
  };
  const setFilter = (field: string, value: string) => {
    const next = { ...state.filters };
    if (value) next[field] = value; else delete next[field];
    update({ filters: next });
  };
  const clearFilters = () => update({ filters: {} });
  // The grid's own attributes, the same on the table and the cards: to assistive technology and the keys they are one grid.
  const gridProps = {
    role: 'grid', 'aria-rowcount': total?.n ?? rows.length, 'aria-labelledby': 'list-title', 'aria-multiselectable': true,
    'aria-busy': pages.loading || undefined, tabIndex: 0, onKeyDown, 'aria-describedby': 'list-keys',
    // The screen's main control: it takes the keyboard as the list opens (shell/screen-arrival.tsx), so j/k/x/Enter work at once.
    'data-main-control': true,
    'aria-activedescendant': focusedRow ? (cells.cell && !narrow ? gridCellProps(cells, focusedRow, cells.cell, true).id : `row-${def.name}-${focusedRow.id}`) : undefined,
  } as const;

  return {
    def, role, title, plural, viewDef, fixed,
    // The query: the address's search, sort and filters, and the search box's text before it reaches the address.
    state, query, text, setText, update, toggleSort, setFilter, clearFilters, selectFilters, sortable,
    // The pages: rows loaded, loading, error, retry, more; the total (maybe an estimate); rows changed by others.
    pages, rows, total, changedRows,
    // The window over the rows, and the row the keys are on.
    narrow, virtual, items, focused, setFocused, focusedRow, moveTo, openAt, onKeyDown, gridProps, find, focusGrid,
    // The selection, with "all N matching".
    selected, selectedRows, selectedCount, allSelected, allMatching, setAllMatching, toggle, toggleAll, clearSelection, unselect,
    peeked, peekedStatus, closePeek,
    cols, fieldLabel, cells,
    mayAdd, mayEdit, mayDelete, viewAction, moves, statusField, open, edit, openCreate, confirmDelete, startMove, openFilter,
    // The elements and handles the views attach (ref=, handle=): the controller's commands and keys reach them.
    searchBox, scroller, grid, bulk, addFilter, columnsMenu,
  };
}
