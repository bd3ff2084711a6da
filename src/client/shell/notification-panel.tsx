import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { ui } from '../state/ui';

interface AdminNotification { _id: string; noteType: string; title: string; createdAt?: string }

export const PANEL_CLOSE_DELAY_MS = 50;

/** Loaded with the shell (spec §7), opened by the widgets icon, closed by a click outside after 50 ms (spec §4). */
export function NotificationPanel() {
  const { t } = useTranslation();
  const snap = useSnapshot(ui);
  const [items, setItems] = useState<AdminNotification[] | null>(null);
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    api.get<{ data: AdminNotification[] }>('/api/notification/admin').then((r) => setItems(r.data)).catch(() => setFailed(true));
  }, []);

  useEffect(() => {
    if (!snap.notificationsOpen) return;
    ref.current?.focus();
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (ref.current?.contains(target) || (target as HTMLElement).closest?.('[data-notifications-toggle]')) return;
      setTimeout(() => { ui.notificationsOpen = false; }, PANEL_CLOSE_DELAY_MS);
    };
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') ui.notificationsOpen = false; };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [snap.notificationsOpen]);

  return (
    <>
      <button className="btn-icon" data-notifications-toggle aria-label={t('topbar.notifications')} aria-expanded={snap.notificationsOpen} aria-controls="notification-panel"
        onClick={() => { ui.notificationsOpen = !ui.notificationsOpen; }}>
        <WidgetsIcon />{items && items.length > 0 && <span className="badge">{items.length}</span>}
      </button>
      {snap.notificationsOpen && (
        <div className="menu-pop notif-panel" id="notification-panel" ref={ref} tabIndex={-1} role="region" aria-label={t('notifications.title')}>
          <strong>{t('notifications.title')}</strong>
          {failed && <p className="error">{t('notifications.failed')}</p>}
          {items && items.length === 0 && <p>{t('notifications.empty')}</p>}
          <ul>
            {items?.map((n) => (
              <li key={n._id}>
                <div>{n.title}</div>
                <span className="badge">{n.noteType}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function WidgetsIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden fill="currentColor">
      <path d="M13 13v8h8v-8h-8zM3 21h8v-8H3v8zM3 3v8h8V3H3zm13.66-1.31L11 7.34 16.66 13l5.66-5.66-5.66-5.65z" />
    </svg>
  );
}
