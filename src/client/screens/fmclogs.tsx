import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { can, entityByName, entityPath, ENTITIES, REVERTIBLE_ACTIONS, SAVED_VIEW_ENTITY, viewActionFor } from '../../registry';
import { RefSelect } from '../form/ref-select';
import { currentRole } from '../state/session';
import { useDebounced } from '../use-debounced';
import { actionLabel, BASE_ACTIONS } from '../record/log-actions';
import { ChangeList } from '../record/log-changes';
import { fmcLogs } from '../api/fmclogs';
import { RevertButton } from './revert-button';
import { UnitCounts, UnitRows } from './log-unit';
import { usePages } from '../api/use-pages';
import { Empty, LoadError, Loading, PagesFoot, TIME_ZONE, useAddressParams, useFormat } from '../list-parts/screen-parts';
import { rowMove } from '../list-parts/row-move';
import { useFocusedRow } from '../list/use-focused-row';

const FILTERS = ['actor', 'fmc', 'entity', 'record', 'from', 'to', 'action', 'reads'] as const;

/**
 * fmc/fmclogs: the audit log, newest first (api/fmclogs.ts), filtered by who, record, days and action; the
 * filters live in the address, so a link or a reload shows the same entries. Each entry opens to show its changes
 * (old → new where the entry holds both); an import or a bulk action is one entry, opening to its rows and its Undo
 * (log-unit.tsx). j/k or arrows move between entries, Enter or Space opens one, Tab
 * reaches the record's link when the role may open it. The focused entry is the list controller's part
 * (list/use-focused-row.ts); the focus itself is on the entry's button (a roving tab stop, not a grid), and its
 * letters are the console's shortcuts, not a search: its filters are fields, not one box.
 */
export default function FmcLogs({ id }: { id: string }) {
  const { t } = useTranslation('screens');
  const { t: tUi } = useTranslation();
  const f = useFormat();
  const role = currentRole();
  const [params, setParams] = useAddressParams();
  const filter = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])) as Record<typeof FILTERS[number], string>;
  const [record, setRecord] = useState(filter.record);
  const typedRecord = useDebounced(record.trim(), 300);
  useEffect(() => {
    if (/^\d*$/.test(typedRecord) && typedRecord !== (params.get('record') ?? '')) setParams({ record: typedRecord }, { replace: true });
  }, [typedRecord, params, setParams]);

  const pages = usePages(fmcLogs({ ...filter, record: filter.entity ? filter.record : undefined, tz: TIME_ZONE }));
  const [open, setOpen] = useState<Set<number>>(new Set());
  // The entry the keys are on: moved, its button takes the focus, and the last one loaded asks for the next page.
  const count = pages.rows.length;
  const { focused, setFocused, moveTo } = useFocusedRow(count, (i) => {
    document.getElementById(`log-toggle-${pages.rows[i]?.id}`)?.focus();
    if (i >= count - 1 && pages.hasMore) pages.loadMore();
  });
  const filtered = FILTERS.some((k) => filter[k]);

  const entityOptions = useMemo(() => [...ENTITIES.map((e) => ({ value: e.name, label: tUi(`${e.name}.other`, { ns: 'entities' }) })), { value: 'upload', label: t('fmclogs.actions.upload') }, { value: SAVED_VIEW_ENTITY, label: tUi('category.views') }]
    .sort((a, b) => a.label.localeCompare(b.label)), [t, tUi]);
  // Each move, then each move's undo (`transition-undo:<move>`), named as the entries name them (log-actions.ts).
  const transitionOptions = useMemo(() => (['transition', 'transition-undo'] as const).flatMap((kind) => ENTITIES.flatMap((e) => (e.workflow?.transitions ?? []).map((m) => ({ value: `${kind}:${m.name}`, label: actionLabel(t, tUi, { action: `${kind}:${m.name}`, entity: e.name }) }))))
    .filter((o, i, all) => all.findIndex((x) => x.value === o.value) === i), [t, tUi]);
  const toggle = (rowId: number) => setOpen((s) => { const n = new Set(s); if (n.has(rowId)) n.delete(rowId); else n.add(rowId); return n; });
  const onListKey = (e: React.KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || !(e.target instanceof HTMLButtonElement)) return;
    const to = rowMove(e.key, focused, count);
    if (to !== null) { e.preventDefault(); moveTo(to); }
  };

  return (
    <section aria-labelledby="screen-title" className="screen">
      <div className="page-head"><h1 id="screen-title">{tUi(`screen.${id}.title`)}</h1></div>
      <p className="muted">{t('fmclogs.intro')}</p>
      <div className="toolbar screen-filters" role="search">
        <div className="screen-picker">
          <label htmlFor="logs-actor">{t('fmclogs.actor')}</label>
          <RefSelect inputId="logs-actor" target="admin-user" many={false} label={t('fmclogs.actor')} value={filter.actor ? Number(filter.actor) : null}
            onChange={(v) => setParams({ actor: v === null || v === undefined ? undefined : Number(v) })} />
        </div>
        <div className="screen-picker">
          <label htmlFor="logs-centre">{t('fmclogs.centre')}</label>
          <RefSelect inputId="logs-centre" target="fmc" many={false} label={t('fmclogs.centre')} value={filter.fmc ? Number(filter.fmc) : null}
            onChange={(v) => setParams({ fmc: v === null || v === undefined ? undefined : Number(v) })} />
        </div>
        <label>{t('fmclogs.entity')}{' '}
          <select className="input" value={filter.entity} onChange={(e) => setParams({ entity: e.target.value, ...(e.target.value ? {} : { record: undefined }) })}>
            <option value="">{t('fmclogs.anyEntity')}</option>
            {entityOptions.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </label>
        <label>{t('fmclogs.record')}{' '}
          <input className="input input-narrow" inputMode="numeric" pattern="[0-9]*" value={record} disabled={!filter.entity} onChange={(e) => setRecord(e.target.value.replace(/\D/g, ''))} />
        </label>
        <label>{t('fmclogs.action')}{' '}
          <select className="input" value={filter.action} onChange={(e) => setParams({ action: e.target.value })}>
            <option value="">{t('fmclogs.anyAction')}</option>
            {BASE_ACTIONS.map((a) => <option key={a} value={a}>{t(`fmclogs.actions.${a}`)}</option>)}
            {transitionOptions.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={filter.reads === '1'} onChange={(e) => setParams({ reads: e.target.checked ? '1' : undefined })} /> {t('fmclogs.reads')}
        </label>
        <label>{t('common.from')} <input className="input" type="date" value={filter.from} max={filter.to || undefined} onChange={(e) => setParams({ from: e.target.value })} /></label>
        <label>{t('common.to')} <input className="input" type="date" value={filter.to} min={filter.from || undefined} onChange={(e) => setParams({ to: e.target.value })} /></label>
        {filtered && <button type="button" className="btn" onClick={() => { setRecord(''); setParams(Object.fromEntries(FILTERS.map((k) => [k, undefined]))); }}>{t('common.clear')}</button>}
      </div>
      {pages.loading && !pages.rows.length && <Loading />}
      {pages.error && !pages.rows.length && <LoadError error={pages.error} onRetry={pages.retry} />}
      {pages.done && !pages.rows.length && !pages.hasMore && <Empty>{t('fmclogs.empty')}</Empty>}
      {pages.rows.length > 0 && <p className="muted key-hint">{t('fmclogs.hint')}</p>}
      <ol className="log-list" aria-labelledby="screen-title" onKeyDown={onListKey}>
        {pages.rows.map((r, i) => {
          const def = entityByName(r.entity);
          const openAs = def && viewActionFor(def, (a) => can(role, def.name, a));
          const expanded = open.has(r.id);
          return (
            <li key={r.id} className="log-row">
              <div className="log-head">
                <button type="button" id={`log-toggle-${r.id}`} className="log-toggle" aria-expanded={expanded} aria-controls={`log-changes-${r.id}`}
                  tabIndex={i === focused ? 0 : -1} data-main-control={i === focused || undefined} onFocus={() => setFocused(i)} onClick={() => toggle(r.id)}>
                  <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
                  <time dateTime={r.at}>{f.dateTime(r.at)}</time>
                  <span>{r.actor?.name ?? t('fmclogs.system')}</span>
                  <strong>{actionLabel(t, tUi, r)}</strong>
                  <span className="badge">{def ? tUi(`${def.name}.one`, { ns: 'entities' }) : r.entity === SAVED_VIEW_ENTITY ? tUi('category.views') : r.entity}</span>
                  {r.unit && <UnitCounts unit={r.unit} />}
                </button>
                {r.record && (r.record.title === null
                  ? <span className="muted">{t('fmclogs.deleted', { id: r.record.id })}</span>
                  : openAs ? <Link href={entityPath(def!, openAs, r.record.id)}>{r.record.title}</Link> : <span>{r.record.title}</span>)}
                {r.address && <span className="muted" title={t('fmclogs.address')}>{r.address}</span>}
              </div>
              {expanded && (r.unit ? <UnitRows def={def} unit={r.unit} id={`log-changes-${r.id}`} />
                : <ChangeList def={def} changes={r.changes} titles={r.titles} id={`log-changes-${r.id}`} />)}
              {expanded && def && r.record?.title != null && REVERTIBLE_ACTIONS.includes(r.action) && can(role, 'history', 'revert') && can(role, def.name, 'edit')
                && <RevertButton def={def} recordId={r.record.id} entry={r.id} />}
            </li>
          );
        })}
      </ol>
      <PagesFoot pages={pages} count={pages.rows.length} />
    </section>
  );
}
