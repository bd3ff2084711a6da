import { useTranslation } from 'react-i18next';
import type { Row } from '../api/entities';
import { sayRecord } from '../api/search';
import { FieldValue } from '../text/field-value';
import { EditorControl, storedRow } from './grid-cell';
import type { GridEdit } from './use-grid-edit';

/**
 * A phone's edit of the focused card (its "Edit here", or F2): the card's editable columns, each with the form's widget,
 * under the card. The same rules as the table's cells: each value typed is held, nothing is written until Save (or
 * Ctrl+Enter), Cancel (or Esc) drops the card's changes, a stale save shows its conflicts in the held-changes bar.
 * Elsewhere, the focused card offers "Edit here" when the role may edit one of its columns.
 */
export function CardEditSlot({ grid, row, focused }: { grid: GridEdit; row: Row; focused: boolean }) {
  const { t } = useTranslation();
  const { def } = grid;
  const fields = grid.fields.filter((f) => grid.why(f) === null);
  if (!fields.length) return null;
  if (grid.card !== row.id) {
    return focused ? (
      <button type="button" className="btn btn-small card-edit-here" tabIndex={-1}
        onClick={(e) => { e.stopPropagation(); grid.openCard(row); }}>{t('grid.editHere')} <kbd>F2</kbd></button>
    ) : null;
  }
  const h = grid.held.get(row.id);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.defaultPrevented) return;
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); e.stopPropagation(); grid.closeCard(row, 'save'); }
    else if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); grid.closeCard(row, 'drop'); }
  };
  return (
    // The card's click opens its record: a click in its editor is the editor's.
    <div className="card-editor" role="group" aria-label={t('grid.cardEditor', { record: sayRecord(def, row) })}
      onKeyDown={onKeyDown} onClick={(e) => e.stopPropagation()}>
      {fields.map((field, i) => (
        <div key={field} className="field">
          <label htmlFor={`card-edit-${def.name}-${field}`}>{t(`${def.name}.fields.${field}`, { ns: 'entities' })}</label>
          <EditorControl def={def} row={row} field={field} id={`card-edit-${def.name}-${field}`} value={grid.valueOf(row, field)} autoFocus={i === 0}
            onChange={(v) => grid.hold(row, field, v, h?.labels[field])} onPicked={(title, id) => grid.hold(row, field, id, title)} />
          {h && field in h.conflicts && (
            <span className="hint grid-theirs">{t('grid.theirs')}: <FieldValue def={def} field={field} row={storedRow(def, row, field, h.conflicts[field])} /></span>
          )}
          {h?.errors[field] && <span className="error" role="alert">{h.errors[field]}</span>}
        </div>
      ))}
      <div className="card-editor-actions">
        <button type="button" className="btn" onClick={() => grid.closeCard(row, 'drop')}>{t('form.cancel')}</button>
        <button type="button" className="btn btn-primary" disabled={grid.saving} onClick={() => grid.closeCard(row, 'save')}>{t('grid.save')}</button>
      </div>
    </div>
  );
}
