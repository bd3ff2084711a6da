import { Hono } from 'hono';
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { getEntity, MAX_ID, subtitleOf, titleOf, WORKLISTS, type WorklistDef } from '../../registry';
import { selectList } from '../records/columns';
import { audit, auditReads } from '../audit/audit';
import type { DB } from '../db/connection';
import type { Actor } from '../crud/write';
import { fieldErrors, jsonBody, type AppEnv, type Ctx } from '../http';
import { dataOf, describeCalls, rolesOfScreen } from '../http/call-docs';
import { deliverMail } from '../mail';
import { queueMail, queueSms } from '../outbox';
import { docContains, MATCH_COUNT_CAP, matchingIds } from '../search';
import { contactOf, mailFor, textFor, type Channel } from './reminder-message';
import { guardScreen, pageOf, parseCursor, parseQuery, table, textParam } from '../screens/screen-query';
import { ruleSql, viaCounts } from '../screens/worklist-rules';

/**
 * The notification worklists (registry WORKLISTS), one pair of calls each:
 *   GET  /api/notifications/{id}?q=&cursor=&limit=  → { data: [{ id, title, subtitle, email, phone, channel, missing[], count?, remindedToday }], nextCursor, partial }
 *   POST /api/notifications/{id}/remind { ids }     → { data: [{ id, result: sent (with channel: mail | sms) | already_today | no_contact | not_found }] }
 *
 * A list walks its entity's table by id (the primary key), checking the rule (worklist-rules.ts) on at most WALK
 * rows a call (fewer for a rule that looks into appointments): a rule no index serves never reads the whole
 * table on one request. A page can then hold fewer rows than asked, with a cursor to walk on (`partial: true`).
 *
 * A reminder goes at most once per person, worklist and day: the reminder row (unique per day), the outbox row
 * and an audit row are written in one transaction for each id, or not at all; the outbox's sender delivers after it.
 * It goes by mail when the person has an e-mail address, else by text message to their mobile (reminder-message.ts).
 */
const PAGE = 50;
const WALK = 5_000;
/** A `via` rule probes each record's appointments: a shorter walk keeps a call's reads near WALK index rows. */
const VIA_WALK = 250;
const MAX_REMIND = 100;

export interface Row { id: number; _missing: string[]; walked: number | null; [k: string]: unknown }

/** Records of the list from `after` on, at most `size` (+1 to know there is more), by one bounded walk. */
async function listPage(db: DB, w: WorklistDef, opts: { after?: number; q?: string; size: number }) {
  const def = getEntity(w.entity);
  const walk = w.via ? VIA_WALK : WALK;
  const where: RawBuilder<unknown>[] = [];
  if (opts.after !== undefined) where.push(sql`t.id > ${opts.after}`);
  if (opts.q) {
    const ids = await matchingIds(db, def.name, opts.q, MATCH_COUNT_CAP);
    where.push(ids
      ? sql`t.id = any(${ids}::int[])`
      : sql`exists (select 1 from search_index s where s.entity = ${def.name} and s.record_id = t.id and ${docContains(opts.q, sql`s.doc`)})`);
  }
  const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const rule = ruleSql(w);
  const res = await sql<Row>`with walked as materialized (
      select ${selectList(def)}, ${rule.missing} as "_missing" from ${table(def)} t ${rule.joins} ${whereSql} order by t.id limit ${walk})
    (select t.*, null::int as walked from walked t where cardinality(t."_missing") > 0 order by t.id limit ${opts.size + 1})
    union all
    (select t.*, (select count(*) from walked)::int as walked from walked t order by t.id desc limit 1)`.execute(db);
  const hits = res.rows.filter((r) => r.walked === null);
  const edge = res.rows.find((r) => r.walked !== null);
  return { hits, walkedTo: edge && edge.walked! >= walk ? edge.id : undefined };
}

async function remindedToday(db: DB, w: WorklistDef, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const res = await sql<{ id: number }>`select record_id as id from reminder
    where worklist = ${w.id} and entity = ${w.entity} and record_id = any(${ids}::int[]) and day = current_date`.execute(db);
  return new Set(res.rows.map((r) => r.id));
}

const listQuery = z.strictObject({
  q: textParam.optional(),
  cursor: z.string().max(40).optional(),
  limit: z.string().regex(/^\d{1,3}$/, 'Give a number of rows from 1 to 100').transform(Number).refine((n) => n >= 1 && n <= 100, 'Give a number of rows from 1 to 100').optional(),
});

async function list(c: Ctx, w: WorklistDef) {
  guardScreen(c, w.id);
  const q = parseQuery(c, listQuery);
  const db = c.get('db');
  const size = q.limit ?? PAGE;
  const cursor = parseCursor(q.cursor, 'id');
  const def = getEntity(w.entity);
  const { hits, walkedTo } = await listPage(db, w, { after: cursor?.id, q: q.q, size });
  const { rows, more } = pageOf(hits, size);
  const ids = rows.map((r) => r.id);
  const counts = await viaCounts(db, w, ids);
  const reminded = await remindedToday(db, w, ids);
  await auditReads(db, c.get('user'), def, ids, 'read_worklist', { worklist: w.id, ...(q.q ? { q: q.q } : {}) });
  const next = more ? rows[rows.length - 1].id : walkedTo;
  return c.json({
    data: rows.map((r) => ({
      id: r.id,
      title: titleOf(def, r) || `#${r.id}`,
      subtitle: subtitleOf(def, r),
      email: (r.email as string | null | undefined) || null,
      phone: (r.phone as string | null | undefined) || null,
      channel: contactOf(r)?.channel ?? null,
      missing: r._missing,
      ...(w.via ? { count: counts.get(r.id) ?? 0 } : {}),
      remindedToday: reminded.has(r.id),
    })),
    nextCursor: next === undefined ? null : JSON.stringify([next]),
    partial: !more && walkedTo !== undefined,
  });
}

const remindBody = z.strictObject({
  ids: z.array(z.number().int().min(1).max(MAX_ID)).min(1, 'Choose at least one record').max(MAX_REMIND, `Choose at most ${MAX_REMIND} records`),
});

/**
 * One person's reminder, in the caller's transaction: the reminder row (once per person, worklist and day: `day`, else
 * the database's today), the outbox row and the audit row, or nothing. `actor`: who sent it (the system, for a
 * worklist that reminds by itself: reminders/worklist-auto.ts).
 */
export async function remindRecord(tx: DB, w: WorklistDef, rec: Row, count: number | undefined, actor: Actor, day?: string):
  Promise<{ result: 'sent'; channel: Channel } | { result: 'already_today' | 'no_contact' }> {
  const def = getEntity(w.entity);
  const id = Number(rec.id);
  const contact = contactOf(rec);
  if (!contact) return { result: 'no_contact' };
  const taken = await sql<{ id: number }>`insert into reminder (worklist, entity, record_id, actor_id, day)
      values (${w.id}, ${w.entity}, ${id}, ${actor.id}, ${day ?? sql`current_date`}::date)
    on conflict (worklist, entity, record_id, day) do nothing returning id`.execute(tx);
  if (!taken.rows.length) return { result: 'already_today' };
  const name = titleOf(def, rec);
  if (contact.channel === 'mail') await queueMail(tx, { to: contact.to, ...mailFor(w, name || contact.to, rec._missing, count) });
  else await queueSms(tx, { to: contact.to, text: textFor(w, name, rec._missing, count) });
  await audit(tx, actor, def, id, 'remind', { worklist: w.id, missing: rec._missing, channel: contact.channel }, rec);
  return { result: 'sent', channel: contact.channel };
}

export type RemindResult = { id: number; result: 'sent'; channel: Channel } | { id: number; result: 'already_today' | 'no_contact' | 'not_found' };

async function remind(c: Ctx, w: WorklistDef) {
  guardScreen(c, w.id);
  const body = remindBody.safeParse(await jsonBody(c));
  if (!body.success) throw fieldErrors(body.error.issues);
  const ids = [...new Set(body.data.ids)];
  const db = c.get('db');
  const user = c.get('user');
  const def = getEntity(w.entity);
  const results = await db.transaction().execute(async (tx) => {
    // The records still on the list: one that has since been completed (or deleted) is not found on it.
    const rule = ruleSql(w);
    const found = await sql<Row>`select ${selectList(def)}, ${rule.missing} as "_missing" from ${table(def)} t ${rule.joins} where t.id = any(${ids}::int[])`.execute(tx);
    const byId = new Map(found.rows.filter((r) => r._missing.length > 0).map((r) => [Number(r.id), r]));
    const counts = await viaCounts(tx, w, [...byId.keys()]);
    const out: RemindResult[] = [];
    for (const id of ids) {
      const rec = byId.get(id);
      if (!rec) { out.push({ id, result: 'not_found' }); continue; }
      out.push({ id, ...(await remindRecord(tx, w, rec, counts.get(id), user)) });
    }
    return out;
  });
  if (results.some((r) => r.result === 'sent')) await deliverMail();
  return c.json({ data: results });
}

const worklistPage = z.strictObject({
  data: z.array(z.strictObject({
    id: z.number().int(), title: z.string(), subtitle: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(), channel: z.enum(['mail', 'sms']).nullable(),
    missing: z.array(z.string()).min(1), count: z.number().int().min(0).optional(), remindedToday: z.boolean(),
  })),
  nextCursor: z.string().nullable(), partial: z.boolean(),
});
const remindResults = z.array(z.union([
  z.strictObject({ id: z.number().int(), result: z.literal('sent'), channel: z.enum(['mail', 'sms']) }),
  z.strictObject({ id: z.number().int(), result: z.enum(['already_today', 'no_contact', 'not_found']) }),
])) satisfies z.ZodType<RemindResult[]>;
const remindAnswer = dataOf(remindResults);

export function worklistRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const w of WORKLISTS) {
    describeCalls({
      [`GET /api/notifications/${w.id}`]: {
        summary: `The ${w.id} worklist: a page of the ${w.entity} records it holds, what each lacks, how to reach them, whether reminded today`,
        roles: rolesOfScreen(w.id), query: Object.keys(listQuery.shape), ok: { status: 200, schema: worklistPage },
      },
      [`POST /api/notifications/${w.id}/remind`]: {
        summary: `Remind the people of some ${w.entity} records on the ${w.id} worklist (once a day each), by mail or text: the result of each`,
        roles: rolesOfScreen(w.id), body: remindBody, ok: { status: 200, schema: remindAnswer },
      },
    });
    app.get(`/notifications/${w.id}`, (c) => list(c, w));
    app.post(`/notifications/${w.id}/remind`, (c) => remind(c, w));
  }
  return app;
}
