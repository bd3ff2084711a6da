import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { inboxKindsFor, type Language } from '../../registry';
import type { DB } from '../db/connection';
import { fail, fieldErrors, recordIdParam, requireJsonType, type AppEnv, type Ctx, type SessionUser } from '../http';
import { dataOf, describeCalls, isoTime } from '../http/call-docs';
import { parseQuery } from '../screens/screen-query';
import { publishInbox } from './store';
import { inboxLink, inboxTitle, readerLanguage } from './texts';

/**
 * The caller's own inbox; nobody reads or marks another's (an item of someone else reads as one that does not exist):
 *   GET  /api/me/notifications?cursor=          → { data: [{ id, kind, params, title, link, createdAt, readAt }], unread, nextCursor }
 *   POST /api/me/notifications/{id}/read        → { data: item }
 *   POST /api/me/notifications/read-all         → { data: { unread: 0 } }
 *   POST /api/me/notifications/{id}/archive     → { data: { id, archived: true } }
 *   GET  /api/notification/admin                → { data: [{ _id, noteType, title, count, body, link, createdAt, read }] }
 * Unread first, then newest first; archived items are left out. An item carries its kind and parameters, and its
 * `title` in the language its reader chose in their settings (texts.ts), the words the console's panel uses too.
 * The spec's GET /api/notification/admin is the same rows in the spec's shape (a worklist item's noteType is its worklist).
 */
const PAGE = 30;
const ADMIN_VIEW = 50;

interface Row { id: string; kind: string; params: Record<string, unknown>; created_at: string; read_at: string | null; cursor_at: string }

const cursorSchema = z.tuple([z.union([z.literal(0), z.literal(1)]), z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/), z.number().int().min(1)]);

function parseInboxCursor(raw: string | undefined): z.infer<typeof cursorSchema> | undefined {
  if (raw === undefined || raw === '') return undefined;
  let v: unknown;
  try { v = JSON.parse(raw); } catch { v = null; }
  const r = cursorSchema.safeParse(v);
  if (!r.success) throw fail(400, 'This cursor is not one the server gave', { field: 'cursor', code: 'invalid_cursor' });
  return r.data;
}

async function rowsOf(db: DB, user: SessionUser, limit: number, after?: z.infer<typeof cursorSchema>) {
  const read = sql`(i.read_at is not null)::int`;
  const where = after
    ? sql`and (${read} > ${after[0]} or (${read} = ${after[0]} and (i.created_at, i.id) < (${after[1]}::timestamptz, ${after[2]}::bigint)))`
    : sql``;
  const res = await sql<Row>`select i.id, i.kind, i.params, i.created_at, i.read_at,
      to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
    from inbox_item i where i.user_id = ${user.id} and i.kind = any(${inboxKindsFor(user.role)}::text[]) and i.archived_at is null ${where}
    order by (i.read_at is not null), i.created_at desc, i.id desc limit ${limit}`.execute(db);
  return res.rows;
}

const unreadOf = async (db: DB, user: SessionUser) => Number((await sql<{ n: number }>`select count(*)::int as n from inbox_item
  where user_id = ${user.id} and kind = any(${inboxKindsFor(user.role)}::text[]) and read_at is null and archived_at is null`.execute(db)).rows[0].n);

function itemOf(r: Row, user: SessionUser, lang: Language) {
  return { id: Number(r.id), kind: r.kind, params: r.params, title: inboxTitle(r.kind, r.params, lang), link: inboxLink(r.kind, r.params, user.role), createdAt: r.created_at, readAt: r.read_at };
}

/** A mark carries no body; one sent must be an empty object (unknown fields are refused, as everywhere). */
async function noBody(c: Ctx) {
  const text = await c.req.text();
  if (!text.trim()) return;
  requireJsonType(c);
  let v: unknown;
  try { v = JSON.parse(text); } catch { throw fail(400, 'The request body is not valid JSON', { code: 'invalid_json' }); }
  const r = z.strictObject({}).safeParse(v);
  if (!r.success) throw fieldErrors(r.error.issues);
}

const itemAnswer = z.strictObject({
  id: z.number().int(), kind: z.string(), params: z.record(z.string(), z.unknown()), title: z.string(), link: z.string().nullable(), createdAt: isoTime, readAt: isoTime.nullable(),
});
describeCalls({
  'GET /api/me/notifications': {
    summary: "One's own inbox, unread first, then newest: a page of items, the unread count, the next page's cursor", query: ['cursor'],
    ok: { status: 200, schema: z.strictObject({ data: z.array(itemAnswer), unread: z.number().int().min(0), nextCursor: z.string().nullable() }) },
  },
  'POST /api/me/notifications/read-all': { summary: 'Mark every item of one\'s inbox read', ok: { status: 200, schema: dataOf(z.strictObject({ unread: z.number().int().min(0) })) }, refuses: [415] },
  'POST /api/me/notifications/{id}/read': { summary: 'Mark one item of one\'s inbox read', ok: { status: 200, schema: dataOf(itemAnswer) }, refuses: [404, 415] },
  'POST /api/me/notifications/{id}/archive': {
    summary: "Archive one item of one's inbox (it leaves the list)", ok: { status: 200, schema: dataOf(z.strictObject({ id: z.number().int(), archived: z.literal(true) })) }, refuses: [404, 415],
  },
  'GET /api/notification/admin': {
    summary: "The newest items of one's inbox, in the spec's shape",
    ok: {
      status: 200,
      schema: dataOf(z.array(z.strictObject({
        _id: z.string(), noteType: z.string(), title: z.string(), count: z.number().nullable(), body: z.null(), link: z.string().nullable(), createdAt: isoTime, read: z.boolean(),
      }))),
    },
  },
});

const notFound = () => fail(404, 'This notification does not exist', { code: 'not_found' });

export function inboxRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/me/notifications', async (c) => {
    const q = parseQuery(c, z.strictObject({ cursor: z.string().max(120).optional() }));
    const after = parseInboxCursor(q.cursor);
    const db = c.get('db');
    const user = c.get('user');
    const rows = await rowsOf(db, user, PAGE + 1, after);
    const page = rows.slice(0, PAGE);
    const last = page[page.length - 1];
    const lang = await readerLanguage(db, user.id);
    return c.json({
      data: page.map((r) => itemOf(r, user, lang)),
      unread: await unreadOf(db, user),
      nextCursor: rows.length > PAGE ? JSON.stringify([last.read_at ? 1 : 0, last.cursor_at, Number(last.id)]) : null,
    });
  });

  app.post('/me/notifications/read-all', async (c) => {
    await noBody(c);
    const db = c.get('db');
    const user = c.get('user');
    await db.transaction().execute(async (tx) => {
      const res = await tx.updateTable('inbox_item').set({ read_at: sql`now()` }).where('user_id', '=', user.id).where('read_at', 'is', null).executeTakeFirst();
      if (Number(res.numUpdatedRows) > 0) await publishInbox(tx, [user.id], user.id);
    });
    return c.json({ data: { unread: await unreadOf(db, user) } });
  });

  app.post('/me/notifications/:id/read', async (c) => {
    const id = recordIdParam(c);
    await noBody(c);
    const db = c.get('db');
    const user = c.get('user');
    const row = await db.transaction().execute(async (tx) => {
      const res = await sql<Row>`update inbox_item set read_at = coalesce(read_at, now()) where id = ${id} and user_id = ${user.id} and kind = any(${inboxKindsFor(user.role)}::text[]) and archived_at is null
        returning id, kind, params, created_at, read_at, '' as cursor_at`.execute(tx);
      if (res.rows[0]) await publishInbox(tx, [user.id], user.id);
      return res.rows[0];
    });
    if (!row) throw notFound();
    return c.json({ data: itemOf(row, user, await readerLanguage(db, user.id)) });
  });

  app.post('/me/notifications/:id/archive', async (c) => {
    const id = recordIdParam(c);
    await noBody(c);
    const user = c.get('user');
    const done = await c.get('db').transaction().execute(async (tx) => {
      const res = await tx.updateTable('inbox_item').set({ archived_at: sql`now()`, read_at: sql`coalesce(read_at, now())` })
        .where('id', '=', id).where('user_id', '=', user.id).where(sql<boolean>`kind = any(${inboxKindsFor(user.role)}::text[])`).where('archived_at', 'is', null).executeTakeFirst();
      if (Number(res.numUpdatedRows) > 0) await publishInbox(tx, [user.id], user.id);
      return Number(res.numUpdatedRows) > 0;
    });
    if (!done) throw notFound();
    return c.json({ data: { id, archived: true } });
  });

  app.get('/notification/admin', async (c) => {
    const db = c.get('db');
    const user = c.get('user');
    const rows = await rowsOf(db, user, ADMIN_VIEW);
    const lang = await readerLanguage(db, user.id);
    return c.json({
      data: rows.map((r) => {
        const item = itemOf(r, user, lang);
        const count = typeof r.params.count === 'number' ? r.params.count : null;
        return { _id: String(item.id), noteType: r.kind === 'worklist' ? String(r.params.worklist) : r.kind, title: item.title, count, body: null, link: item.link, createdAt: item.createdAt, read: !!item.readAt };
      }),
    });
  });

  return app;
}
