import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { navigate } from 'wouter/use-browser-location';
import { entityPath, getEntity } from '../../registry';
import { sayRecord } from '../api/search';
import { useMutation } from '@tanstack/react-query';
import { entities } from '../api/entities';
import { errorText } from '../api/error-text';
import { queryClient } from '../api/query-client';
import { useRead } from '../api/use-read';
import { writes } from '../api/writes';
import { ui } from '../state/ui';
import { Modal } from '../ui/modal';
import { offerUndoDelete } from '../form/undo';

/** Delete with confirmation, for every entity; the server's refusal (in use, built in) is shown as it says; Undo after. */
export function ConfirmDelete() {
  const { t } = useTranslation();
  const snap = useSnapshot(ui);
  const target = snap.confirmDelete;
  const def = target ? getEntity(target.entity) : null;
  // The record's title, to say what is being deleted; its number until it comes (or if it cannot).
  const record = useRead(target && def ? entities.get(def, target.id) : null);
  const title = def && record.data ? sayRecord(def, record.data) : `#${target?.id ?? ''}`;
  const remove = useMutation({ mutationFn: (t: { entity: string; id: number }) => writes.remove(getEntity(t.entity), t.id) }, queryClient);
  if (!target || !def) return null;
  const name = t(`${def.name}.one`, { ns: 'entities' });
  const close = () => { ui.confirmDelete = null; };
  const confirm = async () => {
    try {
      await remove.mutateAsync(target);
      // The record waits in the server's trash: the toast offers Undo (Ctrl+Z) for a few seconds.
      offerUndoDelete(def, target.id, name);
      close();
      target.onDone?.();
      if (window.location.pathname.includes(`/${target.id}`)) navigate(entityPath(def));
    } catch (err) {
      // Refused (in use, not allowed): said in the toast, and the dialog closes with nothing left to confirm; the focus
      // goes back to where it came from (ui/modal.tsx), not to the page, where the disabled button had left it.
      toast.error(t('confirm.failed'), { description: errorText(err) });
      close();
    }
  };
  return (
    <Modal title={t('confirm.deleteTitle', { name })} onClose={close}>
      <div className="body"><p>{t('confirm.deleteBody', { title })}</p></div>
      <footer>
        <button className="btn" onClick={close} autoFocus>{t('confirm.cancel')}</button>
        <button className="btn btn-danger" disabled={remove.isPending} onClick={() => void confirm()}>{t('confirm.delete')}</button>
      </footer>
    </Modal>
  );
}
