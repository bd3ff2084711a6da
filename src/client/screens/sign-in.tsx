import { useEffect, useState } from 'react';
import { Link, Redirect } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DASHBOARD } from '../../registry';
import { errorText } from '../api/error-text';
import { publicConfig, type PublicConfig } from '../api/public-config';
import { session, signIn } from '../state/session';
import { holdForSignIn, signInRefused } from '../state/early-keys';
import { AuthCard } from './auth-card';

/** Where to go after sign-in: the remembered origin, if it is one of ours. */
function origin(): string {
  const from = new URLSearchParams(window.location.search).get('from');
  return from && from.startsWith('/dashboard') ? from : DASHBOARD;
}

/** spec §2: / and /signin. Email and password (api/auth.ts `signIn`); failures say the spec's text. */
export function SignIn() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The hosted login is offered only when the server has it configured (its public configuration), never to fail with "Lock Error".
  const [hostedLogin, setHostedLogin] = useState<PublicConfig['hostedLogin']>(null);
  useEffect(() => {
    let live = true;
    void publicConfig().then((cfg) => { if (live) setHostedLogin(cfg.hostedLogin); });
    return () => { live = false; };
  }, []);
  if (snap.status === 'signedIn') return <Redirect to={origin()} replace />;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    // Keys typed from here until the console is there are the console's (state/early-keys.ts).
    holdForSignIn();
    try {
      await signIn(email.trim(), password); // the status change redirects (below), once
    } catch (err) {
      signInRefused();
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const hosted = () => {
    // The widget needs its domain and client id; the button is not shown without them, the toast is a last guard.
    if (!hostedLogin) { toast.error(t('auth.lockError')); return; }
    const { domain, clientId } = hostedLogin;
    const redirect = `${window.location.origin}/auth0loginCallback`;
    window.location.assign(`https://${domain}/authorize?response_type=token&client_id=${encodeURIComponent(clientId)}&redirect_uri=${encodeURIComponent(redirect)}&scope=openid%20profile%20email`);
  };

  return (
    <AuthCard title={t('auth.signInTitle')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {snap.status === 'checking' && <p role="status">{t('app.loading')}</p>}
        {error && <p className="alert alert-error" role="alert">{error}</p>}
        <div className="field">
          <label htmlFor="email">{t('auth.email')}</label>
          <input id="email" type="email" autoComplete="username" autoFocus required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="password">{t('auth.password')}</label>
          <input id="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy} style={{ width: '100%', justifyContent: 'center' }}>
          {busy ? t('auth.signingIn') : t('auth.signIn')}
        </button>
        {hostedLogin && <button type="button" className="btn" style={{ width: '100%', justifyContent: 'center', marginTop: 8 }} onClick={hosted}>{t('auth.hosted')}</button>}
        <div className="links">
          <Link href="/forgot-password">{t('auth.forgot')}</Link>
          <Link href="/signup">{t('auth.signUp')}</Link>
        </div>
        <p className="hint">{t('auth.demoHint')}</p>
      </form>
    </AuthCard>
  );
}
