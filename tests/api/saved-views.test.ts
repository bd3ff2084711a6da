import { describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { VIEW_NAME_MAX } from '../../src/registry';
import { fieldsOf, setupApi } from './harness';

/**
 * Saved views (issue 21 §4): a list's address under a name. GET answers the caller's own and those shared with the
 * caller's role; only the owner changes or deletes one; only superadmin and admin share; the address must be a list
 * the caller may open, with a query that list parses; every write is audited.
 */
const api = setupApi();
const MISSED = '/dashboard/appointments/missed?filter[mode]=video&sort=scheduledAt:asc';

const save = (who: Parameters<typeof api.call>[0], body: unknown) => api.call(who, 'POST', '/api/views', body);
const names = async (who: Parameters<typeof api.call>[0]) => ((await api.call(who, 'GET', '/api/views')).body.data as { name: string }[]).map((v) => v.name);

describe('saved views', () => {
  test('a view is saved (201), listed to its owner as theirs, and audited', async () => {
    const r = await save('admin', { name: 'Missed video calls', address: MISSED });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data).toMatchObject({ name: 'Missed video calls', address: MISSED, shared: [], mine: true, owner: { id: api.userIds.admin } });
    const mine = (await api.call('admin', 'GET', '/api/views')).body.data;
    expect(mine.find((v: { id: number }) => v.id === r.body.data.id)).toMatchObject({ mine: true });
    const entry = await sql<{ action: string; actor_id: number }>`select action, actor_id from audit_log where entity = 'savedView' and record_id = ${r.body.data.id}`.execute(api.db);
    expect(entry.rows).toEqual([{ action: 'create', actor_id: api.userIds.admin }]);
    // Nobody else sees an unshared view.
    expect(await names('superadmin')).not.toContain('Missed video calls');
  });

  test('a view shared with a role is listed to that role, not as theirs, and not to other roles', async () => {
    const r = await save('superadmin', { name: 'Centres for staff', address: '/dashboard/fmc?sort=name:desc', shared: ['fmc', 'admin'] });
    expect(r.status, r.text).toBe(201);
    for (const role of ['fmc', 'admin'] as const) {
      const seen = (await api.call(role, 'GET', '/api/views')).body.data.find((v: { id: number }) => v.id === r.body.data.id);
      expect(seen, role).toMatchObject({ mine: false, owner: { id: api.userIds.superadmin } });
    }
    expect(await names('railway')).not.toContain('Centres for staff');
    expect(await names('doctor')).not.toContain('Centres for staff');
  });

  test('only the owner changes or deletes a view: another who sees it is refused (403), one who does not gets 404', async () => {
    const r = await save('superadmin', { name: 'Shared appointments', address: '/dashboard/appointments/all', shared: ['admin'] });
    const id = r.body.data.id;
    expect((await api.call('admin', 'PUT', `/api/views/${id}`, { name: 'Mine now' })).status).toBe(403);
    expect((await api.call('admin', 'DELETE', `/api/views/${id}`)).status).toBe(403);
    expect((await api.call('railway', 'PUT', `/api/views/${id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await api.call('railway', 'DELETE', `/api/views/${id}`)).status).toBe(404);

    const renamed = await api.call('superadmin', 'PUT', `/api/views/${id}`, { name: 'Every appointment', shared: [] });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Every appointment', shared: [], version: 2 });
    expect(await names('admin')).not.toContain('Every appointment');
    expect((await api.call('superadmin', 'DELETE', `/api/views/${id}`)).status).toBe(200);
    expect(await names('superadmin')).not.toContain('Every appointment');
    expect((await api.call('superadmin', 'DELETE', `/api/views/${id}`)).status).toBe(404);
    const actions = await sql<{ action: string }>`select action from audit_log where entity = 'savedView' and record_id = ${id} order by id`.execute(api.db);
    expect(actions.rows.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  test('a role other than superadmin and admin keeps views of its own but may not share them', async () => {
    const own = await save('fmc', { name: 'Our centres', address: '/dashboard/fmc' });
    expect(own.status, own.text).toBe(201);
    const shared = await save('fmc', { name: 'For doctors', address: '/dashboard/fmc', shared: ['doctor'] });
    expect(shared.status, shared.text).toBe(403);
    expect((await api.call('fmc', 'PUT', `/api/views/${own.body.data.id}`, { shared: ['doctor'] })).status).toBe(403);
    expect(await names('doctor')).not.toContain('For doctors');
  });

  test.each([
    ['another site', '//evil.example/dashboard/fmc'],
    ['a full address', 'https://evil.example/dashboard/fmc'],
    ['no list', '/dashboard/userProfile'],
    ['a record page', '/dashboard/appointments/view/1'],
    ['a list the role may not open', '/dashboard/payment/completed'],
    ['a field the list cannot filter by', '/dashboard/appointments/all?filter[nothing]=1'],
    ['a field the list cannot sort by', '/dashboard/appointments/all?sort=reason:asc'],
    ['a parameter lists do not keep', '/dashboard/appointments/all?limit=5'],
    ['not the console', '/signin'],
  ])('refused: %s (400 naming the address)', async (_what, address) => {
    const r = await save('fmc', { name: 'Bad', address });
    expect(r.status, r.text).toBe(400);
    expect(fieldsOf(r)).toContain('address');
  });

  test('a view shared with a role that may not open its list is refused', async () => {
    const r = await save('admin', { name: 'Payments', address: '/dashboard/appointments/all', shared: ['railway'] });
    expect(r.status, r.text).toBe(400);
    expect(fieldsOf(r)).toContain('shared');
  });

  test.each([
    ['an unknown field', { name: 'X', address: '/dashboard/fmc', owner: 1 }, 'owner'],
    ['no name', { address: '/dashboard/fmc' }, 'name'],
    ['a blank name', { name: '   ', address: '/dashboard/fmc' }, 'name'],
    ['a name too long', { name: 'x'.repeat(VIEW_NAME_MAX + 1), address: '/dashboard/fmc' }, 'name'],
    ['an address too long', { name: 'X', address: `/dashboard/fmc?q=${'x'.repeat(2001)}` }, 'address'],
    ['an unknown role', { name: 'X', address: '/dashboard/fmc', shared: ['nurse'] }, 'shared.0'],
    ['a role twice', { name: 'X', address: '/dashboard/fmc', shared: ['admin', 'admin'] }, 'shared'],
    ['an address as a number', { name: 'X', address: 5 }, 'address'],
  ])('refused: %s (400, nothing stored)', async (_what, body, field) => {
    const before = await sql<{ n: number }>`select count(*)::int as n from saved_view`.execute(api.db);
    const r = await save('superadmin', body);
    expect(r.status, r.text).toBe(400);
    expect(fieldsOf(r)).toContain(field);
    const after = await sql<{ n: number }>`select count(*)::int as n from saved_view`.execute(api.db);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  test('an update with unknown fields, nothing to change, or a bad address is refused; odd ids are 404', async () => {
    const id = (await save('admin', { name: 'To change', address: '/dashboard/fmc' })).body.data.id;
    expect(fieldsOf(await api.call('admin', 'PUT', `/api/views/${id}`, { name: 'Y', owner: 2 }))).toContain('owner');
    expect((await api.call('admin', 'PUT', `/api/views/${id}`, {})).status).toBe(400);
    expect(fieldsOf(await api.call('admin', 'PUT', `/api/views/${id}`, { address: '/dashboard/nowhere' }))).toContain('address');
    expect((await api.call('admin', 'PUT', `/api/views/${id}`, 'not json', { 'content-type': 'application/json' })).status).toBe(400);
    for (const odd of ['0', '-1', '1e3', '99999999999', 'abc']) expect((await api.call('admin', 'PUT', `/api/views/${odd}`, { name: 'Y' })).status, odd).toBe(404);
    expect((await api.call('anonymous', 'GET', '/api/views')).status).toBe(401);
  });
});
