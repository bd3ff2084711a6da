import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { getEntity, type EntityDef } from '../../src/registry';
import { createSession } from '../../src/server/auth/sessions';
import { purgeTrash, TRASH_KEEP_MINUTES } from '../../src/server/crud/trash';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { setupApi, type Who } from './harness';

/**
 * Undo (issue 10, item 6). A delete moves the record into the trash (its row, in the delete's transaction); every
 * read path reads the entity's own table, so none sees it. POST /api/{api}/{id}/restore puts it back with its id and
 * version + 1, for whoever deleted it (or a superadmin) holding the entity's delete permission, within the centre
 * scope; a code taken meanwhile or a reference deleted meanwhile refuses the restore (409 naming the field). The
 * purge deletes trash older than TRASH_KEEP_MINUTES for good, safely in any number of processes.
 */
const api = setupApi();

const restore = (who: Who, def: EntityDef, id: unknown) => api.call(who, 'POST', `/api/${def.api}/${id}/restore`, {});
const remove = (who: Who, def: EntityDef, id: unknown) => api.call(who, 'DELETE', `/api/${def.api}/${id}`);
const trashRows = async (def: EntityDef, id: unknown) =>
  (await sql<{ n: number }>`select count(*)::int as n from trash where entity = ${def.name} and record_id = ${Number(id)}`.execute(api.db)).rows[0].n;
const auditActions = async (def: EntityDef, id: unknown) =>
  (await sql<{ action: string }>`select action from audit_log where entity = ${def.name} and record_id = ${Number(id)} order by id`.execute(api.db)).rows.map((r) => r.action);

describe('delete moves the record to the trash; restore puts it back', () => {
  const def = getEntity('speciality');

  test('no read path sees a deleted record; the deleter restores it with its id, version + 1, search row and audit rows', async () => {
    const made = await createRecord(api.db, def, { name: 'Undo Cardiology Zq', description: 'hearts', sortOrder: 3, status: 'active' }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const id = Number(made.id);
    const countBefore = (await api.call('admin', 'GET', `/api/${def.api}?limit=1`)).body.total;

    const del = await remove('admin', def, id);
    expect(del.status, del.text).toBe(200);
    expect(del.body.data).toEqual({ deleted: true });
    expect(await trashRows(def, id)).toBe(1);
    expect(await api.row(def, id)).toBeUndefined();
    expect((await api.call('admin', 'GET', `/api/${def.api}/${id}`)).status).toBe(404);
    const list = await api.call('admin', 'GET', `/api/${def.api}?q=${encodeURIComponent('Undo Cardiology')}`);
    expect(list.body.data).toEqual([]);
    expect((await api.call('admin', 'GET', `/api/${def.api}?limit=1`)).body.total).toBe(countBefore - 1);
    expect((await api.call('admin', 'GET', `/api/${def.api}/options?q=zq`)).body.data.map((o: { id: number }) => o.id)).not.toContain(id);
    expect((await api.call('admin', 'GET', '/api/search?q=Undo%20Cardiology')).body.data).toEqual([]);
    // Gone means gone for edits too: the record cannot be changed while it is in the trash.
    expect((await api.call('admin', 'PUT', `/api/${def.api}/${id}`, { name: 'X', description: null, icon: null, sortOrder: 0, status: 'active', version: 1 })).status).toBe(404);

    const back = await restore('admin', def, id);
    expect(back.status, back.text).toBe(200);
    expect(back.body.data).toMatchObject({ id, name: 'Undo Cardiology Zq', description: 'hearts', sortOrder: 3, version: Number(made.version) + 1 });
    expect(await trashRows(def, id)).toBe(0);
    expect((await api.call('admin', 'GET', `/api/${def.api}/${id}`)).body.data.name).toBe('Undo Cardiology Zq');
    expect((await api.call('admin', 'GET', `/api/${def.api}?limit=1`)).body.total).toBe(countBefore);
    expect((await api.call('admin', 'GET', '/api/search?q=Undo%20Cardiology')).body.data.map((h: { id: number }) => h.id)).toEqual([id]);
    expect(await auditActions(def, id)).toEqual(['create', 'delete', 'restore']);
    const row = await api.row(def, id);
    expect(row!.updated_by).toBe(api.userIds.admin);
  });

  test('a second restore, and a restore of a record that was never deleted, answer 404', async () => {
    const made = (await api.insert(def))!;
    expect((await restore('admin', def, made.id)).status).toBe(404);
    expect((await remove('admin', def, made.id)).status).toBe(200);
    expect((await restore('admin', def, made.id)).status).toBe(200);
    const again = await restore('admin', def, made.id);
    expect(again.status).toBe(404);
    expect(again.body.errors[0].code).toBe('not_found');
    expect((await restore('admin', def, 2_000_000_000)).status).toBe(404);
  });

  test('deleted, restored, deleted again: the second delete is in the trash and restores too', async () => {
    const made = (await api.insert(def))!;
    expect((await remove('admin', def, made.id)).status).toBe(200);
    expect((await restore('admin', def, made.id)).status).toBe(200);
    expect((await remove('admin', def, made.id)).status).toBe(200);
    const back = await restore('admin', def, made.id);
    expect(back.status).toBe(200);
    expect(back.body.data.version).toBe(Number(made.version) + 2);
  });
});

describe('who may restore', () => {
  test('only whoever deleted it, or a superadmin; a role without the delete permission is refused first', async () => {
    const def = getEntity('membershipcard');
    const a = (await api.insert(def))!;
    expect((await remove('admin', def, a.id)).status).toBe(200);
    const other = await restore('railway', def, a.id); // railway may delete membership cards, but did not delete this one
    expect(other.status).toBe(403);
    expect(other.body.errors[0].code).toBe('not_yours');
    expect((await restore('superadmin', def, a.id)).status).toBe(200);
    expect(await auditActions(def, a.id)).toEqual(['create', 'delete', 'restore']);

    const speciality = getEntity('speciality');
    const s = (await api.insert(speciality))!;
    expect((await remove('superadmin', speciality, s.id)).status).toBe(200);
    expect((await restore('railway', speciality, s.id)).status).toBe(403); // no delete permission on master data
    expect((await restore('anonymous', speciality, s.id)).status).toBe(401);
  });

  test("another centre's record: 404 to fmc staff and doctors, whoever deleted it", async () => {
    const slots = getEntity('fmcslots');
    const centreB = await createRecord(api.db, getEntity('fmc'), (await api.payload(getEntity('fmc')))!, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const p = (await api.payload(slots))!;
    const slot = await createRecord(api.db, slots, { ...p, fmc: centreB.id }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    expect((await remove('superadmin', slots, slot.id)).status).toBe(200);
    for (const role of ['fmc', 'doctor'] as const) {
      const r = await restore(role, slots, slot.id);
      expect(r.status, role).toBe(404);
    }
    // Their own centre's slot, deleted by themselves: theirs to restore.
    const own = (await api.insert(slots))!;
    expect((await remove('fmc', slots, own.id)).status).toBe(200);
    expect((await restore('doctor', slots, own.id)).status).toBe(403);
    expect((await restore('fmc', slots, own.id)).status).toBe(200);
  });

  test('a centre deleted by its own staff: they leave it on delete and are back in it on restore', async () => {
    const fmc = getEntity('fmc');
    const users = getEntity('admin-user');
    const centre = (await api.insert(fmc))!; // joins the fmc and doctor accounts
    const centresOf = async (role: 'fmc' | 'doctor') => ((await api.row(users, api.userIds[role]))!.centres as number[]).map(Number);
    expect(await centresOf('doctor')).toContain(Number(centre.id));
    const del = await remove('fmc', fmc, centre.id);
    expect(del.status, del.text).toBe(200);
    expect(await centresOf('fmc')).not.toContain(Number(centre.id));
    expect(await centresOf('doctor')).not.toContain(Number(centre.id));
    const back = await restore('fmc', fmc, centre.id);
    expect(back.status, back.text).toBe(200);
    expect(await centresOf('fmc')).toContain(Number(centre.id));
    expect(await centresOf('doctor')).toContain(Number(centre.id));
    expect((await api.call('doctor', 'GET', `/api/fmc/${centre.id}`)).status).toBe(200);
  });
});

describe('a restore re-checks what may have changed meanwhile', () => {
  test('a unique value taken meanwhile: 409 naming the field', async () => {
    const def = getEntity('languages');
    const made = await createRecord(api.db, def, { name: 'Undo Tongue', code: 'qz', nativeName: null, status: 'active' }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    expect((await remove('admin', def, made.id)).status).toBe(200);
    await createRecord(api.db, def, { name: 'Newcomer', code: 'qz', nativeName: null, status: 'active' }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const r = await restore('admin', def, made.id);
    expect(r.status, r.text).toBe(409);
    expect(r.body.errors[0]).toMatchObject({ field: 'code', code: 'duplicate' });
    expect(await trashRows(def, made.id)).toBe(1); // still in the trash: free the code and try again
  });

  test('a referenced record deleted meanwhile (a foreign key): 409 naming the field', async () => {
    const state = getEntity('state');
    const city = getEntity('city');
    const s = (await api.insert(state))!;
    const c = await createRecord(api.db, city, { name: 'Undo Town', state: s.id, status: 'active' }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    expect((await remove('admin', state, s.id)).status).toBe(409); // in use by the city
    expect((await remove('admin', city, c.id)).status).toBe(200);
    expect((await remove('admin', state, s.id)).status).toBe(200); // the city is in the trash: nothing refers to the state
    const r = await restore('admin', city, c.id);
    expect(r.status, r.text).toBe(409);
    expect(r.body.errors[0]).toMatchObject({ field: 'state', code: 'reference_gone' });
    expect((await restore('admin', state, s.id)).status).toBe(200);
    expect((await restore('admin', city, c.id)).status).toBe(200);
  });

  test('a record in an id list deleted meanwhile (no foreign key): 409 naming the member', async () => {
    const doctor = getEntity('doctor');
    const languages = getEntity('languages');
    const lang = (await api.insert(languages))!;
    const p = (await api.payload(doctor))!;
    const d = await createRecord(api.db, doctor, { ...p, languages: [lang.id] }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    expect((await remove('admin', doctor, d.id)).status).toBe(200);
    expect((await remove('admin', languages, lang.id)).status).toBe(200);
    const r = await restore('admin', doctor, d.id);
    expect(r.status, r.text).toBe(409);
    expect(r.body.errors[0]).toMatchObject({ field: 'languages.0', code: 'reference_gone' });
  });
});

describe('effects a restore must not undo', () => {
  test("a deleted user's sessions end with the delete and stay ended after a restore", async () => {
    const users = getEntity('admin-user');
    const u = await createRecord(api.db, users, { ...(await api.payload(users))!, status: 'active' }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const { token } = await createSession(api.db, api.config, Number(u.id));
    expect((await api.call({ token }, 'GET', '/api/adminUser/validate/authToken')).status).toBe(200);
    expect((await remove('superadmin', users, u.id)).status).toBe(200);
    expect((await restore('superadmin', users, u.id)).status).toBe(200);
    expect((await api.call({ token }, 'GET', '/api/adminUser/validate/authToken')).status).toBe(401);
  });

  test('a workflow record comes back in the status it had, its history intact', async () => {
    const def = getEntity('supportTicket');
    const t = (await api.insert(def))!;
    const moved = await api.call('superadmin', 'POST', `/api/${def.api}/${t.id}/transition`, { to: 'in_progress', version: t.version });
    expect(moved.status, moved.text).toBe(200);
    expect((await remove('superadmin', def, t.id)).status).toBe(200);
    const back = await restore('superadmin', def, t.id);
    expect(back.status, back.text).toBe(200);
    expect(back.body.data.status).toBe('in_progress');
    expect((await api.call('superadmin', 'GET', `/api/${def.api}/${t.id}/history`)).body.data).toHaveLength(1);
  });
});

describe('undoing an edit is an edit with the previous values', () => {
  test('the previous values with the new version restore them; someone else changed it in between: 409 stale', async () => {
    const def = getEntity('speciality');
    const made = (await api.insert(def))!;
    const before = { name: made.name, description: made.description ?? null, icon: made.icon ?? null, sortOrder: made.sortOrder, status: made.status };
    const edited = await api.call('admin', 'PUT', `/api/${def.api}/${made.id}`, { ...before, name: 'Undo Edited Name', version: made.version });
    expect(edited.status, edited.text).toBe(200);
    const undone = await api.call('admin', 'PUT', `/api/${def.api}/${made.id}`, { ...before, version: edited.body.data.version });
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.data.name).toBe(made.name);

    const again = await api.call('admin', 'PUT', `/api/${def.api}/${made.id}`, { ...before, name: 'Undo Edited Twice', version: undone.body.data.version });
    await api.call('superadmin', 'PUT', `/api/${def.api}/${made.id}`, { ...before, name: 'Someone Else', version: again.body.data.version });
    const late = await api.call('admin', 'PUT', `/api/${def.api}/${made.id}`, { ...before, version: again.body.data.version });
    expect(late.status).toBe(409);
    expect(late.body.errors[0].code).toBe('stale');
  });
});

describe('the purge', () => {
  const def = getEntity('speciality');

  test(`keeps trash for ${TRASH_KEEP_MINUTES} minutes, then deletes it for good; a restore after the window answers 404`, async () => {
    const young = (await api.insert(def))!;
    const old = (await api.insert(def))!;
    const late = (await api.insert(def))!;
    for (const r of [young, old, late]) expect((await remove('admin', def, r.id)).status).toBe(200);
    await sql`update trash set deleted_at = now() - make_interval(mins => ${TRASH_KEEP_MINUTES + 1}) where entity = ${def.name} and record_id = any(${[Number(old.id), Number(late.id)]}::int[])`.execute(api.db);
    // Past the window a restore is refused whether or not the purge has run yet.
    expect((await restore('admin', def, late.id)).status).toBe(404);
    const purged = await purgeTrash(api.db);
    expect(purged).toBeGreaterThanOrEqual(2);
    expect(await trashRows(def, old.id)).toBe(0);
    expect(await trashRows(def, young.id)).toBe(1);
    expect((await restore('admin', def, old.id)).status).toBe(404);
    expect((await restore('admin', def, young.id)).status).toBe(200);
  });

  test('purges running at once (one per process) delete each row once and never fail', async () => {
    const made = [];
    for (let i = 0; i < 6; i++) made.push((await api.insert(def))!);
    for (const r of made) expect((await remove('admin', def, r.id)).status).toBe(200);
    await sql`update trash set deleted_at = now() - make_interval(mins => ${TRASH_KEEP_MINUTES + 1})`.execute(api.db);
    const n = (await sql<{ n: number }>`select count(*)::int as n from trash`.execute(api.db)).rows[0].n;
    expect(n).toBeGreaterThanOrEqual(6);
    const counts = await Promise.all([purgeTrash(api.db), purgeTrash(api.db), purgeTrash(api.db)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(n);
    expect((await sql<{ n: number }>`select count(*)::int as n from trash`.execute(api.db)).rows[0].n).toBe(0);
  });
});
