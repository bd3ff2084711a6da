import { existsSync, readFileSync, statSync } from 'node:fs';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { scryptRuns } from '../../src/server/auth/password';
import type { Config } from '../../src/server/config';
import { clientAddress, type AppEnv } from '../../src/server/http';
import { deliverOutbox, mailboxPath } from '../../src/server/mail';
import { fieldsOf, setupApi } from './harness';

/**
 * Sign-in and password reset under attack (issue 9, item 3). Work done per request is counted, never timed: the
 * scrypt runs of this process (scryptRuns) and the rows the limiter keeps. Addresses are set the way a reverse proxy
 * sets them (TRUST_PROXY=1, the rightmost X-Forwarded-For entry).
 */
const api = setupApi({ roles: ['admin'] });
beforeAll(() => { api.config.trustProxy = 1; });

const WRONG = 'not-the-password';
const GOOD = 'a-long-and-fine-password';
const from = (address: string) => ({ 'x-forwarded-for': address });
const login = (email: string, password: string, address: string) => api.call('anonymous', 'POST', '/api/adminUser/login', { email, password }, from(address));
const forgot = (email: string, address: string) => api.call('anonymous', 'POST', '/api/auth/forgot-password', { email }, from(address));
const reset = (token: string, password: string, address: string) => api.call('anonymous', 'POST', '/api/auth/reset-password', { token, password }, from(address));
const validate = (token: string) => api.call({ token }, 'GET', '/api/adminUser/validate/authToken');
const runs = () => scryptRuns.count;

let made = 0;
/** A staff account made by an admin through the API, with a known password. */
async function newStaff(password = GOOD) {
  const roleId = (await api.db.selectFrom('role').select('id').where('key', '=', 'doctor').executeTakeFirstOrThrow()).id;
  const email = `attack.${++made}@example.in`;
  const r = await api.call('admin', 'POST', '/api/admin-user', { firstName: 'Asha', lastName: 'Rao', email, role: roleId, status: 'active', password });
  expect(r.status, r.text).toBe(201);
  return { id: r.body.data.id as number, email };
}

/** One pass of the mail sender, as the server's sender loop runs it; the lines it logs. */
async function deliver(): Promise<string[]> {
  const lines: string[] = [];
  await deliverOutbox(api.db, api.config, { log: (line) => lines.push(line) });
  return lines;
}

/** The reset tokens mailed to an address, oldest first, read from the local mailbox (no SMTP here). */
function tokensFor(email: string): string[] {
  const file = mailboxPath(api.config);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split(/^From /m).filter((m) => m.includes(`\nTo: ${email}\n`))
    .map((m) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(m)?.[1]).filter((t): t is string => !!t);
}

describe('the client address behind a proxy', () => {
  const probe = async (trustProxy: number, xff?: string) => {
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => { c.set('config', { trustProxy } as Config); await next(); });
    app.get('/', (c) => c.text(clientAddress(c)));
    return (await app.request('/', { headers: xff === undefined ? {} : { 'x-forwarded-for': xff } })).text();
  };

  test('TRUST_PROXY=N takes the N-th address from the right; what the client wrote further left is never used', async () => {
    expect(await probe(1, '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(await probe(1, '203.0.113.9')).toBe('203.0.113.9');
    expect(await probe(2, '6.6.6.6, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    expect(await probe(0, '6.6.6.6')).toBe('local');
    expect(await probe(2, '203.0.113.9')).toBe('local');
  });

  test('a client that varies the left of X-Forwarded-For still meets its own limit', async () => {
    const user = await newStaff();
    for (let i = 0; i < 5; i++) expect((await login(user.email, WRONG, `10.9.9.${i}, 203.0.113.20`)).status).toBe(401);
    expect((await login(user.email, GOOD, '10.8.8.8, 203.0.113.20')).status).toBe(429);
  });
});

describe('sign-in under attack', () => {
  test('20 parallel wrong passwords from one address: at most 5 are checked, the rest answer 429 unhashed', async () => {
    const user = await newStaff();
    const before = runs();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(user.email, `${WRONG}-${i}`, '198.51.100.1')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    expect(runs() - before).toBeLessThanOrEqual(5);
    // What was refused left nothing behind: the pair takes exactly five checked failures in all, then 429.
    let checked = statuses.filter((s) => s === 401).length;
    for (let i = 0; i < 10; i++) {
      const r = await login(user.email, `${WRONG}-again-${i}`, '198.51.100.1');
      if (r.status === 429) break;
      expect(r.status).toBe(401);
      checked++;
    }
    expect(checked).toBe(5);
  });

  test('20 parallel wrong passwords from 20 addresses: at most 5 are checked; the owner still signs in', async () => {
    const user = await newStaff();
    expect((await login(user.email, GOOD, '192.0.2.10')).status).toBe(200); // the owner's usual address
    const before = runs();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(user.email, `${WRONG}-${i}`, `198.51.100.${100 + i}`)));
    expect(answers.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
    expect(runs() - before).toBeLessThanOrEqual(5);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(15);
    // A short delay, not a lock: the answer says how long.
    for (const r of refused) expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    // From the address the owner signed in from before: at once.
    expect((await login(user.email, GOOD, '192.0.2.10')).status).toBe(200);
    // From a new address: after the delay (the attempts are moved a minute into the past instead of waiting).
    const first = await login(user.email, GOOD, '192.0.2.77');
    if (first.status !== 200) {
      expect(first.status).toBe(429);
      await sql`update login_attempt set at = at - interval '61 seconds'`.execute(api.db);
      expect((await login(user.email, GOOD, '192.0.2.77')).status).toBe(200);
    }
  });

  test('a pair over its limit, and an address over its limit, answer 429 without hashing', async () => {
    const user = await newStaff();
    for (let i = 0; i < 5; i++) expect((await login(user.email, `${WRONG}-${i}`, '198.51.100.30')).status).toBe(401);
    let before = runs();
    expect((await login(user.email, GOOD, '198.51.100.30')).status).toBe(429);
    expect(runs()).toBe(before);
    // The same account from elsewhere is not refused by that pair's limit (after the account's short delay).
    await sql`update login_attempt set at = at - interval '61 seconds'`.execute(api.db);
    expect((await login(user.email, GOOD, '198.51.100.31')).status).toBe(200);

    for (let i = 0; i < 20; i++) expect((await login(`nobody.${i}@example.in`, WRONG, '198.51.100.40')).status).toBe(401);
    before = runs();
    const r = await login(user.email, GOOD, '198.51.100.40');
    expect(r.status).toBe(429);
    expect(r.body.errors[0].code).toBe('rate_limited');
    expect(runs()).toBe(before);
  });

  test('refused attempts do not lengthen the block: only checked attempts are kept', async () => {
    const user = await newStaff();
    for (let i = 0; i < 5; i++) await login(user.email, `${WRONG}-${i}`, '198.51.100.50');
    for (let i = 0; i < 10; i++) expect((await login(user.email, WRONG, '198.51.100.50')).status).toBe(429);
    const kept = await api.db.selectFrom('login_attempt').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key', 'like', `pair:%${user.email}%198.51.100.50%`).executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBe(5);
  });
});

describe('password reset under attack', () => {
  test('bogus reset tokens answer 400 without hashing', async () => {
    const before = runs();
    for (let i = 0; i < 8; i++) {
      const r = await reset(`bogus-token-${i}-${'x'.repeat(30)}`, GOOD, '198.51.100.60');
      expect(r.status).toBe(400);
      expect(fieldsOf(r)).toEqual(['token']);
    }
    expect(runs()).toBe(before);
  });

  test('reset attempts are limited per address, without hashing', async () => {
    for (let i = 0; i < 10; i++) expect((await reset(`bogus-${i}-${'y'.repeat(30)}`, GOOD, '198.51.100.61')).status).toBe(400);
    const before = runs();
    const r = await reset(`bogus-more-${'y'.repeat(30)}`, GOOD, '198.51.100.61');
    expect(r.status).toBe(429);
    expect(runs()).toBe(before);
    expect((await reset(`bogus-other-${'y'.repeat(30)}`, GOOD, '198.51.100.62')).status).toBe(400);
  });

  test('forgot-password and sign-up calls are limited per address too, without hashing', async () => {
    for (let i = 0; i < 10; i++) expect((await forgot(`someone.${i}@example.in`, '198.51.100.63')).status).toBe(202);
    expect((await forgot('someone.else@example.in', '198.51.100.63')).status).toBe(429);
    const signup = (i: number) => api.call('anonymous', 'POST', '/api/auth/signup',
      { firstName: 'Many', lastName: `Signups${i}`, email: `many.${i}@example.in`, role: 'doctor', password: GOOD }, from('198.51.100.64'));
    for (let i = 0; i < 10; i++) expect((await signup(i)).status).toBe(202);
    const before = runs();
    const r = await signup(10);
    expect(r.status).toBe(429);
    expect(r.body.errors[0].code).toBe('rate_limited');
    expect(runs()).toBe(before);
  });

  test('a reset ends every session of the user and every other outstanding reset link', async () => {
    const user = await newStaff();
    const sessions = [(await login(user.email, GOOD, '192.0.2.20')).body.data.token, (await login(user.email, GOOD, '192.0.2.21')).body.data.token];
    expect((await forgot(user.email, '192.0.2.22')).status).toBe(202);
    expect((await forgot(user.email, '192.0.2.22')).status).toBe(202);
    await deliver();
    const [older, newer] = tokensFor(user.email);
    expect(older && newer).toBeTruthy();
    expect((await reset(newer, 'my-brand-new-password', '192.0.2.22')).status).toBe(200);
    for (const token of sessions) {
      const r = await validate(token);
      expect(r.status).toBe(401);
      expect(r.body.errors[0].expired).toBe(true);
    }
    const stale = await reset(older, 'yet-another-password', '192.0.2.22');
    expect(stale.status).toBe(400);
    expect(fieldsOf(stale)).toEqual(['token']);
    expect((await login(user.email, 'my-brand-new-password', '192.0.2.22')).status).toBe(200);
  });

  test("an administrator's password change ends the user's sessions and outstanding reset links", async () => {
    const user = await newStaff();
    const session = (await login(user.email, GOOD, '192.0.2.30')).body.data.token;
    expect((await forgot(user.email, '192.0.2.30')).status).toBe(202);
    await deliver();
    const [token] = tokensFor(user.email);
    expect(token).toBeTruthy();
    const { data } = (await api.call('admin', 'GET', `/api/admin-user/${user.id}`)).body;
    const put = await api.call('admin', 'PUT', `/api/admin-user/${user.id}`, {
      firstName: data.firstName, lastName: data.lastName, email: data.email, phone: data.phone, role: data.role, avatar: data.avatar,
      status: data.status, centres: data.centres, password: 'set-by-the-admin-now', version: data.version,
    });
    expect(put.status, put.text).toBe(200);
    expect((await validate(session)).status).toBe(401);
    expect((await reset(token, 'chosen-by-the-user', '192.0.2.30')).status).toBe(400);
  });

  test('no outbox row and no log line holds a reset link; the mailbox file is the operator’s alone', async () => {
    const user = await newStaff();
    expect((await forgot(user.email, '192.0.2.40')).status).toBe(202);
    const lines = await deliver();
    const [token] = tokensFor(user.email);
    expect(token).toBeTruthy();
    const rows = await sql<Record<string, unknown>>`select * from outbox`.execute(api.db);
    expect(JSON.stringify(rows.rows)).not.toContain(token);
    expect(JSON.stringify(rows.rows)).not.toMatch(/reset-password\/[A-Za-z0-9_-]{20,}/);
    expect(lines.join('\n')).not.toContain(token);
    // The log names the message, never its recipient (no personal data in the log).
    expect(lines.some((l) => /^\[outbox\] message \d+ \(password_reset\) written to /.test(l))).toBe(true);
    expect(lines.join('\n')).not.toContain(user.email);
    expect(statSync(mailboxPath(api.config)).mode & 0o077).toBe(0);
    expect((await reset(token, 'from-the-mailbox-link', '192.0.2.40')).status).toBe(200);
  });

  test('forgot-password answers and writes the same for an address with an account and one without', async () => {
    const user = await newStaff();
    const outbox = async () => (await sql<Record<string, unknown>>`select * from outbox order by id`.execute(api.db)).rows;
    const links = async () => Number((await sql<{ n: number }>`select count(*)::int as n from password_reset`.execute(api.db)).rows[0].n);
    const written = async (email: string, address: string) => {
      const [rows, resets] = [(await outbox()).length, await links()];
      const r = await forgot(email, address);
      const added = (await outbox()).slice(rows).map(({ id: _id, created_at: _at, recipient: _to, next_try_at: _next, ...rest }) => rest);
      const headers = [...r.headers.entries()].filter(([k]) => k !== 'date' && k !== 'x-request-id');
      return { status: r.status, text: r.text, headers, added, resets: (await links()) - resets };
    };
    const known = await written(user.email, '192.0.2.50');
    const unknown = await written('no.such.person@example.in', '192.0.2.51');
    expect(unknown).toEqual(known);
    expect(known.status).toBe(202);
    expect(known.added.length).toBe(1);
    expect(known.resets).toBe(0);

    // The sender, later and outside any request, mails the account and drops the other.
    await deliver();
    expect(tokensFor(user.email).length).toBe(1);
    expect(tokensFor('no.such.person@example.in')).toEqual([]);
  });

  test('with SMTP the sender delivers; a failed delivery voids its link and a retry sends a new one', async () => {
    const user = await newStaff();
    const smtp = { ...api.config, smtpUrl: 'smtp://mail.invalid' };
    expect((await forgot(user.email, '192.0.2.60')).status).toBe(202);
    const sent: { to: string; body: string }[] = [];
    await deliverOutbox(api.db, smtp, { log: () => {}, transport: async () => { throw new Error('connection refused'); } });
    const row = await api.db.selectFrom('outbox').selectAll().where('recipient', '=', user.email).executeTakeFirstOrThrow();
    expect(row.status).toBe('queued');
    expect(row.sent_at).toBeNull();
    expect(await api.db.selectFrom('password_reset').select('id').where('user_id', '=', user.id).where('used_at', 'is', null).execute()).toEqual([]);

    await sql`update outbox set next_try_at = now() where id = ${row.id}`.execute(api.db);
    await deliverOutbox(api.db, smtp, { log: () => {}, transport: async (m) => { sent.push(m); } });
    expect(sent.length).toBe(1);
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(sent[0].body)?.[1];
    expect(token).toBeTruthy();
    const after = await api.db.selectFrom('outbox').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('sent');
    expect(after.sent_at).not.toBeNull();
    expect(JSON.stringify(after)).not.toContain(token);
    expect((await reset(token!, 'mailed-by-smtp-password', '192.0.2.60')).status).toBe(200);
  });
});

describe('weak passwords', () => {
  const WEAK = ['aaaaaaaaaa', 'ababababababab', 'abcabcabcabc', '1234567890', 'password123', 'Password2024!', 'qwertyuiop', 'iloveyou12345'];
  const signup = (email: string, password: string) => api.call('anonymous', 'POST', '/api/auth/signup', { firstName: 'Weak', lastName: 'Pass', email, role: 'doctor', password }, from('192.0.2.70'));

  test('sign-up refuses them, and the email itself, with a message on the password', async () => {
    for (const password of [...WEAK, 'weak.person@example.in']) {
      const r = await signup('weak.person@example.in', password);
      expect(r.status, password).toBe(400);
      expect(fieldsOf(r), password).toEqual(['password']);
      expect(r.body.errors[0].message).toMatch(/too easy to guess/);
    }
    expect((await signup('weak.person@example.in', 'Weak.Person@example.in')).status).toBe(400);
    expect((await signup('weak.person@example.in', 'purple-kettle-on-the-roof')).status).toBe(202);
  });

  test('an administrator cannot set them', async () => {
    const roleId = (await api.db.selectFrom('role').select('id').where('key', '=', 'doctor').executeTakeFirstOrThrow()).id;
    for (const password of ['aaaaaaaaaa', 'password123', 'set.weak@example.in']) {
      const r = await api.call('admin', 'POST', '/api/admin-user', { firstName: 'Set', lastName: 'Weak', email: 'set.weak@example.in', role: roleId, status: 'active', password });
      expect(r.status, password).toBe(400);
      expect(fieldsOf(r)).toEqual(['password']);
    }
  });

  test('a reset refuses them and leaves the link usable', async () => {
    const user = await newStaff();
    expect((await forgot(user.email, '192.0.2.71')).status).toBe(202);
    await deliver();
    const [token] = tokensFor(user.email);
    for (const password of ['zzzzzzzzzzzz', user.email]) {
      const r = await reset(token, password, '192.0.2.71');
      expect(r.status, password).toBe(400);
      expect(fieldsOf(r)).toEqual(['password']);
    }
    expect((await reset(token, 'a-much-better-choice', '192.0.2.71')).status).toBe(200);
  });
});

describe('NUL bytes and lone surrogates on the auth calls', () => {
  const BAD = ['\u0000', 'a\uD800b', '\uDC00'];
  const bodies = (bad: string): [string, Record<string, unknown>][] => [
    ['/api/adminUser/login', { email: `x${bad}@example.in`, password: GOOD }],
    ['/api/adminUser/login', { email: 'x@example.in', password: `${GOOD}${bad}` }],
    ['/api/auth/signup', { firstName: `A${bad}`, lastName: 'B', email: 'nul@example.in', role: 'doctor', password: GOOD }],
    ['/api/auth/signup', { firstName: 'A', lastName: `B${bad}`, email: 'nul@example.in', role: 'doctor', password: GOOD }],
    ['/api/auth/signup', { firstName: 'A', lastName: 'B', email: `nul${bad}@example.in`, role: 'doctor', password: GOOD }],
    ['/api/auth/signup', { firstName: 'A', lastName: 'B', email: 'nul@example.in', phone: `+91 98765${bad}43210`, role: 'doctor', password: GOOD }],
    ['/api/auth/signup', { firstName: 'A', lastName: 'B', email: 'nul@example.in', role: 'doctor', password: `${GOOD}${bad}` }],
    ['/api/auth/forgot-password', { email: `nul${bad}@example.in` }],
    ['/api/auth/reset-password', { token: `${'t'.repeat(20)}${bad}`, password: GOOD }],
    ['/api/auth/reset-password', { token: 't'.repeat(43), password: `${GOOD}${bad}` }],
  ];

  test.each(BAD.map((b) => [JSON.stringify(b), b]))('%s → 400, never 500, and nothing stored', async (_, bad) => {
    const staff = await api.db.selectFrom('admin_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const [url, body] of bodies(bad)) {
      const r = await api.call('anonymous', 'POST', url, body, from('192.0.2.80'));
      expect(r.status, `${url} ${JSON.stringify(body)}: ${r.text}`).toBe(400);
    }
    expect((await api.db.selectFrom('admin_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n).toEqual(staff.n);
  });
});
