import { describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { can, canPickFrom, ENTITIES, getEntity, MIN_BLIND_PICK, ROLES, type Role } from '../../src/registry';
import { BLIND_PICK_WINDOW_MINUTES, MAX_BLIND_PICKS } from '../../src/server/auth/rate-limit';
import { PASSWORD, setupApi } from './harness';

/**
 * Issue 9, High findings. 1: an admin could make a superadmin, take one over (new password) or disable one.
 * 2: doctor, fmc and railway read every patient through the picker (`?ids=` pages the table) and slot bookings.
 */
const api = setupApi();
const staff = getEntity('admin-user');
const login = (email: string, password: string) => api.call('anonymous', 'POST', '/api/adminUser/login', { email, password });
const roleId = async (key: string) => (await sql<{ id: number }>`select id from role where key = ${key}`.execute(api.db)).rows[0].id;
let n = 0;
const account = async (role: string) => ({
  firstName: 'Kiran', lastName: `Test${++n}`, email: `field-rules-${n}@example.in`, role: await roleId(role), status: 'active', password: 'a-long-enough-password',
});

describe('only a superadmin gives the superadmin role or touches a superadmin account (FIELD_RULES)', () => {
  test('admin: POST with the superadmin role → 403 on role, nothing stored; superadmin may', async () => {
    const before = await api.count(staff);
    const refused = await api.call('admin', 'POST', '/api/admin-user', await account('superadmin'));
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ field: 'role', code: 'reserved' });
    expect(await api.count(staff)).toBe(before);
    const made = await api.call('superadmin', 'POST', '/api/admin-user', await account('superadmin'));
    expect(made.status, made.text).toBe(201);
  });

  test('admin: a superadmin account cannot be given a password, disabled, demoted or deleted', async () => {
    const id = api.userIds.superadmin;
    const current = (await api.call('admin', 'GET', `/api/admin-user/${id}`)).body.data;
    const { firstName, lastName, email, phone, role, avatar, status, version } = current;
    const base = { firstName, lastName, email, phone, role, avatar, status, version };
    for (const change of [{ password: 'taken-over-password' }, { status: 'disabled' }, { role: await roleId('admin') }, { firstName: 'Renamed' }]) {
      const r = await api.call('admin', 'PUT', `/api/admin-user/${id}`, { ...base, ...change });
      expect(r.status, JSON.stringify(change)).toBe(403);
      expect(r.body.errors[0].code).toBe('reserved');
    }
    expect((await api.call('admin', 'DELETE', `/api/admin-user/${id}`)).status).toBe(403);
    expect((await login('superadmin@demo.test', 'taken-over-password')).status).toBe(401);
    expect((await api.call('superadmin', 'GET', '/api/adminUser/validate/authToken')).status).toBe(200);
    const after = (await api.call('superadmin', 'GET', `/api/admin-user/${id}`)).body.data;
    expect(after).toMatchObject({ firstName, status: 'active', role, version });
  });

  test('admin: promoting an account to superadmin → 403; other accounts stay the admin\'s to manage', async () => {
    const made = await api.call('admin', 'POST', '/api/admin-user', await account('doctor'));
    expect(made.status, made.text).toBe(201);
    const rec = made.body.data;
    const promote = await api.call('admin', 'PUT', `/api/admin-user/${rec.id}`, { ...pick(rec), role: await roleId('superadmin'), version: rec.version });
    expect(promote.status).toBe(403);
    const rename = await api.call('admin', 'PUT', `/api/admin-user/${rec.id}`, { ...pick(rec), lastName: 'Renamed', version: rec.version });
    expect(rename.status, rename.text).toBe(200);
  });

  test('the role picker offers the superadmin role to a superadmin only', async () => {
    const titles = async (who: Role) => (await api.call(who, 'GET', '/api/roles/options?limit=50')).body.data.map((o: { title: string }) => o.title);
    expect(await titles('superadmin')).toHaveLength(5);
    expect(await titles('admin')).toHaveLength(4);
    expect((await titles('admin')).join()).not.toMatch(/super/i);
  });
});

function pick(rec: Record<string, unknown>) {
  const { firstName, lastName, email, phone, role, avatar, status } = rec;
  return { firstName, lastName, email, phone, role, avatar, status };
}

describe('a password change ends every other session of the user', () => {
  test('set by an admin: the user\'s sessions end; the admin\'s own session goes on', async () => {
    const made = await api.call('admin', 'POST', '/api/admin-user', await account('fmc'));
    const rec = made.body.data;
    const signed = await login(rec.email, 'a-long-enough-password');
    expect(signed.status).toBe(200);
    const token = signed.body.data.token;
    const r = await api.call('admin', 'PUT', `/api/admin-user/${rec.id}`, { ...pick(rec), password: 'another-long-password', version: rec.version });
    expect(r.status, r.text).toBe(200);
    expect((await api.call({ token }, 'GET', '/api/adminUser/validate/authToken')).body.errors[0].expired).toBe(true);
    expect((await api.call('admin', 'GET', '/api/adminUser/validate/authToken')).status).toBe(200);
  });

  test('set on one\'s own account: the other sessions end, the acting one stays', async () => {
    const other = await api.newSession('admin');
    const me = (await api.call('admin', 'GET', `/api/admin-user/${api.userIds.admin}`)).body.data;
    const r = await api.call('admin', 'PUT', `/api/admin-user/${me.id}`, { ...pick(me), password: PASSWORD, version: me.version });
    expect(r.status, r.text).toBe(200);
    expect((await api.call({ token: other }, 'GET', '/api/adminUser/validate/authToken')).status).toBe(401);
    expect((await api.call('admin', 'GET', '/api/adminUser/validate/authToken')).status).toBe(200);
  });
});

describe('pickers for callers who may not list the target: titles only, three characters, never by ids', () => {
  const blind = ENTITIES.flatMap((e) => ROLES.filter((r) => canPickFrom(r, e.name) && !can(r, e.name, 'list')).map((r) => [e.name, r] as const));

  test('there are such pairs (patients for doctor, fmc and railway among them)', () => {
    for (const r of ['doctor', 'fmc', 'railway'] as const) expect(blind).toContainEqual(['patients', r]);
  });

  test.each(blind)('%s for %s', async (entity, role) => {
    const def = getEntity(entity);
    const made = await api.insert(def);
    expect(made).toBeTruthy();
    const base = `/api/${def.api}/options`;
    expect((await api.call(role, 'GET', base)).status).toBe(400);
    expect((await api.call(role, 'GET', `${base}?q=${'a'.repeat(MIN_BLIND_PICK - 1)}`)).status).toBe(400);
    for (const ids of [`${made!.id}`, '1,2,3', '']) expect((await api.call(role, 'GET', `${base}?ids=${ids}`)).status, `ids=${ids}`).toBe(403);
    expect((await api.call(role, 'GET', `${base}?q=abcdef&ids=${made!.id}`)).status).toBe(403);
    const title = String((await api.call('superadmin', 'GET', `/api/${def.api}/options?ids=${made!.id}`)).body.data[0].title);
    const term = title.replace(/\s+/g, ' ').slice(0, 5);
    const r = await api.call(role, 'GET', `${base}?q=${encodeURIComponent(term)}&limit=100`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.length).toBeLessThanOrEqual(20);
    for (const o of r.body.data) expect(o.subtitle).toBe('');
  });

  test('patients: a doctor gets names for three letters, never phone or email', async () => {
    const p = await api.insert(getEntity('patients'));
    const r = await api.call('doctor', 'GET', `/api/patients/options?q=${encodeURIComponent(String(p!.firstName).slice(0, 3))}`);
    expect(r.status).toBe(200);
    expect(r.text).not.toContain(String(p!.phone));
    expect(r.body.data.some((o: { id: number }) => o.id === p!.id) || r.body.data.length === 20).toBe(true);
  });

  test.each(blind)('%s for %s: the term is matched against the title alone, never the rest of the search text', async (entity, role) => {
    const def = getEntity(entity);
    const made = (await api.insert(def))!;
    const title = String((await api.call('superadmin', 'GET', `/api/${def.api}/options?ids=${made.id}`)).body.data[0].title);
    // Every searchable value that is not part of the title (a phone, an e-mail address, a code) finds nothing.
    for (const [k, fd] of Object.entries(def.fields)) {
      if (!fd.searchable || def.titleFields.includes(k) || typeof made[k] !== 'string' || String(made[k]).length < MIN_BLIND_PICK) continue;
      const value = String(made[k]);
      if (title.toLowerCase().includes(value.toLowerCase())) continue;
      const r = await api.call(role, 'GET', `/api/${def.api}/options?q=${encodeURIComponent(value)}`);
      expect(r.status, r.text).toBe(200);
      expect(r.body.data.map((o: { id: number }) => o.id), `${entity}.${k} = ${value} for ${role}`).not.toContain(made.id);
    }
    const byTitle = await api.call(role, 'GET', `/api/${def.api}/options?q=${encodeURIComponent(title.slice(0, 12))}`);
    expect(byTitle.body.data.map((o: { id: number }) => o.id)).toContain(made.id);
  });

  test('the digit walk of a phone number after a name finds nothing, at any length', async () => {
    const p = (await api.insert(getEntity('patients')))!;
    const phone = String(p.phone);
    for (let n = 1; n <= phone.length; n += 3) {
      const q = `${String(p.lastName)} ${phone.slice(0, n)}`;
      const r = await api.call('railway', 'GET', `/api/patients/options?q=${encodeURIComponent(q)}`);
      expect(r.body.data, q).toEqual([]);
    }
    const r = await api.call('railway', 'GET', `/api/patients/options?q=${encodeURIComponent(phone)}`);
    expect(r.body.data).toEqual([]);
  });

  test('a picker read of patients is audited: one row per patient shown, with the term', async () => {
    const p = (await api.insert(getEntity('patients')))!;
    for (const role of ['admin', 'railway'] as const) {
      const q = String(p.lastName);
      const r = await api.call(role, 'GET', `/api/patients/options?q=${encodeURIComponent(q)}`);
      const shown = r.body.data.map((o: { id: number }) => o.id);
      expect(shown).toContain(p.id);
      const rows = await sql<{ record_id: number; changes: { q: string } }>`select record_id, changes from audit_log
        where actor_id = ${api.userIds[role]} and action = 'read_pick' and entity = 'patients' and changes->>'q' = ${q}`.execute(api.db);
      expect(rows.rows.map((x) => Number(x.record_id)).sort()).toEqual([...shown].sort());
    }
  });

  test(`a user who may not list the target is held to a number of searches (429 past them); a lister is not`, async () => {
    await sql`delete from login_attempt where key like 'pick:%'`.execute(api.db);
    try {
      const search = (role: Role) => api.call(role, 'GET', '/api/patients/options?q=abcd');
      for (let i = 0; i < MAX_BLIND_PICKS; i++) expect((await search('railway')).status).toBe(200);
      const refused = await search('railway');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(BLIND_PICK_WINDOW_MINUTES * 60));
      expect((await search('fmc')).status).toBe(200);
      for (let i = 0; i <= MAX_BLIND_PICKS; i++) expect((await search('admin')).status).toBe(200);
    } finally {
      await sql`delete from login_attempt where key like 'pick:%'`.execute(api.db);
    }
  });
});

describe('slot bookings name the patient only to roles that may read patients', () => {
  test('fmc sees the booking by number; superadmin by name', async () => {
    const slots = getEntity('fmcslots');
    const created = await api.call('superadmin', 'POST', `/api/${slots.api}`, { ...(await api.payload(slots)), date: '2031-02-03', capacity: 3, status: 'open' });
    const p = await api.insert(getEntity('patients'));
    expect((await api.call('superadmin', 'POST', `/api/${slots.api}/${created.body.data.id}/book`, { patient: p!.id })).status).toBe(201);
    const asSa = await api.call('superadmin', 'GET', `/api/${slots.api}/${created.body.data.id}/bookings`);
    expect(asSa.body.data[0].label).toContain(String(p!.firstName));
    const asFmc = await api.call('fmc', 'GET', `/api/${slots.api}/${created.body.data.id}/bookings`);
    expect(asFmc.status).toBe(200);
    expect(asFmc.body.data[0]).toMatchObject({ patient: p!.id, label: `#${p!.id}` });
    expect(asFmc.text).not.toContain(String(p!.lastName));
  });
});
