import { useRef } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can, getEntity, parseRange, shownKind, type EntityDef } from '../../registry';
import { entities, type Row } from '../api/entities';
import { sayRecord } from '../api/search';
import { queryClient } from '../api/query-client';
import { currentRole } from '../state/session';
import { valueLabel } from '../../../commands';
import { useFormat } from '../i18n/format';
import { today } from '../text/calendar-parts';
import { presetOf, rangeDays, wordText } from './filter-values';

const isRef = (def: EntityDef, field: string) => !!def.fields[field] && ['ref', 'refs'].includes(shownKind(def.fields[field]));

/**
 * The names of the records a reference filter points at (`filter[doctor]=12` → "Dr. Meera Rao"): first from the
 * `_labels` of the rows the server sent, else from the target's options by id, which only a role that may list the
 * target is answered (the server refuses a blind lookup by ids to the others, who then see `#12`).
 */
function useRefLabels(def: EntityDef, filters: Record<string, string>, rows: Row[]): Record<string, string> {
  const role = currentRole();
  const fromRows: Record<string, string> = {};
  for (const [field, value] of Object.entries(filters)) {
    if (!isRef(def, field)) continue;
    const row = rows.find((r) => String(r[field]) === value);
    const label = (row?._labels as Record<string, unknown> | undefined)?.[field];
    if (typeof label === 'string') fromRows[field] = label;
  }
  const missing = Object.entries(filters).filter(([field, value]) => isRef(def, field) && !fromRows[field] && /^\d+$/.test(value)
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
 * The list's active filters, as chips: what the address asks for is shown and can be changed or removed. Each chip
 * takes the focus (Tab, then the arrows from chip to chip): Enter opens it in "Add filter" to change its value,
 * Backspace or Delete removes it and moves the focus to its neighbour (to the Filter button after the last); its ✕
 * is a button with its own name for the pointer.
 */
export function FilterChips({ def, filters, rows, onRemove, onClear, onEdit, onEmptied }: {
  def: EntityDef; filters: Record<string, string>; rows: Row[]; onRemove: (field: string) => void; onClear?: () => void;
  /** A chip opened to change its value. */
  onEdit?: (field: string) => void;
  /** The last chip is gone by the keyboard: where the focus goes. */
  onEmptied?: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const refLabels = useRefLabels(def, filters, rows);
  const chips = useRef<(HTMLButtonElement | null)[]>([]);
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
  const ends = (field: string, range: { from?: string; to?: string }) => {
    if (range.from && range.to) return range.from === range.to ? single(field, range.from) : t('workflow.rangeBetween', { from: single(field, range.from), to: single(field, range.to) });
    return range.from ? t('workflow.rangeFrom', { from: single(field, range.from) }) : t('workflow.rangeTo', { to: single(field, range.to!) });
  };
  const text = (field: string, value: string) => {
    // `filter[id]`: the one record a found record opened, named as the palette named it.
    if (field === 'id') { const row = rows.find((r) => String(r.id) === value); return row ? sayRecord(def, row) : `#${value}`; }
    // A word (`@last30`, `@me`): what it says, read afresh by the server at each read.
    const word = wordText(t, value);
    if (word) return word;
    const kind = shownKind(def.fields[field]);
    if (isRef(def, field)) return refLabels[field];
    if ((kind === 'date' || kind === 'datetime') && value.includes('..')) {
      // A period the toolbar offers is named ("This week"); other days as days, even where the field holds moments.
      const preset = presetOf(value, today());
      if (preset) return t(`filters.presets.${preset}`);
      const days = rangeDays(value);
      if (days) return ends(field, days);
    }
    const range = value.includes('..') ? parseRange(value) : null;
    return range ? ends(field, range) : single(field, value);
  };
  const onChipKey = (e: React.KeyboardEvent, field: string, i: number) => {
    const go = (at: number) => { const el = chips.current[Math.max(0, Math.min(entries.length - 1, at))]; if (el) { e.preventDefault(); el.focus(); } };
    if (e.key === 'ArrowRight') go(i + 1);
    else if (e.key === 'ArrowLeft') go(i - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(entries.length - 1);
    else if (e.key === 'Backspace' || e.key === 'Delete') {
      e.preventDefault();
      // The neighbour keeps its element (chips are keyed by field): it takes the focus before this one goes.
      const next = (i + 1 < entries.length ? chips.current[i + 1] : null) ?? (i > 0 ? chips.current[i - 1] : null);
      if (next) next.focus(); else onEmptied?.();
      onRemove(field);
    }
  };

  return (
    <ul className="filter-chips" aria-label={t('workflow.activeFilters')}>
      {entries.map(([field, value], i) => {
        const name = field === 'id' ? t(`${def.name}.one`, { ns: 'entities' }) : t(`${def.name}.fields.${field}`, { ns: 'entities' });
        return (
          <li key={field} className="chip">
            <button type="button" className="chip-value" ref={(el) => { chips.current[i] = el; }} aria-describedby="filter-chip-keys"
              onClick={() => onEdit?.(field)} onKeyDown={(e) => onChipKey(e, field, i)}>
              <span className="chip-name">{name}:</span> {text(field, value)}
            </button>
            <button type="button" aria-label={t('workflow.removeFilter', { name })} title={t('workflow.removeFilter', { name })} onClick={() => onRemove(field)}>✕</button>
          </li>
        );
      })}
      <li hidden id="filter-chip-keys">{t('filters.chipHint')}</li>
      {onClear && <li><button type="button" className="btn btn-small" onClick={() => { onClear(); onEmptied?.(); }}>{t('workflow.clearFilters')}</button></li>}
    </ul>
  );
}
