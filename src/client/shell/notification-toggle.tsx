import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { refreshInboxCount } from '../api/inbox';
import { inboxBadge } from '../state/inbox-badge';
import { session } from '../state/session';
import { ui } from '../state/ui';

// The panel's list reads through the data layer, which the first load leaves out: it loads when first opened.
const NotificationPanel = lazy(() => import('./notification-panel'));

/** The widgets icon of the notification toggle (spec §4). */
export function WidgetsIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden fill="currentColor">
      <path d="M13 13v8h8v-8h-8zM3 21h8v-8H3v8zM3 3v8h8V3H3zm13.66-1.31L11 7.34 16.66 13l5.66-5.66-5.66-5.65z" />
    </svg>
  );
}

/**
 * The inbox's toggle and its badge of unread items (spec §4's panel, opened by the widgets icon or `g n`). The count
 * is read once signed in and again whenever the change stream tells of the inbox (api/events.ts), with plain calls.
 */
export function NotificationToggle() {
  const { t } = useTranslation();
  const snap = useSnapshot(ui);
  const { unread } = useSnapshot(inboxBadge);
  const userId = useSnapshot(session).user?.id;
  useEffect(() => {
    if (!userId) return;
    refreshInboxCount();
    return () => { inboxBadge.unread = 0; };
  }, [userId]);
  return (
    <>
      {/* Named by its word and the count it shows ("Notifications 4"), so the visible number is part of the name. */}
      <button className="btn-icon" data-notifications-toggle aria-expanded={snap.notificationsOpen} aria-controls="notification-panel"
        onClick={() => { ui.notificationsOpen = !ui.notificationsOpen; }}>
        <WidgetsIcon /><span className="sr-only">{t('topbar.notifications')} </span>{unread > 0 && <span className="badge" data-unread>{unread}</span>}
      </button>
      {snap.notificationsOpen && <Suspense fallback={null}><NotificationPanel /></Suspense>}
    </>
  );
}
