import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { can, ENTITIES, getEntity, holdsPatientData, patientFieldsOf, type EntityDef } from '../../src/registry';
import { auditReads } from '../../src/server/audit/audit';
import { verifyAuditChain } from '../../src/server/audit/audit-verify';
import { sealAuditLog } from '../../src/server/audit/audit-seal';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { setupApi } from './harness';

/**
 * An audit trail a regulator would sign (issue 19, section 4): an edit holds what it changed, old → new; every read of
 * patient data is logged with the patients it touched, for every entity that refers to patients; a patient's access
 * report; a change reverted from the history; and a log that is append-only and chained, so that a row changed or
 * taken out afterwards is named by `npm run audit:verify`.
 */
const api = setupApi();
const patients = getEntity('patients');

interface Entry { id: number; action: string; changes: Record<string, unknown> | null; patients: number[] | null; record_ids: number[] | null; actor_id: number | null }
const entries = async (where: ReturnType<typeof sql>) => (await sql<Entry>`select id, action, changes, patients, record_ids, actor_id from audit_log where ${where} order by id`.execute(api.db)).rows;
const lastEntry = async (entity: string, id: number) => (await entries(sql`entity = ${entity} and record_id = ${id}`)).at(-1)!;

describe('an edit holds only what it changed, each field old → new', () => {
  test('a speciality renamed: its name, from and to; the fields sent unchanged are not there', async () => {
    const made = (await api.call('admin', 'POST', '/api/specialist', { name: 'Geriatrics', description: 'Care of the elderly' })).body.data;
    const r = await api.call('admin', 'PUT', `/api/specialist/${made.id}`, { name: 'Geriatric medicine', description: 'Care of the elderly', status: 'active', version: made.version });
    expect(r.status, r.text).toBe(200);
    const e = await lastEntry('speciality', made.id);
    expect(e.action).toBe('update');
    expect(e.changes).toEqual({ name: { from: 'Geriatrics', to: 'Geriatric medicine' } });
  });

  test('a password changed is logged as changed, its values never', async () => {
    const staff = getEntity('admin-user');
    const me = (await api.call('superadmin', 'GET', `/api/admin-user/${api.userIds.railway}`)).body.data;
    const body = Object.fromEntries(Object.keys(staff.fields).filter((k) => !staff.fields[k].writeOnly && k in me).map((k) => [k, me[k]]));
    const r = await api.call('superadmin', 'PUT', `/api/admin-user/${me.id}`, { ...body, password: 'another-long-passphrase', version: me.version });
    expect(r.status, r.text).toBe(200);
    const e = await lastEntry('admin-user', me.id);
    expect(e.changes).toEqual({ password: { changed: true } });
    expect(JSON.stringify(e.changes)).not.toContain('passphrase');
  });
});

/** A record of `def` that names `patient` (stored as the seed stores records). */
async function recordOf(def: EntityDef, patient: number): Promise<Record<string, unknown> | undefined> {
  const payload = await api.payload(def);
  if (!payload) return undefined;
  for (const f of patientFieldsOf(def)) {
    if (f.itemField) payload[f.field] = ((payload[f.field] as Record<string, unknown>[] | null) ?? [{}]).map((item) => ({ ...item, [f.itemField!]: patient }));
    else payload[f.field] = f.many ? [patient] : patient;
  }
  return createRecord(api.db, def, payload, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
}

describe('every read of patient data is logged with the patients it touched, for every entity that refers to them', () => {
  const readable = ENTITIES.filter((e) => holdsPatientData(e) && can('superadmin', e.name, 'list'));

  test('the entities are found from the registry (patients, appointments, payments, invoices, reviews, exams, cards…)', () => {
    expect(readable.map((e) => e.name)).toEqual(expect.arrayContaining(['patients', 'appointments', 'payment', 'invoices', 'reviews', 'dentisttest', 'opthlmotest', 'membershipcard']));
  });

  test.each(readable.map((e) => [e.name, e] as const))('%s: details, a list page, a picker, search hits and an export', async (_, def) => {
    const patient = Number((await api.insert(patients))!.id);
    const rec = def.name === 'patients' ? { id: patient } : await recordOf(def, patient);
    if (!rec) return;
    const id = Number(rec.id);
    const base = `/api/${def.api}`;
    const touched = async (action: string) => (await entries(sql`entity = ${def.name} and action = ${action} and actor_id = ${api.userIds.superadmin} and patients @> array[${patient}::int]`)).length;
    expect((await api.call('superadmin', 'GET', `${base}/${id}`)).status).toBe(200);
    expect(await touched('read')).toBe(1);
    expect((await api.call('superadmin', 'GET', `${base}?sort=createdAt:desc&limit=5`)).status).toBe(200);
    expect(await touched('read_list')).toBe(1);
    expect((await api.call('superadmin', 'GET', `${base}/options?ids=${id}`)).status).toBe(200);
    expect(await touched('read_pick')).toBe(1);
    expect((await api.call('superadmin', 'GET', `${base}/export?ids=${id}`)).status).toBe(200);
    expect(await touched('read_export')).toBe(1);
    const title = (await api.call('superadmin', 'GET', `${base}/options?ids=${id}`)).body.data[0].title as string;
    const hits = (await api.call('superadmin', 'GET', `/api/search?q=${encodeURIComponent(title.slice(0, 30))}`)).body.data as { entity: string; id: number }[];
    if (hits.some((h) => h.entity === def.name && h.id === id)) expect(await touched('read_search')).toBeGreaterThanOrEqual(1);
  });

  test('a list page is one entry holding the ids of its rows', async () => {
    const r = await api.call('admin', 'GET', '/api/patients?limit=7');
    const e = (await entries(sql`entity = 'patients' and action = 'read_list' and actor_id = ${api.userIds.admin}`)).at(-1)!;
    expect([...e.record_ids!].sort()).toEqual(r.body.data.map((x: { id: number }) => x.id).sort());
    expect([...e.patients!].sort()).toEqual(r.body.data.map((x: { id: number }) => x.id).sort());
  });

  // A list page's and a picker's entries are made from the rows they sent (auditRecordsRead), the other reads' from the
  // table by id (auditReads): the same ids, centre and patients either way, for every entity and its kind of patient field.
  test.each(readable.map((e) => [e.name, e] as const))('%s: a list page\'s and a picker\'s entries hold what the same read by id would', async (_, def) => {
    const patient = Number((await api.insert(patients))!.id);
    if (def.name !== 'patients' && !(await recordOf(def, patient))) return;
    const newest = (await api.call('superadmin', 'GET', `/api/${def.api}?sort=createdAt:desc&limit=12`)).body.data.map((x: { id: number }) => x.id).join(',');
    for (const [path, action] of [[`/api/${def.api}?sort=createdAt:desc&limit=1`, 'read_list'], [`/api/${def.api}?sort=createdAt:desc&limit=12`, 'read_list'],
      [`/api/${def.api}/options?ids=${newest}`, 'read_pick']] as const) {
      const r = await api.call('superadmin', 'GET', path);
      expect(r.status, r.text).toBe(200);
      const [listed] = (await sql<Entry & { fmc: number | null; record_id: number | null }>`select *
        from audit_log where entity = ${def.name} and action = ${action} order by id desc limit 1`.execute(api.db)).rows;
      await auditReads(api.db, { id: null, address: 'audit-trail test' }, def, r.body.data.map((x: { id: number }) => x.id), 'read_export');
      const [byId] = (await sql<Entry & { fmc: number | null; record_id: number | null }>`select *
        from audit_log where entity = ${def.name} and action = 'read_export' and address = 'audit-trail test' order by id desc limit 1`.execute(api.db)).rows;
      const shown = (e: typeof listed) => ({ record_id: e.record_id, record_ids: e.record_ids, fmc: e.fmc, patients: e.patients });
      expect(shown(listed)).toEqual(shown(byId));
      expect(listed.patients).toContain(patient);
    }
  });

  // A search's entries are made from the records its hits' parts were read from (recordsReadEntry), with no read of
  // their own: each kind's the same ids, centre and patients as the read by id, for every kind a patient's name finds.
  test('a search\'s entries hold what the same reads by id would, kind by kind', async () => {
    const patient = Number((await api.insert(patients))!.id);
    for (const def of readable) if (def.name !== 'patients') await recordOf(def, patient);
    const name = (await api.call('superadmin', 'GET', `/api/patients/${patient}`)).body.data.lastName as string;
    const [{ last }] = (await sql<{ last: string }>`select coalesce(max(id), 0)::text as last from audit_log`.execute(api.db)).rows;
    const r = await api.call('superadmin', 'GET', `/api/search?q=${encodeURIComponent(name)}`);
    expect(r.status, r.text).toBe(200);
    const kinds = [...new Set((r.body.data as { entity: string }[]).map((h) => h.entity))].filter((e) => holdsPatientData(getEntity(e)));
    expect(kinds.length).toBeGreaterThan(1);
    type Row = Entry & { fmc: number | null; record_id: number | null; entity: string };
    const searched = (await sql<Row>`select * from audit_log where action = 'read_search' and id > ${last}::bigint order by id`.execute(api.db)).rows;
    // One entry a kind, in the order the answer gives its kinds (the statement that reads the hits writes them), each
    // naming its reader and the term.
    expect(searched.map((e) => e.entity)).toEqual(kinds);
    for (const e of searched) expect({ actor: e.actor_id, changes: e.changes }, e.entity).toEqual({ actor: api.userIds.superadmin, changes: { q: name } });
    const shown = (e: Row) => ({ record_id: e.record_id, record_ids: e.record_ids, fmc: e.fmc, patients: e.patients });
    for (const e of searched) {
      await auditReads(api.db, { id: null, address: 'audit-trail search test' }, getEntity(e.entity), e.record_ids!.map(Number), 'read_export');
      const [byId] = (await sql<Row>`select * from audit_log where action = 'read_export' and address = 'audit-trail search test' order by id desc limit 1`.execute(api.db)).rows;
      expect(shown(e), e.entity).toEqual(shown(byId));
    }
  });

  test('reads of other records are not logged', async () => {
    const before = (await entries(sql`entity = 'city' and action like 'read%'`)).length;
    await api.call('admin', 'GET', '/api/city?limit=5');
    expect((await entries(sql`entity = 'city' and action like 'read%'`)).length).toBe(before);
  });
});

describe('a patient\'s access report: who read or changed their data, when and how', () => {
  test('reads and changes of the patient and of a record of theirs, newest first, for the superadmin alone', async () => {
    const patient = Number((await api.insert(patients))!.id);
    const card = getEntity('membershipcard');
    const rec = (await recordOf(card, patient))!;
    await api.call('admin', 'GET', `/api/patients/${patient}`);
    const cardRead = (await api.call('admin', 'GET', `/api/${card.api}/${rec.id}`)).body.data;
    const edit = Object.fromEntries(Object.entries(cardRead).filter(([k]) => k in card.fields && !card.fields[k].writeOnly));
    const put = await api.call('admin', 'PUT', `/api/${card.api}/${rec.id}`, { ...edit, version: cardRead.version });
    expect(put.status, put.text).toBe(200);
    expect((await api.call('admin', 'GET', `/api/patients/${patient}/access`)).status).toBe(403);
    const report = await api.call('superadmin', 'GET', `/api/patients/${patient}/access`);
    expect(report.status, report.text).toBe(200);
    const rows = report.body.data as { action: string; entity: string; kind: string; actor: { id: number; name: string } | null }[];
    expect(rows.slice(0, 3).map((r) => `${r.entity} ${r.action} ${r.kind}`)).toEqual([`${card.name} update change`, `${card.name} read read`, 'patients read read']);
    expect(rows[0].actor).toMatchObject({ id: api.userIds.admin, name: expect.any(String) });
    // The report itself is a read of the patient's data, and the next one shows it.
    const again = (await api.call('superadmin', 'GET', `/api/patients/${patient}/access`)).body.data;
    expect(again[0]).toMatchObject({ action: 'read_access', actor: { id: api.userIds.superadmin } });
  });
});

describe('a change reverted from a record\'s history', () => {
  async function renamed() {
    const made = (await api.call('admin', 'POST', '/api/specialist', { name: `Nephrology ${Math.random()}` })).body.data;
    const put = (await api.call('admin', 'PUT', `/api/specialist/${made.id}`, { name: `${made.name} renamed`, status: 'active', version: made.version })).body.data;
    return { made, put, entry: (await lastEntry('speciality', made.id)).id };
  }

  test('the record as it was before that edit, as a new edit in the log that names the one it reverts', async () => {
    const { made, put, entry } = await renamed();
    const r = await api.call('superadmin', 'POST', `/api/specialist/${made.id}/revert`, { entry, version: put.version });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ name: made.name, version: put.version + 1 });
    const e = await lastEntry('speciality', made.id);
    expect(e).toMatchObject({ action: 'revert', changes: { name: { from: `${made.name} renamed`, to: made.name }, revertOf: entry } });
  });

  test('refused: a stale version, a field changed again since, a role without the right, an entry of another record', async () => {
    const { made, put, entry } = await renamed();
    expect((await api.call('admin', 'POST', `/api/specialist/${made.id}/revert`, { entry, version: put.version - 1 })).status).toBe(409);
    expect((await api.call('fmc', 'POST', `/api/specialist/${made.id}/revert`, { entry, version: put.version })).status).toBe(403);
    const other = await renamed();
    expect((await api.call('admin', 'POST', `/api/specialist/${made.id}/revert`, { entry: other.entry, version: put.version })).status).toBe(404);
    const again = (await api.call('admin', 'PUT', `/api/specialist/${made.id}`, { name: `${made.name} again`, status: 'active', version: put.version })).body.data;
    const r = await api.call('admin', 'POST', `/api/specialist/${made.id}/revert`, { entry, version: again.version });
    expect(r.status).toBe(409);
    expect(r.body.errors[0]).toMatchObject({ field: 'name', code: 'changed_since' });
  });
});

describe('the log is append-only and chained', () => {
  test('writes at once still make one chain; npm run audit:verify\'s walk holds', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => api.call(i % 2 ? 'admin' : 'superadmin', 'POST', '/api/specialist', { name: `Chained ${i} ${Math.random()}` })));
    const waiting = (await verifyAuditChain(api.db)).unsealed;
    expect(waiting).toBeGreaterThanOrEqual(12);
    expect(await sealAuditLog(api.db)).toBe(waiting);
    const report = await verifyAuditChain(api.db);
    const n = Number((await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(api.db)).rows[0].n);
    expect(report).toEqual({ rows: n, unsealed: 0, head: expect.stringMatching(/^[0-9a-f]{64}$/), anchors: { checked: 0, setAside: 0, restores: [] } });
  });

  test('no statement changes or removes a row', async () => {
    for (const statement of [sql`update audit_log set action = 'x' where id = (select min(id) from audit_log)`, sql`delete from audit_log where id = (select min(id) from audit_log)`, sql`truncate audit_log`]) {
      await expect(statement.execute(api.db)).rejects.toThrow(/append-only/);
    }
  });

  // Last in the file: they break the chain on purpose, with the triggers turned off as only a database owner could.
  test('a row changed afterwards is named, and so is the row after one taken out', async () => {
    await sealAuditLog(api.db);
    const [a, b] = (await sql<{ id: number; seq: number }>`select id, seq from audit_log order by seq desc limit 2 offset 3`.execute(api.db)).rows;
    await sql`alter table audit_log disable trigger audit_log__no_update`.execute(api.db);
    try {
      await sql`update audit_log set changes = '{"name":"forged"}' where id = ${a.id}`.execute(api.db);
      expect((await verifyAuditChain(api.db)).broken).toMatchObject({ seq: Number(a.seq), why: expect.stringContaining('changed after it was written') });
      await sql`delete from audit_log where id = ${a.id}`.execute(api.db);
      expect((await verifyAuditChain(api.db)).broken).toMatchObject({ seq: Number(a.seq) + 1, why: expect.stringContaining('missing') });
      void b;
    } finally {
      await sql`alter table audit_log enable trigger audit_log__no_update`.execute(api.db);
    }
  });
});
