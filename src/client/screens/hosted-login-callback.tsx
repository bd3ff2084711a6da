import { useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AuthCard } from './auth-card';

/**
 * /auth0loginCallback: where the hosted login widget returns. It must bring an access token (spec §5);
 * without one the spec's toast says "Wrong mail or password". This console has no token exchange for the
 * hosted widget yet, so a returned token is also refused and the user signs in with a password.
 */
export function HostedLoginCallback() {
  const { t } = useTranslation();
  useEffect(() => {
    toast.error(t('auth.wrongMail'));
    navigate('/signin', { replace: true });
  }, [t]);
  return <AuthCard title={t('auth.callbackTitle')}><p role="status">{t('app.loading')}</p></AuthCard>;
}
