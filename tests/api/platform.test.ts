import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { can, canReadRecord, getEntity, ROLES, type Role } from '../../src/registry';
import { matchingIds } from '../../src/server/search';
import { fieldsOf, setupApi, type Reply } from './harness';

/** Cross-cutting calls and guarantees: security headers, limits, notifications, push token, search, upload. */
const api = setupApi();
const speciality = getEntity('speciality');
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

function csp(r: Reply): Record<string, string[]> {
  const header = r.headers.get('content-security-policy') ?? '';
  return Object.fromEntries(header.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values]));
}

describe('security headers', () => {
  const requests: [string, () => Promise<Reply>][] = [
    ['an API list', () => api.call('superadmin', 'GET', '/api/specialist')],
    ['an API 404', () => api.call('superadmin', 'GET', '/api/no-such-call')],
    ['an API 401', () => api.call('anonymous', 'GET', '/api/specialist')],
    ['an API 403', () => api.call('railway', 'GET', '/api/specialist')],
    ['an API 400', () => api.call('superadmin', 'POST', '/api/specialist', {})],
    ['the sign-in call', () => api.call('anonymous', 'POST', '/api/adminUser/login', {})],
    ['the console page', () => api.call('anonymous', 'GET', '/dashboard/speciality')],
  ];

  test.each(requests)('%s', async (_, send) => {
    const r = await send();
    const policy = csp(r);
    expect(policy['script-src']).toContain("'self'");
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    // Frames: the console's own pages and the blob: documents its script makes (a verification's PDF), nothing else.
    expect(policy['frame-src']).toEqual(["'self'", 'blob:']);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('referrer-policy')).toBeTruthy();
    if (r.status >= 400 && r.headers.get('content-type')?.includes('json')) expect(r.body.errors[0].message).toEqual(expect.any(String));
  });

  test.each(requests.slice(0, 6))('%s is never cached', async (_, send) => {
    expect((await send()).headers.get('cache-control')).toBe('no-store');
  });
});

describe('limits and unknown calls', () => {
  test('a body over 1 MB → 413, nothing stored', async () => {
    const before = await api.count(speciality);
    const body = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), status: 'active' });
    const r = await api.call('superadmin', 'POST', '/api/specialist', body);
    expect(r.status).toBe(413);
    expect(r.body.errors[0].code).toBe('too_large');
    const declared = await api.call('superadmin', 'POST', '/api/specialist', body, { 'content-length': String(body.length) });
    expect(declared.status).toBe(413);
    expect(await api.count(speciality)).toBe(before);
  });

  test.each(['/api/no-such-call', '/api/specialist/1/extra', '/api/adminUser'])('%s → 404 JSON errors', async (url) => {
    const r = await api.call('admin', 'GET', url);
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(r.body).toEqual({ errors: [{ message: expect.any(String), code: 'not_found' }] });
  });

  test('an unknown call without a token → 401, so nothing is learnt about calls', async () => {
    expect((await api.call('anonymous', 'GET', '/api/no-such-call')).status).toBe(401);
  });
});

describe('GET /api/notification/admin', () => {
  test("the caller's own inbox items, as { _id, noteType, title } (inbox.test.ts holds the rest)", async () => {
    await sql`insert into inbox_item (user_id, kind, params) values
      (${api.userIds.superadmin}, 'worklist', '{"worklist": "doctorInCompleteProfile", "count": 4}'), (${api.userIds.superadmin}, 'signup', '{"record": 1, "name": "Asha Rao", "role": "fmc"}'),
      (${api.userIds.admin}, 'signup', '{"record": 1, "name": "Vikram Shah", "role": "fmc"}')`.execute(api.db);
    const r = await api.call('superadmin', 'GET', '/api/notification/admin');
    expect(r.status).toBe(200);
    expect(r.body.data.map((n: { title: string }) => n.title).sort()).toEqual(['Asha Rao asks for a staff account (FMC staff)', 'Doctors: incomplete profile (4)']);
    for (const n of r.body.data) expect(n).toMatchObject({ _id: expect.any(String), noteType: expect.any(String), title: expect.any(String) });
    expect(r.body.data.find((n: { count: number | null }) => n.count === 4).noteType).toBe('doctorInCompleteProfile');
    expect((await api.call('anonymous', 'GET', '/api/notification/admin')).status).toBe(401);
  });
});

describe('POST /api/fcmToken/:userId', () => {
  const body = (userId: number, extra: Record<string, unknown> = {}) => ({ token: { userId, userType: 'admin', device_token: 'device-token-123456', device_type: 'web', ...extra } });

  test('registers the caller’s own devices: { data: { fcmToken: { token } } }; a device is its last user\'s', async () => {
    const me = api.userIds.doctor;
    const r = await api.call('doctor', 'POST', `/api/fcmToken/${me}`, body(me));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { fcmToken: { token: 'device-token-123456' } } });
    const again = await api.call('doctor', 'POST', `/api/fcmToken/${me}`, body(me, { device_token: 'device-token-654321' }));
    expect(again.body.data.fcmToken.token).toBe('device-token-654321');
    const tokens = async (user: number) => (await api.db.selectFrom('fcm_token').select(['device_token']).where('user_id', '=', user).orderBy('device_token').execute()).map((t) => t.device_token);
    expect(await tokens(me)).toEqual(['device-token-123456', 'device-token-654321']);
    // Another user signs in on the first browser: its pushes are theirs now, never the doctor's.
    const railway = api.userIds.railway;
    expect((await api.call('railway', 'POST', `/api/fcmToken/${railway}`, body(railway))).status).toBe(200);
    expect(await tokens(me)).toEqual(['device-token-654321']);
    expect(await tokens(railway)).toEqual(['device-token-123456']);
  });

  test('another user’s id → 404 (a cross-account probe); a token naming someone else → 400; a bad payload → 400 naming fields', async () => {
    const me = api.userIds.fmc;
    const other = api.userIds.admin;
    expect((await api.call('fmc', 'POST', `/api/fcmToken/${other}`, body(other))).status).toBe(404);
    const mismatch = await api.call('fmc', 'POST', `/api/fcmToken/${me}`, body(other));
    expect(mismatch.status).toBe(400);
    expect(fieldsOf(mismatch)).toEqual(['token.userId']);
    const bad = await api.call('fmc', 'POST', `/api/fcmToken/${me}`, body(me, { userType: 'patient', device_type: 'ios', extra: 1 }));
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['token.device_type', 'token.extra', 'token.userType']);
    expect(await api.db.selectFrom('fcm_token').select('user_id').where('user_id', 'in', [me, other]).execute()).toEqual([]);
    expect((await api.call('anonymous', 'POST', `/api/fcmToken/${me}`, body(me))).status).toBe(401);
  });
});

describe('GET /api/search', () => {
  const search = async (role: Role, q: string) => {
    const r = await api.call(role, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
    expect(r.status).toBe(200);
    return r.body.data as { entity: string; id: number; title: string; subtitle: string }[];
  };

  test('finds seeded records for a role that may read them', async () => {
    const hits = await search('superadmin', 'cardio');
    // With the parts the client says it by (registry/hit-parts.ts): a speciality's own name and description.
    expect(hits).toContainEqual({ entity: 'speciality', id: expect.any(Number), title: 'Cardiology', subtitle: expect.any(String), parts: { values: expect.objectContaining({ name: 'Cardiology' }), labels: {} } });
    const staff = await search('superadmin', 'demo.test');
    expect(staff.filter((h) => h.entity === 'admin-user').length).toBe(ROLES.length);
  });

  test('railway gets no admin-user or speciality hits', async () => {
    for (const q of ['cardio', 'demo.test', 'a']) {
      expect((await search('railway', q)).filter((h) => ['admin-user', 'speciality'].includes(h.entity)), q).toEqual([]);
    }
  });

  test.each(ROLES)('%s only gets hits of entities it may read', async (role) => {
    for (const q of ['a', 'e', 'demo']) {
      for (const h of await search(role, q)) expect(canReadRecord(role, h.entity) || can(role, h.entity, 'list'), `${q}: ${h.entity}`).toBe(true);
    }
  });

  test('empty and wildcard-only queries find nothing; a long one → 400', async () => {
    expect(await search('superadmin', '')).toEqual([]);
    for (const q of ['%_%', '.*', '(', '\\', '[a']) expect(await search('superadmin', q), q).toEqual([]);
    expect((await api.call('superadmin', 'GET', `/api/search?q=${'x'.repeat(101)}`)).status).toBe(400);
  });
});

describe('POST /api/upload', () => {
  test('accepts a PNG by its first bytes and serves it back from the content store', async () => {
    const r = await api.call('admin', 'POST', '/api/upload', PNG, { 'content-type': 'image/png' });
    expect(r.status).toBe(201);
    expect(r.body.data).toEqual({ path: expect.stringMatching(/^content\/uploads\/\d{4}\/[0-9a-f]{24}\.png$/), type: 'image/png', size: PNG.length });
    // Only for signed-in staff: without a session it is not found; with the header or the console's cookie it is served.
    expect((await api.app.request(`/${r.body.data.path}`)).status).toBe(404);
    expect((await api.app.request(`/${r.body.data.path}`, { headers: { cookie: `console_content=${api.tokens.railway}` } })).status).toBe(200);
    const file = await api.app.request(`/${r.body.data.path}`, { headers: { authorization: `Bearer ${api.tokens.admin}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
  });

  test('refuses HTML, even labelled as an image; empty and anonymous uploads too', async () => {
    const html = await api.call('admin', 'POST', '/api/upload', '<html><script>alert(1)</script></html>', { 'content-type': 'image/png' });
    expect(html.status).toBe(400);
    expect(fieldsOf(html)).toEqual(['file']);
    expect((await api.call('admin', 'POST', '/api/upload', new Uint8Array(0), { 'content-type': 'image/png' })).status).toBe(400);
    expect((await api.call('anonymous', 'POST', '/api/upload', PNG, { 'content-type': 'image/png' })).status).toBe(401);
  });

  test('a file over 2 MB → 413', async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    expect((await api.call('admin', 'POST', '/api/upload', big, { 'content-type': 'image/png' })).status).toBe(413);
  });

  test('the content store does not serve files outside it', async () => {
    for (const url of ['/content/..%2f..%2fetc%2fpasswd', '/content/uploads/nothing.png']) expect((await api.app.request(url)).status, url).toBe(404);
  });
});

describe('POST /api/specialist (spec §7)', () => {
  test('a bad payload → 400 naming each bad field; nothing stored, nothing indexed', async () => {
    const before = await api.count(speciality);
    const indexed = async () => Number((await sql<{ n: number }>`select count(*)::int as n from search_index where entity = 'speciality'`.execute(api.db)).rows[0].n);
    const searchRows = await indexed();
    const r = await api.call('admin', 'POST', '/api/specialist', { name: '  ', status: 'maybe', sortOrder: -1, icon: 'javascript:alert(1)', colour: 'red' });
    expect(r.status).toBe(400);
    expect(fieldsOf(r).sort()).toEqual(['colour', 'icon', 'name', 'sortOrder', 'status']);
    expect(await api.count(speciality)).toBe(before);
    expect(await indexed()).toBe(searchRows);
  });

  test('a valid one → 201, listed and found', async () => {
    const r = await api.call('admin', 'POST', '/api/specialist', { name: 'Rheumatology', status: 'active', sortOrder: 5 });
    expect(r.status).toBe(201);
    const list = await api.call('admin', 'GET', '/api/specialist?q=rheuma');
    expect(list.body.data.map((s: { id: number }) => s.id)).toEqual([r.body.data.id]);
    expect((await api.call('admin', 'GET', '/api/search?q=rheuma')).body.data[0]).toMatchObject({ entity: 'speciality', id: r.body.data.id });
  });

  test('matchingIds gives every id up to its cap, and null past it', async () => {
    const all = await matchingIds(api.db, 'state', 'a', 1_000);
    expect(all!.length).toBeGreaterThan(3);
    expect(await matchingIds(api.db, 'state', 'a', all!.length)).toHaveLength(all!.length);
    expect(await matchingIds(api.db, 'state', 'a', all!.length - 1)).toBeNull();
  });

  test('one or two letters find the start of a word, three or more find it anywhere (list, palette, picker)', async () => {
    const r = await api.call('admin', 'POST', '/api/specialist', { name: 'Zyxwology Qvantum', status: 'active', sortOrder: 6 });
    expect(r.status).toBe(201);
    const id = r.body.data.id;
    const found = async (q: string) => {
      const ids = async (path: string) => ((await api.call('admin', 'GET', path)).body.data as { id: number }[]).map((x) => x.id).includes(id);
      const where = [await ids(`/api/specialist?q=${q}`), await ids(`/api/search?q=${q}`), await ids(`/api/specialist/options?q=${q}`)];
      expect(new Set(where).size, `${q}: list, palette and picker agree`).toBe(1);
      return where[0];
    };
    for (const q of ['z', 'zy', 'QV', 'q']) expect(await found(q), q).toBe(true);
    for (const q of ['yx', 'vw', 'um']) expect(await found(q), q).toBe(false);
    for (const q of ['xwo', 'antum', 'ology q']) expect(await found(q), q).toBe(true);
  });
});
