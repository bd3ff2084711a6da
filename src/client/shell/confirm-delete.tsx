import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { navigate } from 'wouter/use-browser-location';
import { entityPath, getEntity, titleOf } from '../../registry';
import { api, ApiError } from '../api/client';
import { dataChanged, ui } from '../state/ui';
import { Modal } from './modal';
import { offerUndoDelete } from './undo';
import { translateMessage } from '../i18n';

/** Delete with confirmation, for every entity; the server's refusal (in use, built in) is shown as it says; Undo after. */
export function ConfirmDelete() {
  const { t } = useTranslation();
  const snap = useSnapshot(ui);
  const target = snap.confirmDelete;
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const def = target ? getEntity(target.entity) : null;
  useEffect(() => {
    if (!target || !def) return;
    setTitle(`#${target.id}`);
    api.get<{ data: Record<string, unknown> }>(`/api/${def.api}/${target.id}`).then((r) => setTitle(titleOf(def, r.data))).catch(() => {});
  }, [target, def]);
  if (!target || !def) return null;
  const name = t(`${def.name}.one`, { ns: 'entities' });
  const close = () => { ui.confirmDelete = null; };
  const confirm = async () => {
    setBusy(true);
    try {
      await api.delete(`/api/${def.api}/${target.id}`);
      // The record waits in the server's trash: the toast offers Undo (Ctrl+Z) for a few seconds.
      offerUndoDelete(def, target.id, name);
      close();
      dataChanged();
      target.onDone?.();
      if (window.location.pathname.includes(`/${target.id}`)) navigate(entityPath(def));
    } catch (err) {
      toast.error(t('confirm.failed'), { description: err instanceof ApiError ? translateMessage(err.message) : undefined });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={t('confirm.deleteTitle', { name })} onClose={close}>
      <div className="body"><p>{t('confirm.deleteBody', { title })}</p></div>
      <footer>
        <button className="btn" onClick={close} autoFocus>{t('confirm.cancel')}</button>
        <button className="btn btn-danger" disabled={busy} onClick={() => void confirm()}>{t('confirm.delete')}</button>
      </footer>
    </Modal>
  );
}
