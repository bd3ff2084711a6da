import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromForm, shownKind, type EntityDef } from '../../registry';
import type { Row } from '../api/entities';
import { valueLabel } from '../../../commands';
import { DateTextInput } from '../form/date-text-input';
import { FieldValue } from '../text/field-value';
import { RefSelect } from '../form/ref-select';
import { cellId, type GridEdit } from './use-grid-edit';
import './grid.css';

/** A form value as the record stores it, to be shown as the list shows the record's own values. */
export function storedRow(def: EntityDef, row: Row, field: string, value: unknown, label?: string): Row {
  const stored = fromForm(def, { [field]: value }, 'update')[field];
  return { ...row, [field]: stored, _labels: { ...(row._labels as object | undefined), ...(label !== undefined ? { [field]: label } : {}) } };
}

/** What the list's `<td>` of a data column carries for the grid: its id, its marks, and why it may not be edited. */
export function gridCellProps(grid: GridEdit, row: Row, field: string, focusedRow: boolean) {
  const h = grid.held.get(row.id);
  const cursor = focusedRow && grid.cell === field;
  return {
    id: cellId(grid.def, row.id, field),
    'data-cursor': cursor || undefined,
    'data-held': (h && field in h.values) || undefined,
    'data-conflict': (h && field in h.conflicts) || undefined,
    'data-editing': (grid.editing?.id === row.id && grid.editing.field === field) || undefined,
    'aria-describedby': cursor ? 'grid-cell-note' : undefined,
  };
}

/** A cell's content: an editor, a held value or a conflict while the grid has one there, else the list's (`children`). */
export function GridCell({ grid, row, field, children }: { grid: GridEdit; row: Row; field: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  if (grid.editing?.id === row.id && grid.editing.field === field) return <CellEditor grid={grid} row={row} field={field} />;
  const h = grid.held.get(row.id);
  if (!h || !(field in h.values)) return children;
  const mine = <FieldValue def={grid.def} field={field} row={storedRow(grid.def, row, field, h.values[field], h.labels[field])} />;
  // A conflict shows what was typed, marked; theirs is on hover and, with the choice, in the held-changes bar (a cell is
  // too narrow for both).
  const theirs = field in h.conflicts
    ? <FieldValue def={grid.def} field={field} row={storedRow(grid.def, row, field, h.conflicts[field])} /> : null;
  return (
    <span className="grid-held">
      {theirs && <span className="grid-conflict-mark" aria-hidden>⚠ </span>}
      {mine}
      {theirs && <span className="sr-only"> ({t('grid.theirs')}: {theirs})</span>}
      {h.errors[field] && <span className="grid-error" role="alert"> {h.errors[field]}</span>}
    </span>
  );
}

/** Kinds whose editor leaves the cell on ↑/↓ (a select, a picker and a date use the arrows themselves). */
const ARROWS_LEAVE = new Set(['text', 'code', 'email', 'phone', 'url', 'int', 'decimal', 'money']);

/**
 * The editor of one cell: the form's own widget for the field's kind. Enter keeps the value and leaves the cell, Tab
 * and Shift+Tab keep it and edit the next or previous cell of the row, ↑/↓ keep it and leave, Esc drops the cell's
 * change, Ctrl+Enter keeps it and saves the row; focus going elsewhere keeps it. Nothing is written from here.
 * What is typed is held as it is typed (the grid's state, not this editor's): a row scrolled out of the list's window
 * unmounts its editor, and its draft is still there when the row comes back, and in the held-changes bar meanwhile.
 */
function CellEditor({ grid, row, field }: { grid: GridEdit; row: Row; field: string }) {
  const { def } = grid;
  const kind = shownKind(def.fields[field]);
  const value = grid.valueOf(row, field);
  const label = grid.held.get(row.id)?.labels[field];
  // What the cell held as the editor opened: Esc on a conflicted cell goes back to it (the conflict stays to settle).
  const opened = useRef(value);
  const ended = useRef(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const id = `grid-edit-${def.name}-${field}`;
  const end = (how: { keep: boolean; next?: 'stay' | 'next' | 'previous' | 'save' | 'blur' }) => {
    if (ended.current) return;
    ended.current = true;
    grid.finish(row, field, value, { ...how, label, was: opened.current });
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.defaultPrevented) return;
    const taken = (how: Parameters<typeof end>[0]) => { e.preventDefault(); e.stopPropagation(); end(how); };
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) taken({ keep: true, next: 'save' });
    else if (e.key === 'Enter' && !e.altKey && !e.shiftKey) taken({ keep: true });
    else if (e.key === 'Tab') taken({ keep: true, next: e.shiftKey ? 'previous' : 'next' });
    else if (e.key === 'Escape') taken({ keep: false });
    else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && ARROWS_LEAVE.has(kind)) taken({ keep: true });
  };
  return (
    // The row's click opens its record: a click in the editor is the editor's.
    <span className="grid-editor" ref={wrapper} onKeyDown={onKeyDown} onClick={(e) => e.stopPropagation()}
      onBlur={(e) => { if (!wrapper.current?.contains(e.relatedTarget as Node | null)) end({ keep: true, next: 'blur' }); }}>
      <EditorControl def={def} row={row} field={field} id={id} value={value} onChange={(v) => grid.hold(row, field, v, label)} onPicked={(title, id) => grid.hold(row, field, id, title)} describedBy="grid-editor-keys" />
    </span>
  );
}

/** The form's widget for a field's kind, holding a form value: a cell's editor, and a card's fields on a phone. */
export function EditorControl({ def, row, field, id, value, onChange, onPicked, describedBy, autoFocus = true }: {
  def: EntityDef; row: Row; field: string; id: string; value: unknown; onChange: (v: unknown) => void;
  onPicked: (title: string, id: number) => void; describedBy?: string; autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const fd = def.fields[field];
  const kind = shownKind(fd);
  const name = t(`${def.name}.fields.${field}`, { ns: 'entities' });
  const setValue = onChange;
  const common = { id, 'aria-label': name, 'aria-describedby': describedBy, autoFocus, className: 'input grid-input' };
  const text = String(value ?? '');
  let control: React.ReactNode;
  switch (kind) {
    case 'enum':
      control = (
        <select {...common} value={text} onChange={(e) => setValue(e.target.value)}>
          {!fd.required && <option value="">{t('form.chooseNone')}</option>}
          {fd.values!.map((v) => <option key={v} value={v}>{valueLabel(t, def.name, field, v)}</option>)}
        </select>
      );
      break;
    case 'bool':
      control = <input type="checkbox" {...common} checked={Boolean(value)} onChange={(e) => setValue(e.target.checked)} />;
      break;
    case 'date': case 'datetime':
      control = <DateTextInput common={{ ...common, id }} value={text} onChange={setValue} onBlur={() => {}} inputRef={null} withTime={kind === 'datetime'} />;
      break;
    case 'ref':
      control = (
        <RefSelect inputId={id} target={fd.ref!} many={false} value={value} onChange={setValue} label={name} autoFocus={autoFocus}
          initialLabels={(row._labels as Record<string, string | null> | undefined)?.[field]} onPicked={(picked, title) => onPicked(title, picked)} />
      );
      break;
    case 'time':
      control = <input type="time" {...common} value={text} onChange={(e) => setValue(e.target.value)} />;
      break;
    default: {
      const numeric = kind === 'int' || kind === 'decimal' || kind === 'money';
      control = <input type={kind === 'email' ? 'email' : kind === 'phone' ? 'tel' : 'text'} inputMode={kind === 'int' ? 'numeric' : numeric ? 'decimal' : undefined}
        autoComplete="off" {...common} value={text} onChange={(e) => setValue(e.target.value)} />;
    }
  }
  return control;
}
