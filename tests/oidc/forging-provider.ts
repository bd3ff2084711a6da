import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/**
 * A provider whose token endpoint answers with whatever ID token the test made: signed with its published key, or with
 * another key under the same key id (a forgery), expired, for another audience, with another nonce. Its discovery
 * document and keys are real, so the console's checks (openid-client's) meet each token as they would meet a real
 * provider's. For what oidc-provider, being correct, never issues.
 */
export interface ForgingProvider {
  issuer: string;
  clientId: string;
  /** The ID token the next token request is answered with. */
  answerWith(idToken: string): void;
  /** An ID token of these claims, signed with the published key (or, `forged`, another key under the same id). */
  sign(claims: JWTPayload, opts?: { forged?: boolean }): Promise<string>;
  /** The claims of a good ID token for the console, for a test to spoil one of. */
  goodClaims(nonce: string, extra?: JWTPayload): JWTPayload;
  /** Token requests received, with their form fields (the PKCE verifier among them). */
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

export async function startForgingProvider(): Promise<ForgingProvider> {
  const real = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(real.publicKey)), kid: 'k1', use: 'sig', alg: 'RS256' };
  const clientId = 'health-console';
  const tokenRequests: URLSearchParams[] = [];
  let idToken = '';
  let issuer = '';
  const server: Server = createServer((req, res) => {
    const json = (body: unknown, status = 200) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (path === '/.well-known/openid-configuration') {
      return json({
        issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (path === '/jwks') return json({ keys: [publicJwk] });
    if (path === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      req.on('end', () => {
        tokenRequests.push(new URLSearchParams(body));
        json({ access_token: 'forged-access-token', token_type: 'Bearer', expires_in: 300, id_token: idToken });
      });
      return;
    }
    json({ error: 'not_found' }, 404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const now = () => Math.floor(Date.now() / 1000);
  return {
    issuer, clientId, tokenRequests,
    answerWith(token) { idToken = token; },
    sign: (claims, opts = {}) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(opts.forged ? other.privateKey : real.privateKey),
    goodClaims: (nonce, extra = {}) => ({
      iss: issuer, aud: clientId, sub: 'forger-person', nonce, iat: now(), exp: now() + 300, email: 'forged@demo.test', email_verified: true, ...extra,
    }),
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
