import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { can, entityPath } from '../../registry';
import { resolveUrl } from '../api/client';
import { useLoadableImage } from '../api/image-origins';
import { signOut } from '../api/session';
import { currentRole, session } from '../state/session';
import { ui } from '../state/ui';

/** spec §3: an avatar starting with "avtar" lives in the content store under users/{user_id}/; anything else is a full address. */
export function avatarUrl(userId: number, avatar: string | null | undefined): string | null {
  if (!avatar) return null;
  if (avatar.startsWith('avtar')) return resolveUrl(`users/${userId}/${avatar}`);
  return resolveUrl(avatar);
}

/** An avatar on a host the console may not load images from (registry/image-addresses.ts) shows the initial instead. */
export function Avatar({ userId, avatar, name }: { userId: number; avatar: string | null; name: string }) {
  const url = avatarUrl(userId, avatar);
  const loadable = useLoadableImage();
  return <span className="avatar" aria-hidden>{url && loadable(url) ? <img src={url} alt="" /> : name.slice(0, 1).toUpperCase()}</span>;
}

/** Avatar, full name and email, the settings link (to /dashboard/userProfile where the role may open it) and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    ref.current?.querySelector<HTMLElement>('a, button')?.focus();
    // A pointer, not a mouse event: a tap outside closes it too.
    const onDown = (e: PointerEvent) => { if (!ref.current?.parentElement?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);
  if (!user) return null;
  const fullName = `${user.firstName} ${user.lastName}`;
  return (
    <div>
      <button className="btn-icon" aria-haspopup="menu" aria-expanded={open} aria-label={t('topbar.userMenu')} onClick={() => setOpen(!open)}>
        <Avatar userId={user.id} avatar={user.avatar} name={fullName} />
      </button>
      {open && (
        <div className="menu-pop" role="menu" ref={ref} onKeyDown={(e) => { if (e.key === 'Escape') setOpen(false); }}>
          <div style={{ padding: '6px 10px' }}>
            <strong>{fullName}</strong>
            <div className="hint">{user.email}</div>
          </div>
          {can(currentRole(), 'userProfile', 'view') && (
            <Link href={entityPath('userProfile')} className="menu-item" role="menuitem" onClick={() => setOpen(false)}>{t('topbar.settings')}</Link>
          )}
          <button className="menu-item" role="menuitem" onClick={() => { setOpen(false); ui.preferencesOpen = true; }}>{t('topbar.preferences')}</button>
          <button className="menu-item" role="menuitem" onClick={() => void signOut()}>{t('topbar.logout')}</button>
        </div>
      )}
    </div>
  );
}
