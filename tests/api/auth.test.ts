import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { deliverOutbox, mailboxPath } from '../../src/server/mail';
import { fieldsOf, PASSWORD, setupApi } from './harness';

/** Sign-in, sessions, sign-up and password reset (docs/decisions.md#sign-in-sessions-and-the-api-contract). Each sign-in costs a scrypt hash: kept few. */
const api = setupApi({ roles: ['superadmin', 'admin'] });
const INVALID = 'Invalid username or password';
const staff = getEntity('admin-user');
const login = (email: string, password: string) => api.call('anonymous', 'POST', '/api/adminUser/login', { email, password });
const validate = (token: string) => api.call({ token }, 'GET', '/api/adminUser/validate/authToken');

let made = 0;
/** A staff account made by an admin through the API, with a known password. */
async function newStaff(password: string, status = 'active') {
  const roleId = (await api.db.selectFrom('role').select('id').where('key', '=', 'doctor').executeTakeFirstOrThrow()).id;
  const email = `staff.${++made}@example.in`;
  const r = await api.call('admin', 'POST', '/api/admin-user', { firstName: 'Asha', lastName: 'Rao', email, role: roleId, status, password });
  expect(r.status).toBe(201);
  return { id: r.body.data.id as number, email };
}

/** Sets a user's status the way an admin does: PUT with the record's editable fields and its version. */
async function setStatus(id: number, status: string) {
  const { data } = (await api.call('admin', 'GET', `/api/admin-user/${id}`)).body;
  const r = await api.call('admin', 'PUT', `/api/admin-user/${id}`, {
    firstName: data.firstName, lastName: data.lastName, email: data.email, phone: data.phone, role: data.role, avatar: data.avatar, status, version: data.version,
  });
  expect(r.status).toBe(200);
}

describe('sign-in', () => {
  test('success: token, expiresIn and the profile', async () => {
    const r = await login('Doctor@Demo.test ', PASSWORD);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { token: expect.any(String), expiresIn: api.config.sessionMaxHours * 3600, user: expect.any(Object) } });
    expect(r.body.data.user).toMatchObject({ id: api.userIds.doctor, email: 'doctor@demo.test', role: { id: expect.any(Number), name: 'doctor' } });
    expect((await validate(r.body.data.token)).status).toBe(200);
  });

  test('an unknown email and a wrong password get the same 401', async () => {
    const unknown = await login('nobody@demo.test', PASSWORD);
    const wrong = await login('fmc@demo.test', 'not-the-password');
    for (const r of [unknown, wrong]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ errors: [{ message: INVALID, code: 'invalid_credentials' }] });
    }
    expect((await api.call('anonymous', 'POST', '/api/adminUser/login', { email: 'x' })).body.errors[0].message).toBe(INVALID);
  });

  test('after 5 failures for one account from one address, even the right password → 429 (other addresses: sign-in-attack.test.ts)', async () => {
    for (let i = 0; i < 5; i++) expect((await login('railway@demo.test', `wrong-${i}`)).status).toBe(401);
    const r = await login('railway@demo.test', PASSWORD);
    expect(r.status).toBe(429);
    expect(r.body.errors[0].code).toBe('rate_limited');
    expect(r.headers.get('retry-after')).toBe('900');
  });
});

describe('sessions', () => {
  test('validate/authToken returns the profile of spec §3', async () => {
    const r = await validate(api.tokens.admin!);
    expect(r.status).toBe(200);
    const roleId = (await api.db.selectFrom('role').select('id').where('key', '=', 'admin').executeTakeFirstOrThrow()).id;
    expect(r.body.data).toEqual({
      id: api.userIds.admin, firstName: expect.any(String), lastName: expect.any(String), email: 'admin@demo.test',
      phone: expect.any(String), avatar: null, role: { id: roleId, name: 'admin' },
    });
  });

  test('no token → 401 without expired; an unknown token → 401 expired', async () => {
    const none = await api.call('anonymous', 'GET', '/api/adminUser/validate/authToken');
    expect(none.status).toBe(401);
    expect(none.body.errors[0].expired).toBeUndefined();
    const unknown = await validate('not-a-token');
    expect(unknown.status).toBe(401);
    expect(unknown.body.errors[0].expired).toBe(true);
  });

  test('logout revokes the session on the server', async () => {
    const token = await api.newSession('fmc');
    expect((await validate(token)).status).toBe(200);
    expect((await api.call({ token }, 'POST', '/api/adminUser/logout')).body).toEqual({ data: { signedOut: true } });
    for (const r of [await validate(token), await api.call({ token }, 'GET', '/api/notification/admin'), await api.call({ token }, 'POST', '/api/adminUser/logout')]) {
      expect(r.status).toBe(401);
      expect(r.body.errors[0].expired).toBe(true);
    }
  });

  test('an idle session expires', async () => {
    const token = await api.newSession('doctor');
    expect((await validate(token)).status).toBe(200);
    const idle = api.config.sessionIdleMinutes + 1;
    await sql`update session set last_seen_at = now() - make_interval(mins => ${idle}) where revoked_at is null and user_id = ${api.userIds.doctor}`.execute(api.db);
    const r = await validate(token);
    expect(r.status).toBe(401);
    expect(r.body.errors[0].expired).toBe(true);
  });

  test('a session past its absolute expiry ends', async () => {
    const token = await api.newSession('railway');
    await sql`update session set expires_at = now() - interval '1 second' where revoked_at is null and user_id = ${api.userIds.railway}`.execute(api.db);
    expect((await validate(token)).body.errors[0].expired).toBe(true);
  });

  test("disabling a user ends the user's sessions", async () => {
    const password = 'a-long-password-1';
    const user = await newStaff(password);
    const signed = await login(user.email, password);
    expect(signed.status).toBe(200);
    await setStatus(user.id, 'disabled');
    const r = await validate(signed.body.data.token);
    expect(r.status).toBe(401);
    expect(r.body.errors[0].expired).toBe(true);
    expect((await login(user.email, password)).status).toBe(401);
  });
});

describe('sign-up', () => {
  test('creates a pending account that signs in only once an admin activates it', async () => {
    const email = 'new.doctor@example.in';
    const password = 'my-first-password';
    const before = await api.count(staff);
    const r = await api.call('anonymous', 'POST', '/api/auth/signup', { firstName: 'Meera', lastName: 'Iyer', email, role: 'doctor', password });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ data: { status: 'pending' } });
    expect(await api.count(staff)).toBe(before + 1);
    const row = await api.db.selectFrom('admin_user').select(['id', 'status']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    const again = await api.call('anonymous', 'POST', '/api/auth/signup', { firstName: 'X', lastName: 'Y', email, role: 'fmc', password });
    expect(again.status).toBe(202);
    expect(await api.count(staff)).toBe(before + 1);

    expect((await login(email, password)).status).toBe(401);
    await setStatus(row.id, 'active');
    const ok = await login(email, password);
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.role.name).toBe('doctor');
  });

  test('a bad sign-up → 400 naming the fields; a staff role cannot be chosen', async () => {
    const before = await api.count(staff);
    const r = await api.call('anonymous', 'POST', '/api/auth/signup', { firstName: '', email: 'nope', role: 'superadmin', password: 'short', admin: true });
    expect(r.status).toBe(400);
    expect(fieldsOf(r).sort()).toEqual(['admin', 'email', 'firstName', 'lastName', 'password', 'role']);
    expect(await api.count(staff)).toBe(before);
  });
});

describe('password reset', () => {
  test('forgot-password queues a mail that the sender delivers; the token works once; the old password stops working', async () => {
    const oldPassword = 'the-old-password';
    const user = await newStaff(oldPassword);
    const forgot = (email: string) => api.call('anonymous', 'POST', '/api/auth/forgot-password', { email });
    expect((await forgot('unknown@example.in')).status).toBe(202);
    expect((await forgot(user.email.toUpperCase())).status).toBe(202);
    // The requests only queued; the sender (a loop in the server process) delivers, here to the local mailbox.
    expect(existsSync(mailboxPath(api.config))).toBe(false);
    await deliverOutbox(api.db, api.config, { log: () => {} });
    const rows = await api.db.selectFrom('outbox').select(['recipient', 'status', 'delivered_via']).orderBy('id').execute();
    expect(rows.slice(-2)).toEqual([
      { recipient: 'unknown@example.in', status: 'dropped', delivered_via: null },
      { recipient: user.email, status: 'sent', delivered_via: 'mailbox' },
    ]);
    const mailbox = readFileSync(mailboxPath(api.config), 'utf8');
    expect(mailbox).toContain(`To: ${user.email}\n`);
    expect(mailbox).not.toContain('unknown@example.in');
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mailbox)?.[1];
    expect(token).toBeDefined();

    const newPassword = 'the-new-password';
    const reset = await api.call('anonymous', 'POST', '/api/auth/reset-password', { token, password: newPassword });
    expect(reset.status).toBe(200);
    const twice = await api.call('anonymous', 'POST', '/api/auth/reset-password', { token, password: 'another-password' });
    expect(twice.status).toBe(400);
    expect(fieldsOf(twice)).toEqual(['token']);
    expect((await login(user.email, oldPassword)).status).toBe(401);
    expect((await login(user.email, newPassword)).status).toBe(200);
  });

  test('an unknown token → 400', async () => {
    const r = await api.call('anonymous', 'POST', '/api/auth/reset-password', { token: 'x'.repeat(43), password: 'whatever-password' });
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(['token']);
  });
});
