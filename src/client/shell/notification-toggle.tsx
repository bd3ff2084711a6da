import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { ui } from '../state/ui';

/** The widgets icon of the notification toggle (spec §4). */
export function WidgetsIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden fill="currentColor">
      <path d="M13 13v8h8v-8h-8zM3 21h8v-8H3v8zM3 3v8h8V3H3zm13.66-1.31L11 7.34 16.66 13l5.66-5.66-5.66-5.65z" />
    </svg>
  );
}

/** The toggle while the panel's code loads (it brings the data layer, kept out of the first load): no count yet. */
export function NotificationToggle() {
  const { t } = useTranslation();
  const snap = useSnapshot(ui);
  return (
    <button className="btn-icon" data-notifications-toggle aria-expanded={snap.notificationsOpen} onClick={() => { ui.notificationsOpen = !ui.notificationsOpen; }}>
      <WidgetsIcon /><span className="sr-only">{t('topbar.notifications')}</span>
    </button>
  );
}
