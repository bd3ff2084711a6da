import { Hono } from 'hono';
import { sql } from 'kysely';
import { columnName, ENTITIES, referrersOf, rolesFor, shownKind, titleOf, type EntityDef } from '../../registry';
import { ident } from '../db/entity-table';
import { fail, type AppEnv } from '../http';
import { guard } from '../crud/routes';
import { selectList } from '../crud/columns';
import { audit as writeAudit } from '../crud/write';

export interface TimelineEvent { at: string; entity: string; id: number; title: string; what: string }

/** The first date-like field of an entity: when its record happened (an examination, a card's start); else its creation. */
function whenField(def: EntityDef): string | null {
  return Object.entries(def.fields).find(([, fd]) => ['date', 'datetime'].includes(shownKind(fd)))?.[0] ?? null;
}

/**
 * GET /api/{resource}/{id}/timeline for entities whose policy has a timeline (patients): every record of
 * any entity that refers to it, dated, newest first, plus the record's own audit trail. Registry-driven:
 * a new entity that refers to patients appears here by being declared.
 */
export function timelineRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const def of ENTITIES) {
    if (!rolesFor(def.name, 'timeline')) continue;
    app.get(`/${def.api}/:id/timeline`, async (c) => {
      guard(c, def.name, 'timeline');
      const id = Number(c.req.param('id'));
      if (!Number.isInteger(id) || id < 1) throw fail(404, 'This record does not exist', { code: 'not_found' });
      const db = c.get('db');
      const exists = await sql`select 1 from ${sql.raw(ident(def.table))} where id = ${id}`.execute(db);
      if (!exists.rows.length) throw fail(404, 'This record does not exist', { code: 'not_found' });
      if (def.auditReads) await writeAudit(db, c.get('user'), def, id, 'read_timeline', null);
      const events: TimelineEvent[] = [];
      for (const r of referrersOf(def.name).filter((x) => !x.itemField)) {
        const c2 = sql.raw(ident(columnName(r.field, r.entity.fields[r.field])));
        const cond = r.many ? sql`${id} = any(${c2})` : sql`${c2} = ${id}`;
        const rows = await sql<Record<string, unknown>>`select ${selectList(r.entity)} from ${sql.raw(ident(r.entity.table))} t where ${cond} order by t.id desc limit 200`.execute(db);
        const when = whenField(r.entity);
        for (const row of rows.rows) {
          events.push({ at: String((when && row[when]) || row.createdAt), entity: r.entity.name, id: Number(row.id), title: titleOf(r.entity, row) || `#${row.id}`, what: 'record' });
        }
      }
      const audit = await sql<{ at: string; action: string }>`select at, action from audit_log where entity = ${def.name} and record_id = ${id} order by at desc limit 200`.execute(db);
      for (const a of audit.rows) events.push({ at: String(a.at), entity: def.name, id, title: a.action, what: 'audit' });
      events.sort((a, b) => b.at.localeCompare(a.at));
      return c.json({ data: events });
    });
  }
  return app;
}
