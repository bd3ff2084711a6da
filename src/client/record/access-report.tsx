import { useTranslation } from 'react-i18next';
import { entityByName, getEntity, PATIENT_ENTITY } from '../../registry';
import { patientAccess } from '../api/patient-access';
import { usePages } from '../api/use-pages';
import { actionLabel } from './log-actions';
import { LoadError, PagesFoot } from '../list-parts/screen-parts';
import { useFormat } from '../i18n/format';

/**
 * A patient's access report (HIPAA 164.312(b)): who read or changed this patient's data, when, from where and how
 * (a list page, a search, a picker, a PDF…), newest first. The superadmin's, under the patient's timeline; reading it
 * is itself logged.
 */
export function AccessReport({ id }: { id: number }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('screens');
  const f = useFormat();
  const pages = usePages(patientAccess(getEntity(PATIENT_ENTITY).api, id));
  return (
    <section aria-labelledby="access-title" className="access-report">
      <h2 id="access-title">{t('access.title')}</h2>
      <p className="muted">{t('access.intro')}</p>
      {pages.error && !pages.rows.length && <LoadError error={pages.error} onRetry={pages.retry} />}
      {pages.loading && !pages.rows.length && <p role="status">{t('app.loading')}</p>}
      {pages.done && !pages.rows.length && <p>{t('access.empty')}</p>}
      {pages.rows.length > 0 && (
        <div className="table-scroll">
          <table className="access-table">
            <thead>
              <tr>
                <th scope="col">{t('access.when')}</th>
                <th scope="col">{t('access.who')}</th>
                <th scope="col">{t('access.what')}</th>
                <th scope="col">{t('access.record')}</th>
                <th scope="col">{t('access.from')}</th>
              </tr>
            </thead>
            <tbody>
              {pages.rows.map((r) => {
                const def = entityByName(r.entity);
                return (
                  <tr key={r.id} className={r.kind === 'read' ? 'access-read' : 'access-change'}>
                    <td><time dateTime={r.at}>{f.moment(r.at)}</time></td>
                    <td>{r.actor?.name ?? ts('fmclogs.system')}</td>
                    <td>{actionLabel(ts, t, r)}</td>
                    <td>
                      {def ? t(`${def.name}.one`, { ns: 'entities' }) : r.entity}
                      {r.recordId !== null ? ` #${r.recordId}` : r.records > 1 ? ` (${t('access.records', { count: r.records })})` : ''}
                    </td>
                    <td>{r.address ?? ''}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <PagesFoot pages={pages} count={pages.rows.length} />
    </section>
  );
}
