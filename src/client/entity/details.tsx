import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { useHotkeys } from 'react-hotkeys-hook';
import { useTranslation } from 'react-i18next';
import { can, entityPath, titleOf, viewActionFor, type EntityDef } from '../../registry';
import { historyOf } from '../../../commands';
import { entities } from '../api/entities';
import { useRead } from '../api/use-read';
import { currentRole } from '../state/session';
import { setInView, ui } from '../state/ui';
import { FieldValue } from './field-value';
import { RecordMoves } from './record-moves';
import { DocumentsPanel } from './document-viewer';
import { documentsOf } from './record-documents';
import { StatusHistory } from './status-history';
import { InvoiceActions, InvoiceDocument } from './invoice-document';
import { listHref } from './list-memory';
import { useFormat } from './format';

/**
 * The details page of any record: every readable field, with edit (e) and delete where the role may; for a record
 * with a workflow, the moves its status allows and its status history; an invoice as a printable document.
 * `view`: the status segment of a record path that carries one (requestVerification/{status}/view/{id}).
 * A record with documents (file fields: a verification's certificates) shows them beside its fields, each opened in a
 * viewer; what this visit of the page opened is kept here, for a review's move to wait on (record-moves.tsx).
 */
export function EntityDetails({ def, id, view }: { def: EntityDef; id: number; view?: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const role = currentRole();
  // Refreshed by key: an edit, a move or an undo of this record (api/writes.ts) sets or refetches it.
  const record = useRead(entities.get(def, id));
  const row = record.data ?? null;
  const error = record.error;
  const mayEdit = can(role, def.name, 'edit');
  const mayDelete = can(role, def.name, 'delete');
  const mayList = can(role, def.name, 'list');
  const listView = def.views?.some((v) => v.segment === view) ? view : undefined;
  const documents = useMemo(() => (row ? documentsOf(def, row) : []), [def, row]);
  // Opened in this visit of the page: another record, or coming back to this one, starts again.
  const [opened, setOpened] = useState<{ id: number; seen: ReadonlySet<string> }>({ id, seen: new Set() });
  const seen = opened.id === id ? opened.seen : new Set<string>();
  const markOpened = (address: string) => setOpened((o) => ({ id, seen: new Set([...(o.id === id ? o.seen : []), address]) }));
  useHotkeys('e', () => mayEdit && navigate(entityPath(def, 'edit', id)), [mayEdit, def, id]);
  useHotkeys('escape', () => mayList && navigate(listHref(def, listView)), [mayList, def, listView]);

  // A record path that names the status follows the record when a move changes it (…/requested/view/5 → …/verified/view/5).
  const status = row && def.workflow ? String(row[def.workflow.field]) : undefined;
  // What the page shows, for the commands' `when` (a move is offered when this record's status allows it).
  useEffect(() => setInView({ entity: def.name, record: { id, status }, selected: 0 }), [def, id, status]);
  useEffect(() => {
    if (!listView || !status || status === listView || !def.views?.some((v) => v.segment === status)) return;
    const action = viewActionFor(def, (a) => can(role, def.name, a));
    if (action) navigate(entityPath(def, action, id, status), { replace: true });
  }, [def, id, role, listView, status]);

  const name = t(`${def.name}.one`, { ns: 'entities' });
  if (error) return <p className="alert alert-error" role="alert">{t('details.failed')} {error}</p>;
  if (!row) return <p role="status">{t('app.loading')}</p>;
  const isInvoice = def.name === 'invoices';
  const history = historyOf({ entity: def.name, record: { id }, selected: 0 }, role);
  return (
    <article aria-labelledby="details-title" className={isInvoice ? 'printable' : undefined}>
      <div className="page-head no-print">
        {/* The main control: the keyboard lands here as the page opens, and after a move or a dialog (shell/main-control.ts). */}
        <h1 id="details-title" tabIndex={-1} data-main-control>{name}: {titleOf(def, row) || `#${row.id}`}</h1>
        {mayList && <Link href={listHref(def, listView)} className="btn">← {t('details.back')} <kbd>Esc</kbd></Link>}
        {history && <Link href={history} className="btn">{t('details.timeline')} <kbd>h</kbd></Link>}
        {isInvoice && <InvoiceActions def={def} row={row} />}
        {mayEdit && <Link href={entityPath(def, 'edit', id)} className="btn btn-primary">{t('details.edit')} <kbd>e</kbd></Link>}
        {mayDelete && <button className="btn btn-danger" onClick={() => { ui.confirmDelete = { entity: def.name, id }; }}>{t('details.delete')}</button>}
      </div>
      {def.workflow && (
        <RecordMoves def={def} row={row} onReload={record.retry} documents={documents} opened={seen} />
      )}
      {isInvoice ? <InvoiceDocument row={row} /> : (
        <div className={documents.length ? 'details-with-documents' : undefined}>
        <dl className="details">
          {Object.keys(def.fields).map((field) => (
            <div key={field} style={{ display: 'contents' }}>
              <dt>{t(`${def.name}.fields.${field}`, { ns: 'entities' })}</dt>
              <dd><FieldValue def={def} field={field} row={row} full /></dd>
            </div>
          ))}
          <dt>{t('details.created')}</dt><dd>{f.moment(String(row.createdAt))}</dd>
          <dt>{t('details.updated')}</dt><dd>{f.moment(String(row.updatedAt))}</dd>
          <dt>{t('details.version')}</dt><dd>{row.version}</dd>
        </dl>
        <DocumentsPanel docs={documents} opened={seen} onOpened={markOpened} />
        </div>
      )}
      {def.workflow && <StatusHistory def={def} id={id} version={row.version} />}
    </article>
  );
}
