import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { can, entityPath, getEntity, viewActionFor } from '../../registry';
import { currentRole } from '../state/session';
import { useDebounced } from '../use-debounced';
import { medicinesPrescribed } from '../api/medprescribed';
import { useRead } from '../api/use-read';
import { Empty, LoadError, Loading, TIME_ZONE, useAddressParams, useFormat } from '../list-parts/screen-parts';

const COLUMNS = [
  { key: 'name', label: 'medprescribed.medicine', num: false },
  { key: 'times', label: 'medprescribed.times', num: true },
  { key: 'patients', label: 'medprescribed.patients', num: true },
  { key: 'lastPrescribed', label: 'medprescribed.lastPrescribed', num: false },
] as const;

/** Days from one YYYY-MM-DD to another, both counted. */
const span = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
export const MAX_DAYS = 92;

/**
 * fmc/medprescribed: medicines on the prescriptions of completed appointments in a range of days
 * (api/medprescribed.ts): times prescribed, patients and the last time, sorted by any column on the server.
 * The range, search and sort live in the address; without a range the server takes the last 30 days.
 */
export default function MedPrescribed({ id }: { id: string }) {
  const { t } = useTranslation('screens');
  const { t: tUi } = useTranslation();
  const f = useFormat();
  const role = currentRole();
  const [params, setParams] = useAddressParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const sort = params.get('sort') ?? 'times:desc';
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), 250);
  useEffect(() => { if ((params.get('q') ?? '') !== q) setParams({ q }, { replace: true }); }, [q, params, setParams]);

  const rangeError = from && to && from > to ? t('medprescribed.badRange') : from && to && span(from, to) > MAX_DAYS ? t('medprescribed.maxRange') : null;
  const answer = useRead(rangeError ? null : medicinesPrescribed({ from, to, q: params.get('q') ?? undefined, sort: sort === 'times:desc' ? undefined : sort, tz: TIME_ZONE }));
  const [field, dir] = sort.split(':');
  const medicine = getEntity('medicine');
  const openAs = viewActionFor(medicine, (a) => can(role, medicine.name, a));
  const sortBy = (key: string) => setParams({ sort: field === key ? `${key}:${dir === 'asc' ? 'desc' : 'asc'}` : `${key}:${key === 'name' ? 'asc' : 'desc'}` });
  const a = answer.data;

  return (
    <section aria-labelledby="screen-title" className="screen">
      <div className="page-head"><h1 id="screen-title">{tUi(`screen.${id}.title`)}</h1></div>
      <p className="muted">{t('medprescribed.intro')}</p>
      <div className="toolbar" role="search">
        <label>{t('common.from')} <input className="input" type="date" value={from} max={to || undefined} onChange={(e) => setParams({ from: e.target.value })} /></label>
        <label>{t('common.to')} <input className="input" type="date" value={to} min={from || undefined} onChange={(e) => setParams({ to: e.target.value })} /></label>
        <label className="sr-only" htmlFor="medprescribed-q">{t('medprescribed.searchMedicines')}</label>
        <input id="medprescribed-q" className="input" type="search" placeholder={t('medprescribed.searchMedicines')} value={text} onChange={(e) => setText(e.target.value)} />
        {(from || to || q) && <button type="button" className="btn" onClick={() => { setText(''); setParams({ from: undefined, to: undefined, q: undefined }); }}>{t('common.clear')}</button>}
      </div>
      {rangeError && <p className="alert alert-error" role="alert">{rangeError}</p>}
      {a && <p className="muted" aria-live="polite">{t('medprescribed.range', { from: f.day(a.from), to: f.day(a.to) })}</p>}
      {answer.loading && <Loading />}
      {answer.error && <LoadError error={answer.error} onRetry={answer.retry} />}
      {a && a.data.length === 0 && <Empty>{t('medprescribed.empty')}</Empty>}
      {a && a.data.length > 0 && (
        <div className="grid">
          <table className="screen-table" aria-labelledby="screen-title">
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c.key} scope="col" className={c.num ? 'num' : undefined} aria-sort={field === c.key ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                    <button type="button" onClick={() => sortBy(c.key)} aria-label={t('medprescribed.sortBy', { name: t(c.label) })}>
                      {t(c.label)}{field === c.key ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {a.data.map((r) => (
                <tr key={r.medicine}>
                  <td>{openAs ? <Link href={entityPath(medicine, openAs, r.medicine)}>{r.name}</Link> : r.name}</td>
                  <td className="num">{f.number(r.times)}</td>
                  <td className="num">{f.number(r.patients)}</td>
                  <td>{f.dateTime(r.lastPrescribed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {a?.truncated && <p className="muted">{t('medprescribed.truncated', { shown: f.number(a.data.length), total: f.number(a.total) })}</p>}
    </section>
  );
}
