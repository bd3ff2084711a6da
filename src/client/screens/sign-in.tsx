import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Redirect } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { DASHBOARD } from '../../registry';
import { auth } from '../api/auth';
import { errorText } from '../api/error-text';
import { publicConfig, type PublicConfig } from '../api/public-config';
import { signIn } from '../api/session';
import { session } from '../state/session';
import { holdForSignIn, signInRefused } from '../state/early-keys';
import { AuthCard } from './auth-card';

const SecondStep = lazy(() => import('./second-factor').then((m) => ({ default: m.SecondStep })));

/** Where to go after sign-in: the remembered origin, if it is one of ours. */
function origin(): string {
  const from = new URLSearchParams(window.location.search).get('from');
  return from && from.startsWith('/dashboard') ? from : DASHBOARD;
}

/**
 * spec §2: / and /signin. Email and password (api/auth.ts `signIn`); failures say the spec's text. With hosted login set
 * up, a "Sign in with …" button beside the form sends the browser to the provider (the server makes its address and
 * keeps the flow); PASSWORD_SIGNIN=0 leaves the button alone. A session that ended for a reason its holder should
 * know (another sign-in, an administrator) is said here.
 */
export function SignIn() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<{ challenge: string; methods: string[] } | null>(null);
  const [offer, setOffer] = useState<Pick<PublicConfig, 'hostedLogin' | 'passwordSignIn'>>({ hostedLogin: null });
  useEffect(() => {
    let live = true;
    void publicConfig().then((cfg) => { if (live) setOffer({ hostedLogin: cfg.hostedLogin, passwordSignIn: cfg.passwordSignIn }); });
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
      // The status change redirects (below), once; a second factor asks its step first.
      const asked = await signIn(email.trim(), password);
      if (asked) {
        // No console yet: the keys typed next are the code's (the second step holds them again when it is sent).
        signInRefused();
        setChallenge(asked.mfa);
      }
    } catch (err) {
      signInRefused();
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const hosted = async () => {
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await auth.hostedStart(new URLSearchParams(window.location.search).get('from')));
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  const passwords = offer.passwordSignIn !== false;
  const hostedButton = offer.hostedLogin && (
    <button type="button" className={`btn${passwords ? '' : ' btn-primary'}`} disabled={busy} style={{ width: '100%', justifyContent: 'center', marginTop: passwords ? 8 : 0 }}
      onClick={() => void hosted()} autoFocus={!passwords}>
      {t('auth.hosted', { name: offer.hostedLogin.name })}
    </button>
  );
  const ended = snap.ended && <p className="alert" role="alert">{snap.ended.code === 'session_limit' ? t('auth.endedByLimit') : t('auth.endedByAdmin', { reason: snap.ended.detail ?? '' })}</p>;

  if (challenge) {
    return (
      <AuthCard title={t('auth.signInTitle')}>
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}><SecondStep challenge={challenge.challenge} methods={challenge.methods} onDone={() => undefined} /></Suspense>
      </AuthCard>
    );
  }
  if (!passwords) {
    return (
      <AuthCard title={t('auth.signInTitle')}>
        {snap.status === 'checking' && <p role="status">{t('app.loading')}</p>}
        {ended}
        {error && <p className="alert alert-error" role="alert">{error}</p>}
        {hostedButton}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.signInTitle')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {snap.status === 'checking' && <p role="status">{t('app.loading')}</p>}
        {ended}
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
        {hostedButton}
        <div className="links">
          <Link href="/forgot-password">{t('auth.forgot')}</Link>
          <Link href="/signup">{t('auth.signUp')}</Link>
        </div>
        <p className="hint">{t('auth.demoHint')}</p>
      </form>
    </AuthCard>
  );
}
