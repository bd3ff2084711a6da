import { useEffect, useMemo, useState } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { fromForm, inputSchema, toForm, type EntityDef, type Transition } from '../../registry';
import { translateMessage } from '../i18n';
import { formErrorMap } from '../i18n/zod-messages';
import { Modal } from '../ui/modal';
import { askBeforeLeaving, registerUnsaved } from '../ui/unsaved';
import { FieldInput } from '../form/field-input';
import { moveLabel, type MoveInput } from './transition-call';

/**
 * The entity narrowed to the fields a move asks for (a reschedule's new time, a payout's bank reference), each
 * required: the same field widgets and the same schema as the forms, so the dialog validates as the server will.
 */
function moveDef(def: EntityDef, move: Transition): EntityDef {
  const fields = Object.fromEntries((move.input ?? []).map((k) => [k, { ...def.fields[k], required: true }]));
  return { ...def, fields, workflow: undefined };
}

export interface DialogResult { fields?: { field: string; message: string }[]; message?: string }

/**
 * A move that needs a reason or values asks for them here, keyboard first: focus goes to the first field, Esc closes
 * (without reaching the page behind, whose Esc goes back to the list; asking first when something is typed), Ctrl/Cmd+Enter submits from any field.
 * `count`: the move runs on that many selected rows, each with the same reason and values; `record`: the one record
 * it moves, whose values the fields start from. `onSubmit` answers the
 * server's field errors, which are shown on their fields.
 */
export function TransitionDialog({ def, move, record, count, onSubmit, onClose }: {
  def: EntityDef; move: Transition; record?: Record<string, unknown> | null; count?: number;
  onSubmit: (input: MoveInput) => Promise<DialogResult | void>; onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const sub = useMemo(() => moveDef(def, move), [def, move]);
  const resolver = useMemo(() => {
    const schema = z.preprocess((v) => fromForm(sub, v as Record<string, unknown>, 'create'), inputSchema(sub, 'create'));
    // As the forms: "Scheduled at is required" in the user's language, never zod's own words.
    const error = formErrorMap(sub, t, i18n.language);
    return zodResolver(schema as unknown as z.ZodType<FieldValues, FieldValues>, { error } as never) as unknown as Resolver<FieldValues>;
  }, [sub, t, i18n.language]);
  // A single record starts from its current values (a reschedule moves the time it has); several rows from blanks.
  const form = useForm<FieldValues>({ resolver, defaultValues: record ? toForm(sub, record) : toForm(sub), mode: 'onSubmit' });
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = move.input ?? [];
  // A reason or values typed: a command leaving the screen asks first (ui/unsaved.ts). Read while rendering, so
  // react-hook-form keeps its dirtiness up to date.
  const typed = reason.trim() !== '' || form.formState.isDirty;
  useEffect(() => registerUnsaved(() => typed), [typed]);
  // Its own Esc, ✕ and Cancel ask too before throwing the typing away; with nothing typed they close at once.
  const close = () => askBeforeLeaving(onClose);

  const submit = async () => {
    setError(null);
    const trimmed = reason.trim();
    const reasonMissing = move.reason && !trimmed;
    setReasonError(reasonMissing ? t('workflow.reasonRequired') : null);
    let values: Record<string, unknown> | undefined;
    if (inputs.length) {
      const valid = await form.trigger();
      if (!valid) return;
      values = fromForm(sub, form.getValues(), 'create');
    }
    if (reasonMissing) { document.getElementById('move-reason')?.focus(); return; }
    setBusy(true);
    try {
      const res = await onSubmit({ ...(trimmed ? { reason: trimmed } : {}), ...(values ? { values } : {}) });
      for (const f of res?.fields ?? []) {
        if (f.field === 'reason') setReasonError(f.message);
        else if (inputs.includes(f.field)) form.setError(f.field, { type: 'server', message: f.message }, { shouldFocus: true });
      }
      if (res?.message && !res.fields?.some((f) => f.field === 'reason' || inputs.includes(f.field))) setError(res.message);
    } finally {
      setBusy(false);
    }
  };

  const title = moveLabel(t, def, move, true);
  return (
    <Modal title={title} onClose={close} labelledBy="move-title" className="move-dialog">
      <form noValidate style={{ display: 'contents' }}
        onSubmit={(e) => { e.preventDefault(); void submit(); }}
        onKeyDown={(e) => {
          // The dialog's own Esc (Radix) has closed it already; the page behind must not also take it.
          if (e.key === 'Escape') e.stopPropagation();
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void submit(); }
        }}>
        <div className="body">
          {count !== undefined && count > 1 && <p className="hint">{t('workflow.bulkNote', { count })}</p>}
          {error && <p className="alert alert-error" role="alert">{error}</p>}
          {inputs.map((field, i) => (
            <FieldInput key={field} def={sub} field={field} fd={sub.fields[field]} form={form} mode="create" record={record ?? null}
              autoFocus={i === 0} translateError={translateMessage} />
          ))}
          {move.reason && (
            <div className="field">
              <label htmlFor="move-reason">{t('workflow.reason')}<span className="hint"> ({t('form.required')})</span></label>
              <textarea id="move-reason" value={reason} maxLength={1000} autoFocus={!inputs.length}
                aria-invalid={reasonError ? true : undefined} aria-describedby={reasonError ? 'move-reason-error' : 'move-reason-hint'}
                onChange={(e) => setReason(e.target.value)} />
              {reasonError
                ? <span className="error" id="move-reason-error" role="alert">{reasonError}</span>
                : <span className="hint" id="move-reason-hint">{t('workflow.reasonHint')}</span>}
            </div>
          )}
        </div>
        <footer>
          <button type="button" className="btn" onClick={close}>{t('form.cancel')}</button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('workflow.working') : t('workflow.confirm')} <kbd>Ctrl Enter</kbd>
          </button>
        </footer>
      </form>
    </Modal>
  );
}
