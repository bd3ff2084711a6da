import { sql } from 'kysely';
import { getEntity } from '../../src/registry';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import type { Api } from './harness';

/**
 * Appointments written through the API's own write path, for the tests of what triggers keep from them (the fmc
 * dashboard's day counts and patients seen).
 */
const def = getEntity('appointments');

/** `days` before today at `hour`:20 UTC: around the local midnights of the zones kept (18:20 UTC is 23:50 in Kolkata). */
export const dayAgo = (days: number, hour: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 11) + `${String(hour).padStart(2, '0')}:20:00.000Z`;

/** An appointment of the harness's payload with `values`, in no slot; its id is added to `made`. */
export async function makeAppointment(api: Api, made: number[], values: Record<string, unknown>) {
  const rec = await createRecord(api.db, def, { ...(await api.payload(def))!, slot: null, ...values }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
  made.push(Number(rec.id));
  return rec;
}

/** An appointment's stored version, as an edit must send it. */
export const appointmentVersion = async (api: Api, id: number) =>
  (await sql<{ version: number }>`select version from appointment where id = ${id}`.execute(api.db)).rows[0].version;
