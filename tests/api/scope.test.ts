import { beforeAll, describe, expect, test } from 'vitest';
import { CENTRE_SCOPED_ROLES, getEntity, type EntityDef } from '../../src/registry';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { setupApi } from './harness';

/**
 * Scope by centre (docs/decisions.md#scope-by-centre): fmc staff and doctors see only their centres' rows; another centre's record answers
 * 404 to every call, its rows are in no list, picker or search; superadmin and admin see everything.
 */
const api = setupApi();
const fmc = getEntity('fmc');
const slots = getEntity('fmcslots');
let centreB: Record<string, unknown>;
let slotB: Record<string, unknown>;
let slotA: Record<string, unknown>;
const others: Record<string, Record<string, unknown>> = {};

/** A record made directly in centre B (the harness would put it in the home centre). */
async function inB(def: EntityDef) {
  const p = await api.payload(def);
  return createRecord(api.db, def, { ...p, [def.scope!]: centreB.id }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
}

beforeAll(async () => {
  centreB = await createRecord(api.db, fmc, (await api.payload(fmc))!, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
  slotB = await inB(slots);
  slotA = (await api.insert(slots))!;
  for (const name of ['fmctests', 'supportTicket', 'appointments']) others[name] = await inB(getEntity(name));
});

describe.each(CENTRE_SCOPED_ROLES.map((r) => [r]))('%s, working at centre A only', (role) => {
  test('lists hold only centre A', async () => {
    const centres = await api.call(role, 'GET', '/api/fmc?limit=200');
    expect(centres.status).toBe(200);
    expect(centres.body.data.map((r: { id: number }) => r.id)).toContain(api.homeCentre);
    expect(centres.body.data.map((r: { id: number }) => r.id)).not.toContain(centreB.id);
    const list = await api.call(role, 'GET', '/api/fmcslots?limit=200');
    expect(list.body.data.map((r: { id: number }) => r.id)).toContain(slotA.id);
    for (const row of list.body.data) expect(row.fmc).toBe(api.homeCentre);
    expect((await api.call(role, 'GET', `/api/fmcslots?filter[fmc]=${centreB.id}`)).body.data).toEqual([]);
  });

  test("centre B's records answer 404 to read, edit, delete, booking and bookings", async () => {
    expect((await api.call(role, 'GET', `/api/fmc/${centreB.id}`)).status).toBe(404);
    expect((await api.call(role, 'PUT', `/api/fmc/${centreB.id}`, { ...(await api.payload(fmc, centreB)), version: centreB.version })).status).toBe(404);
    expect((await api.call(role, 'DELETE', `/api/fmc/${centreB.id}`)).status).toBe(404);
    expect((await api.call(role, 'GET', `/api/fmcslots/${slotB.id}`)).status).toBe(404);
    expect((await api.call(role, 'PUT', `/api/fmcslots/${slotB.id}`, { ...(await api.payload(slots)), version: slotB.version })).status).toBe(404);
    expect((await api.call(role, 'DELETE', `/api/fmcslots/${slotB.id}`)).status).toBe(404);
    const patient = await api.insert(getEntity('patients'));
    expect((await api.call(role, 'POST', `/api/fmcslots/${slotB.id}/book`, { patient: patient!.id })).status).toBe(404);
    expect((await api.call(role, 'GET', `/api/fmcslots/${slotB.id}/bookings`)).status).toBe(404);
    expect((await api.call('superadmin', 'GET', `/api/fmcslots/${slotB.id}`)).status).toBe(200);
    expect((await api.row(slots, Number(slotB.id)))!.version).toBe(slotB.version);
  });

  test('a slot cannot be made at, or moved to, centre B', async () => {
    const made = await api.call(role, 'POST', '/api/fmcslots', { ...(await api.payload(slots)), fmc: centreB.id });
    expect(made.status).toBe(400);
    expect(made.body.errors[0].field).toBe('fmc');
    const moved = await api.call(role, 'PUT', `/api/fmcslots/${slotA.id}`, { ...(await api.payload(slots)), fmc: centreB.id, version: (await api.row(slots, Number(slotA.id)))!.version });
    expect(moved.status).toBe(400);
  });

  test('pickers and search do not find centre B', async () => {
    const name = String(centreB.name);
    const picked = await api.call(role, 'GET', `/api/fmc/options?q=${encodeURIComponent(name.slice(0, 6))}`);
    expect(picked.status).toBe(200);
    expect(picked.body.data.map((o: { id: number }) => o.id)).not.toContain(centreB.id);
    const found = await api.call(role, 'GET', `/api/search?q=${encodeURIComponent(String(centreB.code))}`);
    expect(found.body.data.filter((h: { entity: string; id: number }) => h.entity === 'fmc' && h.id === centreB.id)).toEqual([]);
    const sa = await api.call('superadmin', 'GET', `/api/search?q=${encodeURIComponent(String(centreB.code))}`);
    expect(sa.body.data.some((h: { entity: string; id: number }) => h.entity === 'fmc' && h.id === centreB.id)).toBe(true);
  });
});

test('superadmin and admin are not scoped', async () => {
  for (const role of ['superadmin', 'admin'] as const) {
    expect((await api.call(role, 'GET', `/api/fmc/${centreB.id}`)).status).toBe(200);
  }
  expect((await api.call('superadmin', 'GET', `/api/fmctests/${others.fmctests.id}`)).status).toBe(200);
});

test('a centre made by fmc staff joins their centres', async () => {
  const made = await api.call('fmc', 'POST', '/api/fmc', await api.payload(fmc));
  expect(made.status, made.text).toBe(201);
  expect((await api.call('fmc', 'GET', `/api/fmc/${made.body.data.id}`)).status).toBe(200);
  expect((await api.call('doctor', 'GET', `/api/fmc/${made.body.data.id}`)).status).toBe(404);
});

test('deleting a centre takes it out of its staff\'s centres instead of refusing', async () => {
  const c = (await api.insert(fmc))!;
  const del = await api.call('superadmin', 'DELETE', `/api/fmc/${c.id}`);
  expect(del.status, del.text).toBe(200);
  const staff = await api.row(getEntity('admin-user'), api.userIds.fmc);
  expect(staff!.centres).not.toContain(c.id);
});
