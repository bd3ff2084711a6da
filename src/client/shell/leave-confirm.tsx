import { useTranslation } from 'react-i18next';
import { ui } from '../state/ui';
import { Modal } from './modal';
import { leaveAnyway } from './unsaved';

/**
 * "Leave without saving?", asked when a command would leave a form or move dialog holding typed values (unsaved.ts).
 * Focus starts on Stay, so an Enter pressed on the way keeps the typing; Esc stays too, and the focus goes back to
 * the field it was in.
 */
export function LeaveConfirm() {
  const { t } = useTranslation();
  const stay = () => { ui.leaving = null; };
  return (
    <Modal title={t('leave.title')} onClose={stay} describedBy="leave-body">
      <div className="body"><p id="leave-body">{t('leave.body')}</p></div>
      <footer>
        <button type="button" className="btn" data-autofocus onClick={stay}>{t('leave.stay')}</button>
        <button type="button" className="btn btn-danger" onClick={leaveAnyway}>{t('leave.leave')}</button>
      </footer>
    </Modal>
  );
}
