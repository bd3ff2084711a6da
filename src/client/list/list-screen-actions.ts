import { useEffect } from 'react';
import type { EntityDef } from '../../registry';
import type { Row } from '../api/entities';
import { setInView } from '../state/ui';
import { contribute } from '../state/screen';
import { recordRef } from '../record/record-ref';

/**
 * What the list tells the shell, in one place: what is in view for the palette's move commands (the selection, else
 * the focused row; the peeked record while one is peeked, as on its page), and what it gives the commands
 * (commands/screen.ts): its rows to act on, and its own controls (filter `/`, columns, add a filter, create). `.`
 * repeating a one-field edit reads the selection from here and writes through the command context.
 */
export function useListScreenActions(a: {
  def: EntityDef; mayAdd: boolean; statusField: string | undefined;
  selectedRows: Row[]; selectedCount: number;
  focusedRow: Row | undefined; peeked: Row | undefined; peekedStatus: string | undefined;
  openCreate: () => void; focusFilter: () => void; openColumns: () => void; addFilter: () => void;
}) {
  const { def, mayAdd, statusField, selectedRows, focusedRow, peeked, peekedStatus } = a;
  // The focused row's id and status too: with no row selected, moves and `.` act on it (commands/workflow.ts, repeat.ts).
  const focusedId = focusedRow?.id;
  const focusedStatus = statusField && focusedRow ? String(focusedRow[statusField]) : undefined;
  const peekedId = peeked?.id;
  const selectedCount = a.selectedCount;
  useEffect(() => setInView(peekedId !== undefined
    ? { entity: def.name, record: { id: peekedId, status: peekedStatus }, selected: 0 }
    : { entity: def.name, selected: selectedCount, ...(focusedId !== undefined ? { focused: { id: focusedId, status: focusedStatus } } : {}) }),
  [def, selectedCount, focusedId, focusedStatus, peekedId, peekedStatus]);

  useEffect(() => contribute('list', {
    entity: def.name,
    selection: selectedRows.map((r) => recordRef(def, r)),
    focused: focusedRow && recordRef(def, focusedRow),
    openCreate: mayAdd ? a.openCreate : undefined,
    focusFilter: a.focusFilter,
    addFilter: a.addFilter,
    openColumns: a.openColumns,
  }));
}
