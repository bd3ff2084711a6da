/**
 * Hosted login's settings (docs/operations.md#security): any OpenID Connect provider, found by discovery at its issuer.
 *   OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET (absent: a public client, PKCE alone), OIDC_NAME (the button's words),
 *   OIDC_SCOPES (default `openid email profile`); AUTH0_DOMAIN + AUTH0_CLIENT_ID are a shorthand (issuer https://DOMAIN/).
 * Checked at start: a half-made setting stops the console with a message instead of a button that always fails.
 */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** The provider's name on the sign-in button ("Sign in with …"). */
  name: string;
  scopes: string;
  /** PUBLIC_URL + /auth0loginCallback (the spec's route): where the provider sends the browser back. */
  redirectUri: string;
  /** Where the provider's end-session endpoint sends the browser after signing out there. */
  postLogoutRedirectUri: string;
}

export const CALLBACK_PATH = '/auth0loginCallback';
const DEFAULT_SCOPES = 'openid email profile';

const given = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;

/** Loopback addresses, the only ones a provider may be reached at over plain http (a test's, a developer's own). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function issuerFrom(text: string, name: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name}="${text}" is not an address: give the provider's issuer, e.g. https://login.example.in/realms/staff.`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw new Error(`${name} must be an https address (plain http only on this machine: localhost or 127.0.0.1): tokens cross it.`);
  }
  if (url.search || url.hash) throw new Error(`${name} must be an issuer address without a query or a fragment.`);
  return text;
}

export function oidcFrom(env: NodeJS.ProcessEnv, publicUrl: string): OidcSettings | undefined {
  const issuerText = given(env, 'OIDC_ISSUER');
  const auth0Domain = given(env, 'AUTH0_DOMAIN');
  const auth0ClientId = given(env, 'AUTH0_CLIENT_ID');
  if (issuerText && (auth0Domain || auth0ClientId)) {
    throw new Error('Both OIDC_ISSUER and AUTH0_DOMAIN/AUTH0_CLIENT_ID are set: AUTH0_* is a shorthand for OIDC_*, set one of them.');
  }
  let issuer: string;
  let clientId: string | undefined;
  if (issuerText) {
    issuer = issuerFrom(issuerText, 'OIDC_ISSUER');
    clientId = given(env, 'OIDC_CLIENT_ID');
    if (!clientId) throw new Error('OIDC_ISSUER is set without OIDC_CLIENT_ID: give the client id the provider registered for this console.');
  } else if (auth0Domain || auth0ClientId) {
    if (!auth0Domain || !auth0ClientId) throw new Error('AUTH0_DOMAIN and AUTH0_CLIENT_ID name the Auth0 application together: set both, or neither.');
    if (given(env, 'OIDC_CLIENT_ID')) throw new Error('OIDC_CLIENT_ID is set beside AUTH0_CLIENT_ID: with the AUTH0_* shorthand the client id is AUTH0_CLIENT_ID.');
    if (!/^[a-z0-9.-]+(:\d+)?$/i.test(auth0Domain)) throw new Error(`AUTH0_DOMAIN="${auth0Domain}" is not a domain: give the tenant's domain alone, e.g. hospital.eu.auth0.com.`);
    issuer = `https://${auth0Domain}/`;
    clientId = auth0ClientId;
  } else {
    for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME', 'OIDC_SCOPES']) {
      if (given(env, name)) throw new Error(`${name} is set without OIDC_ISSUER: hosted login needs its provider's issuer.`);
    }
    return undefined;
  }
  const scopes = (given(env, 'OIDC_SCOPES') ?? DEFAULT_SCOPES).split(/[\s,]+/).filter(Boolean);
  if (!scopes.includes('openid')) throw new Error(`OIDC_SCOPES="${env.OIDC_SCOPES}" lacks openid: OpenID Connect needs it (the default is "${DEFAULT_SCOPES}").`);
  if (!scopes.includes('email')) throw new Error(`OIDC_SCOPES="${env.OIDC_SCOPES}" lacks email: staff accounts are found by their verified e-mail address at first sign-in.`);
  const name = given(env, 'OIDC_NAME') ?? (auth0Domain ? 'Auth0' : new URL(issuer).hostname);
  if (name.length > 60) throw new Error('OIDC_NAME is longer than a button holds (60 characters).');
  return {
    issuer,
    clientId,
    clientSecret: given(env, 'OIDC_CLIENT_SECRET'),
    name,
    scopes: scopes.join(' '),
    redirectUri: `${publicUrl}${CALLBACK_PATH}`,
    postLogoutRedirectUri: `${publicUrl}/signin`,
  };
}
