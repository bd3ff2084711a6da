import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { entityByName, type EntityDef } from '../../registry';
import { valueLabel } from '../../../commands';

/**
 * The rule form's conditional parts (issue 37): the status a rule waits for is one of the chosen kind of record's own
 * workflow statuses, asked only when the rule waits for a move; the roles only when it tells roles, the person only
 * when it tells one person. A field that does not apply is hidden and sent empty, so that a rule never keeps a choice
 * made before its kind changed (the server's checks, registry/entities/automation.ts, stay the guard).
 */

/** When each conditional field of a rule applies, by the values chosen so far. */
const APPLIES: Record<string, (v: FieldValues) => boolean> = {
  status: (v) => v.when === 'moved',
  roles: (v) => v.notify === 'roles',
  person: (v) => v.notify === 'person',
};

/** Whether the form shows `field` of `def` with these values (always, but for a rule's conditional fields). */
export function fieldApplies(def: EntityDef, field: string, values: FieldValues): boolean {
  return def.name !== 'automation' || !APPLIES[field] || APPLIES[field](values);
}

/** The payload with the fields that do not apply emptied (a rule's roles once it tells one person instead). */
export function withoutHidden(def: EntityDef, payload: FieldValues): FieldValues {
  if (def.name !== 'automation') return payload;
  const out = { ...payload };
  for (const field of Object.keys(APPLIES)) if (!APPLIES[field](payload)) out[field] = field === 'roles' ? [] : null;
  return out;
}

/** The statuses of the chosen kind of record's workflow. */
function statusesOf(entity: unknown): readonly string[] {
  const def = typeof entity === 'string' ? entityByName(entity) : undefined;
  return def?.workflow ? def.fields[def.workflow.field]?.values ?? [] : [];
}

/** The workflow's field of the chosen kind (a status is said as that kind's own list says it). */
const statusField = (entity: unknown) => (typeof entity === 'string' ? entityByName(entity)?.workflow?.field : undefined) ?? 'status';

/** The status a rule waits for: a choice among the chosen kind's statuses only. */
export function RuleStatusField({ form, error }: { form: UseFormReturn<FieldValues>; error?: string }) {
  const { t } = useTranslation();
  const [entity, status] = form.watch(['entity', 'status']) as unknown[];
  const statuses = statusesOf(entity);
  // Another kind of record chosen: a status it does not have is no choice any more.
  useEffect(() => {
    if (status && !statuses.includes(String(status))) form.setValue('status', '', { shouldDirty: true });
  }, [entity, status, statuses, form]);
  return (
    <div className="field">
      <label htmlFor="f-status">{t('automation.fields.status', { ns: 'entities' })}<span className="hint"> ({t('form.required')})</span></label>
      <select id="f-status" aria-required aria-invalid={error ? true : undefined} aria-describedby={error ? 'f-status-error' : undefined} {...form.register('status')}>
        <option value="">{statuses.length ? t('rules.chooseStatus') : t('rules.noStatuses')}</option>
        {statuses.map((s) => <option key={s} value={s}>{valueLabel(t, String(entity), statusField(entity), s)}</option>)}
      </select>
      {error && <span className="error" id="f-status-error" role="alert">{error}</span>}
    </div>
  );
}
