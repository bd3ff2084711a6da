import { sql } from 'kysely';
import { columnName, getEntity, inputSchema, memberSchema, moveTo, ownedFields, ownedStart, type EntityDef } from '../../registry';
import { param, selectList, toRecord } from '../records/columns';
import { hooksOf } from '../crud/hooks';
import { checkAssignees } from '../crud/assignees';
import { centreOf } from '../records/scope';
import { patientsOf, writeEntries, type Entry } from '../audit/audit';
import { fillSortKeys, searchDocs } from '../search';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';

/** One move of a demo record's status, as the transition endpoint would have written it. */
export interface StoryMove { to: string; at: Date; reason?: string | null; actorId?: number | null }

/** A demo record: its create payload, then the moves that brought it to its status, with when it was made. */
export interface StoryRecord {
  values: Record<string, unknown>;
  /**
   * Values of fields the server owns that the record has from calls other than its moves: an appointment's slot (its
   * booking), a ticket's raiser (who made it) and comments (each added by its own call).
   */
  given?: Record<string, unknown>;
  createdAt: Date;
  moves?: StoryMove[];
}

const CHUNK = 250;

/**
 * Writes many demo records of one entity in a few statements, where createRecord would take one transaction
 * each (thousands of appointments, payments and invoices would add tens of seconds to the first start). What
 * createRecord and the transition endpoint write is written here too: the payload validated by the entity's own
 * schema, the server's hooks (invoice totals, payout net), the search row, the audit rows and one status_history
 * row per move. Each move must be a legal transition from the status before it, starting at the workflow's
 * initial status, so that a record's history is one the console could have made; `version` counts the moves.
 * Times are the story's (created_at, each move's `at`), not the seed's.
 */
export async function writeStory(db: DB, entity: string, records: StoryRecord[]): Promise<Record<string, unknown>[]> {
  const def = getEntity(entity);
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < records.length; i += CHUNK) out.push(...await writeChunk(db, def, records.slice(i, i + CHUNK)));
  return out;
}

interface Prepared { cols: Record<string, unknown>; values: Record<string, unknown>; moves: (StoryMove & { from: string; name: string })[]; createdAt: Date; updatedAt: Date }

/**
 * The story's own values of fields a move writes later (`given`: an appointment's slot, which the booking set and a
 * reschedule clears), checked by their field schemas; the rest is a create payload, checked by the entity's schema.
 */
async function prepare(db: DB, def: EntityDef, rec: StoryRecord): Promise<Prepared> {
  const parsed = inputSchema(def, 'create').safeParse(rec.values);
  if (!parsed.success) {
    throw new Error(`demo ${def.name} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  // Given only to someone who may open it, as the console's writer requires (crud/assignees.ts).
  await checkAssignees(db, def, parsed.data, null);
  let cols: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(parsed.data)) {
    const fd = def.fields[k];
    if (fd.kind === 'password' || fd.kind === 'richText') throw new Error(`writeStory does not hash or sanitise (${def.name}.${k})`);
    cols[columnName(k, fd)] = param(fd, v);
  }
  for (const [k, v] of Object.entries(rec.given ?? {})) {
    const fd = def.fields[k];
    const owner = ownedFields(def)[k];
    if (!(owner === 'move' || owner === 'creator' || owner === 'thread') || !memberSchema(fd, 'create').safeParse(v).success) throw new Error(`demo ${def.name}: ${k} cannot be given as ${JSON.stringify(v)}`);
    cols[columnName(k, fd)] = param(fd, v);
  }
  // What has happened happened before now: a record made or moved later would be a story from the future.
  const future = [rec.createdAt, ...(rec.moves ?? []).map((m) => m.at)].find((t) => +t > Date.now());
  if (future) throw new Error(`demo ${def.name}: ${future.toISOString()} is in the future`);
  for (const [k, v] of Object.entries(ownedStart(def))) cols[columnName(k, def.fields[k])] = v;
  const moves: Prepared['moves'] = [];
  const wf = def.workflow;
  if (wf) {
    let status = wf.initial;
    let last = rec.createdAt;
    for (const m of rec.moves ?? []) {
      const move = moveTo(def, status, m.to);
      if (!move) throw new Error(`demo ${def.name}: ${status} cannot become ${m.to}`);
      if (m.at < last) throw new Error(`demo ${def.name}: the move to ${m.to} is before the one before it`);
      moves.push({ ...m, from: status, name: move.name });
      // What the move writes besides the status, as the transition endpoint writes it, at the move's time.
      for (const [k, v] of Object.entries(move.sets ?? {})) {
        cols[columnName(k, def.fields[k])] = v === '$now' ? m.at.toISOString() : v === '$reason' ? (m.reason ?? null) : v === '$actor' ? (m.actorId ?? null) : v;
      }
      status = m.to;
      last = m.at;
    }
    cols[columnName(wf.field, def.fields[wf.field])] = status;
  } else if (rec.moves?.length) throw new Error(`demo ${def.name} has no workflow to move`);
  const hooks = hooksOf(def);
  if (hooks.beforeWrite) cols = await hooks.beforeWrite(db, cols, null);
  const updatedAt = moves.length ? moves[moves.length - 1].at : rec.createdAt;
  return { cols, values: parsed.data, moves, createdAt: rec.createdAt, updatedAt };
}

async function writeChunk(db: DB, def: EntityDef, records: StoryRecord[]) {
  const rows: Prepared[] = [];
  for (const r of records) rows.push(await prepare(db, def, r));
  const names = [...new Set(rows.flatMap((r) => Object.keys(r.cols)))];
  const tuples = rows.map((r) => sql`(${sql.join([
    ...names.map((n) => r.cols[n] ?? null), 1 + r.moves.length, r.createdAt.toISOString(), r.updatedAt.toISOString(),
  ])})`);
  const inserted = await sql<{ id: number }>`insert into ${sql.raw(ident(def.table))}
    (${sql.raw([...names, 'version', 'created_at', 'updated_at'].map(ident).join(', '))})
    values ${sql.join(tuples)} returning id`.execute(db);
  // Identities are drawn in the order of the VALUES list.
  const ids = inserted.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  const fetched = await sql<Record<string, unknown>>`select ${selectList(def)} from ${sql.raw(ident(def.table))} t
    where t.id = any(${ids}::int[]) order by t.id`.execute(db);
  const recs = fetched.rows.map((row) => toRecord(def, row));

  // The references' titles read in bulk: one statement per entity referred to, for the whole chunk.
  const docs = await searchDocs(db, def, recs);
  await sql`insert into search_index (entity, record_id, title, subtitle, doc) values ${sql.join(recs.map((rec, i) => {
    const { title, subtitle, doc } = docs[i];
    return sql`(${def.name}, ${rec.id}, ${title}, ${subtitle}, ${doc})`;
  }))}`.execute(db);
  await fillSortKeys(db, def, ids);

  const audits = recs.flatMap((rec, i): Entry[] => {
    const about = { entity: def.name, recordId: Number(rec.id), fmc: centreOf(def, rec), patients: patientsOf(def, rec) };
    const r = rows[i];
    return [
      { ...about, at: r.createdAt.toISOString(), actor: { id: null }, action: 'create', changes: r.values },
      ...r.moves.map((m) => ({ ...about, at: m.at.toISOString(), actor: { id: m.actorId ?? null }, action: `transition:${m.name}` as const,
        changes: { [def.workflow!.field]: m.to, from: m.from, ...(m.reason ? { reason: m.reason } : {}) } })),
    ];
  });
  await writeEntries(db, audits);

  const history = recs.flatMap((rec, i) => rows[i].moves.map((m) =>
    sql`(${def.name}, ${rec.id}, ${m.from}, ${m.to}, ${m.reason ?? null}, ${m.actorId ?? null}, ${m.at.toISOString()})`));
  if (history.length) {
    await sql`insert into status_history (entity, record_id, from_status, to_status, reason, actor_id, at) values ${sql.join(history)}`.execute(db);
  }
  return recs;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * The story's clock: times relative to the moment of seeding, days and hours as a centre in India reads them
 * (IST, UTC+05:30, no daylight saving), so the demo stays current whenever it is seeded.
 */
export class StoryClock {
  readonly now: number;
  constructor(now = Date.now()) { this.now = now; }

  /** The IST calendar day `offset` days from today. */
  day(offset = 0): string { return new Date(this.now + offset * DAY + 330 * MINUTE).toISOString().slice(0, 10); }

  /** The IST calendar day of an instant. */
  dayOf(t: Date | number): string { return new Date(+t + 330 * MINUTE).toISOString().slice(0, 10); }

  /** An IST day and clock time (HH:MM) as an instant. */
  at(day: string, hhmm: string): Date { return new Date(`${day}T${hhmm}:00+05:30`); }

  /** The IST month (YYYY-MM) of an instant. */
  month(t: Date | number): string { return new Date(+t + 330 * MINUTE).toISOString().slice(0, 7); }

  /** The IST year of an instant. */
  year(t: Date | number): string { return this.month(t).slice(0, 4); }

  /** `t` moved by some minutes. */
  plus(t: Date | number, minutes: number): Date { return new Date(+t + minutes * MINUTE); }

  isPast(t: Date | number): boolean { return +t < this.now; }

  /** A minute before now: the latest a move that has happened can be dated. */
  get latest(): Date { return new Date(this.now - MINUTE); }

  /** The earlier of `t` and a minute ago. */
  capped(t: Date | number): Date { return new Date(Math.min(+t, this.now - MINUTE)); }
}

/** Unique numbers such as APT-2026-000042, counted per year in the order they are asked for. */
export function numberer(prefix: string, digits = 6) {
  const next = new Map<string, number>();
  return (year: string) => {
    const n = (next.get(year) ?? 0) + 1;
    next.set(year, n);
    return `${prefix}-${year}-${String(n).padStart(digits, '0')}`;
  };
}
