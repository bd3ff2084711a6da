import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { createApp } from '../../src/server/app';
import { oidcFrom } from '../../src/server/config/oidc';
import type { Config } from '../../src/server/config';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { startForgingProvider } from '../oidc/forging-provider';
import { ProviderBrowser } from '../oidc/provider-browser';
import { startTestProvider, type Person } from '../oidc/test-provider';
import { setupApi, type Reply } from './harness';

/**
 * Hosted login against a real OpenID provider (oidc-provider, on a local port) and against one that answers with
 * whatever ID token the test makes (a forgery, an expired one, one for another client): the console's callback is
 * driven as the browser drives it, with the code the provider gave and the cookie the console set.
 */
const PUBLIC_URL = 'http://127.0.0.1:9';
const people: Record<string, Person> = {
  'p-admin': { email: 'admin@demo.test', email_verified: true },
  'p-stranger': { email: 'stranger@elsewhere.test', email_verified: true },
  'p-unverified': { email: 'superadmin@demo.test', email_verified: false },
  'p-disabled': { email: 'hosted-disabled@demo.test', email_verified: true },
  'p-pending': { email: 'hosted-pending@demo.test', email_verified: true },
  'p-silent': {},
  'p-doctor-mfa': { email: 'doctor@demo.test', email_verified: true, amr: ['pwd', 'mfa'] },
  'p-fmc': { email: 'fmc@demo.test', email_verified: true, amr: ['pwd'] },
};
const provider = await startTestProvider({ redirectUri: `${PUBLIC_URL}/auth0loginCallback`, postLogoutRedirectUri: `${PUBLIC_URL}/signin`, people });
const forger = await startForgingProvider();
const api = setupApi({ env: { PUBLIC_URL, OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret, OIDC_NAME: 'Test ID' } });
afterAll(async () => { await provider.close(); await forger.close(); });

/** The console with other settings, on the same database (made at its first call, once the database is there). */
function consoleWith(change: () => Partial<Config>) {
  let app: ReturnType<typeof createApp> | undefined;
  return async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> => {
    app ??= createApp({ db: api.db, config: { ...api.config, ...change() }, database: api.database, distDir: path.join(tmpdir(), 'no-dist') });
    const res = await app.request(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let json: unknown;
    try { json = JSON.parse(text); } catch { json = undefined; }
    return { status: res.status, body: json, text, headers: res.headers };
  };
}

const cookieOf = (r: Reply) => (r.headers.get('set-cookie') ?? '').split(';')[0];

/** A sign-in at the provider, as `login`: the query the browser comes back with, and the console's cookie. */
async function atProvider(login: string, from = '/dashboard/city') {
  const start = await api.call('anonymous', 'POST', '/api/auth/oidc/start', { from });
  expect(start.status, start.text).toBe(200);
  const back = await new ProviderBrowser().signIn(start.body.data.url, login, `${PUBLIC_URL}/auth0loginCallback`);
  return { search: back.search.slice(1), cookie: cookieOf(start), authorization: new URL(start.body.data.url) };
}

const callback = (search: string, cookie: string) => api.call('anonymous', 'POST', '/api/auth/oidc/callback', { search }, cookie ? { cookie } : {});
const sessionCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from session`.execute(api.db)).rows[0].n);
const lastAudit = async (action: string) => (await sql<{ actor_id: number | null; record_id: number | null; changes: Record<string, unknown>; address: string }>`
  select actor_id, record_id, changes, address from audit_log where action = ${action} order by id desc limit 1`.execute(api.db)).rows[0];

let disabledId = 0;
beforeAll(async () => {
  const staff = getEntity('admin-user');
  for (const [email, status] of [['hosted-disabled@demo.test', 'disabled'], ['hosted-pending@demo.test', 'pending']] as const) {
    const made = await createRecord(api.db, staff, { ...(await api.payload(staff))!, email, status }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    if (status === 'disabled') disabledId = Number(made.id);
  }
});

describe('the sign-in page is offered hosted login; the browser never holds the secret', () => {
  test('the public configuration names the button, and nothing of the client', async () => {
    const r = await api.call('anonymous', 'GET', '/api/auth/config');
    expect(r.body.data.hostedLogin).toEqual({ name: 'Test ID' });
    expect(r.body.data.passwordSignIn).toBe(true);
    expect(r.text).not.toContain(provider.clientSecret);
  });

  test('start: the authorization code flow with PKCE (S256), state and nonce; the state in an HttpOnly cookie of its path', async () => {
    const r = await api.call('anonymous', 'POST', '/api/auth/oidc/start', { from: '/dashboard/city' });
    const url = new URL(r.body.data.url);
    expect(url.origin).toBe(provider.issuer);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(provider.clientId);
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth0loginCallback`);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(r.text).not.toContain(provider.clientSecret);
    const cookie = r.headers.get('set-cookie')!;
    expect(cookie).toContain(`console_oidc=${q.get('state')}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/oidc/);
    // Only the state's hash is kept.
    const kept = await sql`select 1 from hosted_login_flow where state_hash = ${createHash('sha256').update(q.get('state')!).digest('hex')}`.execute(api.db);
    expect(kept.rows).toHaveLength(1);
  });

  test('unknown fields are refused; an address elsewhere is never where the person returns', async () => {
    expect((await api.call('anonymous', 'POST', '/api/auth/oidc/start', { from: '/dashboard', extra: 1 })).status).toBe(400);
    expect((await api.call('anonymous', 'POST', '/api/auth/oidc/callback', { search: '', extra: 1 })).status).toBe(400);
    const { search, cookie } = await atProvider('p-admin', 'https://evil.example/dashboard');
    expect((await callback(search, cookie)).body.data.returnTo).toBe('/dashboard');
  });
});

describe('a person with a staff account signs in', () => {
  test('matched by a verified e-mail address the first time: a session as a password sign-in makes, the link kept', async () => {
    const before = await sessionCount();
    const { search, cookie } = await atProvider('p-admin');
    const r = await callback(search, cookie);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ expiresIn: api.config.sessionMaxHours * 3600, returnTo: '/dashboard/city', user: { email: 'admin@demo.test', role: { name: 'admin' } } });
    // The console's own token: it opens the API as a password sign-in's does.
    const me = await api.call({ token: r.body.data.token }, 'GET', '/api/adminUser/validate/authToken');
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe('admin@demo.test');
    expect(await sessionCount()).toBe(before + 1);
    const row = await sql<{ method: string; provider_id_token: string | null }>`select method, provider_id_token from session order by id desc limit 1`.execute(api.db);
    expect(row.rows[0].method).toBe('hosted');
    expect(row.rows[0].provider_id_token).toMatch(/^ey/);
    const link = await sql<{ user_id: number }>`select user_id from hosted_identity where issuer = ${provider.issuer} and subject = 'p-admin'`.execute(api.db);
    expect(link.rows[0].user_id).toBe(api.userIds.admin);
    expect(await lastAudit('sign_in_linked')).toMatchObject({ record_id: api.userIds.admin, changes: { provider: provider.issuer } });
    // The cookie is spent.
    expect(r.headers.get('set-cookie')).toMatch(/console_oidc=;.*Max-Age=0/i);
  });

  test('then by the link alone: an address changed at the provider does not move the sign-in', async () => {
    people['p-admin'] = { email: 'someone-else@elsewhere.test', email_verified: false };
    try {
      const { search, cookie } = await atProvider('p-admin');
      const r = await callback(search, cookie);
      expect(r.status, r.text).toBe(200);
      expect(r.body.data.user.email).toBe('admin@demo.test');
    } finally {
      people['p-admin'] = { email: 'admin@demo.test', email_verified: true };
    }
  });

  test('signing out of a hosted session names the provider\'s end-session address, with the ID token as its hint', async () => {
    const { search, cookie } = await atProvider('p-admin');
    const token = (await callback(search, cookie)).body.data.token;
    const out = await api.call({ token }, 'POST', '/api/adminUser/logout');
    expect(out.status).toBe(200);
    const end = new URL(out.body.data.endSessionUrl);
    expect(end.origin).toBe(provider.issuer);
    expect(end.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/signin`);
    // The provider accepts it: its sign-out page, not an error.
    const page = await fetch(end, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/logout|sign-out/i);
    // A password session signs out here only.
    const pw = await api.newSession('doctor');
    expect((await api.call({ token: pw }, 'POST', '/api/adminUser/logout')).body.data).toEqual({ signedOut: true });
  });
});

describe('nobody is signed in, and the attempt is in the audit trail', () => {
  const refusedWith = async (login: string, code: string) => {
    const before = await sessionCount();
    const { search, cookie } = await atProvider(login);
    const r = await callback(search, cookie);
    expect(r.status, r.text).toBe(403);
    expect(r.body.errors[0].code).toBe(code);
    expect(r.body.data).toBeUndefined();
    expect(await sessionCount()).toBe(before);
    return r;
  };

  test('no staff account has the address: said with the address', async () => {
    const r = await refusedWith('p-stranger', 'no_account');
    expect(r.body.errors[0].detail).toBe('stranger@elsewhere.test');
    expect(await lastAudit('sign_in_refused')).toMatchObject({ actor_id: null, record_id: null, changes: { reason: 'no_account', email: 'stranger@elsewhere.test', provider: provider.issuer } });
    // No account is made from the provider's word.
    expect((await sql`select 1 from admin_user where lower(email) = 'stranger@elsewhere.test'`.execute(api.db)).rows).toHaveLength(0);
  });

  test('an address the provider has not verified, even one a staff account has', async () => {
    const r = await refusedWith('p-unverified', 'email_unverified');
    expect(r.body.errors[0].detail).toBe('superadmin@demo.test');
    expect(await lastAudit('sign_in_refused')).toMatchObject({ record_id: null, changes: { reason: 'email_unverified', email: 'superadmin@demo.test' } });
    expect((await sql`select 1 from hosted_identity where subject = 'p-unverified'`.execute(api.db)).rows).toHaveLength(0);
  });

  test('a disabled account, and one waiting for approval: in the trail under the account', async () => {
    await refusedWith('p-disabled', 'account_disabled');
    expect(await lastAudit('sign_in_refused')).toMatchObject({ record_id: disabledId, changes: { reason: 'account_disabled', email: 'hosted-disabled@demo.test' } });
    await refusedWith('p-pending', 'account_pending');
  });

  test('a disabled account that was linked before is refused by its link too', async () => {
    const staff = getEntity('admin-user');
    const made = await createRecord(api.db, staff, { ...(await api.payload(staff))!, email: 'hosted-later@demo.test', status: 'active' }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    people['p-later'] = { email: 'hosted-later@demo.test', email_verified: true };
    const first = await atProvider('p-later');
    expect((await callback(first.search, first.cookie)).status).toBe(200);
    await sql`update admin_user set status = 'disabled' where id = ${made.id}`.execute(api.db);
    await refusedWith('p-later', 'account_disabled');
  });

  test('no e-mail address at all', async () => {
    await refusedWith('p-silent', 'no_email');
  });
});

describe('the flow cannot be replayed, carried to another browser, or finished with a bad ID token', () => {
  test('the same answer twice: the second finds nothing', async () => {
    const { search, cookie } = await atProvider('p-admin');
    expect((await callback(search, cookie)).status).toBe(200);
    const again = await callback(search, cookie);
    expect(again.status).toBe(403);
    expect(again.body.errors[0].code).toBe('wrong_state');
  });

  test('a code used before, brought back with a flow of its own: the provider refuses it', async () => {
    const used = await atProvider('p-admin');
    expect((await callback(used.search, used.cookie)).status).toBe(200);
    const fresh = await api.call('anonymous', 'POST', '/api/auth/oidc/start', {});
    const state = new URL(fresh.body.data.url).searchParams.get('state')!;
    const replay = new URLSearchParams(used.search);
    replay.set('state', state);
    const r = await callback(replay.toString(), cookieOf(fresh));
    expect(r.status).toBe(403);
    expect(r.body.errors[0].code).toBe('token_refused');
  });

  test('a wrong state, or none, or an answer without this browser\'s cookie: refused before anything is claimed', async () => {
    const { search, cookie } = await atProvider('p-admin');
    const wrong = new URLSearchParams(search);
    wrong.set('state', 'x'.repeat(43));
    for (const [s, c] of [[wrong.toString(), cookie], [search, ''], [search, 'console_oidc=someone-elses-state'], [new URLSearchParams({ code: 'abc' }).toString(), cookie]]) {
      const r = await callback(s, c);
      expect(r.status, `${s} ${c}`).toBe(403);
      expect(r.body.errors[0].code).toBe('wrong_state');
    }
    // Still unclaimed: the right pair works.
    expect((await callback(search, cookie)).status).toBe(200);
  });

  test('the provider said no (the person cancelled): refused, saying so', async () => {
    const start = await api.call('anonymous', 'POST', '/api/auth/oidc/start', {});
    const state = new URL(start.body.data.url).searchParams.get('state')!;
    const r = await callback(new URLSearchParams({ error: 'access_denied', state }).toString(), cookieOf(start));
    expect(r.status).toBe(403);
    expect(r.body.errors[0]).toMatchObject({ code: 'provider_refused', detail: 'access_denied' });
  });

  describe('ID tokens the console must not accept (a provider that signs whatever the test makes)', () => {
    const forged = consoleWith(() => ({ oidc: oidcFrom({ OIDC_ISSUER: forger.issuer, OIDC_CLIENT_ID: forger.clientId }, PUBLIC_URL) }));
    /** A flow started on the console, finished with the ID token `make` builds from its nonce. */
    async function finishWith(make: (nonce: string) => Promise<string>) {
      const start = await forged('POST', '/api/auth/oidc/start', {});
      const q = new URL(start.body.data.url).searchParams;
      forger.answerWith(await make(q.get('nonce')!));
      const r = await forged('POST', '/api/auth/oidc/callback', { search: new URLSearchParams({ code: 'a-code', state: q.get('state')! }).toString() }, { cookie: cookieOf(start) });
      return { r, challenge: q.get('code_challenge')! };
    }
    const now = () => Math.floor(Date.now() / 1000);

    test('a good one is accepted (the e-mail address in the ID token itself), and the PKCE verifier matches its challenge', async () => {
      const { r, challenge } = await finishWith((nonce) => forger.sign(forger.goodClaims(nonce, { email: 'railway@demo.test' })));
      expect(r.status, r.text).toBe(200);
      expect(r.body.data.user.email).toBe('railway@demo.test');
      const verifier = forger.tokenRequests.at(-1)!.get('code_verifier')!;
      expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
    });

    test.each([
      ['forged: signed with another key under the published key id', (nonce: string) => forger.sign(forger.goodClaims(nonce), { forged: true })],
      ['expired', (nonce: string) => forger.sign(forger.goodClaims(nonce, { iat: now() - 3600, exp: now() - 600 }))],
      ['for another client', (nonce: string) => forger.sign(forger.goodClaims(nonce, { aud: 'another-client' }))],
      ['from another issuer', (nonce: string) => forger.sign(forger.goodClaims(nonce, { iss: 'https://evil.example' }))],
      ['with another nonce', () => forger.sign(forger.goodClaims('not-the-nonce'))],
      ['unsigned (alg none)', async (nonce: string) => {
        const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
        return `${part({ alg: 'none' })}.${part(forger.goodClaims(nonce))}.`;
      }],
    ])('%s: refused, nothing signed in', async (_, make) => {
      const before = await sessionCount();
      const { r } = await finishWith(make);
      expect(r.status, r.text).toBe(403);
      expect(r.body.errors[0].code).toBe('token_refused');
      expect(await sessionCount()).toBe(before);
    });
  });
});

describe('the provider\'s own second factor (amr)', () => {
  test('a sign-in whose ID token says amr ["pwd","mfa"] is not asked for the console\'s factor; one without "mfa" is', async () => {
    // Both people have a passkey at the console (stored as a registration would leave it).
    for (const who of ['doctor', 'fmc'] as const) {
      await api.db.insertInto('webauthn_credential').values({ id: `key-of-${who}`, user_id: api.userIds[who], public_key: 'pQECAyYgASFYIA', name: 'Laptop' }).execute();
    }
    const withMfa = await atProvider('p-doctor-mfa');
    const trusted = await callback(withMfa.search, withMfa.cookie);
    expect(trusted.status, trusted.text).toBe(200);
    expect(trusted.body.data).toMatchObject({ token: expect.any(String), user: { email: 'doctor@demo.test' } });
    const session = await api.db.selectFrom('session').select(['method', 'factor']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(session).toEqual({ method: 'hosted', factor: 'provider' });

    const before = await sessionCount();
    const withoutMfa = await atProvider('p-fmc');
    const asked = await callback(withoutMfa.search, withoutMfa.cookie);
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.data.token).toBeUndefined();
    expect(asked.body.data.mfa).toEqual({ challenge: expect.any(String), methods: ['webauthn'] });
    expect(await sessionCount()).toBe(before);
  });
});

describe('PASSWORD_SIGNIN=0: hosted login only', () => {
  const hostedOnly = consoleWith(() => ({ passwordSignIn: false }));

  test('the password form is not offered, and its calls are refused', async () => {
    expect((await hostedOnly('GET', '/api/auth/config')).body.data).toMatchObject({ passwordSignIn: false, hostedLogin: { name: 'Test ID' } });
    for (const [url, body] of [['/api/adminUser/login', { email: 'admin@demo.test', password: 'x' }], ['/api/auth/forgot-password', { email: 'admin@demo.test' }], ['/api/auth/reset-password', { token: 'x'.repeat(20), password: 'x' }]] as const) {
      const r = await hostedOnly('POST', url, body);
      expect(r.status, url).toBe(403);
      expect(r.body.errors[0].code).toBe('password_sign_in_off');
    }
  });

  test('without hosted login set up, its calls answer 404', async () => {
    const none = consoleWith(() => ({ oidc: undefined }));
    expect((await none('GET', '/api/auth/config')).body.data.hostedLogin).toBeNull();
    expect((await none('POST', '/api/auth/oidc/start', {})).status).toBe(404);
    expect((await none('POST', '/api/auth/oidc/callback', { search: '' })).status).toBe(404);
  });
});
