import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { useTranslation } from 'react-i18next';
import { can, entityPath, getEntity, viewActionFor } from '../../registry';
import { RefSelect } from '../form/ref-select';
import { currentRole } from '../state/session';
import { patientsSeen, type SeenRow as Row } from '../api/drpatient';
import { usePages } from '../api/use-pages';
import { Empty, LoadError, Loading, PagesFoot, useFormat } from '../list-parts/screen-parts';
import { useAddressSearch } from '../list-parts/use-search-box';
import { rowKeys } from '../list/list-keys';
import { useFocusedRow } from '../list/use-focused-row';
import { useListFind } from '../list/use-list-find';

/**
 * fmc/drpatient: the patients doctors have seen at the user's centres (api/drpatient.ts), newest visit
 * first. A doctor starts on their own patients (the doctor record with their account's email; the server
 * decides); "All doctors" and the doctor picker change it. Filters live in the address (?doctor=…&q=…).
 * The list takes the keyboard: j/k or arrows move, Enter opens the patient when the role may open patients. Its
 * search, row keys and type-to-find are the list controller's parts (list/); its columns and doctor picker are its own.
 */
export default function DrPatient({ id }: { id: string }) {
  const { t } = useTranslation('screens');
  const { t: tUi } = useTranslation();
  const f = useFormat();
  const role = currentRole();
  // The search box, its text reaching the address after a pause (as on the generic list).
  const { params, setParams, q, text, setText } = useAddressSearch(250);
  const doctor = params.get('doctor') ?? undefined;

  const pages = usePages(patientsSeen({ doctor, q: q || undefined }));
  const patients = getEntity('patients');
  const openAs = viewActionFor(patients, (a) => can(role, patients.name, a));
  const hrefOf = (row: Row) => (openAs ? entityPath(patients, openAs, row.patient.id) : null);
  const rowId = (i: number) => `drpatient-row-${i}`;
  const bodyRef = useRef<HTMLTableElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // A name typed on the list searches (ui/type-to-find.ts).
  const find = useListFind(searchRef, bodyRef, ['j', 'k']);
  const count = pages.rows.length;
  // The row the keys are on: moved, it scrolls into view, and the last one loaded asks for the next page.
  const { focused, setFocused, moveTo } = useFocusedRow(count, (i) => {
    document.getElementById(rowId(i))?.scrollIntoView({ block: 'nearest' });
    if (i >= count - 1 && pages.hasMore) pages.loadMore();
  });
  const onKeyDown = rowKeys({
    find, focused, count, moveTo,
    keys: { Enter: () => { const href = pages.rows[focused] && hrefOf(pages.rows[focused]); if (href) navigate(href); } },
  });
  const shown = pages.last?.doctor ?? null;
  useEffect(() => { setFocused(0); }, [doctor, q, setFocused]);

  return (
    <section aria-labelledby="screen-title" className="screen" onKeyDown={find.headingKey}>
      <div className="page-head"><h1 id="screen-title">{tUi(`screen.${id}.title`)}</h1></div>
      <p className="muted">{t('drpatient.intro')}</p>
      <div className="toolbar" role="search">
        <label className="sr-only" htmlFor="drpatient-q">{t('drpatient.searchPatients')}</label>
        <input id="drpatient-q" ref={searchRef} className="input" type="search" placeholder={t('drpatient.searchPatients')} value={text}
          onChange={(e) => setText(e.target.value)} onKeyDown={find.searchKey} />
        <div className="screen-picker">
          <label htmlFor="drpatient-doctor">{t('drpatient.doctor')}</label>
          <RefSelect inputId="drpatient-doctor" target="doctor" many={false} label={t('drpatient.doctor')}
            value={doctor && doctor !== 'all' ? Number(doctor) : (shown?.id ?? null)} initialLabels={shown?.title ?? null}
            onChange={(v) => setParams({ doctor: v === null || v === undefined ? 'all' : Number(v) })} />
        </div>
        {pages.last?.ownDoctor && shown?.id !== pages.last.ownDoctor && <button type="button" className="btn" onClick={() => setParams({ doctor: undefined })}>{t('drpatient.myPatients')}</button>}
        {shown && <button type="button" className="btn" onClick={() => setParams({ doctor: 'all' })}>{t('drpatient.allDoctors')}</button>}
      </div>
      {pages.last && <p className="muted" aria-live="polite">{shown ? t('drpatient.showing', { name: shown.title }) : t('drpatient.showingAll')}</p>}
      {pages.loading && !pages.rows.length && <Loading />}
      {pages.error && !pages.rows.length && <LoadError error={pages.error} onRetry={pages.retry} />}
      {pages.done && !pages.rows.length && <Empty>{t('drpatient.empty')}</Empty>}
      {pages.rows.length > 0 && (
        <div className="grid">
          {/* The grid holds the focus and points at its highlighted row (aria-activedescendant is a grid's, not a tbody's). */}
          <span id="drpatient-keys" hidden>{openAs ? t('drpatient.openHint') : t('common.moveHint')}</span>
          <table role="grid" aria-labelledby="screen-title" className="screen-table" ref={bodyRef} tabIndex={0} data-main-control onKeyDown={onKeyDown}
            aria-describedby="drpatient-keys" aria-activedescendant={rowId(focused)}>
            <thead>
              <tr><th scope="col">{t('drpatient.patient')}</th><th scope="col">{t('drpatient.doctor')}</th><th scope="col" className="num">{t('drpatient.visits')}</th><th scope="col">{t('drpatient.lastVisit')}</th></tr>
            </thead>
            <tbody>
              {pages.rows.map((r, i) => {
                const href = hrefOf(r);
                return (
                  <tr key={`${r.doctor.id}-${r.patient.id}`} id={rowId(i)} data-focused={i === focused}
                    onClick={() => { find.arm(); setFocused(i); if (href) navigate(href); }}>
                    <td>{href ? <Link href={href} tabIndex={-1}>{r.patient.title}</Link> : r.patient.title}</td>
                    <td>{r.doctor.title}</td>
                    <td className="num">{f.number(r.visits)}</td>
                    <td>{f.dateTime(r.lastVisit)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <PagesFoot pages={pages} count={pages.rows.length} />
      {pages.rows.length > 0 && <p className="muted key-hint">{openAs ? t('drpatient.openHint') : t('common.moveHint')}</p>}
    </section>
  );
}
