import { sql } from 'kysely';
import { columnName, getEntity, type EntityDef } from '../../registry';
import { passwordChanged } from '../auth/sessions';
import { publishChanges } from '../events/notices';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { selectList } from '../records/columns';

/**
 * The trash behind Undo (issue 10). A delete moves the record's row (every column, as jsonb) into `trash` in its
 * transaction, so the entity's table no longer holds it and no read path needs to know about deleted records; a
 * restore (write.ts restoreRecord) puts the row back with its id. The purge deletes trash rows for good once the
 * undo window is over. The client offers Undo for a few seconds; the server keeps the row well past that, so an
 * Undo pressed at the last moment, or sent over a slow network, still finds it.
 */
export const TRASH_KEEP_MINUTES = 10;

/** An id array the delete took the record out of (an account's centres, `detach` references): put back on restore. */
export interface Detached { entity: string; field: string; ids: number[] }

/** A trash row read for a restore: the record in the API's shape, who deleted it, and whether the window is still open. */
export interface Trashed { record: Record<string, unknown>; row: unknown; detached: Detached[]; deletedBy: number | null; open: boolean }

/**
 * Effects of a delete that a restore must not undo. A deleted account's sessions and reset links end with the delete:
 * a hard delete ended them by leaving nothing to sign in as, and a restore must not bring a session back to life.
 */
const ON_DELETE: Record<string, (db: DB, id: number) => Promise<void>> = {
  'admin-user': (db, id) => passwordChanged(db, id),
};

/** Moves the row into the trash and deletes it from its table (a foreign key still refuses, as before: 409 in_use). */
export async function moveToTrash(db: DB, def: EntityDef, id: number, deletedBy: number | null, detached: Detached[]): Promise<void> {
  const table = sql.raw(ident(def.table));
  // One row per record: a record restored and deleted again replaces its earlier row.
  await sql`insert into trash (entity, record_id, row, detached, deleted_by)
    select ${def.name}, t.id, to_jsonb(t), ${JSON.stringify(detached)}::jsonb, ${deletedBy} from ${table} t where t.id = ${id}
    on conflict (entity, record_id) do update set row = excluded.row, detached = excluded.detached, deleted_by = excluded.deleted_by, deleted_at = now()`.execute(db);
  await sql`delete from ${table} where id = ${id}`.execute(db);
  await ON_DELETE[def.name]?.(db, id);
}

/**
 * The trash row of a record, locked until the caller's transaction ends (two restores at once: the second waits,
 * then finds nothing; the purge skips a locked row). The record is read through the table's own row type, so it has
 * the types and names a read of the table gives.
 */
export async function takeFromTrash(db: DB, def: EntityDef, id: number): Promise<Trashed | null> {
  const res = await sql<Record<string, unknown>>`
    select tr.row as "trash__row", tr.detached as "trash__detached", tr.deleted_by as "trash__deleted_by",
      tr.deleted_at > now() - make_interval(mins => ${TRASH_KEEP_MINUTES}) as "trash__open", ${selectList(def)}
    from trash tr cross join lateral jsonb_populate_record(null::${sql.raw(ident(def.table))}, tr.row) t
    where tr.entity = ${def.name} and tr.record_id = ${id}
    for update of tr`.execute(db);
  const r = res.rows[0];
  if (!r) return null;
  const { trash__row: row, trash__detached: detached, trash__deleted_by: deletedBy, trash__open: open, ...record } = r;
  return { record, row, detached: (detached ?? []) as Detached[], deletedBy: deletedBy === null ? null : Number(deletedBy), open: Boolean(open) };
}

/** Puts the row back under its id (a unique value taken meanwhile fails here: 23505) and ends its trash row. */
export async function putBack(db: DB, def: EntityDef, id: number, row: unknown, actorId: number | null): Promise<void> {
  const table = sql.raw(ident(def.table));
  await sql`insert into ${table} select * from jsonb_populate_record(null::${table}, ${JSON.stringify(row)}::jsonb)`.execute(db);
  // A restore is a change like an edit: a form still open on the old version is stale.
  await sql`update ${table} set version = version + 1, updated_at = now(), updated_by = ${actorId} where id = ${id}`.execute(db);
  await sql`delete from trash where entity = ${def.name} and record_id = ${id}`.execute(db);
}

/** Puts the record back into the id arrays it was taken out of, where those records still exist and lack it. */
export async function reattach(db: DB, id: number, detached: Detached[], by: number | null = null): Promise<void> {
  for (const d of detached) {
    const def = getEntity(d.entity);
    const c = sql.raw(ident(columnName(d.field, def.fields[d.field])));
    const back = await sql<{ id: number; version: number }>`update ${sql.raw(ident(def.table))} set ${c} = array_append(coalesce(${c}, '{}'), ${id}::int), version = version + 1, updated_at = now()
      where id = any(${d.ids}::int[]) and not (${id} = any(coalesce(${c}, '{}'))) returning id, version`.execute(db);
    await publishDetached(db, def, back.rows, by);
  }
}

/**
 * Records a delete took the deleted one out of (or a restore put back into) changed too: told to the change stream
 * (an account's centres, so that its streams read them again). No centre: a scoped entity's would be heard by unscoped
 * roles only; `detach` fields are on admin-user alone, which is not scoped.
 */
export async function publishDetached(db: DB, def: EntityDef, rows: readonly { id: number; version: number }[], by: number | null) {
  await publishChanges(db, rows.map((x) => ({ entity: def.name, id: Number(x.id), version: Number(x.version), action: 'update', by, centre: null })));
}

/** A restored record's own `detach` references to records deleted meanwhile are dropped, as a delete would have. */
export async function dropGoneDetached(db: DB, def: EntityDef, id: number): Promise<void> {
  for (const [k, fd] of Object.entries(def.fields)) {
    if (fd.kind !== 'refs' || !fd.detach) continue;
    const c = sql.raw(ident(columnName(k, fd)));
    const target = sql.raw(ident(getEntity(fd.ref!).table));
    await sql`update ${sql.raw(ident(def.table))} set ${c} = array(select x from unnest(${c}) x where exists (select 1 from ${target} g where g.id = x))
      where id = ${id} and ${c} is not null`.execute(db);
  }
}

const PURGE_BATCH = 500;

/**
 * Deletes trash past the window for good; returns how many rows. Safe in every process at once: each pass claims
 * its rows with SKIP LOCKED, so two purges never wait on each other nor delete a row twice, and a row a restore holds
 * is left to it (which refuses it anyway: the window is over).
 */
export async function purgeTrash(db: DB): Promise<number> {
  let total = 0;
  for (;;) {
    const res = await sql<{ id: number }>`delete from trash where id in (
      select id from trash where deleted_at <= now() - make_interval(mins => ${TRASH_KEEP_MINUTES}) order by id limit ${PURGE_BATCH} for update skip locked
    ) returning id`.execute(db);
    total += res.rows.length;
    if (res.rows.length < PURGE_BATCH) return total;
  }
}

const PURGE_EVERY_MS = 60_000;

/** The purge of this process: a pass a minute; stop() waits for the pass under way. Like the mail sender (mail.ts). */
export function startTrashPurge(db: DB, log: (line: string) => void): () => Promise<void> {
  let stopped = false;
  let current: Promise<void> | null = null;
  const pass = () => {
    if (stopped || current) return;
    current = (async () => {
      try {
        await purgeTrash(db);
      } catch (err) {
        log(`[trash] purge: ${(err as Error).message}`);
      } finally {
        current = null;
      }
    })();
  };
  const timer = setInterval(pass, PURGE_EVERY_MS);
  timer.unref();
  pass();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}
