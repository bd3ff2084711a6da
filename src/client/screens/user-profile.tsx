import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { session } from '../state/session';
import { Avatar } from '../shell/user-menu';
import { PreferencesPanel } from '../shell/preferences';

/** /dashboard/userProfile: the account, theme, language, and the keyboard (single keys on or off, rebinding). */
export function UserProfile() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  if (!user) return null;
  return (
    <section aria-labelledby="profile-title">
      <div className="page-head"><h1 id="profile-title">{t('profile.title')}</h1></div>
      <h2>{t('profile.account')}</h2>
      <p style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <Avatar userId={user.id} avatar={user.avatar} name={user.firstName} />
        <span><strong>{user.firstName} {user.lastName}</strong><br />{user.email} · {user.phone}<br />{t('profile.role')}: {t(user.role.name, { ns: 'enums' })}</span>
      </p>
      <PreferencesPanel />
    </section>
  );
}
