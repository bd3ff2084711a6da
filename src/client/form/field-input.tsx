import { lazy, Suspense, useRef } from 'react';
import { Controller, useFieldArray, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isInput, shownKind, type EntityDef, type FieldDef } from '../../registry';
import { DateTextInput } from './date-text-input';
import { FileInput } from './file-input';
import { valueLabel } from '../../../commands';
import { RefSelect } from './ref-select';

/** TipTap is large: it loads with the first form that has rich text, never with the console. */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

interface Props {
  def: EntityDef;
  field: string;
  fd: FieldDef;
  form: UseFormReturn<FieldValues>;
  mode: 'create' | 'update';
  record: Record<string, unknown> | null;
  autoFocus?: boolean;
  translateError: (message: string) => string;
  /** Inside a nested list: the item's path (`clinics.0`) and the list field's name. */
  within?: { path: string; list: string };
  /**
   * The id of a line saying why this field cannot be edited (a started campaign's kept fields): the field is then
   * disabled and described by that line.
   */
  fixedBy?: string;
}

function errorAt(errors: FieldValues, path: string): string | undefined {
  const node = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], errors) as { message?: string } | undefined;
  return node?.message;
}

/** The centre the form's record is at (its scope field as typed so far), for the pickers that depend on it. */
function centreOf(def: EntityDef, form: UseFormReturn<FieldValues>): number | null {
  if (!def.scope || def.scope === 'id') return null;
  const v = Number(form.watch(def.scope));
  return Number.isInteger(v) && v > 0 ? v : null;
}

/** One form field, its widget chosen by the field's kind. */
export function FieldInput({ def, field, fd, form, mode, record, autoFocus, translateError, within, fixedBy }: Props) {
  const { t } = useTranslation();
  const name = within ? `${within.path}.${field}` : field;
  const id = `f-${name.replace(/\./g, '-')}`;
  const label = within ? t(`${def.name}.items.${within.list}.${field}`, { ns: 'entities' }) : t(`${def.name}.fields.${field}`, { ns: 'entities' });
  const error = errorAt(form.formState.errors, name);
  const hadFocus = useRef(false);
  const required = fd.required && !(fd.writeOnly && mode === 'update');
  const describedBy = [error ? `${id}-error` : '', fixedBy ?? ''].filter(Boolean).join(' ') || undefined;
  const common = { id, autoFocus, disabled: fixedBy ? true : undefined, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': required || undefined };
  const kind = shownKind(fd);
  const allLabels = (record?._labels as Record<string, unknown> | undefined) ?? {};
  // Inside a nested list the labels are per item: _labels[list][index][field].
  const labels = (within
    ? ((allLabels[within.list] as Record<string, unknown>[] | undefined)?.[Number(within.path.split('.').pop())] ?? {})
    : allLabels) as Record<string, string | string[] | null>;

  let control: React.ReactNode;
  switch (kind) {
    case 'longText':
      control = <textarea {...common} {...form.register(name)} />;
      break;
    case 'richText':
      control = (
        <>
          <Controller control={form.control} name={name} render={({ field: f }) => (
            // The editor comes in its own chunk, fetched when a form with rich text opens; until then a plain textarea
            // holds the same value, and the editor takes the focus if the textarea had it.
            <Suspense fallback={<textarea {...common} ref={f.ref} rows={8} value={String(f.value ?? '')} onChange={(e) => f.onChange(e.target.value)}
              onFocus={() => { hadFocus.current = true; }} onBlur={() => { hadFocus.current = false; f.onBlur(); }} />}>
              <RichTextEditor id={id} value={String(f.value ?? '')} onChange={f.onChange} onBlur={f.onBlur} focusRef={f.ref} label={label} labelledBy={`${id}-label`}
                describedBy={error ? `${id}-error` : `${id}-hint`} invalid={Boolean(error)} required={required} autoFocus={autoFocus || hadFocus.current} />
            </Suspense>
          )} />
          {/* The keys are a key hint, hidden on touch screens (styles.css); the note on scripts is for everyone. */}
          <span className="hint" id={`${id}-hint`}><span className="key-hint">{t('form.richTextHint')} </span>{t('form.richTextNote')}</span>
        </>
      );
      break;
    case 'enum':
      control = (
        <select {...common} {...form.register(name)}>
          {!fd.required && <option value="">{t('form.chooseNone')}</option>}
          {fd.values!.map((v) => <option key={v} value={v}>{valueLabel(t, def.name, within ? `${within.list}.${field}` : field, v)}</option>)}
        </select>
      );
      break;
    case 'bool':
      control = <input type="checkbox" {...common} {...form.register(name)} />;
      break;
    case 'int': case 'decimal':
      control = <input type="text" inputMode={kind === 'int' ? 'numeric' : 'decimal'} {...common} {...form.register(name)} />;
      break;
    case 'money':
      control = <span className="money"><span aria-hidden>₹</span><input type="text" inputMode="decimal" {...common} {...form.register(name)} /></span>;
      break;
    case 'date':
    case 'datetime':
      // Typed as text in the user's order or in words, read as they type (date-text-input.tsx).
      control = (
        <Controller control={form.control} name={name} render={({ field: f }) => (
          <DateTextInput common={common} value={String(f.value ?? '')} onChange={f.onChange} onBlur={f.onBlur} inputRef={f.ref} withTime={kind === 'datetime'} />
        )} />
      );
      break;
    case 'time':
      control = <input type="time" {...common} {...form.register(name)} />;
      break;
    case 'email':
      control = <input type="email" autoComplete="off" {...common} {...form.register(name)} />;
      break;
    case 'phone':
      control = <input type="tel" {...common} {...form.register(name)} />;
      break;
    case 'url':
      control = <input type="url" {...common} {...form.register(name)} />;
      break;
    case 'secret': case 'password': {
      const set = (record?._set as Record<string, boolean> | undefined)?.[field];
      control = (
        <>
          <input type="password" autoComplete="new-password" {...common} {...form.register(name)} />
          {mode === 'update' && <span className="hint">{set ? t('value.masked') : t('form.secretUnset')} · {t('form.keepSecret')}</span>}
        </>
      );
      break;
    }
    case 'ref': case 'refs':
      control = (
        <Controller control={form.control} name={name} render={({ field: f }) => (
          <RefSelect inputId={id} target={fd.ref!} many={kind === 'refs'} value={f.value} onChange={f.onChange} onBlur={f.onBlur}
            initialLabels={labels[field]} label={label} autoFocus={autoFocus} invalid={Boolean(error)} fixedBy={fixedBy}
            given={fd.assigned && !within ? { for: `${def.name}.${field}`, centre: centreOf(def, form) } : undefined} />
        )} />
      );
      break;
    case 'image': case 'file':
      control = (
        <Controller control={form.control} name={name} render={({ field: f }) => (
          <FileInput inputId={id} kind={kind} value={f.value} onChange={f.onChange} />
        )} />
      );
      break;
    case 'list':
      return <ListInput def={def} field={field} fd={fd} form={form} mode={mode} record={record} translateError={translateError} label={label} />;
    default:
      control = <input type="text" {...common} {...form.register(name)} />;
  }

  return (
    <div className="field">
      <label htmlFor={id} id={`${id}-label`}>{label}{required && <span className="hint"> ({t('form.required')})</span>}</label>
      {control}
      {error && <span className="error" id={`${id}-error`} role="alert">{translateError(error)}</span>}
    </div>
  );
}

/** A nested list (a doctor's clinics, a patient's family members), edited in place. */
function ListInput({ def, field, fd, form, mode, record, translateError, label }: Omit<Props, 'autoFocus' | 'within'> & { label: string }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: field });
  const item = fd.item!;
  const empty = Object.fromEntries(Object.entries(item).filter(([, f]) => isInput(f)).map(([k, f]) => [k, f.defaultValue ?? (f.kind === 'refs' ? [] : f.kind === 'bool' ? false : '')]));
  const error = errorAt(form.formState.errors, field);
  // Removing an item removes its focused Remove button: the focus goes to the add button, not to the page.
  const addRef = useRef<HTMLButtonElement>(null);
  return (
    <fieldset className="list-items">
      <legend className="label">{label}</legend>
      {fields.map((row, i) => (
        <div className="list-item" key={row.id}>
          <div className="list-item-head">
            <span>{t('form.item', { n: i + 1 })}</span>
            <button type="button" className="btn" onClick={() => { remove(i); addRef.current?.focus(); }}>{t('form.removeItem')}</button>
          </div>
          {Object.entries(item).filter(([, f]) => isInput(f)).map(([k, f]) => (
            <FieldInput key={k} def={def} field={k} fd={f} form={form} mode={mode} record={record} translateError={translateError} within={{ path: `${field}.${i}`, list: field }} />
          ))}
        </div>
      ))}
      <button type="button" className="btn" ref={addRef} onClick={() => append(empty)}>+ {t('form.addItem', { name: label })}</button>
      {error && <span className="error" role="alert">{translateError(error)}</span>}
    </fieldset>
  );
}
