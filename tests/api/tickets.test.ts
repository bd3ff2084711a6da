import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { setupApi } from './harness';

/**
 * Tickets raised by the centres' staff (issue 19, section 3): fmc and doctor staff raise one for their own centre from
 * a command (the ticket screens stay the superadmin's), the server sets who raised it and its first status; comments
 * are added one at a time, their author and time the server's, by the raiser on their own tickets and by superadmins
 * on any; the raiser and the assignee are told; the raiser reads their own tickets.
 */
const api = setupApi();
const raise = (role: 'fmc' | 'doctor' | 'superadmin' | 'admin' | 'railway', extra: Record<string, unknown> = {}) =>
  api.call(role, 'POST', '/api/supportTicket', { subject: `The kiosk printer jams ${Math.random()}`, description: 'Paper jams after every third report.', fmc: api.homeCentre, priority: 'high', ...extra });
const mailTo = async (email: string) => (await sql<{ subject: string }>`select subject from outbox where recipient = ${email} order by id`.execute(api.db)).rows.map((r) => r.subject);

describe('raising a ticket', () => {
  test('fmc and doctor staff raise one for their centre: raised by them, open, whatever the payload says', async () => {
    for (const role of ['fmc', 'doctor'] as const) {
      const r = await raise(role);
      expect(r.status, r.text).toBe(201);
      expect(r.body.data).toMatchObject({ raisedBy: api.userIds[role], status: 'open', fmc: api.homeCentre });
    }
    const forged = await raise('fmc', { raisedBy: api.userIds.superadmin, status: 'resolved' });
    expect(forged.status).toBe(400);
    expect(forged.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['raisedBy', 'status']);
  });

  test('a raiser gives the subject, description, centre and priority only: never the assignee', async () => {
    const r = await raise('fmc', { assignee: api.userIds.admin });
    expect(r.status, r.text).toBe(400);
    expect(r.body.errors.map((e: { field: string }) => e.field)).toEqual(['assignee']);
    // The superadmin raises as anyone does, and assigns by editing the ticket (the screens are theirs).
    expect((await raise('superadmin', { assignee: api.userIds.admin })).status).toBe(400);
    const t = (await raise('superadmin')).body.data;
    const { id, version, subject, description, fmc, priority } = t;
    const put = await api.call('superadmin', 'PUT', `/api/supportTicket/${id}`, { subject, description, fmc, priority, assignee: api.userIds.admin, version });
    expect(put.status, put.text).toBe(200);
    expect(put.body.data.assignee).toBe(api.userIds.admin);
  });

  test('not for another centre; not for roles without tickets; the superadmin raises one on a centre\'s behalf', async () => {
    const other = (await api.insert(getEntity('fmc')))!;
    await sql`update admin_user set centres = array_remove(centres, ${Number(other.id)}) where id = any(${[api.userIds.fmc, api.userIds.doctor]}::int[])`.execute(api.db);
    expect((await raise('fmc', { fmc: other.id })).status).toBe(400);
    expect((await raise('railway')).status).toBe(403);
    expect((await raise('admin')).status).toBe(403);
    const onBehalf = await raise('superadmin', { fmc: other.id });
    expect(onBehalf.status).toBe(201);
    expect(onBehalf.body.data.raisedBy).toBe(api.userIds.superadmin);
  });
});

describe('comments', () => {
  test('the raiser on their own ticket, the superadmin on any: author and time the server\'s', async () => {
    const t = (await raise('fmc')).body.data;
    const mine = await api.call('fmc', 'POST', `/api/supportTicket/${t.id}/comments`, { text: 'It happened again this morning.' });
    expect(mine.status, mine.text).toBe(201);
    const item = mine.body.data.comments.at(-1);
    expect(item).toMatchObject({ author: api.userIds.fmc, text: 'It happened again this morning.' });
    expect(Math.abs(Date.parse(item.at) - Date.now())).toBeLessThan(3_600_000);
    expect((await api.call('superadmin', 'POST', `/api/supportTicket/${t.id}/comments`, { text: 'A technician comes on Monday.' })).status).toBe(201);
    // The doctor of the same centre did not raise it: as a ticket that does not exist.
    expect((await api.call('doctor', 'POST', `/api/supportTicket/${t.id}/comments`, { text: 'Me too' })).status).toBe(404);
    expect((await api.call('railway', 'POST', `/api/supportTicket/${t.id}/comments`, { text: 'Me too' })).status).toBe(403);
    expect((await api.call('fmc', 'POST', `/api/supportTicket/${t.id}/comments`, { text: '  ', author: 1 })).status).toBe(400);
  });

  test('comments are no longer an editable field: an edit carrying changed ones is refused', async () => {
    const t = (await raise('fmc')).body.data;
    const read = (await api.call('superadmin', 'GET', `/api/supportTicket/${t.id}`)).body.data;
    const r = await api.call('superadmin', 'PUT', `/api/supportTicket/${t.id}`, { ...read, comments: [{ author: 1, at: new Date().toISOString(), text: 'forged' }] });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'comments', code: 'owned' });
  });

  test('the raiser and the assignee are told, never the comment\'s author', async () => {
    const t = (await raise('fmc')).body.data;
    const read = (await api.call('superadmin', 'GET', `/api/supportTicket/${t.id}`)).body.data;
    expect((await api.call('superadmin', 'PUT', `/api/supportTicket/${t.id}`, { ...read, assignee: api.userIds.admin })).status).toBe(200);
    const before = { fmc: (await mailTo('fmc@demo.test')).length, admin: (await mailTo('admin@demo.test')).length, sa: (await mailTo('superadmin@demo.test')).length };
    await api.call('superadmin', 'POST', `/api/supportTicket/${t.id}/comments`, { text: 'Looking into it.' });
    expect((await mailTo('fmc@demo.test')).length).toBe(before.fmc + 1);
    expect((await mailTo('admin@demo.test')).length).toBe(before.admin + 1);
    expect((await mailTo('superadmin@demo.test')).length).toBe(before.sa);
    await api.call('fmc', 'POST', `/api/supportTicket/${t.id}/comments`, { text: 'Thank you.' });
    expect((await mailTo('fmc@demo.test')).length).toBe(before.fmc + 1);
    expect((await mailTo('admin@demo.test')).length).toBe(before.admin + 2);
  });
});

test('the raiser reads their own tickets, with status and comments by name; never another\'s', async () => {
  const t = (await raise('doctor', { subject: 'Doctor\'s own ticket' })).body.data;
  await api.call('superadmin', 'POST', `/api/supportTicket/${t.id}/comments`, { text: 'Noted.' });
  const mine = await api.call('doctor', 'GET', '/api/supportTicket/mine');
  expect(mine.status, mine.text).toBe(200);
  expect(mine.body.data.every((x: { raisedBy: number }) => x.raisedBy === api.userIds.doctor)).toBe(true);
  const row = mine.body.data.find((x: { id: number }) => x.id === t.id);
  expect(row).toMatchObject({ status: 'open', subject: 'Doctor\'s own ticket' });
  expect(row._authors[String(api.userIds.superadmin)]).toBeTruthy();
  expect((await api.call('railway', 'GET', '/api/supportTicket/mine')).status).toBe(403);
  expect((await api.call('doctor', 'GET', `/api/supportTicket/${t.id}`)).status).toBe(403);
});
