import { useMemo, useState } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { fromForm, inputSchema, toForm, type EntityDef } from '../../registry';
import { translateMessage } from '../i18n';
import { formErrorMap } from '../i18n/zod-messages';
import { Modal } from '../ui/modal';
import { FieldInput } from '../form/field-input';
import { settableFields } from './settable-fields';

/** The entity narrowed to one field, so that the form's widget and schema validate that value alone. */
const oneField = (def: EntityDef, field: string): EntityDef => ({ ...def, fields: { [field]: def.fields[field] }, workflow: undefined, refine: undefined });

/**
 * "Set field…": the field first (a list, typed into by its first letters as any select), then its value with the
 * forms' own editor and schema. Ctrl/Cmd+Enter sets it; Esc closes without a change.
 */
export function BulkSetDialog({ def, count, onSubmit, onClose }: {
  def: EntityDef; count: number; onSubmit: (field: string, value: unknown) => void; onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const fields = useMemo(() => settableFields(def), [def]);
  const [field, setField] = useState(fields[0] ?? '');
  const label = (k: string) => t(`${def.name}.fields.${k}`, { ns: 'entities' });
  return (
    <Modal title={t('bulk.setTitle', { count })} onClose={onClose} labelledBy="bulk-set-title" className="move-dialog">
      <div className="body">
        <div className="field">
          <label htmlFor="bulk-set-field">{t('bulk.field')}</label>
          <select id="bulk-set-field" className="input" autoFocus value={field} onChange={(e) => setField(e.target.value)}>
            {fields.map((k) => <option key={k} value={k}>{label(k)}</option>)}
          </select>
        </div>
        {field && <ValueForm key={field} def={def} field={field} count={count} lang={i18n.language} onSubmit={onSubmit} onClose={onClose} />}
      </div>
    </Modal>
  );
}

function ValueForm({ def, field, count, lang, onSubmit, onClose }: {
  def: EntityDef; field: string; count: number; lang: string; onSubmit: (field: string, value: unknown) => void; onClose: () => void;
}) {
  const { t } = useTranslation();
  const sub = useMemo(() => oneField(def, field), [def, field]);
  const resolver = useMemo(() => {
    const schema = z.preprocess((v) => fromForm(sub, v as Record<string, unknown>, 'create'), inputSchema(sub, 'create'));
    return zodResolver(schema as unknown as z.ZodType<FieldValues, FieldValues>, { error: formErrorMap(sub, t, lang) } as never) as unknown as Resolver<FieldValues>;
  }, [sub, t, lang]);
  const form = useForm<FieldValues>({ resolver, defaultValues: toForm(sub), mode: 'onSubmit' });
  const submit = async () => {
    if (!(await form.trigger())) return;
    onSubmit(field, fromForm(sub, form.getValues(), 'create')[field] ?? null);
  };
  return (
    <form noValidate style={{ display: 'contents' }} onSubmit={(e) => { e.preventDefault(); void submit(); }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') e.stopPropagation();
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void submit(); }
      }}>
      <FieldInput def={sub} field={field} fd={sub.fields[field]} form={form} mode="create" record={null} translateError={translateMessage} />
      <p className="hint">{t('bulk.setNote', { count })}</p>
      <footer>
        <button type="button" className="btn" onClick={onClose}>{t('form.cancel')}</button>
        <button type="submit" className="btn btn-primary">{t('bulk.setConfirm', { count })} <kbd>Ctrl Enter</kbd></button>
      </footer>
    </form>
  );
}
