import { useTranslation } from 'react-i18next';
import { valueLabel } from '../../../commands';
import { useTouchScreen } from '../use-touch-screen';
import { AddFilter } from './add-filter';
import { ColumnsMenu } from './columns-menu';
import { ExportCsv } from '../export/export-csv';
import { FilterChips } from './filter-chips';
import { ViewPeriodChip } from './view-period-chip';
import type { ListController } from './use-list-controller';

/**
 * Above the list: the search box (/), a select for each enum and yes/no filter, "Filter" (f) for any other, the
 * columns menu, export, and what is selected (with "Select all N matching"); under it the view's period and a chip
 * for each filter in force.
 */
export function ListToolbar({ list }: { list: ListController }) {
  const { t } = useTranslation();
  // The search box's placeholder names its key (/) only where there is a keyboard: CSS cannot reach a placeholder.
  const touch = useTouchScreen();
  const { def, state, fixed, selected, total, allMatching, allSelected, cols, searchBox, addFilter, columnsMenu } = list;
  const anyFilter = Object.keys(state.filters).length > 0;
  return (
    <>
      <div className="toolbar" role="search">
        <label className="sr-only" htmlFor="list-filter">{t('list.search', { name: list.plural })}</label>
        <input id="list-filter" ref={searchBox} className="input" type="search" placeholder={touch ? t('list.searchPlaceholder') : `${t('list.searchPlaceholder')}  /`} value={list.text}
          onChange={(e) => list.setText(e.target.value)}
          onKeyDown={list.find.searchKey} />
        {list.selectFilters.map(([field, fd]) => (
          <label key={field} className="hint">
            {t(`${def.name}.fields.${field}`, { ns: 'entities' })}{' '}
            <select className={`input${state.filters[field] ? ' input-active' : ''}`} value={state.filters[field] ?? ''} onChange={(e) => list.setFilter(field, e.target.value)}>
              <option value="">{t('list.filterAll')}</option>
              {(fd.kind === 'bool' ? ['true', 'false'] : fd.values!).map((v) => (
                <option key={v} value={v}>{fd.kind === 'bool' ? t(v === 'true' ? 'value.yes' : 'value.no') : valueLabel(t, def.name, field, v)}</option>
              ))}
            </select>
          </label>
        ))}
        <AddFilter handle={addFilter} def={def} fixed={fixed} filters={state.filters} onApply={list.setFilter} onDone={list.focusGrid} />
        <ColumnsMenu handle={columnsMenu} columns={def.columns} hidden={cols.hidden} label={list.fieldLabel} onToggle={cols.toggle} onReset={cols.resetAll} />
        <ExportCsv def={def} query={list.query} columns={cols.shown} selected={selected} />
        {selected.size > 0 && (
          <span className="hint">
            {allMatching && total ? t('bulk.allMatchingSelected', { count: total.n }) : t('list.selected', { count: selected.size })}{' '}
            {allSelected && !allMatching && total && !total.estimate && total.n > list.rows.length && (
              <button className="btn" onClick={() => list.setAllMatching(true)}>{t('bulk.selectAllMatching', { count: total.n })}</button>
            )}{' '}
            <button className="btn" onClick={list.clearSelection}>{t('list.clearSelection')}</button>
          </span>
        )}
      </div>
      <ViewPeriodChip def={def} view={list.viewDef} onEdit={list.openFilter} />
      {anyFilter && (
        <FilterChips def={def} filters={state.filters} rows={list.rows} onRemove={(field) => list.setFilter(field, '')} onClear={list.clearFilters}
          onEdit={list.openFilter} onEmptied={() => addFilter.current?.focus()} />
      )}
    </>
  );
}
