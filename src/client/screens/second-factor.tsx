import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { useTranslation } from 'react-i18next';
import { DASHBOARD } from '../../registry';
import { errorText } from '../api/error-text';
import { factors, type TotpEnrolment } from '../api/factors';
import { useAddPasskey } from '../api/use-add-passkey';
import type { SignedIn } from '../api/auth';
import { loadScreenStrings } from '../i18n';
import { acceptSession } from '../api/session';
import { holdForSignIn, signInRefused } from '../state/early-keys';
import { AuthCard } from './auth-card';

/**
 * Second factors in the browser (issue 34 §2): the sign-in's second step and the enrolment of one-time codes. Loaded
 * only when a sign-in asks for a code or a person enrols (the first load stays small); the QR picture is drawn by
 * the server, so no QR library comes with it.
 */

/** The screens' strings, loaded with this module: the words show once they are there. */
function useScreenWords() {
  const { t } = useTranslation('screens');
  const [ready, setReady] = useState(false);
  useEffect(() => { void loadScreenStrings().then(() => setReady(true), () => setReady(true)); }, []);
  return { t, ready };
}

/**
 * After the password (or a hosted sign-in without the provider's own second factor): a code of the app or a recovery
 * code, and "Use a passkey" beside it for a person who has one (a person with passkeys only gets the button alone).
 */
export function SecondStep({ challenge, methods = ['totp'], onDone }: { challenge: string; methods?: readonly string[]; onDone: () => void }) {
  const { t, ready } = useScreenWords();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!ready) return null;
  const withPasskey = methods.includes('webauthn');
  const withCode = methods.includes('totp');
  const finish = async (answer: () => Promise<SignedIn>, otherwise?: string) => {
    setBusy(true);
    setError(null);
    holdForSignIn();
    try {
      await acceptSession(await answer());
      onDone();
    } catch (err) {
      signInRefused();
      // The browser's own refusals (cancelled, no such key here) have no words of ours: say what to do instead.
      setError(errorText(err, otherwise));
      setBusy(false);
    }
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void finish(() => factors.secondStep(challenge, code.trim()));
  };
  const passkey = () => void finish(() => factors.secondStepWithPasskey(challenge), t(withCode ? 'factors.passkeyFailedCode' : 'factors.passkeyFailed'));
  return (
    <div>
      {error && <p className="alert alert-error" role="alert">{error}</p>}
      {withCode && (
        <form onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="mfa-code">{t('factors.codeLabel')}</label>
            <input id="mfa-code" autoComplete="one-time-code" inputMode="text" autoFocus required value={code} onChange={(e) => setCode(e.target.value)} />
            <p className="hint">{t('factors.codeHint')}</p>
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy || !code.trim()} style={{ width: '100%', justifyContent: 'center' }}>
            {t('factors.verify')}
          </button>
        </form>
      )}
      {withPasskey && (
        <>
          {!withCode && <p>{t('factors.passkeyHint')}</p>}
          <button type="button" className={`btn${withCode ? '' : ' btn-primary'}`} disabled={busy} autoFocus={!withCode}
            style={{ width: '100%', justifyContent: 'center', marginTop: withCode ? 8 : 0 }} onClick={passkey}>
            {t('factors.usePasskey')}
          </button>
        </>
      )}
    </div>
  );
}

/**
 * /second-factor: one-time codes set up. The key as a picture and as text; a first code turns it on; the ten recovery
 * codes are shown this once. A person whose role needs a factor is sent here by the server's 403
 * (`mfa_enrolment_required`, api/client.ts) until it is done.
 */
export function EnrolSecondFactor() {
  const { t, ready } = useScreenWords();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [active, setActive] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const done = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    factors.beginTotp().then(setEnrolment, (err: { code?: string }) => {
      if (err.code === 'totp_active') setActive(true);
      else setError(errorText(err));
    });
  }, []);
  useEffect(() => { if (codes) done.current?.focus(); }, [codes]);
  if (!ready) return null;
  const confirm = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setCodes(await factors.confirmTotp(code.trim()));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const onward = <Link href={DASHBOARD} className="btn btn-primary" ref={done}>{t('factors.onward')}</Link>;
  if (codes) {
    return (
      <AuthCard title={t('factors.recoveryTitle')}>
        <p>{t('factors.recoveryHint')}</p>
        <ul className="recovery-codes" aria-label={t('factors.recoveryTitle')} style={{ fontFamily: 'monospace', columns: 2, margin: '12px 0' }}>
          {codes.map((c) => <li key={c}>{c}</li>)}
        </ul>
        {onward}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('factors.enrolTitle')}>
      {error && <p className="alert alert-error" role="alert">{error}</p>}
      {active && <><p>{t('factors.alreadyOn')}</p>{onward}</>}
      {!enrolment && !active && !error && <p role="status">{t('common.loading')}</p>}
      {enrolment && (
        <form onSubmit={(e) => void confirm(e)} noValidate>
          <p>{t('factors.scan')}</p>
          <img src={enrolment.qr} alt={t('factors.qrAlt')} width={240} height={240} style={{ display: 'block', margin: '8px auto' }} />
          <p>{t('factors.keyText')}</p>
          <p><code data-testid="totp-secret" style={{ wordBreak: 'break-all', userSelect: 'all' }}>{enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}</code></p>
          <div className="field">
            <label htmlFor="totp-code">{t('factors.firstCode')}</label>
            <input id="totp-code" autoComplete="one-time-code" inputMode="numeric" autoFocus required value={code} onChange={(e) => setCode(e.target.value)} />
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy || !code.trim()} style={{ width: '100%', justifyContent: 'center' }}>
            {t('factors.turnOn')}
          </button>
        </form>
      )}
      {enrolment && <EnrolPasskey onward={onward} />}
    </AuthCard>
  );
}

/**
 * A passkey or security key as the person's second factor instead of codes (a required role's enrolment may be either):
 * named, made by the browser, kept by the server; then on to the console.
 */
function EnrolPasskey({ onward }: { onward: React.ReactNode }) {
  const { t } = useScreenWords();
  const [added, setAdded] = useState(false);
  const { name, setName, busy, error, add } = useAddPasskey(t('factors.passkeyNotMade'), () => setAdded(true));
  if (added) return <><p role="status">{t('factors.passkeyAdded')}</p>{onward}</>;
  return (
    <form onSubmit={(e) => void add(e)} noValidate style={{ marginTop: 24 }}>
      <p>{t('factors.orPasskey')}</p>
      {error && <p className="alert alert-error" role="alert">{error}</p>}
      <div className="field">
        <label htmlFor="passkey-name">{t('factors.passkeyName')}</label>
        <input id="passkey-name" required maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <button type="submit" className="btn" disabled={busy || !name.trim()} style={{ width: '100%', justifyContent: 'center' }}>
        {t('factors.addPasskey')}
      </button>
    </form>
  );
}

/** Where a sign-in goes once the second step is done: the page it was headed for, as the password form would. */
export const afterSecondStep = (to: string) => () => navigate(to, { replace: true });
