import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { ident } from '../../src/server/db/entity-table';
import { can, canPickFrom, columnName, ENTITIES, getEntity, referrersOf, ROLES } from '../../src/registry';
import { setupApi } from './harness';

/** Reference pickers, nested-list references, slot capacity under concurrent bookings, and the patient timeline. */
const api = setupApi();

describe('GET /api/{resource}/options (reference pickers)', () => {
  const targets = [...new Set(ENTITIES.flatMap((e) => referrersOf(e.name).length ? [e.name] : []))];
  for (const target of targets) {
    const def = getEntity(target);
    test.each(ROLES)(`${target} for %s follows canPickFrom`, async (role) => {
      // A caller who may not list the target must type three characters (field-rules.test.ts holds the rest).
      const q = can(role, target, 'list') ? '' : '&q=zzzz';
      const r = await api.call(role, 'GET', `/api/${def.api}/options?limit=5${q}`);
      expect(r.status).toBe(canPickFrom(role, target) ? 200 : 403);
      // Ids, titles and the parts a picker says them by (registry/hit-parts.ts): never the record's other fields.
      if (r.status === 200) for (const o of r.body.data) expect(Object.keys(o).filter((k) => k !== 'parts').sort()).toEqual(['id', 'subtitle', 'title']);
    });
  }

  test('an fmc user may pick a city for an fmc without listing cities', async () => {
    expect((await api.call('fmc', 'GET', '/api/city')).status).toBe(403);
    const r = await api.call('fmc', 'GET', '/api/city/options?q=pun');
    expect(r.status).toBe(200);
    expect(r.body.data.map((o: { title: string }) => o.title)).toContain('Pune');
  });

  test('ids give the labels of chosen values; bad ids → 400', async () => {
    const r = await api.call('superadmin', 'GET', '/api/state/options?ids=1,2');
    expect(r.body.data.map((o: { id: number }) => o.id).sort()).toEqual([1, 2]);
    expect((await api.call('superadmin', 'GET', '/api/state/options?ids=1,x')).status).toBe(400);
  });
});

describe('references inside nested lists', () => {
  const nested = ENTITIES.flatMap((e) => referrersOf(e.name).filter((r) => r.itemField).map((r) => ({ target: e, ...r })));

  test.each(nested.map((n) => [`${n.entity.name}.${n.field}[].${n.itemField} → ${n.target.name}`, n] as const))('%s: labelled, and the target cannot be deleted while used', async (_, n) => {
    const target = await api.insert(n.target);
    const holder = await api.insert(n.entity);
    expect(target && holder).toBeTruthy();
    // Stored directly: some holders (patients) have no add route for anyone.
    const item = { [n.itemField!]: n.many ? [target!.id] : target!.id };
    await sql`update ${sql.raw(ident(n.entity.table))} set ${sql.raw(ident(columnName(n.field, n.entity.fields[n.field])))} = ${JSON.stringify([item])}::jsonb where id = ${holder!.id}`.execute(api.db);
    const read = await api.call('superadmin', 'GET', `/api/${n.entity.api}/${holder!.id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.data._labels[n.field][0][n.itemField!]).toBeTruthy();
    expect(read.body.data._labels[n.field][0][n.itemField!]).not.toMatch(/^#/);
    const del = await api.call('superadmin', 'DELETE', `/api/${n.target.api}/${target!.id}`);
    expect(del.status).toBe(409);
    expect(del.body.errors[0].code).toBe('in_use');
    expect(del.body.errors[0].message).toContain(n.entity.name);
  });
});

describe('slot bookings', () => {
  test('bookings sent at the same moment never overfill a slot', async () => {
    const slots = getEntity('fmcslots');
    const payload = await api.payload(slots);
    const created = await api.call('superadmin', 'POST', `/api/${slots.api}`, { ...payload, date: '2031-02-04', capacity: 3, status: 'open' });
    expect(created.status, created.text).toBe(201);
    const patients = await Promise.all(Array.from({ length: 8 }, () => api.insert(getEntity('patients'))));
    const replies = await Promise.all(patients.map((p) => api.call('superadmin', 'POST', `/api/${slots.api}/${created.body.data.id}/book`, { patient: p!.id })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(3);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(5);
    const slot = await api.call('superadmin', 'GET', `/api/${slots.api}/${created.body.data.id}`);
    expect(slot.body.data.booked).toBe(3);
  });
});

describe('the patient timeline', () => {
  test('shows what refers to the patient, for the roles of the policy', async () => {
    const patient = await api.insert(getEntity('patients'));
    const cards = getEntity('membershipcard');
    const card = await api.payload(cards);
    const created = await api.call('superadmin', 'POST', `/api/${cards.api}`, { ...card, patient: patient!.id });
    expect(created.status, created.text).toBe(201);
    const r = await api.call('admin', 'GET', `/api/patients/${patient!.id}/timeline`);
    expect(r.status).toBe(200);
    expect(r.body.data).toContainEqual(expect.objectContaining({ entity: 'membershipcard', id: created.body.data.id }));
    expect((await api.call('railway', 'GET', `/api/patients/${patient!.id}/timeline`)).status).toBe(403);
    expect((await api.call('admin', 'GET', '/api/patients/99999999/timeline')).status).toBe(404);
  });
});
