import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { useTranslation } from 'react-i18next';
import { asksSecondStep, auth } from '../api/auth';
import { ApiError } from '../api/client';
import { errorText } from '../api/error-text';
import { loadScreenStrings } from '../i18n';
import { acceptSession } from '../api/session';
import { AuthCard } from './auth-card';
import { SecondStep } from './second-factor';

/**
 * The refusals the server words by code (server auth/hosted-account.ts, oidc.ts), each with the address it is about.
 * Written out: the strings test finds each key in the screens' sources. Their words load with the refusal (the
 * bespoke screens' strings), not with the sign-in page.
 */
const REFUSALS: Record<string, string> = {
  no_account: 'hostedLogin.refused.no_account',
  email_unverified: 'hostedLogin.refused.email_unverified',
  no_email: 'hostedLogin.refused.no_email',
  account_disabled: 'hostedLogin.refused.account_disabled',
  account_pending: 'hostedLogin.refused.account_pending',
  linked_elsewhere: 'hostedLogin.refused.linked_elsewhere',
  wrong_state: 'hostedLogin.refused.wrong_state',
  token_refused: 'hostedLogin.refused.token_refused',
  provider_refused: 'hostedLogin.refused.provider_refused',
};

/**
 * /auth0loginCallback (the spec's route): where the provider sends the browser back. The query it brought is handed to
 * the server, which checks it and answers as a password sign-in does; the address bar loses the code at once. A
 * refusal is this page, saying why ("No staff account for x@y.test: ask an administrator"), with the way back.
 */
export function HostedLoginCallback() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('screens');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<{ challenge: string; methods: string[]; returnTo: string } | null>(null);
  const started = useRef(false);
  const back = useRef<HTMLAnchorElement>(null);
  // The way back takes the focus when the refusal shows: Enter returns to the sign-in page.
  useEffect(() => { if (refusal) back.current?.focus(); }, [refusal]);
  useEffect(() => {
    // Once: the code works once, and React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    const search = window.location.search;
    window.history.replaceState(null, '', window.location.pathname);
    void auth.hostedFinish(search.replace(/^\?/, '')).then(async (answer) => {
      // The provider did not say it asked for a second factor: the console asks for its own.
      if (asksSecondStep(answer)) return setSecondStep({ ...answer.mfa, returnTo: answer.returnTo });
      await acceptSession(answer);
      navigate(answer.returnTo, { replace: true });
    }, async (err: unknown) => {
      await loadScreenStrings().catch(() => undefined);
      const key = err instanceof ApiError && err.code ? REFUSALS[err.code] : undefined;
      setRefusal(key ? ts(key, { email: (err as ApiError).detail ?? '' }) : errorText(err));
    });
  }, [ts]);
  if (secondStep) {
    return <AuthCard title={t('auth.signInTitle')}><SecondStep challenge={secondStep.challenge} methods={secondStep.methods} onDone={() => navigate(secondStep.returnTo, { replace: true })} /></AuthCard>;
  }
  if (!refusal) return <AuthCard title={t('auth.callbackTitle')}><p role="status">{t('app.loading')}</p></AuthCard>;
  return (
    <AuthCard title={ts('hostedLogin.title')}>
      <p className="alert alert-error" role="alert">{refusal}</p>
      <p>{ts('hostedLogin.nothing')}</p>
      <Link href="/signin" className="btn btn-primary" ref={back}>{t('auth.haveAccount')}</Link>
    </AuthCard>
  );
}
