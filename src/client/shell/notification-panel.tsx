import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { DASHBOARD, entityPath, listQueryString, screenById } from '../../registry';
import { me, type AdminNotification } from '../api/me';
import { ui } from '../state/ui';

export const PANEL_CLOSE_DELAY_MS = 50;

/**
 * Where a notice leads: its own link inside the console, else the worklist its type names (registry SCREENS), else
 * for a sign-up the staff accounts waiting for approval. A notice with none of these is shown but leads nowhere.
 */
export function noticeTarget(n: Pick<AdminNotification, 'noteType' | 'link'>): string | null {
  if (n.link && n.link.startsWith(`${DASHBOARD}/`)) return n.link;
  const screen = screenById(n.noteType);
  if (screen) return `${DASHBOARD}/${screen.path}`;
  if (n.noteType === 'signup') return `${entityPath('admin-user')}?${listQueryString({ filters: { status: 'pending' } })}`;
  return null;
}

/** Loaded with the shell (spec §7), opened by the widgets icon, closed by a click outside after 50 ms (spec §4). */
export function NotificationPanel() {
  const { t, i18n } = useTranslation();
  const snap = useSnapshot(ui);
  const [items, setItems] = useState<AdminNotification[] | null>(null);
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    me.notifications().then(setItems, () => setFailed(true));
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

  /** The notice's title in the user's language: its worklist's, or the sign-up one; a type the console does not know keeps the text it came with. */
  const titleOf = (n: AdminNotification) => {
    const known = screenById(n.noteType) ? t(`screen.${n.noteType}.title`) : n.noteType === 'signup' ? t('notifications.signup') : null;
    if (!known) return n.title;
    return typeof n.count === 'number' ? t('notifications.count', { title: known, count: n.count }) : known;
  };
  const when = (at?: string) => (at ? new Date(at).toLocaleString(i18n.language === 'en' ? 'en-IN' : i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : '');

  // Up and down arrows move between the notices (Tab does too); Enter opens the one with the focus.
  const onListKey = (e: React.KeyboardEvent) => {
    const links = [...(ref.current?.querySelectorAll<HTMLElement>('[data-notice]') ?? [])];
    if (!links.length) return;
    const i = links.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: links.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    links[Math.max(0, Math.min(links.length - 1, next))].focus();
  };
  const close = () => { ui.notificationsOpen = false; };

  return (
    <>
      {/* Named by its word and the count it shows ("Notifications 4"), so the visible number is part of the name. */}
      <button className="btn-icon" data-notifications-toggle aria-expanded={snap.notificationsOpen} aria-controls="notification-panel"
        onClick={() => { ui.notificationsOpen = !ui.notificationsOpen; }}>
        <WidgetsIcon /><span className="sr-only">{t('topbar.notifications')} </span>{items && items.length > 0 && <span className="badge">{items.length}</span>}
      </button>
      {snap.notificationsOpen && (
        <div className="menu-pop notif-panel" id="notification-panel" ref={ref} tabIndex={-1} role="region" aria-label={t('notifications.title')} onKeyDown={onListKey}>
          <strong>{t('notifications.title')}</strong>
          {failed && <p className="error">{t('notifications.failed')}</p>}
          {items && items.length === 0 && <p>{t('notifications.empty')}</p>}
          <ul style={{ padding: 0, margin: 0 }}>
            {items?.map((n) => {
              const target = noticeTarget(n);
              const title = titleOf(n);
              const date = when(n.createdAt);
              return (
                <li key={n._id}>
                  {target
                    ? <Link href={target} data-notice onClick={close} style={{ display: 'block' }}>{title}</Link>
                    : <div data-notice tabIndex={0}>{title}</div>}
                  {date && <span style={{ color: 'var(--muted)', fontSize: 12 }}>{date}</span>}
                </li>
              );
            })}
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
