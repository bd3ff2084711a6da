import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/modal';
import { leaveAnyway, stay } from '../ui/unsaved';

/**
 * "Leave without saving?", asked before a form or move dialog holding typed values is left (unsaved.ts): by a
 * command that opens another screen, or the form's own Cancel or Esc.
 * Focus starts on Stay, so an Enter pressed on the way keeps the typing; Esc stays too, and the focus goes back to
 * the field it was in.
 */
export function LeaveConfirm() {
  const { t } = useTranslation();
  // Esc answers the question (stay), taken on the window's capture phase before any dialog's handler: with a move
  // dialog under it whose Cancel was clicked, Radix at times counted that dialog as the top one and gave it the key,
  // which asked again and left the question open.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopImmediatePropagation();
      stay();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
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
