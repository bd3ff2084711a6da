import { useEffect, useMemo, useRef, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { can, entityPath, sortKeys, viewActionFor, type EntityDef, type SortDir } from '../../registry';
import { currentRole } from '../state/session';
import { registerScreenAction, ui } from '../state/ui';
import { FieldValue } from './field-value';
import { Icon, ICONS } from '../shell/icon';
import { EntityFormModal } from './form-modal';
import { useInfiniteList, type Row } from './use-infinite-list';
import { useDebounced } from '../use-debounced';

const features = tableFeatures({});
const ROW_HEIGHT = 40;


/**
 * The generic list of every entity: server-side sort, filter and search, keyset pages fetched as the
 * user scrolls, windowed rows, and a keyboard path to everything (j/k, Enter, e, x, c, /).
 */
export function EntityListScreen({ def, modal }: { def: EntityDef; modal?: { mode: 'create' } | { mode: 'update'; id: number } }) {
  const { t } = useTranslation();
  const snap = useSnapshot(ui);
  const role = currentRole();
  const name = t(`${def.name}.other`, { ns: 'entities' });
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 200);
  const [sort, setSort] = useState<{ field: string; dir: SortDir }>(def.defaultSort);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const list = useInfiniteList(def, { q: q || undefined, sort, filters }, snap.dataVersion);
  const [focused, setFocused] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const filterRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableSectionElement>(null);

  const mayAdd = can(role, def.name, 'add');
  const mayEdit = can(role, def.name, 'edit');
  const mayDelete = can(role, def.name, 'delete');
  const viewAction = viewActionFor(def, (a) => can(role, def.name, a));
  const sortable = useMemo(() => new Set(sortKeys(def)), [def]);
  const enumFilters = Object.entries(def.fields).filter(([, fd]) => fd.kind === 'enum' || fd.kind === 'bool');

  useEffect(() => registerScreenAction('filter', () => filterRef.current?.focus()), []);
  useEffect(() => (mayAdd ? registerScreenAction('create', () => navigate(entityPath(def, 'add'))) : undefined), [def, mayAdd]);
  useEffect(() => { setFocused(0); }, [q, sort, filters]);
  // The list takes the keyboard when it opens and when its dialog closes, so j/k/Enter work at once.
  useEffect(() => {
    if (!modal && document.activeElement?.id !== 'list-filter') tableRef.current?.focus({ preventScroll: true });
  }, [modal, def]);

  const open = (row: Row) => { if (viewAction) navigate(entityPath(def, viewAction, row.id)); };
  const edit = (row: Row) => { if (mayEdit) navigate(entityPath(def, 'edit', row.id)); };

  const columns = useMemo<ColumnDef<typeof features, Row>[]>(() => [
    ...def.columns.map((field) => ({
      id: field,
      accessorFn: (row: Row) => row[field],
      header: () => t(`${def.name}.fields.${field}`, { ns: 'entities' }),
      cell: (info: { row: { original: Row } }) => <FieldValue def={def} field={field} row={info.row.original} />,
    })),
    {
      id: '_actions',
      header: () => <span className="sr-only">{t('list.actions')}</span>,
      cell: (info: { row: { original: Row } }) => (
        <div className="row-actions">
          {viewAction && <button className="btn-icon" tabIndex={-1} aria-label={t('list.view')} title={t('list.view')} onClick={(e) => { e.stopPropagation(); open(info.row.original); }}><Icon d={ICONS.view} /></button>}
          {mayEdit && <button className="btn-icon" tabIndex={-1} aria-label={t('list.edit')} title={t('list.edit')} onClick={(e) => { e.stopPropagation(); edit(info.row.original); }}><Icon d={ICONS.edit} /></button>}
          {mayDelete && <button className="btn-icon" tabIndex={-1} aria-label={t('list.delete')} title={t('list.delete')} onClick={(e) => { e.stopPropagation(); ui.confirmDelete = { entity: def.name, id: info.row.original.id }; }}><Icon d={ICONS.delete} /></button>}
        </div>
      ),
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [def, t, viewAction, mayEdit, mayDelete]);

  const table = useTable({ features, columns, data: list.rows, getRowId: (r: Row) => String(r.id) });
  const rows = table.getRowModel().rows;
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
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
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.target !== e.currentTarget || e.ctrlKey || e.metaKey || e.altKey) return;
    const row = rows[focused]?.original;
    const keys: Record<string, () => void> = {
      j: () => moveTo(focused + 1), ArrowDown: () => moveTo(focused + 1),
      k: () => moveTo(focused - 1), ArrowUp: () => moveTo(focused - 1),
      Home: () => moveTo(0), End: () => moveTo(rows.length - 1),
      PageDown: () => moveTo(focused + 10), PageUp: () => moveTo(focused - 10),
      Enter: () => row && open(row),
      e: () => row && edit(row),
      x: () => row && setSelected((s) => { const n = new Set(s); if (n.has(row.id)) n.delete(row.id); else n.add(row.id); return n; }),
      Delete: () => row && mayDelete && (ui.confirmDelete = { entity: def.name, id: row.id }),
    };
    const action = keys[e.key];
    if (action) { e.preventDefault(); action(); }
  };
  const toggleSort = (field: string) => {
    setSort((s) => (s.field === field ? { field, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { field, dir: 'asc' }));
  };
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const focusedRow = rows[focused]?.original;

  return (
    <section aria-labelledby="list-title">
      <div className="page-head">
        <h1 id="list-title">{name}</h1>
        {mayAdd && <button className="btn btn-primary" onClick={() => navigate(entityPath(def, 'add'))}>+ {t('list.add')} <kbd>c</kbd></button>}
      </div>
      <div className="toolbar" role="search">
        <label className="sr-only" htmlFor="list-filter">{t('list.search', { name })}</label>
        <input id="list-filter" ref={filterRef} className="input" type="search" placeholder={`${t('list.searchPlaceholder')}  /`} value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'ArrowDown' || e.key === 'Enter') { e.preventDefault(); tableRef.current?.focus(); } }} />
        {enumFilters.map(([field, fd]) => (
          <label key={field} className="hint">
            {t(`${def.name}.fields.${field}`, { ns: 'entities' })}{' '}
            <select className="input" value={filters[field] ?? ''} onChange={(e) => setFilters({ ...filters, [field]: e.target.value })}>
              <option value="">{t('list.filterAll')}</option>
              {(fd.kind === 'bool' ? ['true', 'false'] : fd.values!).map((v) => (
                <option key={v} value={v}>{fd.kind === 'bool' ? t(v === 'true' ? 'value.yes' : 'value.no') : t(v, { ns: 'enums' })}</option>
              ))}
            </select>
          </label>
        ))}
        {selected.size > 0 && (
          <span className="hint">{t('list.selected', { count: selected.size })} <button className="btn" onClick={() => setSelected(new Set())}>{t('list.clearSelection')}</button></span>
        )}
      </div>
      <div className="grid">
        <div className="grid-scroll" ref={scrollRef}>
          <table role="grid" aria-rowcount={list.total?.n ?? rows.length} aria-labelledby="list-title">
            <thead>
              <tr>
                {headers.map((h) => {
                  const field = h.column.id;
                  const isSorted = sort.field === field;
                  const label = <table.FlexRender header={h} />;
                  return (
                    <th key={h.id} style={field === '_actions' ? { width: 120 } : undefined}
                      aria-sort={isSorted ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                      {sortable.has(field)
                        ? <button onClick={() => toggleSort(field)} aria-label={t('list.sortBy', { name: t(`${def.name}.fields.${field}`, { ns: 'entities' }) })}>{label}{isSorted ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</button>
                        : <span>{label}</span>}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody ref={tableRef} tabIndex={0} onKeyDown={onKeyDown} aria-label={t('list.keyboardHint')}
              aria-activedescendant={focusedRow ? `row-${def.name}-${focusedRow.id}` : undefined}>
              {items.length > 0 && <tr style={{ height: items[0].start }} aria-hidden />}
              {items.map((vi) => {
                const row = rows[vi.index];
                return (
                  <tr key={row.id} id={`row-${def.name}-${row.original.id}`} data-focused={vi.index === focused} aria-selected={selected.has(row.original.id)}
                    aria-rowindex={vi.index + 1} onClick={() => { setFocused(vi.index); open(row.original); }}>
                    {row.getAllCells().map((cell) => <td key={cell.id}><table.FlexRender cell={cell} /></td>)}
                  </tr>
                );
              })}
              {items.length > 0 && <tr style={{ height: virtual.getTotalSize() - items[items.length - 1].end }} aria-hidden />}
            </tbody>
          </table>
          {!list.loading && !list.error && rows.length === 0 && <p style={{ padding: 16 }}>{t('list.empty')}</p>}
          {list.error && <p className="alert alert-error" role="alert">{t('list.failed')} {list.error} <button className="btn" onClick={list.retry}>{t('list.retry')}</button></p>}
        </div>
        <div className="grid-foot" aria-live="polite">
          <span>{list.total ? (list.total.estimate ? t('list.totalEstimate', { count: list.total.n }) : t('list.total', { count: list.total.n })) : ''}</span>
          <span>{list.loading ? t('list.loadingMore') : t('list.keyboardHint')}</span>
        </div>
      </div>
      {modal && (
        <EntityFormModal def={def} mode={modal.mode} id={modal.mode === 'update' ? modal.id : undefined}
          onClose={() => navigate(entityPath(def))} />
      )}
    </section>
  );
}
