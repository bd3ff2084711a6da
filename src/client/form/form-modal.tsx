import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formFields, fromForm, inputSchema, toForm, type EntityDef, type FormValues, type InputMode } from '../../registry';
import { ApiError } from '../api/client';
import { entities, type Row } from '../api/entities';
import { errorText } from '../api/error-text';
import { useRead } from '../api/use-read';
import { writes } from '../api/writes';
import { translateMessage } from '../i18n';
import { formErrorMap, serverFieldMessage } from '../i18n/zod-messages';
import { Modal } from '../ui/modal';
import { offerUndoEdit } from './undo';
import { askBeforeLeaving, registerUnsaved } from '../ui/unsaved';
import { FieldInput } from './field-input';
import { ChangedMeanwhile, PresenceNote, useSayPresence } from '../live/live-notes';
import { CAMPAIGN_FIXED_WHY, CampaignReachPreview, campaignFieldFixed, CampaignViewField, withFixedTogether } from './campaign-form';
import { fieldApplies, RuleStatusField, withoutHidden } from './rule-form';
import { noteFieldEdit } from './repeat-field';

/**
 * Add and edit as a modal form: react-hook-form with the entity's own zod schema (the one the server
 * validates with). Server field errors land on their fields; a stale edit (409) offers to reload.
 */
/** `raise`: a new record by a role that may only raise it (a ticket): its raise fields only (entity.raiseFields). */
export function EntityFormModal({ def, mode, id, onClose, draft, onSaved }: {
  def: EntityDef; mode: InputMode; id?: number; onClose: () => void;
  /**
   * An edit opened on cells held in the list (`e` on a row edited in place): their values over the record, at the
   * version they were read at, and what the form says of them. They are the form's starting point, not typing of its
   * own: closing the form leaves them held in the list, so it closes without asking; Save writes them (`onSaved`).
   */
  draft?: { version: number; values: Record<string, unknown>; note: string };
  onSaved?: (saved: Row) => void;
}) {
  const { t, i18n } = useTranslation();
  const name = t(`${def.name}.one`, { ns: 'entities' });
  const [record, setRecord] = useState<Row | null>(null);
  const [stale, setStale] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const resolver = useMemo(() => {
    const schema = z.preprocess((v) => fromForm(def, v as FormValues, mode), inputSchema(def, mode));
    // Messages name their field in the user's language ("Name is required"), not zod's "Invalid input: …".
    const error = formErrorMap(def, t, i18n.language);
    return zodResolver(schema as unknown as z.ZodType<FieldValues, FieldValues>, { error } as never) as unknown as Resolver<FieldValues>;
  }, [def, mode, t, i18n.language]);
  // Focus goes to the first invalid field once, as the submit fails. react-hook-form's own focusing does it again on a
  // timer, which a busy browser runs after keys typed meanwhile: the field being mended had turned valid, and the
  // focus jumped to the next invalid one in the middle of the typing.
  const form = useForm<FieldValues>({ resolver, defaultValues: toForm(def, undefined, mode), mode: 'onSubmit', shouldFocusError: false });
  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = formFields(def, mode).find(([field]) => field in errors);
    if (first) form.setFocus(first[0]);
  };

  // Forms never lose typing (issue 10.4): the fields appear only once their record is here (nothing to type into
  // before), and only an answer for the record asked now fills them, once: the record's key holds its id, so an
  // answer for the record this form showed before (the palette opened "Edit…" on another one meanwhile) lands under
  // that record's key, never on this form. The record is read afresh as the form opens, not taken from the cache (it
  // may be an older version, and a save would be refused as stale); later refetches (another screen's write, the
  // change stream) never reset what is being typed: Reload after a stale save does, when the user asks.
  const asked = mode === 'update' && id ? entities.get(def, id) : null;
  const load = useRead(asked, { fresh: true });
  const filled = useRef<number | null>(null);
  useEffect(() => {
    const data = load.data;
    if (!data || !load.current || data.id !== id || filled.current === id) return;
    filled.current = id;
    form.reset(draft ? { ...toForm(def, data), ...draft.values, version: draft.version } : toForm(def, data));
    setRecord(data);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load.data, load.current, id]);
  const loadError = load.error;
  useSayPresence(def, mode === 'update' && record ? id ?? null : null, 'editing');

  // A rule's fields that apply follow its choices (rule-form.tsx); other forms show every field.
  const chosen = def.name === 'automation' ? form.watch() : {};
  // A started campaign's message and audience are kept by the server: shown, not offered for editing.
  const fixed = (field: string) => def.name === 'notification' && mode === 'update' && campaignFieldFixed(record, field);
  const submit = form.handleSubmit(async (typed) => {
    const payload = withoutHidden(def, typed);
    setFormError(null);
    try {
      if (mode === 'create' || mode === 'raise') {
        await writes.create(def, payload);
        toast.success(t(mode === 'raise' ? 'form.raised' : 'form.saved', { name }));
      } else {
        const saved = await writes.update(def, id!, payload);
        onSaved?.(saved);
        noteFieldEdit(t, def, record!, saved);
        // The toast offers Undo: the values the form was opened with, put back (form/undo.ts).
        offerUndoEdit(def, record!, saved, t('form.saved', { name }), name);
      }
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) { setFormError(errorText(err)); return; }
      if (err.status === 409 && err.code === 'stale') { setStale(true); return; }
      const fieldErrs = err.fieldErrors().filter((e) => e.field && e.field !== 'version');
      // The server speaks English: each field error is said again in the user's language, naming its field.
      for (const e of fieldErrs) {
        const message = serverFieldMessage(def, mode === 'update' ? 'update' : 'create', { field: e.field!, code: e.code, message: e.message }, payload, t, i18n.language, translateMessage);
        form.setError(e.field!, { type: 'server', message }, { shouldFocus: true });
      }
      setFormError(fieldErrs.length ? t('form.fixErrors') : errorText(err));
    }
  }, (errors) => { focusFirstError(errors); setFormError(t('form.fixErrors')); });

  // The user asked for the record as it is now: it fills the form again, over what was typed.
  const reload = async () => {
    const shown = id;
    const fresh = await load.refetch();
    if (fresh.error || !fresh.data || fresh.data.id !== shown || filled.current !== shown) return;
    form.reset(toForm(def, fresh.data));
    setRecord(fresh.data);
    setStale(false);
    toast.info(t('form.reloaded'));
  };
  // Read while rendering, so react-hook-form keeps it up to date; a command leaving the screen asks while it is true.
  const dirty = form.formState.isDirty;
  useEffect(() => registerUnsaved(() => dirty), [dirty]);
  // Closing the form drops only its own typing: what a list underneath holds (a draft's cells) stays there.
  const close = () => (dirty ? askBeforeLeaving(onClose) : onClose());

  const title = t(mode === 'create' ? 'form.addTitle' : mode === 'raise' ? 'form.raiseTitle' : 'form.editTitle', { name });
  // The record shown must be the one asked for: while another one's values are still on screen, nothing is editable.
  const ready = mode !== 'update' || (record !== null && Number(record.id) === id);
  return (
    <Modal title={title} onClose={close} labelledBy="form-title">
      {/* Ctrl/Cmd+Enter saves from any field, a textarea included. */}
      <form onSubmit={(e) => void submit(e)} noValidate style={{ display: 'contents' }}
        onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void submit(); } }}>
        <div className="body">
          {loadError && <p className="alert alert-error" role="alert">{loadError}</p>}
          {stale && (
            <div className="alert" role="alert">
              {t('form.stale')} <button type="button" className="btn" onClick={() => void reload()}>{t('form.reload')}</button>
            </div>
          )}
          {mode === 'update' && id && <PresenceNote def={def} id={id} />}
          {/* Said at once, before a save; the server's 409 on a stale save stays the guard (the notice above). */}
          {mode === 'update' && id && !stale && record && load.data?.id === id && (
            <ChangedMeanwhile def={def} id={id} shownVersion={Number(record.version)} latestVersion={Number(load.data.version)} onReload={() => void reload()} />
          )}
          {formError && !stale && <p className="alert alert-error" role="alert">{formError}</p>}
          {draft && <p className="alert" role="note">{draft.note}</p>}
          {/* Focus waits here, not on Cancel, while the record loads: a space typed early must not press a button. */}
          {!ready && !loadError && <p role="status" className="hint" tabIndex={-1} data-autofocus>{t('app.loading')}</p>}
          {ready && withFixedTogether(formFields(def, mode).filter(([field]) => fieldApplies(def, field, chosen)).map(([field, fd], i) => {
            const fixedBy = fixed(field) ? CAMPAIGN_FIXED_WHY : undefined;
            const node = def.name === 'notification' && field === 'patientView'
              ? <CampaignViewField key={field} form={form} error={form.formState.errors.patientView?.message as string | undefined} fixedBy={fixedBy} />
              : def.name === 'automation' && field === 'status'
                ? <RuleStatusField key={field} form={form} error={form.formState.errors.status?.message as string | undefined} />
                : <FieldInput key={field} def={def} field={field} fd={fd} form={form} mode={mode === 'update' ? 'update' : 'create'} record={record} autoFocus={i === 0}
                  translateError={translateMessage} fixedBy={fixedBy} />;
            return { field, node };
          }), fixed)}
          {ready && def.name === 'notification' && <CampaignReachPreview form={form} />}
        </div>
        <footer>
          <button type="button" className="btn" onClick={close}>{t('form.cancel')}</button>
          <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting || !ready}>
            {form.formState.isSubmitting ? t('form.saving') : t('form.save')} <kbd>Ctrl Enter</kbd>
          </button>
        </footer>
      </form>
    </Modal>
  );
}
