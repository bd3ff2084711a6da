import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { can, canReadRecord, ENTITIES, getEntity, referrersOf, ROLES, type Role } from '../../src/registry';
import { createSession } from '../../src/server/auth/sessions';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { setupApi } from './harness';

/** Issue 19's review, its low findings: each answered as a careful reviewer would expect. */
const api = setupApi();
const PDF = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a]);

describe('a refused delete names only the records the caller may read, and counts the rest', () => {
  const pairs = ENTITIES.flatMap((target) => referrersOf(target.name)
    // An assignee is someone who may open the record (a superadmin, for a ticket), made by the test only as such.
    .filter((r) => !r.itemField && !r.many && !r.entity.fields[r.field].detach && !r.entity.fields[r.field].assigned)
    .flatMap((r) => ROLES.filter((role) => can(role, target.name, 'delete') && !canReadRecord(role, r.entity.name)).map((role) => ({ target, r, role }))));

  test('there are such cases (a city an admin may delete, used by a kiosk only the superadmin reads)', () => {
    expect(pairs.map((p) => `${p.role} ${p.target.name} <- ${p.r.entity.name}`)).toContain('admin city <- atm');
  });

  test.each(pairs.map((p) => [`${p.role} deletes ${p.target.name} used by ${p.r.entity.name}.${p.r.field}`, p] as const))('%s', async (_, { target, r, role }) => {
    const made = await api.insert(target);
    if (!made) return;
    const payload = await api.payload(r.entity);
    if (!payload) return;
    const user = await createRecord(api.db, r.entity, { ...payload, [r.field]: made.id }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const del = await api.call(role, 'DELETE', `/api/${target.api}/${made.id}`);
    expect(del.status, del.text).toBe(409);
    const message = String(del.body.errors[0].message);
    expect(message).toContain('other record');
    expect(message).not.toContain(`${r.entity.name} (`);
    const title = r.entity.titleFields.map((k) => user[k]).filter(Boolean).join(' ');
    if (title) expect(message).not.toContain(title);
  });

  test('a reader sees the records named', async () => {
    const made = (await api.insert(getEntity('city')))!;
    const atm = getEntity('atm');
    await createRecord(api.db, atm, { ...(await api.payload(atm))!, city: made.id }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const del = await api.call('superadmin', 'DELETE', `/api/city/${made.id}`);
    expect(del.status).toBe(409);
    expect(del.body.errors[0].message).toContain('atm (');
    expect(del.body.errors[0].message).not.toContain('other record');
  });
});

describe('image addresses in rich text are read as a browser reads them before their origin is checked', () => {
  test.each(['/\\\\evil.example/beacon.png', ' https://evil.example/beacon.png', '\thttps://evil.example/x.png', '//evil.example/x.png', 'HTTPS://evil.example/x.png'])('%j is dropped', async (src) => {
    const r = await api.call('superadmin', 'POST', '/api/faq', { question: `Where ${Math.random()}?`, answer: `<p>Hi <img src="${src}" alt="x"></p>` });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.answer).not.toContain('evil.example');
  });

  test('an image of the console\'s own store stays', async () => {
    const r = await api.call('superadmin', 'POST', '/api/faq', { question: `Where ${Math.random()}?`, answer: '<p><img src="content/uploads/2026/a.png" alt="a"></p>' });
    expect(r.body.data.answer).toContain('content/uploads/2026/a.png');
  });
});

describe('home figures count only the caller\'s centres for doctor and fmc', () => {
  test('another centre\'s records are not counted', async () => {
    const fmc = getEntity('fmc');
    const other = (await createRecord(api.db, fmc, (await api.payload(fmc))!, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN }))!;
    const slots = getEntity('fmcslots');
    const figure = async (role: Role, entity: string) => (await api.call(role, 'GET', '/api/home')).body.data.figures.find((x: { entity: string }) => x.entity === entity)?.count;
    const before = { fmc: await figure('fmc', 'fmcslots'), superadmin: await figure('superadmin', 'fmcslots') };
    for (let i = 0; i < 3; i++) await createRecord(api.db, slots, { ...(await api.payload(slots))!, fmc: other.id }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    expect(await figure('superadmin', 'fmcslots')).toBe(before.superadmin + 3);
    expect(await figure('fmc', 'fmcslots')).toBe(before.fmc);
    expect(await figure('doctor', 'fmcslots')).toBe(before.fmc);
    expect(await figure('fmc', 'fmc')).toBe((await api.call('fmc', 'GET', '/api/fmc?limit=100')).body.total);
  });
});

describe('names and titles refuse bidi overrides and zero-width characters', () => {
  test.each(['\u202E', '\u202A', '\u2066', '\u2069', '\u200B', '\u200D', '\u200F'])('U+%s', async (ch) => {
    const code = ch.codePointAt(0)!.toString(16).toUpperCase();
    const doctor = await api.payload(getEntity('doctor'));
    const r = await api.call('admin', 'POST', '/api/doctor', { ...doctor, lastName: `Sharma${ch}gnp` });
    expect(r.status, `U+${code}`).toBe(400);
    expect(r.body.errors[0].field).toBe('lastName');
    const sp = await api.call('admin', 'POST', '/api/specialist', { name: `Neuro${ch}logy` });
    expect(sp.status).toBe(400);
    const signup = await api.call('anonymous', 'POST', '/api/auth/signup', { firstName: `Ravi${ch}`, lastName: 'Menon', email: `ravi.${code}@example.in`, role: 'railway', password: 'a-quite-unusual-passphrase' });
    expect(signup.status).toBe(400);
  });

  test('other text (a description) may hold them: only names and titles are checked', async () => {
    const r = await api.call('admin', 'POST', '/api/specialist', { name: `Plain ${Math.random()}`, description: 'a\u200Bb' });
    expect(r.status, r.text).toBe(201);
  });
});

describe('sessions: an idle timeout, a list of mine, sign out everywhere', () => {
  test('idle for 30 minutes by default', () => {
    expect(api.config.sessionIdleMinutes).toBe(30);
  });

  test('the list holds my live sessions, marks this one, and ends one or all', async () => {
    // An account of its own, so that ending all its sessions ends no other test's.
    const staff = getEntity('admin-user');
    const role = (await sql<{ id: number }>`select id from role where key = 'railway'`.execute(api.db)).rows[0].id;
    const user = await createRecord(api.db, staff, { firstName: 'Session', lastName: 'Tester', email: 'sessions@example.in', role, status: 'active', password: 'a-long-enough-password' }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const other = (await createSession(api.db, api.config, Number(user.id), { userAgent: 'Firefox on a shared computer' })).token;
    const me = (await createSession(api.db, api.config, Number(user.id))).token;
    const list = await api.call({ token: me }, 'GET', '/api/me/sessions');
    expect(list.status).toBe(200);
    const rows = list.body.data as { id: number; current: boolean }[];
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const otherRow = rows.find((r) => !r.current)!;
    // Another user's session is not mine to end.
    expect((await api.call('fmc', 'DELETE', `/api/me/sessions/${otherRow.id}`)).status).toBe(404);
    expect((await api.call({ token: me }, 'DELETE', `/api/me/sessions/${otherRow.id}`)).status).toBe(200);
    expect((await api.call({ token: me }, 'GET', '/api/me/sessions')).body.data.map((r: { id: number }) => r.id)).not.toContain(otherRow.id);
    const all = await api.call({ token: me }, 'POST', '/api/me/sessions/end-all');
    expect(all.body.data.ended).toBeGreaterThanOrEqual(1);
    expect((await api.call({ token: me }, 'GET', '/api/me/sessions')).status).toBe(401);
    expect((await api.call({ token: other }, 'GET', '/api/adminUser/validate/authToken')).status).toBe(401);
  });
});

describe('uploads and the documents they hold', () => {
  const upload = (role: Role) => api.call(role, 'POST', '/api/upload', PDF, { 'content-type': 'application/pdf' });

  test('only roles that write a record with a file or image may upload', async () => {
    for (const role of ROLES) {
      const r = await upload(role);
      const allowed = ENTITIES.some((e) => Object.values(e.fields).some((fd) => fd.kind === 'image' || fd.kind === 'file' || Object.values(fd.item ?? {}).some((i) => i.kind === 'file' || i.kind === 'image')) && (can(role, e.name, 'add') || can(role, e.name, 'edit')));
      expect(r.status, role).toBe(allowed ? 201 : 403);
    }
    expect((await upload('railway')).status).toBe(403);
  });

  test('a verification document is read only by roles that may read its request', async () => {
    const file = (await upload('superadmin')).body.data.path as string;
    const def = getEntity('requestVerification');
    const payload = (await api.payload(def))!;
    await createRecord(api.db, def, { ...payload, documents: [{ title: 'Registration certificate', file }] }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    for (const role of ROLES) {
      const r = await api.app.request(`/${file}`, { headers: { authorization: `Bearer ${api.tokens[role]}` } });
      expect(r.status, role).toBe(canReadRecord(role, def.name) ? 200 : 404);
    }
    // A file no such record holds is served to any signed-in user, as before.
    const free = (await upload('superadmin')).body.data.path as string;
    expect((await api.app.request(`/${free}`, { headers: { authorization: `Bearer ${api.tokens.fmc}` } })).status).toBe(200);
  });
});

describe('record ids are read strictly', () => {
  test.each(['0x24', '36e0', '+36', '036', ' 36', '36.0', '3_6'])('%j answers 404 on every route that takes an id', async (raw) => {
    const made = (await api.insert(getEntity('speciality')))!;
    const id = encodeURIComponent(raw.replace('36', String(made.id)));
    expect((await api.call('admin', 'GET', `/api/specialist/${id}`)).status).toBe(404);
    expect((await api.call('admin', 'GET', `/api/specialist/${made.id}`)).status).toBe(200);
    expect((await api.call('superadmin', 'GET', `/api/invoices/${id}/pdf`)).status).toBe(404);
    expect((await api.call('superadmin', 'GET', `/api/patients/${id}/timeline`)).status).toBe(404);
    expect((await api.call('superadmin', 'GET', `/api/fmcslots/${id}/bookings`)).status).toBe(404);
  });
});

test('every answer carries a Permissions-Policy that turns off what the console never uses', async () => {
  const r = await api.call('anonymous', 'GET', '/api/auth/config');
  expect(r.headers.get('permissions-policy')).toContain('camera=()');
  expect(r.headers.get('permissions-policy')).toContain('geolocation=()');
});

