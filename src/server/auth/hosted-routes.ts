import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { DASHBOARD } from '../../registry';
import { clientAddress, fail, fieldErrors, jsonBody, type AppEnv, type Ctx } from '../http';
import { dataOf, describeCalls } from '../http/call-docs';
import { signInFailures } from '../ops/metrics';
import { matchAccount } from './hosted-account';
import { beginHostedSignIn, finishHostedSignIn } from './oidc';
import { limitHostedStarts } from './rate-limit';
import { finishSignIn, secondStepAnswer, sessionAnswer } from './sign-in';

/**
 * Hosted login's two calls (auth/oidc.ts), both from the console's own pages:
 *   POST /api/auth/oidc/start    { from? }   → { data: { url } }: the provider's address; the browser goes there. A cookie
 *                                             (HttpOnly, this path only, SameSite=Strict) keeps the flow's state.
 *   POST /api/auth/oidc/callback { search }  → the login's answer ({ token, expiresIn, user }) and `returnTo`; `search`
 *                                             is the query the provider sent the browser back to /auth0loginCallback with.
 * Refusals are 403 with a code the sign-in page words (`no_account`, `email_unverified`, `account_disabled`, …) and
 * `detail`, the e-mail address they are about.
 */
const COOKIE = 'console_oidc';
const COOKIE_PATH = '/api/auth/oidc';

const startSchema = z.strictObject({ from: z.string().max(2000).optional() });
const callbackSchema = z.strictObject({ search: z.string().max(8000) });

const returnTo = { returnTo: z.string() };
describeCalls({
  'POST /api/auth/oidc/start': {
    summary: "Begin a hosted sign-in: the provider's address to send the browser to (and a cookie holding the sign-in's state)", body: startSchema,
    ok: { status: 200, schema: dataOf(z.strictObject({ url: z.string() })) }, refuses: [404, 429, 503],
  },
  'POST /api/auth/oidc/callback': {
    summary: "End a hosted sign-in with the provider's answer (the callback address's query): the session or a second step, and the page to go back to",
    body: callbackSchema, ok: { status: 200, schema: dataOf(z.union([secondStepAnswer.extend(returnTo), sessionAnswer.extend(returnTo)])) }, refuses: [401, 403, 404, 429, 503],
  },
});

function settingsOf(c: Ctx) {
  const settings = c.get('config').oidc;
  if (!settings) throw fail(404, 'Hosted login is not set up on this console', { code: 'not_configured' });
  return settings;
}

/** A page of the console to come back to, or the dashboard: never an address elsewhere. */
function returnPage(from: string | undefined): string {
  return from && /^\/dashboard(?:[/?#]|$)/.test(from) && !/[\\\s]/.test(from) ? from : DASHBOARD;
}

export function hostedLoginRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/auth/oidc/start', async (c) => {
    const settings = settingsOf(c);
    const input = startSchema.safeParse(await jsonBody(c));
    if (!input.success) throw fieldErrors(input.error.issues);
    await limitHostedStarts(c.get('db'), clientAddress(c));
    const { url, state } = await beginHostedSignIn(c.get('db'), settings, returnPage(input.data.from));
    setCookie(c, COOKIE, state, {
      path: COOKIE_PATH, httpOnly: true, sameSite: 'Strict', secure: c.get('config').publicUrl.startsWith('https:'), maxAge: 10 * 60,
    });
    return c.json({ data: { url } });
  });

  app.post('/auth/oidc/callback', async (c) => {
    const settings = settingsOf(c);
    const input = callbackSchema.safeParse(await jsonBody(c));
    if (!input.success) throw fieldErrors(input.error.issues);
    const kept = getCookie(c, COOKIE);
    // Used once, whatever comes of it.
    deleteCookie(c, COOKIE, { path: COOKIE_PATH, secure: c.get('config').publicUrl.startsWith('https:') });
    try {
      const identity = await finishHostedSignIn(c.get('db'), settings, input.data.search, kept);
      const match = await matchAccount(c.get('db'), identity, clientAddress(c));
      if ('refusal' in match) throw match.refusal;
      const signedIn = await finishSignIn(c, match.userId, { method: 'hosted', amr: identity.amr, acr: identity.acr, providerIdToken: identity.idToken });
      return c.json({ data: { ...signedIn, returnTo: identity.returnTo } });
    } catch (err) {
      if ((err as { status?: number }).status === 403) signInFailures.inc();
      throw err;
    }
  });

  return app;
}
