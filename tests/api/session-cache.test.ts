import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { sessionReads } from '../../src/server/auth/sessions';
import { WriteClock } from '../../src/server/db/write-clock';
import { setupApi } from './harness';

/**
 * The embedded database's sessions are read once and then served from memory until this process writes to a session
 * table (auth/sessions.ts, db/write-clock.ts). What must hold: nothing a write changes is served stale.
 */
const api = setupApi({ roles: ['superadmin', 'admin', 'doctor'] });
const validate = (token: string) => api.call({ token }, 'GET', '/api/adminUser/validate/authToken');
const roleId = async (key: string) => (await sql<{ id: number }>`select id from role where key = ${key}`.execute(api.db)).rows[0].id;

describe('the write clock', () => {
  const clock = new WriteClock();
  const watch = clock.watch(['session', 'admin_user', 'role']);
  test.each([
    ['select * from session where token_hash = $1', 0],
    ['select "s"."id" from "session" as "s" inner join "admin_user" as "u" on "u"."id" = "s"."user_id"', 0],
    ['update "session" set "last_seen_at" = now() where "id" = $1', 1],
    ['insert into "admin_user" ("first_name") values ($1)', 1],
    ['delete from role where id = $1', 1],
    ['with gone as (delete from "session" where user_id = $1 returning id) select count(*) from gone', 1],
    ['select id from admin_user where id = $1 for update', 1],
    ['truncate session, audit_log', 1],
    ['update "speciality" set "name" = $1 where id = $2', 0],
    ['insert into audit_log (actor_id, entity, record_id, action) values ($1, $2, $3, $4)', 0],
    ['commit', 0],
  ])('%s ticks %i', (text, ticks) => {
    const before = watch.ticks;
    clock.observe(text);
    expect(watch.ticks - before).toBe(ticks);
  });
});

const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.runIf(onPostgres)('sessions on a PostgreSQL server', () => {
  test('every request reads its session: other processes may have ended it', async () => {
    const token = await api.newSession('doctor');
    const before = sessionReads();
    for (let i = 0; i < 3; i++) expect((await validate(token)).status).toBe(200);
    expect(sessionReads()).toBe(before + 3);
  });
});

describe.skipIf(onPostgres)('sessions on the embedded database', () => {
  test('a session is read from the database once while nothing writes to the session tables', async () => {
    const token = await api.newSession('doctor');
    expect((await validate(token)).status).toBe(200);
    const before = sessionReads();
    for (let i = 0; i < 5; i++) expect((await api.call({ token }, 'GET', '/api/doctor?limit=1')).status).toBe(200);
    expect(sessionReads()).toBe(before);
    // A write elsewhere does not end what is cached.
    await sql`update speciality set description = description where id = (select min(id) from speciality)`.execute(api.db);
    expect((await validate(token)).status).toBe(200);
    expect(sessionReads()).toBe(before);
  });

  test('a revocation written straight to the database ends the session at its next request', async () => {
    const token = await api.newSession('doctor');
    expect((await validate(token)).status).toBe(200);
    await sql`update session set revoked_at = now() where revoked_at is null and user_id = ${api.userIds.doctor}`.execute(api.db);
    expect((await validate(token)).body.errors[0].expired).toBe(true);
  });

  test("an administrator's change of a user's role shows at the user's next request", async () => {
    const email = `cache.${Date.now()}@example.in`;
    const made = await api.call('admin', 'POST', '/api/admin-user', { firstName: 'Meera', lastName: 'Iyer', email, role: await roleId('doctor'), status: 'active', password: 'a-long-enough-password' });
    expect(made.status).toBe(201);
    const signed = await api.call('anonymous', 'POST', '/api/adminUser/login', { email, password: 'a-long-enough-password' });
    const token = signed.body.data.token as string;
    expect((await validate(token)).body.data.role.name).toBe('doctor');
    const { data } = (await api.call('admin', 'GET', `/api/admin-user/${made.body.data.id}`)).body;
    const { firstName, lastName, phone, avatar, status, version } = data;
    const changed = await api.call('admin', 'PUT', `/api/admin-user/${data.id}`, { firstName, lastName, email, phone, avatar, status, version, role: await roleId('fmc') });
    expect(changed.status).toBe(200);
    expect((await validate(token)).body.data.role.name).toBe('fmc');
  });

  test('after a write to the role table the session is read again, not served from the cache', async () => {
    const token = await api.newSession('doctor');
    expect((await validate(token)).status).toBe(200);
    const before = sessionReads();
    await sql`update role set name = name where key = 'doctor'`.execute(api.db);
    expect((await validate(token)).status).toBe(200);
    expect(sessionReads()).toBe(before + 1);
  });
});
