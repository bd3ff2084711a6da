import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { INBOX_KEYS } from '../../../commands';
import { inbox as marks, inboxPages, type InboxItem } from '../api/inbox';
import { keys } from '../api/keys';
import { queryClient } from '../api/query-client';
import { usePages } from '../api/use-pages';
import { inboxBadge } from '../state/inbox-badge';
import { ui } from '../state/ui';
import { inboxText } from './inbox-text';
import { focusMainControl } from '../ui/main-control';

export const PANEL_CLOSE_DELAY_MS = 50;

/** A mark changes the badge (api/inbox.ts) and the panel's items: they read again. */
const inbox = {
  read: (id: number) => marks.read(id).then(pagesChanged),
  readAll: () => marks.readAll().then(pagesChanged),
  archive: (id: number) => marks.archive(id).then(pagesChanged),
};
function pagesChanged() { return queryClient.invalidateQueries({ queryKey: keys.inbox }); }

/**
 * The user's inbox (spec §4's panel, opened by the widgets icon or `g n`): unread first, each item in the reader's
 * language; the change stream invalidates its key (api/stream-invalidation.ts). In the list: the arrows, Home and End
 * move; the panel's keys (commands INBOX_KEYS) open (which marks read), mark read, archive, or mark all read. Loaded
 * when first opened (notification-toggle.tsx), bringing the data layer with it.
 */
export default function NotificationPanel() {
  const { t, i18n } = useTranslation();
  const snap = useSnapshot(ui);
  const pages = usePages(inboxPages);
  const { unread } = useSnapshot(inboxBadge);
  const ref = useRef<HTMLDivElement>(null);
  const [, navigate] = useLocation();
  const hasItems = pages.rows.length > 0;
  // Where the focus was as the panel opened (the toggle, a list's row after `g n`): Esc gives it back there.
  const [cameFrom] = useState(() => document.activeElement);

  useEffect(() => {
    if (!snap.notificationsOpen) return;
    // The first item takes the focus (the panel itself while there is none), so the keys act at once.
    const first = ref.current?.querySelector<HTMLElement>('[data-notice]');
    (first ?? ref.current)?.focus();
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (ref.current?.contains(target) || (target as HTMLElement).closest?.('[data-notifications-toggle]')) return;
      setTimeout(() => { ui.notificationsOpen = false; }, PANEL_CLOSE_DELAY_MS);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Before the panel goes (and its focused item with it): else the focus would be left on the page.
      if (cameFrom instanceof HTMLElement && cameFrom !== document.body && cameFrom.isConnected && ref.current?.contains(document.activeElement)) cameFrom.focus();
      else if (ref.current?.contains(document.activeElement)) focusMainControl();
      ui.notificationsOpen = false;
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
    // Focus once the first page is here, too.
  }, [snap.notificationsOpen, hasItems, cameFrom]);

  const close = () => { ui.notificationsOpen = false; };
  const open = (n: InboxItem) => {
    if (!n.readAt) void inbox.read(n.id);
    close();
    if (n.link) navigate(n.link);
    // A ticket its reader may not open on its own page: the tickets they raised, with their threads.
    else if (n.kind.startsWith('ticket')) ui.mine = 'supportTicket';
  };
  const when = (at: string) => new Date(at).toLocaleString(i18n.language === 'en' ? 'en-IN' : i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const onListKey = (e: React.KeyboardEvent) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[data-notice]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: items.length - 1 }[e.key];
    if (next !== undefined && items.length) {
      e.preventDefault();
      items[Math.max(0, Math.min(items.length - 1, next))].focus();
      return;
    }
    const action = INBOX_KEYS.find((k) => k.key === e.key && !e.ctrlKey && !e.metaKey && !e.altKey)?.action;
    if (!action) return;
    if (action === 'readAll') {
      e.preventDefault();
      void inbox.readAll();
      return;
    }
    const n = pages.rows.find((r) => String(r.id) === (document.activeElement as HTMLElement | null)?.dataset.notice);
    if (!n) return;
    e.preventDefault();
    if (action === 'open') open(n);
    else if (action === 'read' && !n.readAt) void inbox.read(n.id);
    else if (action === 'archive') {
      // The focus moves to the next item (or the one before) as this one leaves the list.
      const stay = items[i + 1] ?? items[i - 1];
      void inbox.archive(n.id).then(() => stay?.focus());
    }
  };

  return (
    <div className="menu-pop notif-panel" id="notification-panel" ref={ref} tabIndex={-1} role="region" aria-label={t('notifications.title')} onKeyDown={onListKey}>
      <div className="notif-head">
        <strong>{t('notifications.title')}</strong>
        <span className="muted" aria-live="polite">{unread > 0 ? t('notifications.unread', { count: unread }) : ''}</span>
        {unread > 0 && <button type="button" className="btn btn-small" onClick={() => void inbox.readAll()}>{t('notifications.markAllRead')}</button>}
      </div>
      {pages.error && <p className="error">{t('notifications.failed')}</p>}
      {pages.done && pages.rows.length === 0 && <p>{t('notifications.empty')}</p>}
      <ul>
        {pages.rows.map((n) => (
          <li key={n.id} className={n.readAt ? 'notice-read' : 'notice-unread'}>
            <button type="button" className="notice" data-notice={n.id} onClick={() => open(n)}>
              <span className="sr-only">{n.readAt ? t('notifications.isRead') : t('notifications.isUnread')}: </span>
              {inboxText(t, n)}
            </button>
            <span className="notice-meta">
              <span>{when(n.createdAt)}</span>
              {!n.readAt && <button type="button" className="link-btn" tabIndex={-1} onClick={() => void inbox.read(n.id)}>{t('notifications.markRead')}</button>}
              <button type="button" className="link-btn" tabIndex={-1} onClick={() => void inbox.archive(n.id)}>{t('notifications.archive')}</button>
            </span>
          </li>
        ))}
      </ul>
      {pages.hasMore && <button type="button" className="btn btn-small" onClick={pages.loadMore}>{t('notifications.more')}</button>}
      <p className="notice-keys muted key-hint">{INBOX_KEYS.map((k) => `${k.keys}: ${t(k.label)}`).join(' · ')}</p>
    </div>
  );
}
