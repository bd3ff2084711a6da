import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

/** How many of the things a confirmation names; the rest are counted. */
const NAMED = 3;
/**
 * A confirmation that opened from a key may meet the rest of a double press: an Enter that arrives this soon after it
 * opened (or a held key's repeat) is taken for that, never for a yes. Pressing Enter again, or Tab and Enter, confirms.
 */
const SETTLE_MS = 400;

/**
 * Asks before an action that cannot be taken back (a completion that issues a tax invoice, reminders sent): names
 * what it acts on (`items`, the first few and how many more) and what follows (`note`). Confirm has the focus, so
 * Enter confirms; Esc or Cancel leaves everything as it was. Confirm is marked `data-ready` once an Enter counts.
 */
export function ConfirmAction({ title, question, items = [], note, confirm, onConfirm, onClose }: {
  title: string; question: string; items?: string[]; note?: ReactNode; confirm?: string; onConfirm: () => void; onClose: () => void;
}) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const readyRef = useRef(false);
  useEffect(() => { const timer = setTimeout(() => { readyRef.current = true; setReady(true); }, SETTLE_MS); return () => clearTimeout(timer); }, []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter' && (e.repeat || !readyRef.current)) e.preventDefault();
  };
  return (
    <Modal title={title} onClose={onClose} labelledBy="confirm-action-title" describedBy="confirm-action-question" className="move-dialog">
      <div className="body">
        <p id="confirm-action-question">{question}</p>
        {items.length > 0 && (
          <ul>
            {items.slice(0, NAMED).map((n, i) => <li key={i}>{n}</li>)}
            {items.length > NAMED && <li>{t('confirmAction.more', { count: items.length - NAMED })}</li>}
          </ul>
        )}
        {note && <p className="alert">{note}</p>}
      </div>
      <footer>
        <button type="button" className="btn" onClick={onClose}>{t('form.cancel')}</button>
        <button type="button" className="btn btn-primary" data-autofocus data-ready={ready || undefined} onKeyDown={onKeyDown} onClick={onConfirm}>
          {confirm ?? t('workflow.confirm')}
        </button>
      </footer>
    </Modal>
  );
}
