import { Hono } from 'hono';
import { sql } from 'kysely';
import { columnName, ENTITIES, holdsPatientData, referrersOf, rolesFor, shownKind, titleOf, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { z } from 'zod';
import { fail, recordIdParam, type AppEnv } from '../http';
import { describeCalls, rolesMay } from '../http/call-docs';
import { guard } from '../crud/routes';
import { col, titleSelectList } from '../records/columns';
import { audit } from '../audit/audit';
import { refTitles, titlesOf } from '../screens/screen-query';
import type { TimelineEvent } from '../../registry';

/** A timeline's answer: its events (TimelineEvent), newest first, and the titles of the records their changes name. */
const timelineAnswer = z.strictObject({
  data: z.array(z.strictObject({
    at: z.string(), entity: z.string(), id: z.number().int(), title: z.string(), what: z.enum(['record', 'audit']), action: z.string().optional(),
    actor: z.strictObject({ id: z.number().int(), name: z.string() }).nullable().optional(), changes: z.record(z.string(), z.unknown()).optional(),
    reason: z.string().optional(), worklist: z.string().optional(),
  }) satisfies z.ZodType<TimelineEvent>),
  titles: z.record(z.string(), z.record(z.string(), z.string())),
});

interface AuditRow { id: number; at: unknown; actor_id: number | null; record_id: number; action: string; changes: Record<string, unknown> | null }

/** Audit entries a record's history reads (per record, newest first); reads of the record are the activity log's, not changes. */
const AUDIT_LIMIT = 500;

/** The first date-like field of an entity: when its record happened (an examination, a card's start); else its creation. */
function whenField(def: EntityDef): string | null {
  return Object.entries(def.fields).find(([, fd]) => ['date', 'datetime'].includes(shownKind(fd)))?.[0] ?? null;
}

/** Dates as ISO text, so that record dates and audit instants sort together. */
function iso(v: unknown): string {
  return v instanceof Date ? v.toISOString() : String(v);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isDiff = (v: unknown): v is { from: unknown; to: unknown } => typeof v === 'object' && v !== null && !Array.isArray(v) && 'from' in v && 'to' in v;

/**
 * What each audit entry of one record changed, oldest first. The log holds the values each write sent (an edit sends
 * every field of the form), so a field's old value is the one the record's previous entry holding it wrote; a field
 * that kept its value is left out. A transition holds the status it left (`from`). Where no earlier entry holds a
 * field (a record stored before the log, or by the seed), the value written is shown alone, never a guessed old one.
 */
export function auditChanges(def: EntityDef, rows: readonly AuditRow[]): Map<number, Pick<TimelineEvent, 'changes' | 'reason' | 'worklist'>> {
  const status = def.workflow?.field;
  const known = new Map<string, unknown>();
  const out = new Map<number, Pick<TimelineEvent, 'changes' | 'reason' | 'worklist'>>();
  for (const row of rows) {
    const written = row.changes ?? {};
    const changes: Record<string, unknown> = {};
    const extra: Pick<TimelineEvent, 'reason' | 'worklist'> = {};
    if (row.action === 'remind' && typeof written.worklist === 'string') extra.worklist = written.worklist;
    if (typeof written.reason === 'string' && row.action.startsWith('transition:')) extra.reason = written.reason;
    for (const [field, value] of Object.entries(written)) {
      if (!def.fields[field] || def.fields[field].writeOnly) continue;
      // An edit's entry holds each changed field as { from, to } (older entries hold the values written).
      if (isDiff(value)) {
        known.set(field, value.to);
        changes[field] = { from: value.from ?? null, to: value.to ?? null };
        continue;
      }
      const old = status === field && 'from' in written ? written.from : known.get(field);
      const hasOld = (status === field && 'from' in written) || known.has(field);
      known.set(field, value);
      if (row.action === 'create' || row.action === 'remind') continue;
      if (hasOld) { if (!same(old, value)) changes[field] = { from: old ?? null, to: value ?? null }; }
      else if (value !== null && value !== undefined && value !== '') changes[field] = value;
    }
    out.set(row.id, { ...(Object.keys(changes).length ? { changes } : {}), ...extra });
  }
  return out;
}

/** The change entries of records of one entity (oldest first, at most AUDIT_LIMIT a call), reads left out. */
async function auditRows(db: DB, entity: string, ids: readonly number[]): Promise<AuditRow[]> {
  if (!ids.length) return [];
  const res = await sql<AuditRow>`select * from (
      select id, at, actor_id, record_id, action, changes from audit_log
      where entity = ${entity} and record_id = any(${ids}::int[]) and action not like 'read%'
      order by at desc, id desc limit ${AUDIT_LIMIT}
    ) x order by at, id`.execute(db);
  return res.rows;
}

/**
 * GET /api/{resource}/{id}/timeline for entities whose policy has a timeline (patients): every record of
 * any entity that refers to it, dated, newest first, the record's own audit trail (who changed what, old → new) and
 * the changes made to the records that refer to it (an appointment completed, and by whom). Registry-driven:
 * a new entity that refers to patients appears here by being declared.
 */
export function timelineRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const def of ENTITIES) {
    if (!rolesFor(def.name, 'timeline')) continue;
    describeCalls({
      [`GET /api/${def.api}/{id}/timeline`]: {
        summary: `A ${def.name} record's timeline: the records that name it and what happened to them and to it, newest first`, roles: rolesMay(def.name, 'timeline'),
        ok: { status: 200, schema: timelineAnswer }, refuses: [404],
      },
    });
    app.get(`/${def.api}/:id/timeline`, async (c) => {
      guard(c, def.name, 'timeline');
      const id = recordIdParam(c);
      const db = c.get('db');
      const exists = await sql`select 1 from ${sql.raw(ident(def.table))} where id = ${id}`.execute(db);
      if (!exists.rows.length) throw fail(404, 'This record does not exist', { code: 'not_found' });
      if (holdsPatientData(def)) await audit(db, c.get('user'), def, id, 'read_timeline', null, { id });
      const events: TimelineEvent[] = [];
      const audits: { def: EntityDef; rows: AuditRow[]; titles: Map<number, string> }[] = [];
      for (const r of referrersOf(def.name).filter((x) => !x.itemField)) {
        const c2 = sql.raw(ident(columnName(r.field, r.entity.fields[r.field])));
        const cond = r.many ? sql`${id} = any(${c2})` : sql`${c2} = ${id}`;
        const when = whenField(r.entity);
        // The title, the date and nothing else: whole rows (an appointment's prescription) cost most of the call.
        const rows = await sql<Record<string, unknown>>`select ${titleSelectList(r.entity)}, t.created_at as "createdAt"${when ? sql`, ${sql.raw(col(r.entity, when))} as ${sql.ref(when)}` : sql``}
          from ${sql.raw(ident(r.entity.table))} t where ${cond} order by t.id desc limit 200`.execute(db);
        const titles = new Map<number, string>();
        for (const row of rows.rows) {
          const title = titleOf(r.entity, row) || `#${row.id}`;
          titles.set(Number(row.id), title);
          events.push({ at: iso((when && row[when]) || row.createdAt), entity: r.entity.name, id: Number(row.id), title, what: 'record' });
        }
        // Their own creation is the record line above; what happened to them after it is told here.
        audits.push({ def: r.entity, rows: await auditRows(db, r.entity.name, [...titles.keys()]), titles });
      }
      audits.push({ def, rows: await auditRows(db, def.name, [id]), titles: new Map() });

      const actors = await titlesOf(db, 'admin-user', audits.flatMap((a) => a.rows.flatMap((r) => (r.actor_id === null ? [] : [r.actor_id]))));
      for (const a of audits) {
        const own = a.def === def;
        const byRecord = new Map<number, AuditRow[]>();
        for (const r of a.rows) {
          if (!byRecord.has(r.record_id)) byRecord.set(r.record_id, []);
          byRecord.get(r.record_id)!.push(r);
        }
        for (const rows of byRecord.values()) {
          const changes = auditChanges(a.def, rows);
          for (const r of rows) {
            if (!own && r.action === 'create') continue;
            events.push({
              at: iso(r.at), entity: a.def.name, id: r.record_id, title: own ? r.action : (a.titles.get(r.record_id) ?? `#${r.record_id}`), what: 'audit',
              action: r.action, actor: r.actor_id === null ? null : { id: r.actor_id, name: actors.get(r.actor_id) ?? `#${r.actor_id}` },
              ...changes.get(r.id),
            });
          }
        }
      }
      events.sort((x, y) => y.at.localeCompare(x.at));
      // The records the changes refer to, by title where the caller may read them (a centre, a doctor: not `#12`).
      return c.json({ data: events, titles: await refTitles(db, c.get('user').role, events) });
    });
  }
  return app;
}
