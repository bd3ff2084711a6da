import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { inputFields, MAX_ID, ownedFields, parseListQuery, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { nextTurn } from '../db/turn';
import { writeEntries } from '../audit/audit';
import { fail, fieldErrors, HttpError, type Ctx } from '../http';
import { textSearch } from '../search';
import { pageReader } from './export-pages';
import { filterSql } from '../records/list-filter';
import { readListWords } from './list-words';
import { partPayload, validate } from './payload';
import { inScope, scopeWhere } from '../records/scope';
import { screenImages } from './image-screen';
import { constraintIssue, deleteInTransaction, fetchRecord, ownedIssue, updateInTransaction, type Actor } from './write';

/**
 * "Set field…" and "Delete…" on many records at once (issue 38 §3): `POST /api/{resource}/bulk`. Each record goes
 * through the one record's own write or delete path (write.ts: scope, field rules, references, the workflow's owned
 * fields, hooks, audit), in a savepoint of its own inside a batch's transaction, so a record refused or still referred
 * to is left whole and said, never half-written. The action is one row of `bulk_action` (migration 0042), the unit that
 * Undo (bulk-undo.ts) takes back; each record's audit entry names it.
 */

/** Records written per transaction: a crash leaves whole batches, and other requests get the database between them. */
export const BULK_BATCH = 100;
/** At most this many records in one action (by ids or all matching a filter). */
export const BULK_MAX = 2_000;

export type BulkStatus = 'done' | 'conflict' | 'refused' | 'in_use';
export interface BulkResult { id: number; status: BulkStatus; message: string; code?: string }
/** What the action keeps of a record it set, for its undo: the value before and the version it left. */
export interface SetTrace { id: number; before: unknown; version: number }

const recordId = z.number().int().min(1).max(MAX_ID);

export const bulkBody = z.strictObject({
  ids: z.array(recordId).min(1).max(BULK_MAX).optional(),
  /** The list's own query (`q=…&filter[status]=active`): every record it matches, beyond the loaded page. */
  filter: z.string().max(4000).optional(),
  op: z.enum(['set', 'delete']),
  field: z.string().min(1).max(100).optional(),
  value: z.unknown().optional(),
  /** The version each record was read at (by id): a record changed since is a conflict, never overwritten. */
  versions: z.record(z.string().regex(/^\d{1,10}$/), z.number().int().min(1).max(2_147_483_647)).optional(),
  /** Adds these records to an action already begun (the console sends a large set in parts, for its progress). */
  continues: recordId.optional(),
}).superRefine((b, ctx) => {
  if ((b.ids === undefined) === (b.filter === undefined)) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Give either ids or filter' });
  if (b.op === 'set' && b.field === undefined) ctx.addIssue({ code: 'custom', path: ['field'], message: 'Name the field to set' });
  if (b.op === 'delete' && (b.field !== undefined || b.value !== undefined)) ctx.addIssue({ code: 'custom', path: ['field'], message: 'A delete sets no field' });
});
export type BulkBody = z.infer<typeof bulkBody>;

/** The records a filter matches, as the list shows them to the caller (scope, words, search), in the list's order. */
async function idsOfFilter(c: Ctx, def: EntityDef, filter: string): Promise<number[]> {
  const params = new URLSearchParams(filter);
  for (const k of ['limit', 'cursor']) if (params.has(k)) throw fail(400, `filter takes no ${k}`, { field: 'filter', code: 'invalid_filter' });
  const parsed = parseListQuery(def, params);
  if ('issues' in parsed) throw fieldErrors(parsed.issues.map((i) => ({ path: ['filter', i.field], message: i.message })));
  const filters = await readListWords(c, def, parsed.query.filters, parsed.query.tz);
  const db = c.get('db');
  const where: RawBuilder<unknown>[] = [...scopeWhere(def, c.get('user'))];
  for (const [k, v] of Object.entries(filters)) where.push(filterSql(def, k, v));
  const search = parsed.query.q ? await textSearch(db, def, parsed.query.q) : null;
  const pages = pageReader(db, def, search?.ids ? [...where, sql`t.id = any(${search.ids}::int[])`] : where, parsed.query.sort, search && !search.ids ? search.rowMatches : null);
  const ids: number[] = [];
  for (;;) {
    const page = await pages.next();
    ids.push(...page.rows.map((r) => Number(r.id)));
    if (ids.length > BULK_MAX) throw fail(400, `At most ${BULK_MAX} records at once: narrow the filter`, { field: 'filter', code: 'too_many' });
    if (page.done) return ids;
  }
}

/** The field a set may write: one of the record's, not one the server owns (a status: its moves), nor computed. */
function settableField(def: EntityDef, field: string) {
  if (!Object.hasOwn(def.fields, field)) throw fail(400, `${field} is not a field of this record`, { field: 'field', code: 'unknown_field' });
  if (field in ownedFields(def) || !(field in inputFields(def, 'update'))) {
    const issue = ownedIssue(def, field);
    throw fail(400, issue.message, { field: 'field', code: issue.code });
  }
  if (def.immutable?.includes(field)) throw fail(400, `${field} cannot be changed`, { field: 'field', code: 'immutable' });
  // A secret (a password, a PIN) is each record's own: never one value for many.
  if (def.fields[field].writeOnly) throw fail(400, `${field} is set one record at a time`, { field: 'field', code: 'one_at_a_time' });
}

/** The record as a form sends it back (every field it may write, as stored) with the one field set over it. */
export function setPayload(def: EntityDef, existing: Record<string, unknown>, field: string, value: unknown, version: number) {
  const owned = ownedFields(def);
  const stored = Object.fromEntries(Object.entries(def.fields).filter(([k, fd]) => !(k in owned) && !fd.writeOnly && fd.kind !== 'computed').map(([k]) => [k, existing[k]]));
  return partPayload(def, 'update', { ...stored, [field]: value, version });
}

/** A refusal of one record as its line of the answer. */
export function outcomeOf(id: number, err: HttpError): BulkResult {
  const first = err.errors[0] ?? { message: err.message };
  const code = first.code;
  const status: BulkStatus = code === 'stale' ? 'conflict' : code === 'in_use' ? 'in_use' : 'refused';
  const message = err.errors.map((e) => (e.field && e.field !== 'version' && !e.message.includes(e.field) ? `${e.field}: ${e.message}` : e.message)).join('; ');
  return { id, status, message, ...(code ? { code } : {}) };
}

interface Job { def: EntityDef; body: BulkBody; actor: Actor; scryptLogN: number; imageOrigins: readonly string[] }

/** One record's set or delete, in its own savepoint of the batch's transaction. */
async function oneRecord(tx: DB, job: Job, bulkId: number, id: number): Promise<{ result: BulkResult; trace?: SetTrace }> {
  const { def, body, actor } = job;
  const expected = body.versions?.[String(id)];
  await sql`savepoint bulk_record`.execute(tx);
  try {
    let trace: SetTrace | undefined;
    if (body.op === 'delete') {
      await deleteInTransaction(tx, def, id, actor, { bulkId }, expected);
    } else {
      const existing = await fetchRecord(tx, def, id);
      // Not there, or another centre's: said as the one record's edit says it (404 there).
      if (!existing || !inScope(def, actor, existing)) throw fail(404, 'This record does not exist', { code: 'not_found' });
      const { input, asRead } = setPayload(def, existing, body.field!, body.value, expected ?? Number(existing.version));
      const valid = screenImages(def, validate(def, 'update', input), job.imageOrigins);
      const rec = await updateInTransaction(tx, def, id, valid, { actor, scryptLogN: job.scryptLogN, asRead, kind: { action: 'update' }, origin: { bulkId } });
      trace = { id, before: existing[body.field!] ?? null, version: Number(rec.version) };
    }
    await sql`release savepoint bulk_record`.execute(tx);
    return { result: { id, status: 'done', message: '' }, trace };
  } catch (err) {
    await sql`rollback to savepoint bulk_record`.execute(tx);
    const issue = constraintIssue(def, err);
    if (issue instanceof HttpError) return { result: outcomeOf(id, issue) };
    throw issue;
  }
}

/** The action a `continues` names: the caller's own, of this entity, the same operation, field and value, not undone. */
async function continued(db: DB, job: Job, id: number): Promise<number> {
  const row = (await sql<{ entity: string; op: string; field: string | null; value: unknown; created_by: number | null; state: string }>`
    select entity, op, field, value, created_by, state from bulk_action where id = ${id}`.execute(db)).rows[0];
  const same = row && row.entity === job.def.name && row.created_by === job.actor.id && row.op === job.body.op
    && (row.field ?? undefined) === job.body.field && JSON.stringify(row.value ?? null) === JSON.stringify(job.body.value ?? null);
  if (!same) throw fail(404, 'This bulk action does not exist', { field: 'continues', code: 'not_found' });
  if (row.state !== 'done') throw fail(409, 'This bulk action was undone', { field: 'continues', code: 'undone' });
  return id;
}

/** A new action, and its one entry in the activity log (which folds its records' entries under it). */
async function begin(db: DB, { def, body, actor }: Job): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const id = Number((await sql<{ id: number }>`insert into bulk_action (entity, op, field, value, created_by)
      values (${def.name}, ${body.op}, ${body.field ?? null}, ${body.op === 'set' ? JSON.stringify(body.value ?? null) : null}::jsonb, ${actor.id}) returning id`.execute(tx)).rows[0].id);
    await writeEntries(tx, [{ actor, entity: def.name, action: 'bulk', changes: { action: id, op: body.op, ...(body.field ? { field: body.field } : {}) } }]);
    return id;
  });
}

/**
 * Runs the action: the records by id or by the list's filter, BULK_BATCH to a transaction, each batch appending its
 * records' outcomes (and a set's traces) to the action in that same transaction. Answers each record's outcome.
 */
export async function runBulk(c: Ctx, def: EntityDef, body: BulkBody): Promise<{ id: number; results: BulkResult[] }> {
  const db = c.get('db');
  const actor = c.get('user');
  const job: Job = { def, body, actor, scryptLogN: c.get('config').scryptLogN, imageOrigins: c.get('config').imageOrigins };
  if (body.op === 'set') settableField(def, body.field!);
  const ids = [...new Set(body.ids ?? await idsOfFilter(c, def, body.filter!))];
  const bulkId = body.continues !== undefined ? await continued(db, job, body.continues) : await begin(db, job);
  const results: BulkResult[] = [];
  for (let start = 0; start < ids.length; start += BULK_BATCH) {
    await nextTurn();
    const batch = ids.slice(start, start + BULK_BATCH);
    const out = await db.transaction().execute(async (tx) => {
      const done: { result: BulkResult; trace?: SetTrace }[] = [];
      for (const id of batch) done.push(await oneRecord(tx, job, bulkId, id));
      const kept = done.map((d) => ({ ...d.result, ...(d.trace ? { before: d.trace.before, version: d.trace.version } : {}) }));
      await sql`update bulk_action set results = results || ${JSON.stringify(kept)}::jsonb where id = ${bulkId}`.execute(tx);
      return done.map((d) => d.result);
    });
    results.push(...out);
  }
  return { id: bulkId, results };
}
