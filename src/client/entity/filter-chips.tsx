import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can, getEntity, parseRange, shownKind, type EntityDef } from '../../registry';
import { entities, type Row } from '../api/entities';
import { sayRecord } from '../api/search';
import { queryClient } from '../api/query-client';
import { currentRole } from '../state/session';
import { valueLabel } from '../../../commands';
import { useFormat } from './format';

/**
 * The names of the records a reference filter points at (`filter[doctor]=12` → "Dr. Meera Rao"): first from the
 * `_labels` of the rows the server sent, else from the target's options by id, which only a role that may list the
 * target is answered (the server refuses a blind lookup by ids to the others, who then see `#12`).
 */
function useRefLabels(def: EntityDef, filters: Record<string, string>, rows: Row[]): Record<string, string> {
  const role = currentRole();
  const fromRows: Record<string, string> = {};
  for (const [field, value] of Object.entries(filters)) {
    if (!def.fields[field] || shownKind(def.fields[field]) !== 'ref') continue;
    const row = rows.find((r) => String(r[field]) === value);
    const label = (row?._labels as Record<string, unknown> | undefined)?.[field];
    if (typeof label === 'string') fromRows[field] = label;
  }
  const missing = Object.entries(filters).filter(([field, value]) => def.fields[field] && shownKind(def.fields[field]) === 'ref' && !fromRows[field] && /^\d+$/.test(value)
    && can(role, getEntity(def.fields[field].ref!).name, 'list'));
  const lookups = useQueries({
    queries: missing.map(([field, value]) => {
      const read = entities.options(getEntity(def.fields[field].ref!), { ids: [Number(value)] });
      return { queryKey: read.key, queryFn: ({ signal }: { signal: AbortSignal }) => read.fetch(signal) };
    }),
  }, queryClient);
  const fetched: Record<string, string> = {};
  missing.forEach(([field], i) => { const title = lookups[i]?.data?.[0]?.title; if (title) fetched[field] = title; });
  return Object.fromEntries(Object.entries(filters).map(([field, value]) => [field, fromRows[field] ?? fetched[field] ?? `#${value}`]));
}

/**
 * The list's active filters that have no control of their own in the toolbar (a reference, a date range, a rating),
 * as chips: what the address asks for is shown and can be removed, each chip's ✕ a button with its own name.
 */
export function FilterChips({ def, filters, rows, onRemove, onClear }: {
  def: EntityDef; filters: Record<string, string>; rows: Row[]; onRemove: (field: string) => void; onClear?: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const refLabels = useRefLabels(def, filters, rows);
  const entries = Object.entries(filters);
  if (!entries.length && !onClear) return null;

  const single = (field: string, v: string) => {
    const kind = shownKind(def.fields[field]);
    // A day (a range's ends are days, even on a datetime field) or a moment, as the list shows them; text that is not one, as typed.
    if (kind === 'date' || kind === 'datetime') return kind === 'date' || v.length === 10 ? f.date(v) : f.moment(v);
    if (kind === 'money' && v.trim() !== '' && Number.isFinite(Number(v))) return f.money(Number(v));
    if ((kind === 'int' || kind === 'decimal') && v.trim() !== '' && Number.isFinite(Number(v))) return f.number(Number(v));
    if (kind === 'enum') return valueLabel(t, def.name, field, v);
    if (kind === 'bool') return t(v === 'true' ? 'value.yes' : 'value.no');
    return v;
  };
  const text = (field: string, value: string) => {
    // `filter[id]`: the one record a found record opened, named as the palette named it.
    if (field === 'id') { const row = rows.find((r) => String(r.id) === value); return row ? sayRecord(def, row) : `#${value}`; }
    if (shownKind(def.fields[field]) === 'ref') return refLabels[field];
    const range = value.includes('..') ? parseRange(value) : null;
    if (!range) return single(field, value);
    if (range.from && range.to) return t('workflow.rangeBetween', { from: single(field, range.from), to: single(field, range.to) });
    return range.from ? t('workflow.rangeFrom', { from: single(field, range.from) }) : t('workflow.rangeTo', { to: single(field, range.to!) });
  };

  return (
    <ul className="filter-chips" aria-label={t('workflow.activeFilters')}>
      {entries.map(([field, value]) => {
        const name = field === 'id' ? t(`${def.name}.one`, { ns: 'entities' }) : t(`${def.name}.fields.${field}`, { ns: 'entities' });
        return (
          <li key={field} className="chip">
            <span><span className="chip-name">{name}:</span> {text(field, value)}</span>
            <button type="button" aria-label={t('workflow.removeFilter', { name })} title={t('workflow.removeFilter', { name })} onClick={() => onRemove(field)}>✕</button>
          </li>
        );
      })}
      {onClear && <li><button type="button" className="btn btn-small" onClick={onClear}>{t('workflow.clearFilters')}</button></li>}
    </ul>
  );
}
