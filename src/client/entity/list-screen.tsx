import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { useTranslation } from 'react-i18next';
import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { allowedMoves, can, COLUMN_WIDTH, entityPath, mayMove, sortKeys, viewActionFor, type EntityDef, type Transition } from '../../registry';
import { currentRole } from '../state/session';
import { setInView, ui } from '../state/ui';
import { contribute } from '../state/screen';
import { recordRef } from './record-ref';
import { FieldValue } from './field-value';
import { Icon, ICONS } from '../ui/icon';
import { EntityFormModal } from './form-modal';
import { entities, listFilterString, type Row } from '../api/entities';
import { usePages } from '../api/use-pages';
import { useDebounced } from '../use-debounced';
import { useTouchScreen } from '../use-touch-screen';
import { useNarrowScreen } from '../use-narrow-screen';
import { CardList } from './card-list';
import { useListAddress, useViewFilters } from './use-list-address';
import { FilterChips } from './filter-chips';
import { ViewPeriodChip } from './view-period-chip';
import { AddFilter, type AddFilterHandle } from './add-filter';
import { filterFieldsFor } from './filter-values';
import { BulkMoves, type BulkHandle } from './bulk-moves';
import { BulkEdit } from './bulk-edit';
import { PEEK_KEY, valueLabel, viewLabel } from '../../../commands';
import { toast } from 'sonner';
import { moveLabel } from './transition-call';
import { listHref, rememberList, rememberRow, takeRememberedRow } from './list-memory';
import { useListColumns } from './column-prefs';
import { fitWidths } from './column-widths';
import { ColumnResizer, RESIZE_KEYS, resizeByKey } from './column-resizer';
import { ColumnsMenu, type ColumnsMenuHandle } from './columns-menu';
import { ExportCsv } from './export-csv';
import { RecordPeek } from './record-peek';
import { DeletedNote, useChangedRows } from './live-notes';
import { useTypeToFind } from '../ui/type-to-find';
import { useShortcutStarts } from './move-keys';
import './list-columns.css';

const features = tableFeatures({});
const ROW_HEIGHT = 40;
/** A card's height before it is measured (a phone's list: card-list.tsx). */
const CARD_HEIGHT = 96;
/** The checkbox column: the first data column is pinned right after it when the list scrolls sideways. */
const SELECT_WIDTH = 40;
/** The list's own letters (keymap.ts LIST_KEYS): they act once the user works on the rows. */
const LIST_OWN_KEYS = new Set(['j', 'k', 'e', 'x', 'shift+j', 'shift+k']);

/**
 * The add and edit forms open over the list, and close back to it, with the list's search, sort and filters kept:
 * they live in the address, so the form's address carries them too. A form opened from elsewhere (the palette's
 * "Edit speciality…") closes back to the list as the user last left it (list-memory.ts).
 */
const keepState = (path: string) => `${path}${window.location.search}`;

/** The inner width of an element (0 until measured), following its resizes: the room the list's columns share. */
function useInnerWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The generic list of every entity: server-side sort, filter and search, keyset pages fetched as the
 * user scrolls, windowed rows, and a keyboard path to everything (j/k, Enter, e, x, c, /). Its search, sort and
 * filters live in the address; `view` (a segment of the entity's views: "missed") fixes the view's filters. The
 * selected rows take the entity's workflow moves (the bulk bar after the table, and the palette's move commands).
 */
export function EntityListScreen({ def, modal, view }: { def: EntityDef; modal?: { mode: 'create' } | { mode: 'update'; id: number }; view?: string }) {
  const { t } = useTranslation();
  // The search box's placeholder names its key (/) only where there is a keyboard: CSS cannot reach a placeholder.
  const touch = useTouchScreen();
  const role = currentRole();
  const plural = t(`${def.name}.other`, { ns: 'entities' });
  const viewDef = def.views?.find((v) => v.segment === view);
  const title = viewDef ? t('cmd.listView', { name: plural, view: viewLabel(t, def, viewDef) }) : plural;
  // The view's fixed filters ("missed": status = missed; "recent": the last 7 days from when the list opened, unless
  // the address asks for other days).
  const fixed = useViewFilters(viewDef);
  const { state, search, update } = useListAddress(def, fixed);

  // The search box holds what is typed; the address gets it after a pause (replacing, not pushing, history).
  const [text, setText] = useState(state.q);
  const typed = useDebounced(text.trim(), 200);
  const written = useRef(state.q);
  useEffect(() => {
    if (typed === written.current) return;
    written.current = typed;
    update({ q: typed }, { replace: true });
  }, [typed, update]);
  // Back/Forward (or a command) changed the address: the box follows it.
  useEffect(() => {
    if (state.q !== written.current) { written.current = state.q; setText(state.q); }
  }, [state.q]);
  useEffect(() => { if (!modal) rememberList(def, `${window.location.pathname}${search ? `?${search}` : ''}`); }, [def, search, modal]);

  const query = useMemo(() => ({ q: state.q || undefined, sort: state.sort, filters: { ...state.filters, ...fixed } }), [state, fixed]);
  // The rows stay while a new search's first page loads: the table keeps its place as the user types.
  const list = usePages(entities.list(def, query), { keepPrevious: true });
  const total = list.last && { n: list.last.total, estimate: Boolean(list.last.totalIsEstimate) };
  const [focused, setFocused] = useState(0);
  // Space shows the focused row's record beside the list; it follows the row as j/k move it.
  const [peeking, setPeeking] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // "Select all N matching": the bulk actions then take the list's filter, and the server finds every record it matches.
  const [allMatching, setAllMatching] = useState(false);
  const changedRows = useChangedRows(def);
  const filterRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  // The grid that holds the keyboard: the table, or on a phone the cards.
  const tableRef = useRef<HTMLElement>(null);
  const narrow = useNarrowScreen();
  const bulk = useRef<BulkHandle>(null);
  // Typing a name on the grid searches (ui/type-to-find.ts): its letters act once the user works on the rows.
  const shortcutStarts = useShortcutStarts();
  const find = useTypeToFind(filterRef, tableRef, {
    keysHere: (combo, e) => LIST_OWN_KEYS.has(combo) || shortcutStarts(combo, e),
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
  const addFilter = useRef<AddFilterHandle>(null);
  // A review (approving a verification) is made on the record's page, once its documents were opened: not from a list.
  const moves = useMemo(() => (def.workflow?.transitions ?? []).filter((m) => mayMove(role, def, m) && !m.review), [def, role]);
  const statusField = def.workflow?.field;
  // Widths from each field's kind, the user's own widths and hidden columns (kept in their preferences).
  const cols = useListColumns(def);
  const columnsMenu = useRef<ColumnsMenuHandle>(null);
  const fieldLabel = (field: string) => t(`${def.name}.fields.${field}`, { ns: 'entities' });

  // Every row seen, by id: a selected row keeps its last known version and status while it is out of the window.
  const seen = useRef(new Map<number, Row>());
  for (const r of list.rows) seen.current.set(r.id, r);
  const selectedRows = [...selected].map((id) => seen.current.get(id)).filter((r): r is Row => Boolean(r));

  useEffect(() => { setFocused(0); setPeeking(false); }, [query]);
  // A new search, sort or filter shows other rows: a selection of rows no longer shown would act unseen.
  useEffect(() => { setSelected(new Set()); }, [search]);
  // Any change of the rows picked is a pick of those rows, no longer of all the filter matches.
  useEffect(() => { setAllMatching(false); }, [selected]);
  // The focused row's id and status too: with no row selected, moves and `.` act on it (commands/workflow.ts, repeat.ts).
  const focusedId = list.rows[focused]?.id;
  const focusedStatus = statusField && list.rows[focused] ? String(list.rows[focused][statusField]) : undefined;
  const peeked = peeking ? list.rows[focused] : undefined;
  // While a record is peeked it is the one in view: the move commands and their keys act on it, as on its page.
  const peekedStatus = peeked && statusField ? String(peeked[statusField]) : undefined;
  const peekedId = peeked?.id;
  const selectedCount = allMatching && total ? total.n : selected.size;
  useEffect(() => setInView(peekedId !== undefined
    ? { entity: def.name, record: { id: peekedId, status: peekedStatus }, selected: 0 }
    : { entity: def.name, selected: selectedCount, ...(focusedId !== undefined ? { focused: { id: focusedId, status: focusedStatus } } : {}) }),
  [def, selectedCount, focusedId, focusedStatus, peekedId, peekedStatus]);
  // What the list gives the commands (commands/screen.ts): its rows to act on, and its own controls.
  const focusedListRow = list.rows[focused];
  useEffect(() => contribute('list', {
    entity: def.name,
    selection: selectedRows.map((r) => recordRef(def, r)),
    focused: focusedListRow && recordRef(def, focusedListRow),
    openCreate: mayAdd ? () => navigate(keepState(entityPath(def, 'add'))) : undefined,
    focusFilter: () => filterRef.current?.focus(),
    addFilter: () => addFilter.current?.open(),
    openColumns: () => columnsMenu.current?.open(),
  }));

  const open = (row: Row) => { if (viewAction) { rememberRow(def, row.id); navigate(entityPath(def, viewAction, row.id, statusField ? String(row[statusField]) : undefined)); } };
  const edit = (row: Row) => { if (mayEdit) { rememberRow(def, row.id); navigate(keepState(entityPath(def, 'edit', row.id))); } };
  const toggle = (id: number) => setSelected((s) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; });
  const allSelected = list.rows.length > 0 && list.rows.every((r) => selected.has(r.id));
  // A record without a page of its own (payments, reviews, payouts) is moved from its row.
  const rowMoves = !viewAction && moves.length > 0;
  // Room for the most buttons a row can show: the moves allowed from its busiest status.
  const statuses = statusField ? def.fields[statusField].values ?? [] : [];
  // Else room for the row's icon buttons (view, edit, delete: those the role has), no more: the columns need it.
  const icons = [viewAction, mayEdit, mayDelete].filter(Boolean).length;
  const actionsWidth = rowMoves ? 24 + 104 * Math.max(1, ...statuses.map((st) => allowedMoves(role, def, st).filter((m) => !m.review).length)) : 20 + 34 * Math.max(1, icons);

  const columns = useMemo<ColumnDef<typeof features, Row>[]>(() => [
    {
      id: '_select',
      // The one checkbox in the Tab order (select every loaded row); a row's own is x on the focused row.
      header: () => <input type="checkbox" aria-label={t('workflow.selectAll')} title={t('workflow.selectAll')} checked={allSelected}
        onChange={() => setSelected(allSelected ? new Set() : new Set(list.rows.map((r) => r.id)))} />,
      cell: (info: { row: { original: Row } }) => {
        const row = info.row.original;
        return <input type="checkbox" tabIndex={-1} checked={selected.has(row.id)} aria-label={t('workflow.selectRow')}
          onClick={(e) => e.stopPropagation()} onChange={() => toggle(row.id)} />;
      },
    },
    ...cols.shown.map((field) => ({
      id: field,
      accessorFn: (row: Row) => row[field],
      header: () => fieldLabel(field),
      cell: (info: { row: { original: Row } }) => <FieldValue def={def} field={field} row={info.row.original} />,
    })),
    {
      id: '_actions',
      header: () => <span className="sr-only">{t('list.actions')}</span>,
      cell: (info: { row: { original: Row } }) => (
        <div className="row-actions">
          {rowMoves && statusField && allowedMoves(role, def, info.row.original[statusField]).filter((m) => !m.review).map((m: Transition) => (
            // Short on the row (the status it moves to), the whole move named for screen readers and on hover.
            <button key={m.name} className="btn btn-small" tabIndex={-1} aria-label={moveLabel(t, def, m)} title={moveLabel(t, def, m)}
              onClick={(e) => { e.stopPropagation(); bulk.current?.start(m, [info.row.original]); }}>→ {valueLabel(t, def.name, statusField, m.to)}</button>
          ))}
          {viewAction && <button className="btn-icon" tabIndex={-1} aria-label={t('list.view')} title={t('list.view')} onClick={(e) => { e.stopPropagation(); open(info.row.original); }}><Icon d={ICONS.view} /></button>}
          {mayEdit && <button className="btn-icon" tabIndex={-1} aria-label={t('list.edit')} title={t('list.edit')} onClick={(e) => { e.stopPropagation(); edit(info.row.original); }}><Icon d={ICONS.edit} /></button>}
          {mayDelete && <button className="btn-icon" tabIndex={-1} aria-label={t('list.delete')} title={t('list.delete')} onClick={(e) => { e.stopPropagation(); ui.confirmDelete = { entity: def.name, id: info.row.original.id }; }}><Icon d={ICONS.delete} /></button>}
        </div>
      ),
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [def, t, viewAction, mayEdit, mayDelete, rowMoves, role, selected, allSelected, list.rows, cols.shown]);

  const table = useTable({ features, columns, data: list.rows, getRowId: (r: Row) => String(r.id) });
  const rows = table.getRowModel().rows;
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => (narrow ? CARD_HEIGHT : ROW_HEIGHT), overscan: 12 });
  // Cards are measured; the table's rows are not: a measure taken for one must not size the other.
  useEffect(() => { virtual.measure(); }, [narrow, virtual]);
  const items = virtual.getVirtualItems();

  // Fetch the next page when the window nears the end of what is loaded.
  const lastIndex = items.length ? items[items.length - 1].index : 0;
  useEffect(() => {
    if (list.hasMore && lastIndex >= rows.length - 20) list.loadMore();
  }, [lastIndex, rows.length, list]);

  const moveTo = (i: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, i));
    setFocused(next);
    virtual.scrollToIndex(next, { align: 'auto' });
  };
  // Back from the record or the form a row opened (Esc, Back, Save): that row is the current one again, if the first
  // rows loaded hold it (a list scrolled far down starts at the top).
  const cameFrom = useRef(modal ? null : takeRememberedRow(def));
  useEffect(() => {
    if (cameFrom.current === null || !rows.length || list.loading) return;
    const at = rows.findIndex((r) => r.original.id === cameFrom.current);
    cameFrom.current = null;
    if (at > 0) moveTo(at);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, list.loading]);
  const extendTo = (i: number) => {
    const next = rows[Math.max(0, Math.min(rows.length - 1, i))]?.original;
    const here = rows[focused]?.original;
    setSelected((s) => new Set([...s, ...(here ? [here.id] : []), ...(next ? [next.id] : [])]));
    moveTo(i);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (find.gridKey(e)) return;
    if (e.target !== e.currentTarget || e.ctrlKey || e.metaKey || e.altKey) return;
    const row = rows[focused]?.original;
    const keys: Record<string, () => void> = {
      j: () => moveTo(focused + 1), ArrowDown: () => moveTo(focused + 1),
      k: () => moveTo(focused - 1), ArrowUp: () => moveTo(focused - 1),
      Home: () => moveTo(0), End: () => moveTo(rows.length - 1),
      PageDown: () => moveTo(focused + 10), PageUp: () => moveTo(focused - 10),
      Enter: () => row && open(row),
      e: () => row && edit(row),
      x: () => row && toggle(row.id),
      // Shift+j/k: the focused row and the next (or the one before) selected, the focus moving on, as a range grows.
      J: () => row && extendTo(focused + 1), K: () => row && extendTo(focused - 1),
      Delete: () => row && mayDelete && (ui.confirmDelete = { entity: def.name, id: row.id }),
      // The peek shows what the record's page would: only for a role that may open it.
      [PEEK_KEY.key]: () => row && viewAction && setPeeking((p) => !p),
      ...(peeking ? { Escape: () => setPeeking(false) } : {}),
    };
    const action = keys[e.key];
    if (action) { e.preventDefault(); action(); }
  };
  const toggleSort = (field: string) => {
    const s = state.sort;
    update({ sort: s.field === field ? { field, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { field, dir: 'asc' } });
  };
  const setFilter = (field: string, value: string) => {
    const next = { ...state.filters };
    if (value) next[field] = value; else delete next[field];
    update({ filters: next });
  };
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  // Each column at its width: its kind's or the user's. Too wide for the room, the columns the user has not sized give
  // some up, down to their readable minimum (then the list scrolls sideways); with room to spare, the flexible one
  // (the longest text) takes it.
  const pinned = cols.shown[0];
  const room = useInnerWidth(scrollRef);
  const widths = fitWidths(cols.shown.map((f) => ({ field: f, width: cols.widthOf(f), min: cols.specs[f].min, keep: f === pinned || cols.userSet(f) })),
    room ? room - SELECT_WIDTH - actionsWidth : Infinity);
  const tableWidth = SELECT_WIDTH + cols.shown.reduce((sum, f) => sum + widths[f], 0) + actionsWidth;
  const cellClass = (field: string) => (field === '_select' ? 'cell-select'
    : [field === pinned && 'cell-pin', cols.specs[field]?.align === 'end' && 'cell-end'].filter(Boolean).join(' ') || undefined);
  const focusedRow = rows[focused]?.original;
  const gridProps = {
    role: 'grid', 'aria-rowcount': total?.n ?? rows.length, 'aria-labelledby': 'list-title', 'aria-multiselectable': true,
    'aria-busy': list.loading || undefined, tabIndex: 0, onKeyDown, 'aria-describedby': 'list-keys',
    // The screen's main control: it takes the keyboard as the list opens (shell/screen-arrival.tsx), so j/k/x/Enter work at once.
    'data-main-control': true,
    'aria-activedescendant': focusedRow ? `row-${def.name}-${focusedRow.id}` : undefined,
  } as const;
  const anyFilter = Object.keys(state.filters).length > 0;

  return (
    <section className="list-screen" aria-labelledby="list-title">
      <div className="page-head">
        <h1 id="list-title">{title}</h1>
        {mayAdd && <button className="btn btn-primary" onClick={() => navigate(keepState(entityPath(def, 'add')))}>+ {t('list.add')} <kbd>c</kbd></button>}
      </div>
      <div className="toolbar" role="search">
        <label className="sr-only" htmlFor="list-filter">{t('list.search', { name: plural })}</label>
        <input id="list-filter" ref={filterRef} className="input" type="search" placeholder={touch ? t('list.searchPlaceholder') : `${t('list.searchPlaceholder')}  /`} value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={find.searchKey} />
        {selectFilters.map(([field, fd]) => (
          <label key={field} className="hint">
            {t(`${def.name}.fields.${field}`, { ns: 'entities' })}{' '}
            <select className={`input${state.filters[field] ? ' input-active' : ''}`} value={state.filters[field] ?? ''} onChange={(e) => setFilter(field, e.target.value)}>
              <option value="">{t('list.filterAll')}</option>
              {(fd.kind === 'bool' ? ['true', 'false'] : fd.values!).map((v) => (
                <option key={v} value={v}>{fd.kind === 'bool' ? t(v === 'true' ? 'value.yes' : 'value.no') : valueLabel(t, def.name, field, v)}</option>
              ))}
            </select>
          </label>
        ))}
        <AddFilter handle={addFilter} def={def} fixed={fixed} filters={state.filters} onApply={setFilter} onDone={() => tableRef.current?.focus()} />
        <ColumnsMenu handle={columnsMenu} columns={def.columns} hidden={cols.hidden} label={fieldLabel} onToggle={cols.toggle} onReset={cols.resetAll} />
        <ExportCsv def={def} query={query} columns={cols.shown} selected={selected} />
        {selected.size > 0 && (
          <span className="hint">
            {allMatching && total ? t('bulk.allMatchingSelected', { count: total.n }) : t('list.selected', { count: selected.size })}{' '}
            {allSelected && !allMatching && total && !total.estimate && total.n > list.rows.length && (
              <button className="btn" onClick={() => setAllMatching(true)}>{t('bulk.selectAllMatching', { count: total.n })}</button>
            )}{' '}
            <button className="btn" onClick={() => setSelected(new Set())}>{t('list.clearSelection')}</button>
          </span>
        )}
      </div>
      <ViewPeriodChip def={def} view={viewDef} onEdit={(field) => addFilter.current?.open(field)} />
      {anyFilter && (
        <FilterChips def={def} filters={state.filters} rows={list.rows} onRemove={(field) => setFilter(field, '')} onClear={() => update({ filters: {} })}
          onEdit={(field) => addFilter.current?.open(field)} onEmptied={() => addFilter.current?.focus()} />
      )}
      <div className="list-body">
      <div className="grid">
        <div className="grid-scroll" ref={scrollRef}>
          {/* Columns keep a readable width: on a narrow screen the table scrolls sideways instead of squeezing them to
              nothing, inside this scroller (the page never scrolls sideways), with the checkbox and first column pinned. */}
          {/* The grid holds the focus and points at its highlighted row (aria-activedescendant is a grid's, not a tbody's).
              It is busy while its rows are on their way: the rows and count shown may still be the last search's. */}
          {narrow ? (
            <CardList def={def} role={role} rows={list.rows} items={items} totalSize={virtual.getTotalSize()} focused={focused} selected={selected} changed={changedRows}
              grid={gridProps} gridRef={tableRef as React.Ref<HTMLDivElement>} measure={virtual.measureElement}
              onOpen={(row, i) => { setFocused(i); open(row); }} onToggle={toggle} onMove={(m, row) => bulk.current?.start(m, [row])} />
          ) : (
          <table {...gridProps} ref={tableRef as React.Ref<HTMLTableElement>}
            style={{ minWidth: tableWidth, ['--pin-left' as string]: `${SELECT_WIDTH}px` }}>
            <colgroup>
              {headers.map((h) => {
                const field = h.column.id;
                const width = field === '_select' ? SELECT_WIDTH : field === '_actions' ? actionsWidth : cols.specs[field].flex ? undefined : widths[field];
                return <col key={h.id} style={width ? { width } : undefined} />;
              })}
            </colgroup>
            <thead>
              <tr>
                {headers.map((h) => {
                  const field = h.column.id;
                  const isSorted = state.sort.field === field;
                  const label = <table.FlexRender header={h} />;
                  const spec = cols.specs[field];
                  const resizeKeys = spec && ((e: React.KeyboardEvent) => { if (e.target === e.currentTarget) resizeByKey(e, widths[field], Math.max(spec.min, COLUMN_WIDTH.min), COLUMN_WIDTH.max, (w, done) => cols.setWidth(field, w, done)); });
                  return (
                    // Named by the column alone (not "Sort by Phone Resize Phone"): what a screen reader says in each cell.
                    // One Tab stop a column: its sort button, else (a column that does not sort) the header itself; either
                    // resizes the column with Shift and the arrows.
                    <th key={h.id} className={cellClass(field)} aria-label={spec ? fieldLabel(field) : undefined}
                      aria-sort={isSorted ? (state.sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                      {...(spec && !sortable.has(field) ? { tabIndex: 0, onKeyDown: resizeKeys, 'aria-keyshortcuts': RESIZE_KEYS, 'aria-describedby': 'list-resize-keys' } : {})}>
                      {sortable.has(field)
                        ? <button onClick={() => toggleSort(field)} aria-label={t('list.sortBy', { name: fieldLabel(field) })}
                          onKeyDown={resizeKeys} aria-keyshortcuts={spec ? RESIZE_KEYS : undefined} aria-describedby={spec ? 'list-resize-keys' : undefined}>{label}{isSorted ? (state.sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</button>
                        : field === '_select' ? label : <span>{label}</span>}
                      {spec && (
                        <ColumnResizer label={t('columns.resize', { name: fieldLabel(field) })} width={widths[field]}
                          min={Math.max(spec.min, COLUMN_WIDTH.min)} max={COLUMN_WIDTH.max}
                          onResize={(w, done) => cols.setWidth(field, w, done)} onReset={() => cols.resetWidth(field)} />
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {items.length > 0 && <tr style={{ height: items[0].start }} aria-hidden />}
              {items.map((vi) => {
                const row = rows[vi.index];
                return (
                  <tr key={row.id} id={`row-${def.name}-${row.original.id}`} data-focused={vi.index === focused} aria-selected={selected.has(row.original.id)}
                    data-changed={changedRows.has(Number(row.original.id)) || undefined}
                    aria-rowindex={vi.index + 1} onClick={() => { find.arm(); setFocused(vi.index); open(row.original); }}>
                    {row.getAllCells().map((cell) => <td key={cell.id} className={cellClass(cell.column.id)}><table.FlexRender cell={cell} /></td>)}
                  </tr>
                );
              })}
              {items.length > 0 && <tr style={{ height: virtual.getTotalSize() - items[items.length - 1].end }} aria-hidden />}
            </tbody>
          </table>
          )}
          {!list.loading && !list.error && rows.length === 0 && <p style={{ padding: 16 }}>{t('list.empty')}</p>}
          {list.error && <p className="alert alert-error" role="alert">{t('list.failed')} {list.error} <button className="btn" onClick={list.retry}>{t('list.retry')}</button></p>}
        </div>
        <div className="grid-foot" aria-live="polite">
          <span>{total ? (total.estimate ? t('list.totalEstimate', { count: total.n }) : t('list.total', { count: total.n })) : ''}</span>
          <DeletedNote def={def} />
          {/* Its keys are a key hint, hidden on touch screens (styles.css); "Loading more…" is not one. */}
          <span id="list-resize-keys" hidden>{t('columns.resizeKeys')}</span>
          <span id="list-keys" className={list.loading ? undefined : 'key-hint'}>{!list.loading && !find.armed ? t('typeToFind.hint') : ''}{list.loading ? t('list.loadingMore') : !moves.length ? t('list.keyboardHint') : viewAction ? t('workflow.keyboardHint') : t('workflow.keyboardHintRows')}{!list.loading && mayDelete ? t('list.deleteHint') : ''}{!list.loading && viewAction ? t('list.peekHint', { key: PEEK_KEY.keys }) : ''}</span>
        </div>
      </div>
      {peeked && viewAction && (
        <RecordPeek def={def} row={peeked} href={entityPath(def, viewAction, peeked.id, peekedStatus)}
          onClose={() => { setPeeking(false); tableRef.current?.focus({ preventScroll: true }); }} />
      )}
      </div>
      {moves.length > 0 && (
        // While a record is peeked its own moves (in the peek) are the ones the keys and commands make.
        <BulkMoves handle={bulk} def={def} moves={moves} selected={peeked ? [] : selectedRows} focused={peeked ? undefined : focusedRow}
          onFinished={(moved) => setSelected((s) => new Set([...s].filter((id) => !moved.includes(id))))}
          onDismiss={() => tableRef.current?.focus()} />
      )}
      {(mayEdit || mayDelete) && (
        <BulkEdit def={def} mayEdit={mayEdit} mayDelete={mayDelete}
          selection={{ rows: selectedRows, ...(allMatching && total ? { matching: { filter: listFilterString(query), count: total.n } } : {}) }}
          onFinished={(done) => { setSelected((s) => new Set([...s].filter((id) => !done.includes(id)))); tableRef.current?.focus(); }} />
      )}
      {modal && (
        <EntityFormModal def={def} mode={modal.mode} id={modal.mode === 'update' ? modal.id : undefined}
          onClose={() => navigate(window.location.search ? keepState(entityPath(def)) : listHref(def))} />
      )}
    </section>
  );
}
