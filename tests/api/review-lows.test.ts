import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { createSession } from '../../src/server/auth/sessions';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { addItems } from '../../src/server/inbox/store';
import { setupApi } from './harness';

/**
 * Issue 34's review lows, each as a user or an attacker would meet it. (A restore ends every session:
 * tests/api/backup.test.ts.)
 */
const api = setupApi();
let n = 0;

/** A staff account of `role` with centres, made by a superadmin as the console makes one; its own session. */
async function person(role: string, centres: number[]) {
  const roleId = (await api.db.selectFrom('role').select('id').where('key', '=', role).executeTakeFirstOrThrow()).id;
  const r = await api.call('superadmin', 'POST', '/api/admin-user', {
    firstName: 'Lows', lastName: `Person ${++n}`, email: `lows.${n}.${Date.now()}@demo.test`, role: roleId, status: 'active',
    password: 'a-quite-unusual-passphrase-7', centres,
  });
  expect(r.status, r.text).toBe(201);
  const id = r.body.data.id as number;
  return { id, token: (await createSession(api.db, api.config, id)).token };
}

/** Changes some of an account's fields as a superadmin does: PUT with the record's editable fields and its version. */
async function change(id: number, fields: Record<string, unknown>) {
  const { data } = (await api.call('superadmin', 'GET', `/api/admin-user/${id}`)).body;
  const r = await api.call('superadmin', 'PUT', `/api/admin-user/${id}`, {
    firstName: data.firstName, lastName: data.lastName, email: data.email, phone: data.phone, role: data.role, avatar: data.avatar,
    status: data.status, centres: data.centres, version: data.version, ...fields,
  });
  expect(r.status, r.text).toBe(200);
}

describe('the review\'s lows', () => {
  test('a person moved out of a centre no longer reads its tickets through /mine', async () => {
    const fmc = getEntity('fmc');
    const other = await createRecord(api.db, fmc, (await api.payload(fmc))!, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const staff = await person('fmc', [api.homeCentre, Number(other.id)]);
    const raised = await api.call({ token: staff.token }, 'POST', '/api/supportTicket', { subject: 'Kiosk screen flickers', description: 'Since Monday.', fmc: api.homeCentre, priority: 'low' });
    expect(raised.status, raised.text).toBe(201);
    const mine = async () => (await api.call({ token: staff.token }, 'GET', '/api/supportTicket/mine')).body.data.map((t: { id: number }) => t.id);
    expect(await mine()).toContain(raised.body.data.id);
    await change(staff.id, { centres: [Number(other.id)] });
    expect(await mine()).not.toContain(raised.body.data.id);
    await change(staff.id, { centres: [api.homeCentre] });
    expect(await mine()).toContain(raised.body.data.id);
  });

  test('inbox items whose source a role change takes away are not listed, counted or marked; they come back with the role', async () => {
    const admin = await person('admin', []);
    const [item] = await addItems(api.db, [{ userId: admin.id, kind: 'signup', params: { record: 1, name: 'Ravi Menon' }, actorId: null }]);
    const inbox = async () => (await api.call({ token: admin.token }, 'GET', '/api/me/notifications')).body;
    expect((await inbox()).data.map((i: { id: number }) => i.id)).toContain(item);
    const unreadBefore = (await inbox()).unread;

    const railway = (await api.db.selectFrom('role').select('id').where('key', '=', 'railway').executeTakeFirstOrThrow()).id;
    await change(admin.id, { role: railway });
    const after = await inbox();
    expect(after.data.map((i: { id: number }) => i.id)).not.toContain(item);
    expect(after.unread).toBe(unreadBefore - 1);
    expect((await api.call({ token: admin.token }, 'POST', `/api/me/notifications/${item}/read`)).status).toBe(404);
    expect((await api.call({ token: admin.token }, 'GET', '/api/notification/admin')).body.data.map((i: { _id: string }) => i._id)).not.toContain(String(item));

    const adminRole = (await api.db.selectFrom('role').select('id').where('key', '=', 'admin').executeTakeFirstOrThrow()).id;
    await change(admin.id, { role: adminRole });
    expect((await inbox()).data.map((i: { id: number }) => i.id)).toContain(item);
  });

  test('bidi controls are refused in saved-view names and ticket comments; the marks right-to-left text needs are not', async () => {
    for (const bad of ['Mine\u202Egnp.exe', 'a\u2066b\u2069', '\u202Ax']) {
      const view = await api.call('admin', 'POST', '/api/views', { name: bad, address: '/dashboard/doctor/list' });
      expect(view.status, bad).toBe(400);
      expect(view.body.errors[0]).toMatchObject({ field: 'name' });
    }
    const t = await api.call('fmc', 'POST', '/api/supportTicket', { subject: 'Printer', description: 'Jams.', fmc: api.homeCentre, priority: 'low' });
    expect(t.status, t.text).toBe(201);
    const comment = (text: string) => api.call('fmc', 'POST', `/api/supportTicket/${t.body.data.id}/comments`, { text });
    const refused = await comment('Fixed \u202Edexif ton\u202C, thanks');
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toMatch(/direction controls/);
    // Right-to-left and Indic text keep their marks and joiners.
    expect((await comment('شكرا\u200F ok, क्\u200Dष')).status).toBe(201);
  });

  test('who booked a slot is a read of those patients, in the audit trail', async () => {
    const slots = getEntity('fmcslots');
    const nextYear = `${new Date().getUTCFullYear() + 1}-03-02`;
    const made = await api.call('superadmin', 'POST', '/api/fmcslots', { ...(await api.payload(slots)), fmc: api.homeCentre, date: nextYear, startTime: '09:30', endTime: '10:00', capacity: 10, status: 'open' });
    expect(made.status, made.text).toBe(201);
    const slot = made.body.data;
    const patient = (await api.insert(getEntity('patients')))!;
    const booked = await api.call('fmc', 'POST', `/api/fmcslots/${slot.id}/book`, { patient: patient.id });
    expect(booked.status, booked.text).toBeLessThan(300);
    const r = await api.call('fmc', 'GET', `/api/fmcslots/${slot.id}/bookings`);
    expect(r.status).toBe(200);
    const rows = (await sql<{ action: string; patients: number[]; changes: { slot: number } }>`select action, patients, changes from audit_log
      where actor_id = ${api.userIds.fmc} and action = 'read_bookings' order by id desc limit 1`.execute(api.db)).rows;
    expect(rows[0]).toMatchObject({ patients: [Number(patient.id)], changes: { slot: Number(slot.id) } });
  });

  test('a stored file is never kept in the browser\'s cache', async () => {
    mkdirSync(path.join(api.config.dataDir, 'content', 'uploads', 'lows'), { recursive: true });
    writeFileSync(path.join(api.config.dataDir, 'content', 'uploads', 'lows', 'doc.pdf'), '%PDF-1.4\n%%EOF\n');
    const res = await api.app.request('/content/uploads/lows/doc.pdf', { headers: { authorization: `Bearer ${api.tokens.admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  test('a write whose body is not JSON is 415, before it is read; JSON with a charset passes', async () => {
    const send = (type: string | undefined, body: string) => api.app.request('/api/specialist', {
      method: 'POST', body, headers: { authorization: `Bearer ${api.tokens.superadmin}`, ...(type ? { 'content-type': type } : {}) },
    });
    const json = JSON.stringify({ name: `Lows ${Date.now()}`, status: 'active' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined]) {
      const r = await send(type, json);
      expect(r.status, String(type)).toBe(415);
      expect((await r.json()).errors[0].code).toBe('unsupported_media_type');
    }
    expect((await send('application/json; charset=utf-8', json)).status).toBe(201);
    // A mark with no body needs no type; one with a body must say JSON.
    const [item] = await addItems(api.db, [{ userId: api.userIds.admin, kind: 'signup', params: { record: 1, name: 'A' }, actorId: null }]);
    const mark = (init: RequestInit) => api.app.request(`/api/me/notifications/${item}/read`, { method: 'POST', ...init, headers: { authorization: `Bearer ${api.tokens.admin}`, ...(init.headers as Record<string, string>) } });
    expect((await mark({ body: '{}', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await mark({})).status).toBe(200);
  });
});
