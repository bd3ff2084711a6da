import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID provider for the tests: oidc-provider (the certified Node implementation), on a local port, with the
 * people the test names. Its development sign-in page takes any password for a known login; consent is given at once
 * (a hospital's own provider asks nobody's consent for its own console). ID tokens hold only `sub` and the like:
 * e-mail and its verification come from the userinfo endpoint, as oidc-provider gives them by default.
 */
export interface Person { email?: string; email_verified?: boolean }

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
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
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
      handle = new Provider(`http://127.0.0.1:${port}`, configuration).callback();
      resolve(s);
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    issuer: `http://127.0.0.1:${port}`, clientId, clientSecret, people,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
