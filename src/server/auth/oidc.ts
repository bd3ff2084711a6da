import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import * as client from 'openid-client';
import type { DB } from '../db/connection';
import { fail } from '../http';
import { logger, scrub } from '../ops/logger';
import type { OidcSettings } from '../config/oidc';
import { tokenHash } from './tokens';

/**
 * Hosted login by OpenID Connect, through openid-client: the authorization code flow with PKCE (S256), `state` and
 * `nonce`. The server makes the provider's address, exchanges the code and checks the ID token (its signature against
 * the issuer's published keys, issuer, audience, expiry, nonce); the browser only carries the code from the provider
 * to the console, and never sees the client secret. A flow under way lives in the database (hosted_login_flow), found
 * by its state's hash and claimed once, so any process can finish it and a replayed answer finds nothing.
 */

/** How long the person may take at the provider. */
const FLOW_MINUTES = 10;

/** The provider's metadata and keys, discovered once a process (openid-client refetches keys it does not know). */
const discovered = new WeakMap<OidcSettings, Promise<client.Configuration>>();

const isLoopbackHttp = (issuer: string) => new URL(issuer).protocol === 'http:';

export function providerOf(settings: OidcSettings): Promise<client.Configuration> {
  let found = discovered.get(settings);
  if (!found) {
    // Plain http only for a provider on this machine (oidc-config.ts refuses it elsewhere).
    const execute = [client.enableNonRepudiationChecks, ...(isLoopbackHttp(settings.issuer) ? [client.allowInsecureRequests] : [])];
    found = client.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, settings.clientSecret ? undefined : client.None(), { execute, timeout: 10 });
    // A provider that did not answer is asked again next time, not remembered as absent.
    found.catch(() => discovered.delete(settings));
    discovered.set(settings, found);
  }
  return found;
}

/** The provider's answer could not be had: 503, said without the provider's words (the log has them). */
function unreachable(err: unknown, when: string) {
  logger.warn(`[hosted login] ${when}: ${scrub((err as Error).message ?? String(err))}`);
  return fail(503, 'The sign-in provider cannot be reached. Try again in a moment.', { code: 'provider_unreachable' });
}

/** A refused answer from the provider's side of the flow, named by its code (the console's sign-in page words it). */
export const refused = (code: string, message: string, detail?: string) => fail(403, message, { code, ...(detail ? { detail } : {}) });

export const WRONG_STATE = 'This sign-in was not started here, or took too long. Start it again.';
export const TOKEN_REFUSED = 'The sign-in provider’s answer did not pass its checks. Start the sign-in again.';
export const PROVIDER_SAID_NO = 'The sign-in provider did not sign you in.';

/** Starts a sign-in: the provider's address to send the browser to, and the state the browser keeps for the return. */
export async function beginHostedSignIn(db: DB, settings: OidcSettings, returnTo: string): Promise<{ url: string; state: string }> {
  let provider: client.Configuration;
  try {
    provider = await providerOf(settings);
  } catch (err) {
    throw unreachable(err, 'discovery failed');
  }
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  const challenge = await client.calculatePKCECodeChallenge(verifier);
  // Flows nobody finished are of no use: cleared here rather than by a job of their own.
  await db.deleteFrom('hosted_login_flow').where('expires_at', '<', sql<Date>`now()`).execute();
  await db.insertInto('hosted_login_flow').values({
    state_hash: tokenHash(state), nonce, code_verifier: verifier, return_to: returnTo,
    expires_at: sql`now() + make_interval(mins => ${FLOW_MINUTES})`,
  }).execute();
  const url = client.buildAuthorizationUrl(provider, {
    redirect_uri: settings.redirectUri, scope: settings.scopes, state, nonce, code_challenge: challenge, code_challenge_method: 'S256',
  });
  return { url: url.href, state };
}

/** Who the provider says signed in: its checked ID token's claims that the console reads. */
export interface HostedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** The ID token's `amr` and `acr`: how the provider authenticated the person (its own second factor counts, §2). */
  amr: string[];
  acr: string | null;
  /** The ID token itself: the hint the provider's end-session endpoint asks for at sign-out. */
  idToken: string;
  /** The page the person was on before signing in. */
  returnTo: string;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Finishes a sign-in from the provider's answer (the query the browser came back with) and the state this browser
 * kept in its cookie: the flow is claimed (once), the code exchanged and the ID token checked. Any failure is a 403
 * with nothing signed in.
 */
export async function finishHostedSignIn(db: DB, settings: OidcSettings, search: string, keptState: string | undefined): Promise<HostedIdentity> {
  const answer = new URLSearchParams(search);
  const state = answer.get('state');
  // The state must be the one this browser was sent off with: an answer carried to another browser (a sign-in
  // forced on someone, as its maker) fails here, before anything is claimed.
  if (!state || !keptState || !sameText(state, keptState)) throw refused('wrong_state', WRONG_STATE);
  const flow = await db.deleteFrom('hosted_login_flow').where('state_hash', '=', tokenHash(state)).where('expires_at', '>', sql<Date>`now()`)
    .returning(['nonce', 'code_verifier', 'return_to']).executeTakeFirst();
  if (!flow) throw refused('wrong_state', WRONG_STATE);
  const error = answer.get('error');
  if (error) throw refused('provider_refused', PROVIDER_SAID_NO, error.slice(0, 100));
  let provider: client.Configuration;
  try {
    provider = await providerOf(settings);
  } catch (err) {
    throw unreachable(err, 'discovery failed');
  }
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(provider, new URL(`${settings.redirectUri}?${answer}`), {
      pkceCodeVerifier: flow.code_verifier, expectedState: state, expectedNonce: flow.nonce, idTokenExpected: true,
    });
  } catch (err) {
    // A network failure is the provider's absence; anything else is an answer that failed a check (a forged, expired
    // or misaddressed ID token, a code used before): refused, and logged by its kind only.
    if (isNetworkFailure(err)) throw unreachable(err, 'token exchange failed');
    logger.warn(`[hosted login] refused the provider's answer: ${(err as { code?: string }).code ?? (err as Error).name}: ${scrub((err as Error).message)}`);
    throw refused('token_refused', TOKEN_REFUSED);
  }
  const claims = tokens.claims()!;
  let email = typeof claims.email === 'string' ? claims.email : null;
  let verified = claims.email_verified;
  // Providers that keep the ID token short (oidc-provider's default) give the address at the userinfo endpoint,
  // which openid-client holds to the same subject.
  if (email === null || verified === undefined) {
    try {
      const info = await client.fetchUserInfo(provider, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : email;
      verified = info.email_verified ?? verified;
    } catch (err) {
      if (isNetworkFailure(err)) throw unreachable(err, 'userinfo failed');
      throw refused('token_refused', TOKEN_REFUSED);
    }
  }
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((a): a is string => typeof a === 'string') : [];
  return {
    issuer: claims.iss, subject: claims.sub, email: email?.trim().toLowerCase() || null, emailVerified: verified === true,
    amr, acr: typeof claims.acr === 'string' ? claims.acr : null, idToken: tokens.id_token!, returnTo: flow.return_to,
  };
}

/** fetch's own failures (no answer, a timeout), as opposed to an answer the client library refused. */
function isNetworkFailure(err: unknown): boolean {
  const e = err as { name?: string; cause?: { code?: string }; code?: string };
  return e?.name === 'TimeoutError' || e?.name === 'AbortError' || (e instanceof TypeError && /fetch failed/i.test(e.message)) || e?.code === 'OAUTH_TIMEOUT';
}

/**
 * Where the browser goes to end the provider's session too, when the provider offers it (end_session_endpoint): with
 * the session's ID token as the hint and the sign-in page to come back to. null: the provider has none (or is away).
 */
export async function endSessionUrl(settings: OidcSettings, idToken: string | null): Promise<string | null> {
  let provider: client.Configuration;
  try {
    provider = await providerOf(settings);
  } catch {
    return null;
  }
  if (!provider.serverMetadata().end_session_endpoint) return null;
  return client.buildEndSessionUrl(provider, {
    ...(idToken ? { id_token_hint: idToken } : {}), client_id: settings.clientId, post_logout_redirect_uri: settings.postLogoutRedirectUri,
  }).href;
}
