import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { fromForm, toForm, type EntityDef, type Role } from '../../registry';
import { ApiError } from '../api/client';
import { entities, type Row } from '../api/entities';
import { errorText } from '../api/error-text';
import { writes } from '../api/writes';
import { offerUndo, UndoRefusedFor, valuesBefore } from '../form/undo';
import { noteFieldEdit } from '../form/repeat-field';
import i18n, { translateMessage } from '../i18n';
import { sayRecord } from '../api/search';
import { serverFieldMessage } from '../i18n/zod-messages';
import { registerUnsaved } from '../ui/unsaved';
import { whyNotEditable, type NotEditable } from './cell-rules';
import { dropCell, formDraft, holdCell, keepMine, rebase, refuse, saved, savedInForm, sendable, type Held, type HeldRow } from './held-edits';
import './grid-words';

/**
 * Editing a list's cells in place, keyboard first (react-admin's EditableDatagrid, made safe). The row focus stays the
 * list's: ←/→ (or F2) put a cell cursor on the focused row, Enter or F2 then edit that cell, Esc takes the cursor away
 * (Enter on a row without one opens the record, as before). Letters typed on a cell that is only focused still search
 * the list: an editor opens on Enter or F2 only, so a surname typed never changes a record.
 *
 * Nothing is written until the user saves: Ctrl+Enter saves the focused row, the held-changes bar saves every row.
 * Each row is sent whole with the version it was read at (PUT); one someone else changed meanwhile is refused (409
 * stale) and comes back with their values under it (held-edits.ts `rebase`): cells both changed are conflicts, for the
 * user to settle, never overwritten. Leaving the list with changes held asks first (ui/unsaved.ts).
 *
 * A save is undone as an edit in the form is (form/undo.ts): the toast's Undo or Ctrl+Z puts each row saved back to
 * its values before, at the version the save made, so a row someone changed since is refused as stale, never
 * overwritten. A row saved with one cell changed is what `.` repeats next, as the form's edit of one field is.
 */
export interface GridEdit {
  def: EntityDef;
  /** The cell cursor's field on the focused row, or null (the row itself is focused). */
  cell: string | null;
  editing: { id: number; field: string } | null;
  /** On a phone: the card whose fields are open for editing (F2, or its "Edit here"). */
  card: number | null;
  /** The list's shown columns, in order. */
  fields: readonly string[];
  held: Held;
  /** Why a cell may not be edited, or null. */
  why: (field: string) => NotEditable | null;
  /** The form value a cell shows: what was typed, else the record's. */
  valueOf: (row: Row, field: string) => unknown;
  /** The grid's keydown, after type-to-find: true when the key was the grid's. */
  gridKey: (e: React.KeyboardEvent) => boolean;
  /** An editor's end: `keep` its value (else the cell's change is dropped), then where the cursor goes. */
  finish: (row: Row, field: string, value: unknown, how: { keep: boolean; label?: string; was?: unknown; next?: 'stay' | 'next' | 'previous' | 'save' | 'blur' }) => void;
  startEdit: (row: Row, field: string) => void;
  /** A value typed in a cell's editor or a card's field: held as it is typed, so it outlives the editor. */
  hold: (row: Row, field: string, value: unknown, label?: string) => void;
  openCard: (row: Row) => void;
  /** The card's editor closed: `save` its row, else drop its changes. */
  closeCard: (row: Row, how: 'save' | 'drop') => void;
  saveAll: () => void;
  discardAll: () => void;
  takeTheirs: (id: number, field: string) => void;
  /** `e` on a row with held cells: the form opens with them as its draft (held-edits.ts formDraft). */
  formDraft: (id: number) => ReturnType<typeof formDraft>;
  /** The form saved that draft: its cells are no longer held. */
  savedInForm: (id: number) => void;
  keepMine: (id: number, field: string) => void;
  saving: boolean;
}

export function useGridEdit({ def, role, rows, focused, fields, gridRef, cards }: {
  def: EntityDef; role: Role | null; rows: readonly Row[]; focused: number; fields: readonly string[];
  gridRef: React.RefObject<HTMLElement | null>;
  /** A phone's card layout: F2 edits the focused card's fields, there is no cell cursor. */
  cards: boolean;
}): GridEdit {
  const { t, i18n } = useTranslation();
  const [cell, setCell] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; field: string } | null>(null);
  const [card, setCard] = useState<number | null>(null);
  const [held, setHeldState] = useState<Held>(new Map());
  const [saving, setSaving] = useState(false);
  // The held cells as they are now: every change is made on this first (the saves read it between awaits, the leave
  // check between renders), then shown.
  const heldRef = useRef(held);
  const setHeld = (next: (h: Held) => Held) => { heldRef.current = next(heldRef.current); setHeldState(heldRef.current); };
  useEffect(() => registerUnsaved(() => heldRef.current.size > 0), []);
  // Another entity's list: nothing of this one's is held on it.
  useEffect(() => { setCell(null); setEditing(null); setCard(null); setHeld(() => new Map()); }, [def]);
  // The table and the cards are one grid at a time: a cursor or an open card belongs to the layout it was made in.
  useEffect(() => { setCell(null); setEditing(null); setCard(null); }, [cards]);
  // A column hidden while it had the cursor: the cursor goes back to the row.
  useEffect(() => { if (cell && !fields.includes(cell)) setCell(null); }, [cell, fields]);

  const why = (field: string) => whyNotEditable(def, role, field);
  const formValue = (row: Row, field: string) => toForm(def, row)[field];
  const valueOf = (row: Row, field: string) => {
    const h = held.get(row.id);
    return h && field in h.values ? h.values[field] : formValue(row, field);
  };
  const row = rows[focused];
  const focusGrid = () => gridRef.current?.focus({ preventScroll: true });

  const startEdit = (r: Row, field: string) => {
    if (why(field) !== null) return;
    setCell(field);
    setEditing({ id: r.id, field });
  };
  const editableFrom = (field: string | null, step: 1 | -1) => {
    const at = field ? fields.indexOf(field) : step === 1 ? -1 : fields.length;
    for (let i = at + step; i >= 0 && i < fields.length; i += step) if (why(fields[i]) === null) return fields[i];
    return null;
  };

  /**
   * Sends one row: whole, from the record as it is now with the typed cells over it, at the version they were read at.
   * Saved, it gives the record before and after: what an undo puts back, at the version it names.
   */
  const saveRow = async (id: number, retried = false): Promise<Saved | null> => {
    const h = heldRef.current.get(id);
    if (!h || Object.keys(h.conflicts).length) return null;
    let payload: Record<string, unknown> = {};
    try {
      const now = await entities.get(def, id).fetch(new AbortController().signal);
      payload = fromForm(def, { ...toForm(def, now), ...h.values, version: h.version }, 'update');
      const after = await writes.update(def, id, payload, { inPlace: true });
      // Only the cells sent go: one typed again while the save was on its way stays held.
      setHeld((cur) => (cur.get(id) === h ? saved(cur, id) : cur));
      return { before: now, after };
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.code === 'stale') {
        const now = await entities.get(def, id).fetch(new AbortController().signal).catch(() => null);
        if (!now) return null;
        setHeld((cur) => rebase(cur, id, { version: Number(now.version), values: toForm(def, now) }));
        // Their change was to other cells: nothing of theirs is lost by sending these cells again, once.
        const after = heldRef.current.get(id);
        if (!retried && after && !Object.keys(after.conflicts).length) return saveRow(id, true);
        return null;
      }
      const errors = err instanceof ApiError ? err.fieldErrors().filter((e) => e.field && e.field in h.values) : [];
      if (errors.length) {
        setHeld((cur) => refuse(cur, id, Object.fromEntries(errors.map((e) => [e.field!, serverFieldMessage(def, 'update', { field: e.field!, code: e.code, message: e.message }, payload, t, i18n.language, translateMessage)]))));
      } else {
        const first = Object.keys(h.values)[0];
        setHeld((cur) => refuse(cur, id, { [first]: errorText(err) }));
      }
      return null;
    }
  };

  const saveRows = async (ids: number[]) => {
    if (!ids.length) return;
    if (saving) return;
    setSaving(true);
    const done: Saved[] = [];
    for (const id of ids) {
      const one = await saveRow(id);
      if (one) done.push(one);
    }
    setSaving(false);
    for (const { before, after } of done) noteFieldEdit(t, def, before, after);
    if (done.length) offerUndo(def, t('grid.saved', { count: done.length }), () => undoSaves(def, done, t), t('grid.undone', { count: done.length }));
    const left = heldRef.current.size;
    if (left) toast.error(t('grid.notSaved', { count: left }));
  };

  const finish: GridEdit['finish'] = (r, field, value, how) => {
    const h = heldRef.current.get(r.id);
    if (how.keep) setHeld((cur) => holdCell(cur, { id: r.id, version: Number(r.version) }, field, formValue(r, field), value, how.label));
    else if (!h || !(field in h.conflicts)) setHeld((cur) => dropCell(cur, r.id, field));
    else setHeld((cur) => holdCell(cur, { id: r.id, version: Number(r.version) }, field, formValue(r, field), how.was, how.label));
    setEditing(null);
    const then = how.next ?? 'stay';
    if (then === 'blur') return;
    if (then === 'next' || then === 'previous') {
      const to = editableFrom(field, then === 'next' ? 1 : -1);
      if (to) { startEdit(r, to); return; }
    }
    focusGrid();
    if (then === 'save') void saveRows([r.id]);
  };

  const openCard = (r: Row) => { if (fields.some((f) => why(f) === null)) setCard(r.id); };
  const gridKey = (e: React.KeyboardEvent): boolean => {
    if (e.target !== e.currentTarget || e.altKey || !row) return false;
    const mod = e.ctrlKey || e.metaKey;
    if (cards) {
      if (e.key !== 'F2' || mod || e.shiftKey) return false;
      e.preventDefault();
      openCard(row);
      return true;
    }
    if (mod && e.key === 'Enter') {
      if (!heldRef.current.has(row.id)) return false;
      e.preventDefault();
      void saveRows([row.id]);
      return true;
    }
    if (mod || e.shiftKey) return false;
    const act = (f: () => void) => { e.preventDefault(); f(); return true; };
    switch (e.key) {
      case 'ArrowRight': return act(() => setCell((c) => (c === null ? fields[0] : fields[Math.min(fields.indexOf(c) + 1, fields.length - 1)]) ?? null));
      case 'ArrowLeft': return act(() => setCell((c) => (c === null ? fields[0] : fields[Math.max(fields.indexOf(c) - 1, 0)]) ?? null));
      case 'F2': return act(() => (cell === null ? setCell(editableFrom(null, 1) ?? fields[0] ?? null) : startEdit(row, cell)));
      case 'Enter': {
        if (cell === null) return false;
        const conflict = heldRef.current.get(row.id)?.conflicts;
        // A conflict is settled in the held-changes bar: its first choice takes the focus.
        if (conflict && cell in conflict) return act(() => document.getElementById(conflictChoiceId(def, row.id, cell))?.focus());
        // A cell that may not be edited says why (its hint, read as its description); Enter does nothing else there.
        return act(() => startEdit(row, cell));
      }
      case 'Escape': return cell === null ? false : act(() => setCell(null));
      default: return false;
    }
  };

  return {
    def, cell, editing, card, fields, held, why, valueOf, gridKey, finish, startEdit, saving, openCard,
    hold: (r, field, value, label) => setHeld((cur) => holdCell(cur, { id: r.id, version: Number(r.version) }, field, formValue(r, field), value, label)),
    closeCard: (r, how) => {
      // A save that did not go (a conflict, a refused value) leaves the card open on what it says.
      if (how === 'save') { void saveRows([r.id]).then(() => { if (!heldRef.current.has(r.id)) { setCard(null); focusGrid(); } }); return; }
      setHeld((cur) => saved(cur, r.id));
      setCard(null);
      focusGrid();
    },
    saveAll: () => void saveRows(sendable(heldRef.current).map((r: HeldRow) => r.id)),
    discardAll: () => { setHeld(() => new Map()); setEditing(null); focusGrid(); },
    formDraft: (id) => formDraft(heldRef.current, id),
    savedInForm: (id) => setHeld((cur) => savedInForm(cur, id)),
    takeTheirs: (id, field) => { setHeld((cur) => dropCell(cur, id, field)); focusGrid(); },
    keepMine: (id, field) => { setHeld((cur) => keepMine(cur, id, field)); focusGrid(); },
  };
}

interface Saved { before: Row; after: Row }

/**
 * Puts each saved row back to its values before, at the version its save made, one at a time: a row someone changed
 * since is refused (409 stale) and stays as it is, the others go back. A save of one row was said of that row, so its
 * refusal is said as a form's undo's is; of several, the refused rows are named by their titles as they are now (the
 * list shows theirs), the first refusal's reason below.
 */
async function undoSaves(def: EntityDef, done: readonly Saved[], t: TFunction) {
  const refused: { row: Row; err: unknown }[] = [];
  for (const { before, after } of done) {
    try {
      await writes.update(def, after.id, valuesBefore(def, before, after.version), { inPlace: true });
    } catch (err) {
      refused.push({ row: after, err });
    }
  }
  if (!refused.length) return;
  if (done.length === 1) throw refused[0].err;
  const now = await Promise.all(refused.map(({ row }) => entities.get(def, row.id).fetch(new AbortController().signal).catch(() => row)));
  const rows = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(now.map((r) => sayRecord(def, r)));
  const left = done.length - refused.length;
  throw new UndoRefusedFor(left ? t('grid.undonePartly', { count: left, rows }) : t('grid.notUndone', { rows }), refused[0].err, left > 0);
}

/** The id of a cell in the page: the grid points at it (aria-activedescendant) while it has the cursor. */
export const cellId = (def: EntityDef, id: number, field: string) => `cell-${def.name}-${id}-${field}`;
/** The id of a conflict's first choice ("Take theirs") in the held-changes bar. */
export const conflictChoiceId = (def: EntityDef, id: number, field: string) => `conflict-${def.name}-${id}-${field}`;
