import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { PASSWORD, setupApi } from './harness';

/**
 * Sessions (issue 34 §4): at most SESSION_MAX_PER_USER a person, the oldest ended by a new one and its holder told
 * why; the superadmin's "Who is signed in" lists every live session and ends any with a reason, audited, which its
 * holder is told at their next call.
 */
const api = setupApi({ env: { SESSION_MAX_PER_USER: '3' } });

let nurse = { id: 0, email: 'sessions-nurse@demo.test' };
const signIn = async (email = nurse.email) => {
  const r = await api.call('anonymous', 'POST', '/api/adminUser/login', { email, password: PASSWORD }, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' });
  expect(r.status, r.text).toBe(200);
  return r.body.data.token as string;
};
const check = (token: string) => api.call({ token }, 'GET', '/api/adminUser/validate/authToken');

beforeAll(async () => {
  const staff = getEntity('admin-user');
  const made = await createRecord(api.db, staff, { ...(await api.payload(staff))!, email: nurse.email, status: 'active', password: PASSWORD }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
  nurse = { ...nurse, id: Number(made.id) };
});

describe('at most SESSION_MAX_PER_USER sessions a person', () => {
  test('a fourth sign-in ends the oldest; its holder is told why at the next call; the others go on', async () => {
    const tokens = [await signIn(), await signIn(), await signIn()];
    for (const t of tokens) expect((await check(t)).status).toBe(200);
    const fourth = await signIn();
    const oldest = await check(tokens[0]);
    expect(oldest.status).toBe(401);
    expect(oldest.body.errors[0]).toMatchObject({ code: 'session_limit', expired: true });
    for (const t of [tokens[1], tokens[2], fourth]) expect((await check(t)).status).toBe(200);
    const live = await sql<{ n: number }>`select count(*)::int as n from session where user_id = ${nurse.id} and revoked_at is null`.execute(api.db);
    expect(live.rows[0].n).toBe(3);
  });

  test('each session says how it signed in and from where', async () => {
    await signIn();
    const row = (await sql<{ method: string; address: string; user_agent: string }>`select method, address, user_agent from session where user_id = ${nurse.id} order by id desc limit 1`.execute(api.db)).rows[0];
    expect(row).toMatchObject({ method: 'password', address: 'local' });
    expect(row.user_agent).toContain('Chrome');
  });
});

describe('who is signed in (the superadmin\'s)', () => {
  test('every live session of every person: who, role, how, since, last seen, where; ended ones are not there', async () => {
    const token = await signIn();
    await api.call({ token: await signIn() }, 'POST', '/api/adminUser/logout');
    const r = await api.call('superadmin', 'GET', '/api/sessions');
    expect(r.status).toBe(200);
    const mine = r.body.data.filter((s: { userId: number }) => s.userId === nurse.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThanOrEqual(3);
    const session = mine[0];
    expect(session).toMatchObject({ email: nurse.email, method: 'password', address: 'local', current: false });
    expect(typeof session.name).toBe('string');
    expect(typeof session.role).toBe('string');
    expect(Date.parse(session.createdAt)).toBeGreaterThan(0);
    expect(Date.parse(session.lastSeenAt)).toBeGreaterThan(0);
    // The superadmin's own session is marked.
    expect(r.body.data.some((s: { userId: number; current: boolean }) => s.userId === api.userIds.superadmin && s.current)).toBe(true);
    // Only live ones: the session just signed out is not listed.
    const ids = new Set(r.body.data.map((s: { id: number }) => s.id));
    const out = await sql<{ id: number }>`select id from session where user_id = ${nurse.id} and revoked_at is not null`.execute(api.db);
    for (const row of out.rows) expect(ids.has(row.id)).toBe(false);
    void token;
  });

  test('for the superadmin only', async () => {
    for (const role of ['admin', 'doctor', 'fmc', 'railway'] as const) {
      expect((await api.call(role, 'GET', '/api/sessions')).status, role).toBe(403);
      expect((await api.call(role, 'POST', '/api/sessions/1/end', { reason: 'x' })).status, role).toBe(403);
    }
    expect((await api.call('superadmin', 'GET', '/api/sessions?role=admin')).status).toBe(400);
  });

  test('ending one with a reason: its holder is told at the next call, the trail keeps it', async () => {
    const token = await signIn();
    const id = (await sql<{ id: number }>`select id from session where user_id = ${nurse.id} order by id desc limit 1`.execute(api.db)).rows[0].id;
    const reason = 'Laptop reported stolen at ward 3';
    const r = await api.call('superadmin', 'POST', `/api/sessions/${id}/end`, { reason });
    expect(r.status, r.text).toBe(200);
    const next = await check(token);
    expect(next.status).toBe(401);
    expect(next.body.errors[0]).toMatchObject({ code: 'session_ended', expired: true, detail: reason });
    const entry = (await sql<{ actor_id: number; record_id: number; changes: Record<string, unknown> }>`
      select actor_id, record_id, changes from audit_log where action = 'session_end' order by id desc limit 1`.execute(api.db)).rows[0];
    expect(entry).toEqual({ actor_id: api.userIds.superadmin, record_id: nurse.id, changes: { session: id, reason } });
    // Not live any more: a second end finds nothing.
    expect((await api.call('superadmin', 'POST', `/api/sessions/${id}/end`, { reason })).status).toBe(404);
  });

  test('a reason is required, plain text, at most 200 characters; nothing else is taken', async () => {
    await signIn();
    const id = (await sql<{ id: number }>`select id from session where user_id = ${nurse.id} and revoked_at is null order by id desc limit 1`.execute(api.db)).rows[0].id;
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(201) }, { reason: 'ok', extra: 1 }, { reason: 'a\u202Eb' }, { reason: 5 }]) {
      const r = await api.call('superadmin', 'POST', `/api/sessions/${id}/end`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api.call('superadmin', 'POST', '/api/sessions/0x1/end', { reason: 'x' })).status).toBe(404);
    // Still live after all of those.
    const row = await sql<{ revoked_at: string | null }>`select revoked_at from session where id = ${id}`.execute(api.db);
    expect(row.rows[0].revoked_at).toBeNull();
  });
});
