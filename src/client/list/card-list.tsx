import { useTranslation } from 'react-i18next';
import { allowedMoves, type EntityDef } from '../../registry';
import type { Row } from '../api/entities';
import { valueLabel } from '../../../commands';
import { FieldValue } from '../text/field-value';
import { moveLabel } from '../moves/transition-call';
import type { ListController } from './use-list-controller';
import './card-list.css';

/** The field a card shows as the row's status: its workflow's, else an enum named status. */
export function statusFieldOf(def: EntityDef): string | undefined {
  return def.workflow?.field ?? (def.fields.status?.kind === 'enum' ? 'status' : undefined);
}

/**
 * A list on a phone: one card a row, with the record's title and subtitle (the entity's title and subtitle fields,
 * as the palette names it), its status and the moves its status allows, as react-admin's SimpleList stands in for
 * its Datagrid on a small screen. It is the same grid to assistive technology and the keyboard as the table it
 * replaces: it renders the list controller's result (use-list-controller.ts), whose keys (j/k, Enter, x, Space) and
 * windowed rows drive it as they drive the table; each card is measured, as cards differ in height.
 */
export function CardList({ list, below }: {
  list: ListController;
  /** Under a card: its edit in place (grid/card-editor.tsx). */
  below?: (row: Row, index: number) => React.ReactNode;
}) {
  const { def, role, rows, items, virtual, focused, selected, changedRows: changed, grid } = list;
  const { t } = useTranslation();
  const status = statusFieldOf(def);
  const workflow = def.workflow?.field;
  // Joined as titleOf and subtitleOf join them (a space; a middle dot), each value formatted as the list shows it.
  const fields = (names: string[] | undefined, row: Row, between: string) => (names ?? []).filter((f) => row[f] !== null && row[f] !== undefined && row[f] !== '')
    .map((f, i) => <span key={f}>{i > 0 && between}<FieldValue def={def} field={f} row={row} /></span>);
  return (
    <div className="card-list" ref={grid as React.Ref<HTMLDivElement>} {...list.gridProps} style={{ height: virtual.getTotalSize() }}>
      {items.map((vi) => {
        const row = rows[vi.index];
        if (!row) return null;
        const moves = workflow ? allowedMoves(role, def, row[workflow]).filter((m) => !m.review) : [];
        return (
          <div role="row" key={row.id} id={`row-${def.name}-${row.id}`} className="card-row" data-index={vi.index} ref={virtual.measureElement}
            data-focused={vi.index === focused} aria-selected={selected.has(row.id)} aria-rowindex={vi.index + 1} data-changed={changed.has(row.id) || undefined}
            style={{ transform: `translateY(${vi.start}px)` }} onClick={() => list.openAt(row, vi.index)}>
            <div role="gridcell" className="list-card">
              <input type="checkbox" tabIndex={-1} checked={selected.has(row.id)} aria-label={t('workflow.selectRow')}
                onClick={(e) => e.stopPropagation()} onChange={() => list.toggle(row.id)} />
              <div className="list-card-text">
                <strong className="list-card-title">{fields(def.titleFields, row, ' ').length ? fields(def.titleFields, row, ' ') : `#${row.id}`}</strong>
                {def.subtitleFields && <span className="list-card-subtitle">{fields(def.subtitleFields, row, ' · ')}</span>}
              </div>
              {status && row[status] !== null && row[status] !== undefined && <FieldValue def={def} field={status} row={row} />}
              {moves.length > 0 && (
                <div className="list-card-moves">
                  {moves.map((m) => (
                    // Named by the status it moves to, as shown, then the whole move (a name must start with what it shows).
                    <button key={m.name} type="button" className="btn btn-small" tabIndex={-1}
                      aria-label={`${valueLabel(t, def.name, workflow!, m.to)}: ${moveLabel(t, def, m)}`}
                      onClick={(e) => { e.stopPropagation(); list.startMove(m, [row]); }}>{valueLabel(t, def.name, workflow!, m.to)}</button>
                  ))}
                </div>
              )}
            </div>
            {below?.(row, vi.index)}
          </div>
        );
      })}
    </div>
  );
}
