import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { allowedMoves, COLUMN_WIDTH, type Transition } from '../../registry';
import { valueLabel } from '../../../commands';
import type { Row } from '../api/entities';
import { Icon, ICONS } from '../ui/icon';
import { FieldValue } from '../text/field-value';
import { moveLabel } from '../moves/transition-call';
import { fitWidths } from './column-widths';
import { ColumnResizer, RESIZE_KEYS, resizeByKey } from './column-resizer';
import type { ListController } from './use-list-controller';
import './list-columns.css';

const features = tableFeatures({});
/** The checkbox column: the first data column is pinned right after it when the list scrolls sideways. */
const SELECT_WIDTH = 40;

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
 * The list as a table (wide screens): a checkbox, the shown columns at their widths (sortable headers, resizable by
 * mouse and by Shift+arrows), and each row's actions, over the controller's windowed rows. `renderCell` lets a view
 * built on it show a cell otherwise (an editor in place), the table keeping its keys, widths and window; `cellProps`
 * gives a data cell's `<td>` its attributes (its id, marks) from that view, so the table knows nothing of it.
 */
export function ListTable({ list, renderCell, cellProps }: {
  list: ListController;
  renderCell?: (field: string, row: Row, shown: ReactNode) => ReactNode;
  cellProps?: (field: string, row: Row, focusedRow: boolean) => React.TdHTMLAttributes<HTMLTableCellElement> & Record<`data-${string}`, unknown>;
}) {
  const { t } = useTranslation();
  const { def, role, rows, items, virtual, cols, fieldLabel, state, sortable, selected, allSelected, focused, viewAction, mayEdit, mayDelete, moves, statusField, changedRows, find, grid, scroller } = list;
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
        onChange={list.toggleAll} />,
      cell: (info: { row: { original: Row } }) => {
        const row = info.row.original;
        return <input type="checkbox" tabIndex={-1} checked={selected.has(row.id)} aria-label={t('workflow.selectRow')}
          onClick={(e) => e.stopPropagation()} onChange={() => list.toggle(row.id)} />;
      },
    },
    ...cols.shown.map((field) => ({
      id: field,
      accessorFn: (row: Row) => row[field],
      header: () => fieldLabel(field),
      cell: (info: { row: { original: Row } }) => {
        const shown = <FieldValue def={def} field={field} row={info.row.original} />;
        return renderCell ? renderCell(field, info.row.original, shown) : shown;
      },
    })),
    {
      id: '_actions',
      header: () => <span className="sr-only">{t('list.actions')}</span>,
      cell: (info: { row: { original: Row } }) => (
        <div className="row-actions">
          {rowMoves && statusField && allowedMoves(role, def, info.row.original[statusField]).filter((m) => !m.review).map((m: Transition) => (
            // Short on the row (the status it moves to), the whole move named for screen readers and on hover.
            <button key={m.name} className="btn btn-small" tabIndex={-1} aria-label={moveLabel(t, def, m)} title={moveLabel(t, def, m)}
              onClick={(e) => { e.stopPropagation(); list.startMove(m, [info.row.original]); }}>→ {valueLabel(t, def.name, statusField, m.to)}</button>
          ))}
          {viewAction && <button className="btn-icon" tabIndex={-1} aria-label={t('list.view')} title={t('list.view')} onClick={(e) => { e.stopPropagation(); list.open(info.row.original); }}><Icon d={ICONS.view} /></button>}
          {mayEdit && <button className="btn-icon" tabIndex={-1} aria-label={t('list.edit')} title={t('list.edit')} onClick={(e) => { e.stopPropagation(); list.edit(info.row.original); }}><Icon d={ICONS.edit} /></button>}
          {mayDelete && <button className="btn-icon" tabIndex={-1} aria-label={t('list.delete')} title={t('list.delete')} onClick={(e) => { e.stopPropagation(); list.confirmDelete(info.row.original); }}><Icon d={ICONS.delete} /></button>}
        </div>
      ),
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [def, t, viewAction, mayEdit, mayDelete, rowMoves, role, selected, allSelected, rows, cols.shown, renderCell]);

  const table = useTable({ features, columns, data: rows, getRowId: (r: Row) => String(r.id) });
  const tableRows = table.getRowModel().rows;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  // Each column at its width: its kind's or the user's. Too wide for the room, the columns the user has not sized give
  // some up, down to their readable minimum (then the list scrolls sideways); with room to spare, the flexible one
  // (the longest text) takes it.
  const pinned = cols.shown[0];
  const room = useInnerWidth(scroller);
  const widths = fitWidths(cols.shown.map((f) => ({ field: f, width: cols.widthOf(f), min: cols.specs[f].min, keep: f === pinned || cols.userSet(f) })),
    room ? room - SELECT_WIDTH - actionsWidth : Infinity);
  const tableWidth = SELECT_WIDTH + cols.shown.reduce((sum, f) => sum + widths[f], 0) + actionsWidth;
  const cellClass = (field: string) => (field === '_select' ? 'cell-select'
    : [field === pinned && 'cell-pin', cols.specs[field]?.align === 'end' && 'cell-end'].filter(Boolean).join(' ') || undefined);

  return (
    <table {...list.gridProps} ref={grid as React.Ref<HTMLTableElement>}
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
                  ? <button onClick={() => list.toggleSort(field)} aria-label={t('list.sortBy', { name: fieldLabel(field) })}
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
          const row = tableRows[vi.index];
          if (!row) return null;
          return (
            <tr key={row.id} id={`row-${def.name}-${row.original.id}`} data-focused={vi.index === focused} aria-selected={selected.has(row.original.id)}
              data-changed={changedRows.has(Number(row.original.id)) || undefined}
              aria-rowindex={vi.index + 1} onClick={() => { find.arm(); list.openAt(row.original, vi.index); }}>
              {row.getAllCells().map((cell) => <td key={cell.id} className={cellClass(cell.column.id)}
                {...(cols.specs[cell.column.id] && cellProps?.(cell.column.id, row.original, vi.index === focused))}><table.FlexRender cell={cell} /></td>)}
            </tr>
          );
        })}
        {items.length > 0 && <tr style={{ height: virtual.getTotalSize() - items[items.length - 1].end }} aria-hidden />}
      </tbody>
    </table>
  );
}
