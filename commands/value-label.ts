import type { EntityDef, ListView } from '../src/registry';
import type { Translate } from './define';

/**
 * An enum value as one entity's field says it: its own label when the entity gives one (`values` in the entities'
 * labels: a verification request's `pending` reads "Not yet submitted", a payment's stays "Pending"), else the value's
 * shared label (enums). Read by every place that shows a value, and by the views named after one.
 */
export function valueLabel(t: Translate, entity: string, field: string, value: string): string {
  return t(`${entity}.values.${field}.${value}`, { ns: 'entities', defaultValue: '' }) || t(value, { ns: 'enums' });
}

/**
 * A list view's name: a view that holds one value of the workflow's field is named as that value reads on the
 * entity ("Verification requests: Waiting for review"); others by their segment (`view.missed`).
 */
export function viewLabel(t: Translate, def: EntityDef, view: Pick<ListView, 'segment' | 'filters'>): string {
  const field = def.workflow?.field;
  const value = field ? view.filters?.[field] : undefined;
  const own = field && typeof value === 'string' ? t(`${def.name}.values.${field}.${value}`, { ns: 'entities', defaultValue: '' }) : '';
  return own || t(`view.${view.segment}`);
}
