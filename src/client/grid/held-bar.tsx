import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../api/entities';
import { sayRecord } from '../api/search';
import { FieldValue } from '../text/field-value';
import { ConfirmAction } from '../ui/confirm-action';
import { conflictCount } from './held-edits';
import { storedRow } from './grid-cell';
import { conflictChoiceId, type GridEdit } from './use-grid-edit';

/**
 * Under the list: what the cell cursor's cell says (why it may not be edited, or the keys that edit it), and while
 * cells are held, "3 rows changed: Save / Discard" with each conflict's choice (theirs or yours), all in the Tab order.
 * `rows`: the list's rows, to name a row and show its values. A save is undone from its toast; a discard cannot be, so
 * Discard of more than one row asks first (Enter discards, Esc keeps them), naming the rows.
 */
export function GridEditBar({ grid, focusedRow, rows }: { grid: GridEdit; focusedRow: Row | undefined; rows: readonly Row[] }) {
  const { t } = useTranslation();
  const { def, held } = grid;
  const fieldName = (field: string) => t(`${def.name}.fields.${field}`, { ns: 'entities' });
  const why = grid.cell ? grid.why(grid.cell) : null;
  const note = !grid.cell || !focusedRow ? '' : why ? t(`grid.why.${why}`, { field: fieldName(grid.cell) }) : t('grid.editHint', { field: fieldName(grid.cell) });
  const conflicts = [...held.values()].flatMap((h) => Object.keys(h.conflicts).map((field) => ({ h, field })));
  const rowOf = (id: number) => rows.find((r) => r.id === id) ?? ({ id } as Row);
  const [asking, setAsking] = useState(false);
  const discard = () => (held.size > 1 ? setAsking(true) : grid.discardAll());
  return (
    <>
      <span id="grid-cell-note" className={why ? 'hint grid-note' : 'hint grid-note key-hint'} aria-live="polite">{note}</span>
      <span id="grid-editor-keys" hidden>{t('grid.editorKeys')}</span>
      {held.size > 0 && (
        <div className="grid-held-bar" role="region" aria-label={t('grid.heldTitle')}>
          <span>{t('grid.rowsChanged', { count: held.size })}</span>
          <button type="button" className="btn btn-primary" disabled={grid.saving} onClick={grid.saveAll}>{grid.saving ? t('form.saving') : t('grid.save')}</button>
          <button type="button" className="btn" disabled={grid.saving} onClick={discard}>{t('grid.discard')}</button>
          {conflicts.length > 0 && <strong role="alert">{t('grid.conflicts', { count: conflictCount(held) })}</strong>}
          {conflicts.length > 0 && (
            <ul className="grid-conflicts">
              {conflicts.map(({ h, field }) => {
                const row = rowOf(h.id);
                return (
                  <li key={`${h.id}-${field}`} data-conflict-of={`${h.id}-${field}`}>
                    {t('grid.conflictOf', { record: row.id && Object.keys(row).length > 1 ? sayRecord(def, row) : `#${h.id}`, field: fieldName(field) })}{' '}
                    <span className="grid-theirs">{t('grid.theirs')}: <FieldValue def={def} field={field} row={storedRow(def, row, field, h.conflicts[field])} /></span>{' · '}
                    <span>{t('grid.yours')}: <FieldValue def={def} field={field} row={storedRow(def, row, field, h.values[field], h.labels[field])} /></span>{' '}
                    <button type="button" className="btn btn-small" id={conflictChoiceId(def, h.id, field)} onClick={() => grid.takeTheirs(h.id, field)}>{t('grid.takeTheirs')}</button>{' '}
                    <button type="button" className="btn btn-small" onClick={() => grid.keepMine(h.id, field)}>{t('grid.keepMine')}</button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
      {asking && (
        <ConfirmAction title={t('grid.discardTitle')} question={t('grid.discardQuestion', { count: held.size })}
          items={[...held.keys()].map((id) => { const row = rowOf(id); return Object.keys(row).length > 1 ? sayRecord(def, row) : `#${id}`; })}
          note={t('grid.discardNote')} confirm={t('grid.discard')}
          onConfirm={() => { setAsking(false); grid.discardAll(); }} onClose={() => setAsking(false)} />
      )}
    </>
  );
}
