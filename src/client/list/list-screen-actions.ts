import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import type { EntityDef } from '../../registry';
import { lastRepeatable, REPEAT_FIELD } from '../../../commands';
import { sayRecord } from '../api/search';
import { errorText } from '../api/error-text';
import type { Row } from '../api/entities';
import { registerScreenAction, setInView } from '../state/ui';
import { setField } from '../form/repeat-field';

/**
 * What the list tells the shell, in one place: the screen's commands (filter `/`, columns, add a filter, create),
 * what is in view for the palette's move commands (the selection, else the focused row; the peeked record while one
 * is peeked, as on its page), and `.` repeating a one-field edit on the selected rows, else on the focused row.
 */
export function useListScreenActions(a: {
  def: EntityDef; t: TFunction; mayAdd: boolean; mayEdit: boolean; statusField: string | undefined;
  seen: RefObject<Map<number, Row>>; selected: ReadonlySet<number>; selectedCount: number;
  focusedRow: Row | undefined; peeked: Row | undefined; peekedStatus: string | undefined;
  openCreate: () => void; focusFilter: () => void; openColumns: () => void; addFilter: () => void;
  fieldLabel: (field: string) => string;
}) {
  const { def, t, mayAdd, mayEdit, statusField, seen, selected, focusedRow, peeked, peekedStatus } = a;
  // Registered once (a command asked for as the screen opened runs then), each calling the latest render's own.
  const latest = useRef(a);
  useLayoutEffect(() => { latest.current = a; });
  useEffect(() => registerScreenAction('filter', () => latest.current.focusFilter()), []);
  useEffect(() => registerScreenAction('columns', () => latest.current.openColumns()), []);
  useEffect(() => registerScreenAction('addFilter', () => latest.current.addFilter()), []);
  useEffect(() => (mayAdd ? registerScreenAction('create', () => latest.current.openCreate()) : undefined), [def, mayAdd]);

  // The focused row's id and status too: with no row selected, moves and `.` act on it (commands/workflow.ts, repeat.ts).
  const focusedId = focusedRow?.id;
  const focusedStatus = statusField && focusedRow ? String(focusedRow[statusField]) : undefined;
  const peekedId = peeked?.id;
  const selectedCount = a.selectedCount;
  useEffect(() => setInView(peekedId !== undefined
    ? { entity: def.name, record: { id: peekedId, status: peekedStatus }, selected: 0 }
    : { entity: def.name, selected: selectedCount, ...(focusedId !== undefined ? { focused: { id: focusedId, status: focusedStatus } } : {}) }),
  [def, selectedCount, focusedId, focusedStatus, peekedId, peekedStatus]);

  // `.` after an edit that changed one field: the same field set on the selected rows, else on the focused row, each in place.
  useEffect(() => {
    const last = lastRepeatable();
    if (last?.kind !== 'field' || last.entity !== def.name || !mayEdit) return;
    return registerScreenAction(REPEAT_FIELD, () => {
      const targets = selected.size ? [...selected] : focusedId !== undefined ? [focusedId] : [];
      for (const id of targets) {
        const known = seen.current.get(id);
        const title = known ? sayRecord(def, known) : `#${id}`;
        setField(def, id, last.field, last.value, { inPlace: true }).then(
          () => toast.success(`${title}: ${t('repeat.setField', { field: a.fieldLabel(last.field), value: last.label })}`),
          (err: unknown) => toast.error(`${title}: ${errorText(err)}`));
      }
    });
  });
}
