import { useEffect } from 'react';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { useHotkeys } from 'react-hotkeys-hook';
import { useTranslation } from 'react-i18next';
import { can, entityPath, viewActionFor, type EntityDef } from '../../registry';
import { historyOf } from '../../../commands';
import { entities } from '../api/entities';
import { useRead } from '../api/use-read';
import { currentRole } from '../state/session';
import { setInView, ui } from '../state/ui';
import { RecordBody } from './record-body';
import { useFormat } from '../i18n/format';
import { shownTitleOf } from '../i18n/shown-text';
import { InvoiceActions } from './invoice-document';
import { listHref } from '../state/list-memory';
import { PresenceNote, useSayPresence } from '../live/live-notes';

/**
 * The details page of any record: every readable field, with edit (e) and delete where the role may; for a record
 * with a workflow, the moves its status allows and its status history; an invoice as a printable document.
 * `view`: the status segment of a record path that carries one (requestVerification/{status}/view/{id}).
 * What it shows under its heading is the record's body (record-body.tsx), which the list's peek shows too.
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
  useSayPresence(def, row ? id : null, 'viewing');
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
        {/* The main control: the keyboard lands here as the page opens, and after a move or a dialog (ui/main-control.ts). */}
        <h1 id="details-title" tabIndex={-1} data-main-control>{name}: {shownTitleOf(def, row, t, f) || `#${row.id}`}</h1>
        {mayList && <Link href={listHref(def, listView)} className="btn">← {t('details.back')} <kbd>Esc</kbd></Link>}
        {history && <Link href={history} className="btn">{t('details.timeline')} <kbd>y</kbd></Link>}
        <button type="button" className="btn" onClick={() => { ui.followUp = { entity: def.name, id }; }}>{t('followUps.remind')} <kbd>h</kbd></button>
        {isInvoice && <InvoiceActions def={def} row={row} />}
        {mayEdit && <Link href={entityPath(def, 'edit', id)} className="btn btn-primary">{t('details.edit')} <kbd>e</kbd></Link>}
        {mayDelete && <button className="btn btn-danger" onClick={() => { ui.confirmDelete = { entity: def.name, id }; }}>{t('details.delete')}</button>}
      </div>
      <PresenceNote def={def} id={id} />
      <RecordBody def={def} row={row} onReload={record.retry} />
    </article>
  );
}
