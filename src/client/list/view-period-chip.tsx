import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { viewPeriod, type EntityDef, type ListView } from '../../registry';
import { wordText } from './filter-values';

/**
 * A list view's own period ("Payments · Recent": started in the last 7 days), said as a chip before the list: Enter
 * (or a click) opens it in "Add filter", and the period chosen there becomes the list's own filter of that field,
 * which replaces the view's (use-list-address.ts useViewFilters) in the rows, their total and the CSV export alike.
 * Gone while the address names a period of that field: the filter chips say that one.
 */
export function ViewPeriodChip({ def, view, onEdit }: { def: EntityDef; view: ListView | undefined; onEdit: (field: string) => void }) {
  const { t } = useTranslation();
  const search = useSearch();
  const period = viewPeriod(view);
  if (!period || new URLSearchParams(search).get(`filter[${period.field}]`)) return null;
  const name = t(`${def.name}.fields.${period.field}`, { ns: 'entities' });
  return (
    <ul className="filter-chips view-period" aria-label={t('filters.viewPeriod')}>
      <li className="chip">
        <button type="button" className="chip-value" aria-describedby="view-period-hint" onClick={() => onEdit(period.field)}>
          <span className="chip-name">{name}:</span> {wordText(t, period.value) ?? period.value}
        </button>
      </li>
      <li id="view-period-hint" className="hint">{t('filters.viewPeriod')}</li>
    </ul>
  );
}
