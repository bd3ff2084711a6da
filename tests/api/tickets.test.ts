import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { assignableRoles, getEntity, type Role } from '../../src/registry';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
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
    const put = await api.call('superadmin', 'PUT', `/api/supportTicket/${id}`, { subject, description, fmc, priority, assignee: api.userIds.superadmin, version });
    expect(put.status, put.text).toBe(200);
    expect(put.body.data.assignee).toBe(api.userIds.superadmin);
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

/** Another account of `role`, active unless told, working at the home centre. */
async function account(role: Role, status = 'active'): Promise<number> {
  const roleId = (await api.db.selectFrom('role').select('id').where('key', '=', role).executeTakeFirstOrThrow()).id;
  const u = await createRecord(api.db, getEntity('admin-user'), {
    firstName: 'Taker', lastName: role, email: `taker.${role}.${Math.random().toString(36).slice(2)}@demo.test`, role: roleId, status,
    password: 'a-quite-unusual-passphrase', centres: [api.homeCentre],
  }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
  return Number(u.id);
}

describe('who a ticket may be given to: whoever may open it (the policy\'s), active', () => {
  const assign = async (assignee: number | null, ticket?: Record<string, unknown>) => {
    const t = ticket ?? (await raise('fmc')).body.data;
    const { id, version, subject, description, fmc, priority } = t;
    return api.call('superadmin', 'PUT', `/api/supportTicket/${id}`, { subject, description, fmc, priority, assignee, version });
  };

  test('an admin, railway, fmc or doctor user, or a disabled superadmin, is refused with 400 on assignee; an active superadmin is taken', async () => {
    for (const who of [api.userIds.admin, api.userIds.railway, api.userIds.fmc, api.userIds.doctor, await account('superadmin', 'disabled')]) {
      const r = await assign(who);
      expect(r.status, r.text).toBe(400);
      expect(r.body.errors).toEqual([{ field: 'assignee', code: 'not_assignable', message: 'This person cannot be given this record: choose an active user who may open it' }]);
    }
    const other = await account('superadmin');
    const r = await assign(other);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.assignee).toBe(other);
    // The one assigned opens it: no inbox item that answers 403.
    const { createSession } = await import('../../src/server/auth/sessions');
    const token = (await createSession(api.db, api.config, other)).token;
    expect((await api.call({ token }, 'GET', `/api/supportTicket/${r.body.data.id}`)).status).toBe(200);
    // Unassigning is always allowed; an edit that leaves the assignee as it was is not checked again.
    expect((await assign(null, r.body.data)).status).toBe(200);
  });

  test('the system writes by the same rule (the seed, imports)', async () => {
    const def = getEntity('supportTicket');
    const payload = { subject: 'Printer', description: 'Jams.', fmc: api.homeCentre, priority: 'low', assignee: api.userIds.admin };
    await expect(createRecord(api.db, def, payload, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN })).rejects.toMatchObject({ status: 400, errors: [{ field: 'assignee', code: 'not_assignable' }] });
  });

  test('the assignee picker offers only active users of the roles that may open a ticket', async () => {
    const disabled = await account('superadmin', 'disabled');
    const ids = async (query: string) => {
      const r = await api.call('superadmin', 'GET', `/api/admin-user/options?limit=100&${query}`);
      expect(r.status, r.text).toBe(200);
      return r.body.data.map((o: { id: number }) => o.id) as number[];
    };
    const offered = await ids(`for=supportTicket.assignee&centre=${api.homeCentre}`);
    const roles = await sql<{ id: number; key: string; status: string }>`select u.id, r.key, u.status from admin_user u join role r on r.id = u.role where u.id = any(${offered}::int[])`.execute(api.db);
    expect(offered).toContain(api.userIds.superadmin);
    expect(roles.rows.every((u) => assignableRoles('supportTicket').includes(u.key as Role) && u.status === 'active')).toBe(true);
    for (const no of [api.userIds.admin, api.userIds.railway, api.userIds.fmc, api.userIds.doctor, disabled]) expect(offered).not.toContain(no);
    // Without `for`, the picker of users is every user's, as before.
    expect(await ids('')).toContain(api.userIds.admin);
    expect((await api.call('superadmin', 'GET', '/api/admin-user/options?for=supportTicket.raisedBy')).status).toBe(400);
    expect((await api.call('superadmin', 'GET', '/api/admin-user/options?for=supportTicket.assignee&centre=x')).status).toBe(400);
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
    const taker = await account('superadmin');
    const takerEmail = (await api.db.selectFrom('admin_user').select('email').where('id', '=', taker).executeTakeFirstOrThrow()).email;
    expect((await api.call('superadmin', 'PUT', `/api/supportTicket/${t.id}`, { ...read, assignee: taker })).status).toBe(200);
    const before = { fmc: (await mailTo('fmc@demo.test')).length, taker: (await mailTo(takerEmail)).length, sa: (await mailTo('superadmin@demo.test')).length };
    await api.call('superadmin', 'POST', `/api/supportTicket/${t.id}/comments`, { text: 'Looking into it.' });
    expect((await mailTo('fmc@demo.test')).length).toBe(before.fmc + 1);
    expect((await mailTo(takerEmail)).length).toBe(before.taker + 1);
    expect((await mailTo('superadmin@demo.test')).length).toBe(before.sa);
    await api.call('fmc', 'POST', `/api/supportTicket/${t.id}/comments`, { text: 'Thank you.' });
    expect((await mailTo('fmc@demo.test')).length).toBe(before.fmc + 1);
    expect((await mailTo(takerEmail)).length).toBe(before.taker + 2);
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
