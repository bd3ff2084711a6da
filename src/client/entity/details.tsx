import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { useHotkeys } from 'react-hotkeys-hook';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { can, entityPath, titleOf, type EntityDef } from '../../registry';
import { api, ApiError } from '../api/client';
import { currentRole } from '../state/session';
import { ui } from '../state/ui';
import { FieldValue } from './field-value';
import type { Row } from './use-infinite-list';
import { translateMessage } from '../i18n';

/** The details page of any record: every readable field, with edit (e) and delete where the role may. */
export function EntityDetails({ def, id }: { def: EntityDef; id: number }) {
  const { t, i18n } = useTranslation();
  const snap = useSnapshot(ui);
  const role = currentRole();
  const [row, setRow] = useState<Row | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.get<{ data: Row }>(`/api/${def.api}/${id}`).then((r) => setRow(r.data)).catch((err) => setError(err instanceof ApiError ? translateMessage(err.message) : String(err)));
  }, [def, id, snap.dataVersion]);
  const mayEdit = can(role, def.name, 'edit');
  const mayDelete = can(role, def.name, 'delete');
  const mayList = can(role, def.name, 'list');
  useHotkeys('e', () => mayEdit && navigate(entityPath(def, 'edit', id)), [mayEdit, def, id]);
  useHotkeys('escape', () => mayList && navigate(entityPath(def)), [mayList, def]);

  const name = t(`${def.name}.one`, { ns: 'entities' });
  if (error) return <p className="alert alert-error" role="alert">{t('details.failed')} {error}</p>;
  if (!row) return <p role="status">{t('app.loading')}</p>;
  return (
    <article aria-labelledby="details-title">
      <div className="page-head">
        <h1 id="details-title">{name}: {titleOf(def, row) || `#${row.id}`}</h1>
        {mayList && <Link href={entityPath(def)} className="btn">← {t('details.back')} <kbd>Esc</kbd></Link>}
        {can(role, def.name, 'timeline') && <Link href={entityPath(def, 'timeline', id)} className="btn">{t('details.timeline')}</Link>}
        {mayEdit && <Link href={entityPath(def, 'edit', id)} className="btn btn-primary">{t('details.edit')} <kbd>e</kbd></Link>}
        {mayDelete && <button className="btn btn-danger" onClick={() => { ui.confirmDelete = { entity: def.name, id }; }}>{t('details.delete')}</button>}
      </div>
      <dl className="details">
        {Object.keys(def.fields).map((field) => (
          <div key={field} style={{ display: 'contents' }}>
            <dt>{t(`${def.name}.fields.${field}`, { ns: 'entities' })}</dt>
            <dd><FieldValue def={def} field={field} row={row} full /></dd>
          </div>
        ))}
        <dt>{t('details.created')}</dt><dd>{new Date(String(row.createdAt)).toLocaleString(i18n.language)}</dd>
        <dt>{t('details.updated')}</dt><dd>{new Date(String(row.updatedAt)).toLocaleString(i18n.language)}</dd>
        <dt>{t('details.version')}</dt><dd>{row.version}</dd>
      </dl>
    </article>
  );
}
