import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { ENTITIES, getEntity, inputFields, inputSchema, PATIENT_ENTITY, REVERTIBLE_ACTIONS, type EntityDef } from '../../registry';
import { audit } from '../audit/audit';
import { guard } from '../crud/routes';
import { requireFreshProof } from '../auth/step-up';
import { getRecord, updateRecord } from '../crud/write';
import { fail, fieldErrors, jsonBody, recordIdParam, type AppEnv } from '../http';
import { describeCalls, isoTime, rolesMay } from '../http/call-docs';
import { parseCursor, titlesOf } from '../screens/screen-query';

/**
 * The audit trail read and acted on:
 *   GET  /api/patients/:id/access?cursor=     → who read or changed this patient's data, when and how, newest first
 *   POST /api/{resource}/:id/revert { entry, version } → the record as it was before that edit, as a new audited edit
 */
const PAGE = 50;
export const revertBody = z.strictObject({ entry: z.number().int().min(1), version: z.number().int().min(1) });

interface AccessRow { id: number; at: string; key: string; actor_id: number | null; entity: string; record_id: number | null; record_ids: number[] | null; action: string; address: string | null }

describeCalls({
  [`GET /api/${getEntity(PATIENT_ENTITY).api}/{id}/access`]: {
    summary: `Who read or changed a patient's data, when and how, newest first (${PAGE} a page; reading it is itself a read of the patient)`,
    roles: rolesMay(PATIENT_ENTITY, 'access'), query: ['cursor'],
    ok: {
      status: 200,
      schema: z.strictObject({
        data: z.array(z.strictObject({
          id: z.number().int(), at: isoTime, action: z.string(), entity: z.string(), recordId: z.number().int().nullable(), records: z.number().int().min(0),
          kind: z.enum(['read', 'change']), actor: z.strictObject({ id: z.number().int(), name: z.string() }).nullable(), address: z.string().nullable(),
        })),
        nextCursor: z.string().nullable(),
      }),
    },
    refuses: [404],
  },
});

export function auditTrailRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get(`/${getEntity(PATIENT_ENTITY).api}/:id/access`, async (c) => {
    guard(c, PATIENT_ENTITY, 'access');
    const id = recordIdParam(c);
    const db = c.get('db');
    const cursor = parseCursor(c.req.query('cursor'), 'time');
    const rows = (await sql<AccessRow>`select id, at, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key,
        actor_id, entity, record_id, record_ids, action, address from audit_log
      where patients @> array[${id}::int] ${cursor ? sql`and (at, id) < (${cursor.at}::timestamptz, ${cursor.id})` : sql``}
      order by at desc, id desc limit ${PAGE + 1}`.execute(db)).rows;
    const page = rows.slice(0, PAGE);
    const names = await titlesOf(db, 'admin-user', page.map((r) => r.actor_id).filter((x): x is number => x !== null));
    // Reading who read a patient's data is itself a read of it.
    await audit(db, c.get('user'), getEntity(PATIENT_ENTITY), id, 'read_access', null, { id });
    const last = page[page.length - 1];
    return c.json({
      data: page.map((r) => ({
        id: Number(r.id), at: r.at, action: r.action, entity: r.entity, recordId: r.record_id, records: r.record_ids?.length ?? (r.record_id ? 1 : 0),
        kind: r.action.startsWith('read') ? 'read' : 'change',
        actor: r.actor_id === null ? null : { id: r.actor_id, name: names.get(r.actor_id) ?? `#${r.actor_id}` }, address: r.address,
      })),
      nextCursor: rows.length > PAGE && last ? JSON.stringify([last.key, Number(last.id)]) : null,
    });
  });

  for (const def of ENTITIES) {
    app.post(`/${def.api}/:id/revert`, async (c) => {
      guard(c, 'history', 'revert');
      guard(c, def.name, 'edit');
      requireFreshProof(c);
      const id = recordIdParam(c);
      const body = revertBody.safeParse(await jsonBody(c));
      if (!body.success) throw fieldErrors(body.error.issues);
      const db = c.get('db');
      const current = await getRecord(db, def, id, c.get('user'));
      const entry = (await sql<{ action: string; changes: Record<string, unknown> | null }>`select action, changes from audit_log
        where id = ${body.data.entry} and entity = ${def.name} and record_id = ${id}`.execute(db)).rows[0];
      if (!entry || !REVERTIBLE_ACTIONS.includes(entry.action)) throw fail(404, 'There is no such change of this record', { field: 'entry', code: 'not_found' });
      const back = revertible(def, entry.changes);
      if (!Object.keys(back.before).length) throw fail(409, 'This change holds nothing an edit can put back', { field: 'entry', code: 'not_revertible' });
      // The record as it is, with the reverted fields as they were: a whole edit, validated as any edit is.
      const payload: Record<string, unknown> = { version: body.data.version };
      for (const k of Object.keys(inputFields(def))) if (!def.fields[k].writeOnly && k in current) payload[k] = current[k];
      Object.assign(payload, back.before);
      const parsed = inputSchema(def, 'update').safeParse(payload);
      if (!parsed.success) throw fieldErrors(parsed.error.issues);
      const rec = await updateRecord(db, def, id, parsed.data, { actor: c.get('user'), scryptLogN: c.get('config').scryptLogN, kind: { action: 'revert', of: body.data.entry, expect: back.after } });
      return c.json({ data: rec });
    });
  }
  return app;
}

/** The fields an edit's entry changed that an edit may write again: what they were before it, and what it made them. */
function revertible(def: EntityDef, changes: Record<string, unknown> | null) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const writable = inputFields(def);
  for (const [k, v] of Object.entries(changes ?? {})) {
    if (!(k in writable) || writable[k].writeOnly || typeof v !== 'object' || v === null || !('from' in v) || !('to' in v)) continue;
    before[k] = (v as { from: unknown }).from;
    after[k] = (v as { to: unknown }).to;
  }
  return { before, after };
}
