import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID provider for the tests: oidc-provider (the certified Node implementation), on a local port, with the
 * people the test names. Its development sign-in page takes any password for a known login; consent is given at once
 * (a hospital's own provider asks nobody's consent for its own console). ID tokens hold only `sub` and the like:
 * e-mail and its verification come from the userinfo endpoint, as oidc-provider gives them by default. A person's
 * `amr` and `acr` go into the sign-in's result, so the ID token carries them as a provider that asked for its own
 * second factor would.
 */
export interface Person {
  email?: string;
  email_verified?: boolean;
  /** How the provider says it authenticated the person (the ID token's `amr`, `acr`), e.g. `["pwd", "mfa"]`. */
  amr?: string[];
  acr?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people who can sign in, by login (their `sub`); change them freely between sign-ins. */
  people: Record<string, Person>;
  close(): Promise<void>;
}

export async function startTestProvider(opts: { port?: number; redirectUri: string; postLogoutRedirectUri: string; people: Record<string, Person> }): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', use: 'sig', alg: 'RS256' };
  const people = opts.people;
  const clientId = 'health-console';
  const clientSecret = 'test-client-secret-that-is-long-enough-for-hs256';
  const configuration: Configuration = {
    clients: [{
      client_id: clientId, client_secret: clientSecret, redirect_uris: [opts.redirectUri], post_logout_redirect_uris: [opts.postLogoutRedirectUri],
      grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post',
    }],
    jwks: { keys: [jwk as never] },
    pkce: { required: () => true },
    // `amr` and `acr` with `openid`, so every ID token carries them (as Auth0's and Entra's do) when the sign-in set them.
    claims: { openid: ['sub', 'amr', 'acr'], email: ['email', 'email_verified'] },
    cookies: { keys: ['test-provider-cookie-key'] },
    ttl: { Interaction: 600, Grant: 3600, Session: 3600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx, id) {
      const person = people[id];
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...(person.email !== undefined ? { email: person.email } : {}), ...(person.email_verified !== undefined ? { email_verified: person.email_verified } : {}) }) };
    },
    // Consent is given at once, for the scopes asked.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  } as Configuration;
  const server = await new Promise<Server>((resolve) => {
    // The issuer names its port, so the port is taken first (0: any free one) and the provider made for it.
    let handle: ReturnType<Provider['callback']> | undefined;
    const s = createServer((req, res) => void handle!(req, res));
    s.listen(opts.port ?? 0, '127.0.0.1', () => {
      const port = (s.address() as AddressInfo).port;
      const provider = new Provider(`http://127.0.0.1:${port}`, configuration);
      // The development sign-in page finishes with `{ login: { accountId } }`; how the person signed in is added here.
      const finished = provider.interactionFinished.bind(provider);
      provider.interactionFinished = (req, res, result, options) => {
        const login = (result as { login?: { accountId: string } }).login; 
        const person = login ? people[login.accountId] : undefined;
        const how = person ? { ...(person.amr ? { amr: person.amr } : {}), ...(person.acr ? { acr: person.acr } : {}) } : {};
        return finished(req, res, login ? { ...result, login: { ...login, ...how } } : result, options);
      };
      handle = provider.callback();
      resolve(s);
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    issuer: `http://127.0.0.1:${port}`, clientId, clientSecret, people,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
