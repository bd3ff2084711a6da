import { toast } from 'sonner';
import { fromForm, inputSchema, toForm, type EntityDef, type FormValues } from '../../registry';
import { ApiError } from '../api/client';
import { errorText } from '../api/error-text';
import { listsChanged, writes } from '../api/writes';
import i18n from '../i18n';
import { isEditable } from '../ui/editable';

/**
 * Undo from a toast (issue 10): a delete or an edit says it is done and offers Undo for UNDO_SECONDS, by the toast's
 * button (Alt+T reaches the toasts, Tab the button) or by Ctrl+Z (⌘Z) while the toast shows. A delete is undone by
 * the server's restore (the record waits in its trash for minutes, so a late press still finds it); an edit by
 * putting the previous values back with the new version, which fails plainly if someone changed the record since.
 * Workflow statuses are never undone here: transitions are not edits, and the form has no status field.
 */
export const UNDO_SECONDS = 8;

interface Offer { id: string | number; run: () => void }

/** The newest offer still on screen: the one Ctrl+Z undoes. */
let current: Offer | null = null;

let listening = false;
function listenForShortcut() {
  if (listening) return;
  listening = true;
  window.addEventListener('keydown', (e) => {
    if (!current || e.key.toLowerCase() !== 'z' || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey) return;
    // In a text field Ctrl+Z undoes typing, as everywhere; with a dialog open (the next form) it is the dialog's.
    if (isEditable(e.target) || document.querySelector('[role="dialog"]')) return;
    e.preventDefault();
    current.run();
  });
}

/** What went wrong with an undo, said plainly and in the user's language. */
function undoFailure(def: EntityDef, err: unknown): string {
  if (err instanceof ApiError) {
    const field = err.errors[0]?.field?.split('.')[0];
    const label = field && def.fields[field] ? i18n.t(`${def.name}.fields.${field}`, { ns: 'entities' }) : '';
    if (err.code === 'stale') return i18n.t('undo.stale');
    if (err.code === 'duplicate') return i18n.t('undo.duplicate', { field: label });
    if (err.code === 'reference_gone') return i18n.t('undo.referenceGone', { field: label });
    if (err.status === 404) return i18n.t('undo.gone');
  }
  return errorText(err);
}

/**
 * An undo of several records that some of them refused: `message` names those (the others were put back, and stay so),
 * `reason` is the first refusal, said below it. `partly`: some were undone, so it is a warning rather than a failure.
 */
export class UndoRefusedFor extends Error {
  constructor(message: string, readonly reason: unknown, readonly partly: boolean) {
    super(message);
  }
}

/**
 * Shows `message` with an Undo button; `undo` runs at most once, then `undone` is said (or why it could not be). The
 * undo is a write of api/writes.ts: what it changes back is refetched by key wherever it shows.
 */
export function offerUndo(def: EntityDef, message: string, undo: () => Promise<unknown>, undone: string) {
  listenForShortcut();
  let used = false;
  const forget = () => { if (current?.id === id) current = null; };
  const run = () => {
    if (used) return;
    used = true;
    forget();
    toast.dismiss(id);
    void undo().then(() => {
      toast.success(undone);
    }, (err: unknown) => {
      const named = err instanceof UndoRefusedFor ? err : null;
      (named?.partly ? toast.warning : toast.error)(named?.message ?? i18n.t('undo.failed'), { description: undoFailure(def, named ? named.reason : err) });
      // Refused because the records moved on: the lists show them as they are now.
      listsChanged(def);
    });
  };
  const id = toast.success(message, {
    description: i18n.t('undo.hint', { keys: /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘Z' : 'Ctrl+Z' }),
    duration: UNDO_SECONDS * 1000,
    action: { label: i18n.t('undo.action'), onClick: (e) => { e.preventDefault(); run(); } },
    onDismiss: forget,
    onAutoClose: forget,
  });
  current = { id, run };
}

/** After a delete: Undo restores the record (POST …/restore). */
export function offerUndoDelete(def: EntityDef, id: number, name: string) {
  offerUndo(def, i18n.t('confirm.deleted', { name }), () => writes.restore(def, id), i18n.t('undo.restored', { name }));
}

/**
 * After an edit: Undo puts back the values the form was opened with, as the form would have sent them, with the
 * version the edit made (409 stale if someone changed the record in between). A write-only value (a password) is
 * never read back, so an edit of it cannot be undone: the form left it out, and so does the undo.
 */
export function offerUndoEdit(def: EntityDef, before: FormValues, after: FormValues, message: string, name: string) {
  offerUndo(def, message, () => writes.update(def, Number(after.id), valuesBefore(def, before, after.version)), i18n.t('undo.reverted', { name }));
}

/** An edit's undo payload: the record's values before, as the form would send them, at the version the edit made. */
export function valuesBefore(def: EntityDef, before: FormValues, version: unknown): Record<string, unknown> {
  const raw = { ...fromForm(def, toForm(def, before), 'update'), version };
  const parsed = inputSchema(def, 'update').safeParse(raw);
  return (parsed.success ? parsed.data : raw) as Record<string, unknown>;
}
