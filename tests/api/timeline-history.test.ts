import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { columnName, getEntity } from '../../src/registry';
import { createRecord, updateRecord } from '../../src/server/crud/write';
import { ident } from '../../src/server/db/entity-table';
import { setupApi } from './harness';

/**
 * A record's History (GET /api/patients/{id}/timeline) says who changed what: each audit line names its actor and
 * the fields that changed with their old and new values, and the changes to the records that refer to it (an
 * appointment completed) are told with their status before and after. Reads are the activity log's, not changes.
 */
const api = setupApi();
const patients = getEntity('patients');
const appointments = getEntity('appointments');

async function nameOf(userId: number): Promise<string> {
  const r = await sql<{ n: string }>`select first_name || ' ' || last_name as n from admin_user where id = ${userId}`.execute(api.db);
  return r.rows[0].n;
}

interface Event { what: string; entity: string; id: number; action?: string; actor?: { id: number; name: string } | null; changes?: Record<string, unknown>; at: string }

describe('the History of a patient', () => {
  test('an edit names who made it and only the fields it changed, old → new', async () => {
    const payload = (await api.payload(patients))!;
    const made = await createRecord(api.db, patients, { ...payload, firstName: 'Asha' }, { actor: { id: api.userIds.superadmin, role: 'superadmin' }, scryptLogN: 10 });
    await updateRecord(api.db, patients, Number(made.id), { ...payload, firstName: 'Ashwini', version: made.version }, { actor: { id: api.userIds.admin, role: 'admin' }, scryptLogN: 10 });

    const r = await api.call('admin', 'GET', `/api/patients/${made.id}/timeline`);
    expect(r.status, r.text).toBe(200);
    const own = (r.body.data as Event[]).filter((e) => e.what === 'audit' && e.entity === 'patients');
    expect(own.map((e) => e.action)).toEqual(['update', 'create']);
    expect(own[0].actor).toEqual({ id: api.userIds.admin, name: await nameOf(api.userIds.admin) });
    expect(own[0].changes).toEqual({ firstName: { from: 'Asha', to: 'Ashwini' } });
    expect(own[1].actor).toEqual({ id: api.userIds.superadmin, name: await nameOf(api.userIds.superadmin) });
    // Opening the History is itself logged (health data), but a read is not a change.
    const again = await api.call('admin', 'GET', `/api/patients/${made.id}/timeline`);
    expect((again.body.data as Event[]).filter((e) => e.what === 'audit').map((e) => e.action)).toEqual(['update', 'create']);
  });

  test('a changed reference is named by its title, for a role that may read it', async () => {
    const payload = (await api.payload(patients))!;
    const made = await createRecord(api.db, patients, { ...payload, city: null }, { actor: { id: api.userIds.superadmin, role: 'superadmin' }, scryptLogN: 10 });
    const city = (await api.insert(getEntity('city')))!;
    await updateRecord(api.db, patients, Number(made.id), { ...payload, city: city.id, version: made.version }, { actor: { id: api.userIds.admin, role: 'admin' }, scryptLogN: 10 });
    const r = await api.call('admin', 'GET', `/api/patients/${made.id}/timeline`);
    const own = (r.body.data as Event[]).filter((e) => e.what === 'audit' && e.entity === 'patients');
    expect(own[0].changes).toEqual({ city: { from: null, to: city.id } });
    expect(r.body.titles.city[Number(city.id)]).toBe(String(city.name));
  });

  test("an appointment of the patient completed: the appointment's status before and after, and who moved it", async () => {
    const patient = (await api.insert(patients))!;
    const appt = (await api.insert(appointments))!;
    const col = (f: string) => sql.raw(ident(columnName(f, appointments.fields[f])));
    await sql`update ${sql.raw(ident(appointments.table))} set ${col('patient')} = ${patient.id}, ${col('status')} = 'confirmed', ${col('scheduledAt')} = now() - interval '1 hour' where id = ${appt.id}`.execute(api.db);
    const moved = await api.call('admin', 'POST', `/api/appointments/${appt.id}/transition`, { to: 'completed', version: appt.version });
    expect(moved.status, moved.text).toBe(200);

    const r = await api.call('superadmin', 'GET', `/api/patients/${patient.id}/timeline`);
    expect(r.status, r.text).toBe(200);
    const events = r.body.data as Event[];
    expect(events).toContainEqual(expect.objectContaining({ what: 'record', entity: 'appointments', id: appt.id }));
    const change = events.find((e) => e.what === 'audit' && e.entity === 'appointments');
    expect(change).toMatchObject({ id: appt.id, action: 'transition:complete', actor: { id: api.userIds.admin, name: await nameOf(api.userIds.admin) } });
    expect(change!.changes!.status).toEqual({ from: 'confirmed', to: 'completed' });
    // Newest first, record dates and audit instants in one order.
    const times = events.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
  });
});
