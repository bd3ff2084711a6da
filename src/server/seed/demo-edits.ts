import { getEntity, inputFields, inputSchema, ownedFields } from '../../registry';
import { fetchRecord, SYSTEM_ACTOR, updateRecord } from '../crud/write';
import type { DB } from '../db/connection';

/**
 * A change the demo story makes to a record already written (a user's centres, a doctor's clinics, a patient's family
 * members), made as the console makes an edit: the record as read with its changes (or what `change` makes of it), validated by the entity's own
 * schema, written by updateRecord, so it is versioned, searchable, told and in the audit trail like any edit.
 *
 * `followed`: fields that follow another record's workflow (a doctor's verificationStatus follows their verification
 * request's), which no edit payload carries; the console writes them when that workflow moves, and the demo writes
 * its requests' moves in bulk (demo-story.ts), so their outcome is written here, by the same writer, audited too.
 * Nothing is written when nothing would change.
 */
type Values = Record<string, unknown>;

export async function editRecord(db: DB, entity: string, id: number, change: Values | ((rec: Values) => Values), scryptLogN: number, followed: Values = {}) {
  const def = getEntity(entity);
  const rec = await fetchRecord(db, def, id);
  if (!rec) throw new Error(`demo ${entity} ${id} is not there to edit`);
  const changes = typeof change === 'function' ? change(rec) : change;
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  if (Object.entries({ ...changes, ...followed }).every(([k, v]) => same(rec[k], v))) return rec;
  for (const k of Object.keys(followed)) if (ownedFields(def)[k] !== 'mirror') throw new Error(`demo ${entity}.${k} does not follow another workflow`);
  // What the form sends: every field it writes, as read (a write-only one left out keeps its value), and the version.
  const asRead = Object.fromEntries(Object.entries(inputFields(def, 'update')).filter(([, fd]) => !fd.writeOnly).map(([k]) => [k, rec[k] ?? null]));
  const parsed = inputSchema(def, 'update').safeParse({ ...asRead, ...changes, version: rec.version });
  if (!parsed.success) throw new Error(`demo ${entity} ${id} edit is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return updateRecord(db, def, id, { ...parsed.data, ...followed }, { actor: SYSTEM_ACTOR, scryptLogN });
}
