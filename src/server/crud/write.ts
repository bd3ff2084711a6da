import { sql } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import { canReadRecord, columnName, getEntity, ownedFields, ownedStart, referrersOf, titleOf, type EntityDef, type Role } from '../../registry';
import { hashPassword } from '../auth/password';
import type { DB } from '../db/connection';
import { fkName, ident, uniqueName } from '../db/entity-table';
import { fail, fieldErrors, HttpError } from '../http';
import { deleteSearchRow, refreshReferrers, upsertSearchRow } from '../search';
import { param, selectList, toRecord } from '../records/columns';
import { hooksOf } from './hooks';
import { attachLabels } from '../records/labels';
import { enforceFieldRules } from './field-rules';
import { checkReferences } from './references';
import { checkAssignees } from './assignees';
import { inScope, scoped, scopeWhere, type ScopeOwner } from '../records/scope';
import { audit, changedFields } from '../audit/audit';
import { publishChanges } from '../events/notices';
import { dropGoneDetached, moveToTrash, publishDetached, putBack, reattach, takeFromTrash, type Detached } from './trash';

/** Who writes: a signed-in user (their role and session), or the system (`role` null: first-start seeding). */
export interface Actor { id: number | null; role: Role | null; sessionId?: number; centres?: readonly number[]; address?: string }

export const SYSTEM_ACTOR: Actor = { id: null, role: null };

/** Rich text keeps formatting and links, never scripts, handlers or frames. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'h1', 'h2']),
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'title'] },
    allowedSchemes: ['https', 'mailto', 'tel'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}

async function toColumns(def: EntityDef, input: Record<string, unknown>, scryptLogN: number): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    const fd = def.fields[k];
    if (!fd) continue; // `version` and the like are not columns
    let value = v;
    if (fd.writeOnly && (v === null || v === undefined)) continue; // blank = keep
    if (fd.kind === 'password' && typeof v === 'string') value = await hashPassword(v, scryptLogN);
    if (fd.kind === 'richText' && typeof v === 'string') value = sanitizeRichText(v);
    out[columnName(k, fd)] = param(fd, value);
  }
  return out;
}

/** Maps the database's constraint errors to the API's: duplicates 409 and missing references 400, each naming its field. */
function mapConstraintError(def: EntityDef, err: unknown): never {
  const e = err as { code?: string; constraint?: string; message?: string };
  const byConstraint = (name: (t: string, c: string) => string) =>
    Object.entries(def.fields).find(([k, fd]) => name(def.table, columnName(k, fd)) === e.constraint)?.[0];
  if (e.code === '23505') {
    const field = byConstraint(uniqueName);
    throw fail(409, field ? `Another record already has this ${field}` : 'This record duplicates another', { field, code: 'duplicate' });
  }
  if (e.code === '23503') {
    const field = byConstraint(fkName);
    if (field) throw fail(400, 'The chosen record does not exist', { field, code: 'not_found' });
    throw fail(409, 'Other records refer to this one', { code: 'in_use' });
  }
  throw err;
}

export async function fetchRecord(db: DB, def: EntityDef, id: number) {
  const res = await sql<Record<string, unknown>>`select ${selectList(def)} from ${sql.raw(ident(def.table))} t where t.id = ${id}`.execute(db);
  return res.rows[0] ? toRecord(def, res.rows[0]) : null;
}

const notFound = () => fail(404, 'This record does not exist', { code: 'not_found' });
const stale = () => fail(409, 'This record was changed by someone else since you opened it. Reload it to see the changes.', { code: 'stale', field: 'version' });

/** A record the caller may see: 404 when it does not exist or belongs to a centre outside the caller's scope. */
export async function getRecord(db: DB, def: EntityDef, id: number, who: ScopeOwner = SYSTEM_ACTOR) {
  const rec = await fetchRecord(db, def, id);
  if (!rec || !inScope(def, who, rec)) throw notFound();
  await attachLabels(db, def, [rec]);
  return rec;
}

/** A payload's centre must be one of a scoped caller's: another centre reads as a record that does not exist. */
function checkPayloadScope(def: EntityDef, actor: Actor, input: Record<string, unknown>) {
  if (!scoped(def, actor) || def.scope === 'id' || !(def.scope! in input)) return;
  if (!inScope(def, actor, input)) throw fail(400, 'The chosen record does not exist', { field: def.scope, code: 'not_found' });
}

/**
 * Who writes and the settings every write needs, in one object rather than threaded through each call one by one:
 * `scryptLogN` is the configured cost of a password field's hash (config.scryptLogN).
 */
export interface WriteOptions {
  actor: Actor;
  scryptLogN: number;
}

export async function createRecord(db: DB, def: EntityDef, input: Record<string, unknown>, opts: WriteOptions) {
  try {
    return await db.transaction().execute((tx) => createInTransaction(tx, def, input, opts));
  } catch (err) {
    if (err instanceof HttpError) throw err;
    return mapConstraintError(def, err);
  }
}

/**
 * What a write made by an import or a bulk action carries into the audit trail: the unit it belongs to (one undoable
 * unit); `undo` when it is that unit's undo.
 */
export interface WriteOrigin { importId?: number; bulkId?: number; undo?: boolean }

/** The audit entry's mark of the unit a write belongs to. */
const originMark = (o: WriteOrigin) => ({ ...(o.importId ? { import: o.importId } : {}), ...(o.bulkId ? { bulk: o.bulkId } : {}), ...(o.undo ? { undo: true } : {}) });

export interface CreateOptions extends WriteOptions {
  origin?: WriteOrigin;
}

/**
 * createRecord's body inside a caller's transaction: an import's row refused by a database constraint is written by
 * exactly these checks (its dry run the same, rolled back). A database constraint is thrown as it came; a caller maps
 * it with constraintIssue.
 */
export async function createInTransaction(tx: DB, def: EntityDef, input: Record<string, unknown>, opts: CreateOptions) {
  const cols = await prepareCreate(tx, def, input, opts);
  const [id] = await insertRows(tx, def, [cols], opts.actor);
  const rec = (await fetchRecord(tx, def, id))!;
  await upsertSearchRow(tx, def, rec);
  await joinMadeCentre(tx, def, id, opts.actor);
  await audit(tx, opts.actor, def, id, 'create', createdChanges(input, opts.origin), rec);
  await hooksOf(def).afterWrite?.(tx, rec, null, { actor: opts.actor, columns: cols });
  await attachLabels(tx, def, [rec]);
  return rec;
}

/**
 * A create's checks (field rules, scope, references, assignees) and the columns it writes, nothing inserted yet: the
 * first half of createInTransaction, and of crud/create-many.ts, which inserts many records prepared so at once.
 */
export async function prepareCreate(tx: DB, def: EntityDef, input: Record<string, unknown>, opts: CreateOptions): Promise<Record<string, unknown>> {
  const { actor, scryptLogN } = opts;
  await enforceFieldRules(tx, def, actor.role, null, input);
  checkPayloadScope(def, actor, input);
  await checkReferences(tx, def, input);
  await checkAssignees(tx, def, input, null);
  const cols = await toColumns(def, input, scryptLogN);
  // A workflow's record starts in its initial status (and a field that follows another's workflow in that one's);
  // only moves change them (crud/transition.ts).
  for (const [k, v] of Object.entries(ownedStart(def))) cols[columnName(k, def.fields[k])] = v;
  // Who made it, where the record keeps that (a ticket's raiser); the system (seed, imports) writes a record on
  // someone's behalf and names them itself.
  for (const [k, fd] of Object.entries(def.fields)) {
    if (fd.server === 'creator' && !(actor === SYSTEM_ACTOR && input[k] != null)) cols[columnName(k, fd)] = actor.id;
  }
  const hooks = hooksOf(def);
  return hooks.beforeWrite ? hooks.beforeWrite(tx, cols, null) : cols;
}

/**
 * Prepared records inserted by one statement, their ids in the order given (a sequence's values are drawn in the
 * order of the rows). A column one record sets and another does not takes its default in the other, as it would alone.
 */
export async function insertRows(tx: DB, def: EntityDef, rows: readonly Record<string, unknown>[], actor: Actor): Promise<number[]> {
  const names = [...new Set(rows.flatMap((cols) => Object.keys(cols)))];
  const values = rows.map((cols) => sql`(${sql.join([...names.map((n) => (n in cols ? sql`${cols[n]}` : sql`default`)), sql`${actor.id}`, sql`${actor.id}`])})`);
  const res = await sql<{ id: number }>`insert into ${sql.raw(ident(def.table))} (${sql.raw([...names, 'created_by', 'updated_by'].map(ident).join(', '))})
    values ${sql.join(values)} returning id`.execute(tx);
  return res.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * A centre made by fmc staff or a doctor is theirs: they work there, so it joins their centres. Told to the change
 * stream before the centre itself, so that their own streams read their centres again and hear of it.
 */
export async function joinMadeCentre(tx: DB, def: EntityDef, id: number, actor: Actor) {
  if (def.scope !== 'id' || !scoped(def, actor) || actor.id === null) return;
  await sql`update ${sql.raw(ident(getEntity('admin-user').table))} set centres = array_append(coalesce(centres, '{}'), ${id}::int) where id = ${actor.id}`.execute(tx);
  await publishChanges(tx, [{ entity: 'admin-user', id: actor.id, version: null, action: 'update', by: actor.id, centre: null }]);
}

/** A create's audit values: the payload, marked with the import it came in (the log folds its rows under it). */
export const createdChanges = (input: Record<string, unknown>, origin: WriteOrigin = {}) =>
  (origin.importId ? { ...input, ...originMark(origin) } : input);

/** A database constraint error as the API's error (duplicate, missing reference), or the error itself. */
export function constraintIssue(def: EntityDef, err: unknown): unknown {
  try { mapConstraintError(def, err); } catch (mapped) { return mapped; }
  return err;
}

/** Why a payload may not write `field`: the server owns it (registry/owned.ts), or it is a system field. */
export function ownedIssue(def: EntityDef, field: string) {
  const why = ownedFields(def)[field];
  const message = why === 'computed' ? `${field} is computed by the server`
    : why === 'mirror' ? `${field} follows its workflow and is not edited`
    : why ? `${field} is set by the record's workflow: use its moves` : `${field} cannot be changed`;
  return { path: [field], message, code: why ? 'owned' : 'read_only' };
}

/** Values a payload carried as read (system and owned fields): each must be the record's own, else 400 naming it. */
function checkAsRead(def: EntityDef, existing: Record<string, unknown>, asRead: Record<string, unknown>) {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const changed = Object.entries(asRead).filter(([k, v]) => !same(existing[k], v));
  if (changed.length) throw fieldErrors(changed.map(([k]) => ownedIssue(def, k)));
}

/** How an update is logged: an edit, or a revert of an earlier entry (`of`), whose values must still be the record's. */
export interface UpdateKind { action: 'update' | 'revert'; of?: number; expect?: Record<string, unknown> }

/** A revert undoes a change only while the record still holds what that change wrote; else 409 naming the fields since changed. */
function checkUnchangedSince(existing: Record<string, unknown>, expect: Record<string, unknown> | undefined) {
  if (!expect) return;
  const moved = Object.entries(expect).filter(([k, v]) => JSON.stringify(existing[k] ?? null) !== JSON.stringify(v ?? null)).map(([k]) => k);
  if (moved.length) throw fail(409, `Changed again since: ${moved.join(', ')}. Revert the later change first.`, { field: moved[0], code: 'changed_since' });
}

export interface UpdateOptions extends CreateOptions {
  /** Values the payload carried as read (system and owned fields): each must still be the record's own. */
  asRead?: Record<string, unknown>;
  /** An edit (the default) or a revert of an earlier entry. */
  kind?: UpdateKind;
}

export async function updateRecord(db: DB, def: EntityDef, id: number, input: Record<string, unknown>, opts: UpdateOptions) {
  try {
    return await db.transaction().execute((tx) => updateInTransaction(tx, def, id, input, opts));
  } catch (err) {
    if (err instanceof HttpError) throw err;
    return mapConstraintError(def, err);
  }
}

/** updateRecord's body inside a caller's transaction (an import's batch); constraint errors thrown as they came. */
export async function updateInTransaction(tx: DB, def: EntityDef, id: number, input: Record<string, unknown>, opts: UpdateOptions) {
  const { actor, scryptLogN, asRead = {}, kind = { action: 'update' }, origin = {} } = opts;
  const { version, ...fields } = input;
  const existing = await fetchRecord(tx, def, id);
  if (!existing || !inScope(def, actor, existing)) throw notFound();
  checkPayloadScope(def, actor, fields);
  await checkReferences(tx, def, fields);
  if (existing.version !== version) {
    throw fail(409, 'This record was changed by someone else since you opened it. Reload it to see the changes.', { code: 'stale', field: 'version' });
  }
  checkAsRead(def, existing, asRead);
  checkUnchangedSince(existing, kind.expect);
  await enforceFieldRules(tx, def, actor.role, existing, fields);
  await checkAssignees(tx, def, fields, existing);
  for (const k of def.immutable ?? []) {
    if (k in fields && fields[k] !== existing[k]) throw fail(400, `${k} cannot be changed`, { field: k, code: 'immutable' });
  }
  let cols = await toColumns(def, fields, scryptLogN);
  const hooks = hooksOf(def);
  if (hooks.beforeWrite) cols = await hooks.beforeWrite(tx, cols, existing);
  const sets = Object.keys(cols).map((n) => sql`${sql.raw(ident(n))} = ${cols[n]}`);
  const res = await sql<{ id: number }>`update ${sql.raw(ident(def.table))} set ${sql.join([...sets, sql`version = version + 1`, sql`updated_at = now()`, sql`updated_by = ${actor.id}`])}
    where id = ${id} and version = ${version} returning id`.execute(tx);
  if (!res.rows.length) throw fail(409, 'This record was changed by someone else since you opened it. Reload it to see the changes.', { code: 'stale', field: 'version' });
  const rec = (await fetchRecord(tx, def, id))!;
  await upsertSearchRow(tx, def, rec);
  await refreshReferrers(tx, def, existing, rec);
  await audit(tx, actor, def, id, kind.action, { ...changedFields(def, existing, rec, Object.keys(fields)), ...(kind.of ? { revertOf: kind.of } : {}), ...originMark(origin) }, rec);
  await hooks.afterWrite?.(tx, rec, existing, { actor, columns: cols });
  await attachLabels(tx, def, [rec]);
  return rec;
}

/** Records that refer to a record being deleted are counted up to this (a centre's appointments can be millions). */
const USERS_COUNTED = 1_000;

/**
 * Refuses to delete built-in rows and records that others refer to, naming who refers to it. The record goes to the
 * trash (trash.ts), from where whoever deleted it may restore it for a while (restoreRecord).
 */
export async function deleteRecord(db: DB, def: EntityDef, id: number, actor: Actor, origin: WriteOrigin = {}) {
  try {
    await db.transaction().execute((tx) => deleteInTransaction(tx, def, id, actor, origin));
  } catch (err) {
    if (err instanceof HttpError) throw err;
    return mapConstraintError(def, err);
  }
}

/**
 * deleteRecord's body inside a caller's transaction (a bulk action's batch); constraint errors thrown as they came.
 * `expectVersion`: the version the caller saw, else any (a record changed since is refused 409 stale).
 */
export async function deleteInTransaction(tx: DB, def: EntityDef, id: number, actor: Actor, origin: WriteOrigin = {}, expectVersion?: number) {
  const existing = await fetchRecord(tx, def, id);
  if (!existing || !inScope(def, actor, existing)) throw notFound();
  if (expectVersion !== undefined && existing.version !== expectVersion) throw stale();
  await enforceFieldRules(tx, def, actor.role, existing, null);
  const guard = def.protectedRows;
  if (guard && guard.values.includes(String(existing[guard.field]))) {
    throw fail(409, `"${titleOf(def, existing)}" is built in and cannot be deleted`, { code: 'protected' });
  }
  const users: string[] = [];
  let unnamed = 0;
  let countCapped = false;
  const detached: Detached[] = [];
  for (const r of referrersOf(def.name)) {
    const c = sql.raw(ident(columnName(r.field, r.entity.fields[r.field])));
    if (r.entity.fields[r.field].detach) {
      const out = await sql<{ id: number; version: number }>`update ${sql.raw(ident(r.entity.table))} set ${c} = array_remove(${c}, ${id}::int), version = version + 1, updated_at = now() where ${id} = any(${c}) returning id, version`.execute(tx);
      if (out.rows.length) detached.push({ entity: r.entity.name, field: r.field, ids: out.rows.map((x) => Number(x.id)) });
      await publishDetached(tx, r.entity, out.rows, actor.id);
      continue;
    }
    // A reference inside a nested list lives in jsonb items; those tables are small enough to scan on a delete.
    const cond = r.itemField
      ? sql`exists (select 1 from jsonb_array_elements(coalesce(${c}, '[]'::jsonb)) as item where item -> ${r.itemField} @> to_jsonb(${id}::int))`
      : r.many ? sql`${id} = any(${c})` : sql`${c} = ${id}`;
    // Named only where the caller may read them (their own centres'); the others are counted, never named.
    const readable = actor.role === null || canReadRecord(actor.role, r.entity.name);
    const table = sql.raw(ident(r.entity.table));
    const all = Number((await sql<{ n: number }>`select count(*)::int as n from (select 1 from ${table} t where ${cond} limit ${USERS_COUNTED}) x`.execute(tx)).rows[0].n);
    if (!all) continue;
    const named = readable ? (await sql<Record<string, unknown>>`select ${selectList(r.entity)} from ${table} t where ${sql.join([cond, ...scopeWhere(r.entity, actor)], sql` and `)} limit 3`.execute(tx)).rows : [];
    if (named.length) users.push(`${r.entity.name} (${named.map((row) => titleOf(r.entity, row)).join(', ')}${all > named.length ? ', …' : ''})`);
    unnamed += all - named.length;
    if (all === USERS_COUNTED) countCapped = true;
  }
  if (users.length || unnamed) {
    const others = unnamed ? `${unnamed}${countCapped ? '+' : ''} other record${unnamed === 1 ? '' : 's'}` : '';
    throw fail(409, `"${titleOf(def, existing)}" is still used by ${[...users, ...(others ? [others] : [])].join('; ')}. Change or delete those first.`, { code: 'in_use' });
  }
  // Into the trash, not gone: Undo restores it (restoreRecord) until the purge deletes it for good (trash.ts).
  await moveToTrash(tx, def, id, actor.id, detached);
  await deleteSearchRow(tx, def, id);
  await audit(tx, actor, def, id, 'delete', Object.keys(originMark(origin)).length ? originMark(origin) : null, existing);
}

/** A reference the restored record holds to a record deleted meanwhile: 409, naming the field (or list member). */
const referenceGone = (field: string | undefined) =>
  fail(409, 'A record this one refers to was deleted meanwhile', { field, code: 'reference_gone' });

/**
 * Undo of a delete: the record comes back from the trash with its id and version + 1, its search row, the id arrays
 * the delete took it out of, and an audit row. Only whoever deleted it, or a superadmin, within the caller's centres
 * (another centre's record: 404, as if it did not exist), while the undo window is open. What may have changed
 * meanwhile is checked again: a unique value taken by another record (409 duplicate, naming the field) and a record
 * it refers to deleted (409 reference_gone). A refused restore leaves the record in the trash.
 */
export async function restoreRecord(db: DB, def: EntityDef, id: number, actor: Actor) {
  try {
    return await db.transaction().execute((tx) => restoreInTransaction(tx, def, id, actor));
  } catch (err) {
    throw restoreIssue(def, err);
  }
}

/** A restore's database error as the API's (a reference gone meanwhile, a value taken), or the error itself. */
export function restoreIssue(def: EntityDef, err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const e = err as { code?: string; constraint?: string };
  if (e.code === '23503') {
    // A single reference is a foreign key: the record it names was deleted while this one was in the trash.
    const field = Object.entries(def.fields).find(([k, fd]) => fkName(def.table, columnName(k, fd)) === e.constraint)?.[0];
    return referenceGone(field);
  }
  return constraintIssue(def, err);
}

/** restoreRecord's body inside a caller's transaction (a bulk action's undo); database errors thrown as they came. */
export async function restoreInTransaction(tx: DB, def: EntityDef, id: number, actor: Actor, origin: WriteOrigin = {}) {
  const trashed = await takeFromTrash(tx, def, id);
  if (!trashed || !trashed.open) throw notFound();
  const record = toRecord(def, trashed.record);
  // A centre deleted by its own staff took them out of it: they were in its scope when they deleted it.
  const lostByDelete = trashed.detached.some((d) => d.entity === 'admin-user' && d.field === 'centres' && actor.id !== null && d.ids.includes(actor.id));
  const centres = [...(actor.centres ?? []), ...(def.scope === 'id' && lostByDelete ? [id] : [])];
  if (!inScope(def, { role: actor.role, centres }, record)) throw notFound();
  if (actor.role !== null && actor.role !== 'superadmin' && trashed.deletedBy !== actor.id) {
    throw fail(403, 'Only whoever deleted this record can undo it', { code: 'not_yours' });
  }
  await enforceFieldRules(tx, def, actor.role, record, null);
  const detachFields = Object.keys(def.fields).filter((k) => def.fields[k].detach);
  try {
    await checkReferences(tx, def, Object.fromEntries(Object.entries(record).filter(([k]) => !detachFields.includes(k))));
  } catch (err) {
    if (err instanceof HttpError && err.errors[0]?.code === 'not_found') throw referenceGone(err.errors[0].field);
    throw err;
  }
  await putBack(tx, def, id, trashed.row, actor.id);
  await dropGoneDetached(tx, def, id);
  await reattach(tx, id, trashed.detached, actor.id);
  const rec = (await fetchRecord(tx, def, id))!;
  await upsertSearchRow(tx, def, rec);
  await audit(tx, actor, def, id, 'restore', Object.keys(originMark(origin)).length ? originMark(origin) : null, rec);
  await attachLabels(tx, def, [rec]);
  return rec;
}
