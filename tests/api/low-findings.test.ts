import { sql } from 'kysely';
import { describe, expect, test, vi } from 'vitest';
import { getEntity } from '../../src/registry';
import { DAILY_UPLOAD_FILES } from '../../src/server/routes/content';
import { setupApi } from './harness';

/** Issue 9's low findings that no other file holds: each answered as a user would expect, never 500. */
const api = setupApi();
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

describe('low findings', () => {
  test('a field with a declared default may be left out: POST /api/specialist without status is stored as active', async () => {
    const r = await api.call('superadmin', 'POST', '/api/specialist', { name: `Geriatrics ${Date.now()}` });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.status).toBe('active');
  });

  test('ids in an id array must exist: 400 naming the member, nothing stored', async () => {
    const doctors = getEntity('doctor');
    const before = await api.count(doctors);
    const p = await api.payload(doctors);
    const r = await api.call('superadmin', 'POST', '/api/doctor', { ...p, languages: [99_999_999] });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'languages.0', code: 'not_found' });
    expect(await api.count(doctors)).toBe(before);
  });

  test('a body of 90,000 unknown keys gets a short 400, not a 6.7 MB answer', async () => {
    const body = Object.fromEntries(Array.from({ length: 90_000 }, (_, i) => [`k${i}`, 1]));
    const r = await api.call('superadmin', 'PUT', '/api/me/prefs', body);
    expect([400, 413]).toContain(r.status);
    expect(r.text.length).toBeLessThan(10_000);
  });

  test('ids above 2^31 − 1, a cursor of the wrong type and a bad %-escape are 400/404, never 500', async () => {
    expect((await api.call('superadmin', 'GET', '/api/doctor?filter[qualification]=99999999999')).status).toBe(400);
    expect((await api.call('superadmin', 'GET', '/api/specialist?sort=createdAt:asc&cursor=["yesterday",1]')).status).toBe(400);
    expect((await api.call('superadmin', 'GET', '/api/specialist/99999999999')).status).toBe(404);
    expect((await api.app.request('/content/%E0%A4%A', { headers: { authorization: `Bearer ${api.tokens.admin}` } })).status).toBe(404);
  });

  test('a database error is logged without its parameters (a password hash once among them)', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // A statement that fails inside a request: the log line names the error, never the values it carried.
      await sql`create or replace function log_test_boom() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`.execute(api.db);
      await sql`create trigger boom before insert on department for each row execute function log_test_boom()`.execute(api.db).catch(() => undefined);
      const secret = 'PARAM-SHOULD-NOT-BE-LOGGED';
      const r = await api.call('superadmin', 'POST', '/api/department', { name: secret, code: 'DPT-LOG', status: 'active' });
      expect(r.status).toBeGreaterThanOrEqual(400);
      for (const call of spy.mock.calls) expect(call.map(String).join(' ')).not.toContain(secret);
    } finally {
      spy.mockRestore();
      await sql`drop trigger if exists boom on department`.execute(api.db);
      await sql`drop function if exists log_test_boom()`.execute(api.db);
    }
  });

  test('a sign-up notice is shown to who may activate accounts, not to every role', async () => {
    const r = await api.call('anonymous', 'POST', '/api/auth/signup', { firstName: 'Ravi', lastName: 'Menon', email: `ravi.${Date.now()}@example.in`, role: 'railway', password: 'a-quite-unusual-passphrase' });
    expect(r.status).toBe(202);
    const types = async (who: 'admin' | 'railway') => (await api.call(who, 'GET', '/api/notification/admin')).body.data.map((n: { noteType: string }) => n.noteType);
    expect(await types('admin')).toContain('signup');
    expect(await types('railway')).not.toContain('signup');
  });

  test('uploads have a daily quota per user; the store is for signed-in staff only', async () => {
    let last = 0;
    for (let i = 0; i <= DAILY_UPLOAD_FILES; i++) {
      const r = await api.call('admin', 'POST', '/api/upload', PNG, { 'content-type': 'image/png' });
      last = r.status;
      if (r.status !== 201) break;
    }
    expect(last).toBe(429);
    const mine = await api.call('superadmin', 'POST', '/api/upload', PNG, { 'content-type': 'image/png' });
    expect(mine.status).toBe(201);
    expect((await api.app.request(`/${mine.body.data.path}`)).status).toBe(404);
  });

  test('HSTS is sent', async () => {
    const r = await api.call('anonymous', 'GET', '/api/auth/config');
    expect(r.headers.get('strict-transport-security')).toContain('max-age=');
  });
});
