import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { can, columnName, ENTITIES, getEntity, ROLES, titleOf, withoutBidiControls, type EntityDef, type FieldDef } from '../../registry';
import { audit } from '../audit/audit';
import { guard } from '../crud/routes';
import { attachLabels } from '../records/labels';
import { fetchRecord } from '../crud/write';
import { inScope, scopeWhere } from '../records/scope';
import { ident } from '../db/entity-table';
import { fail, fieldErrors, forbidden, jsonBody, recordIdParam, type AppEnv, type SessionUser } from '../http';
import { dataOf, describeCalls, recordAnswer, rolesMay } from '../http/call-docs';
import { queueMail } from '../outbox';
import { titlesOf } from '../screens/screen-query';

/**
 * Records raised by their users and discussed in a thread (a centre's support ticket):
 *   POST /api/{resource}/:id/{thread} { text }  → 201 { data: record }: one item appended, its author and time the server's
 *   GET  /api/{resource}/mine                   → { data: [...] }: the records the caller raised, newest first, with their threads
 * A thread is written by whoever may edit the record, and by its raiser; the raiser and the assignee are told by mail
 * (never the author of the item).
 */
const textBody = z.strictObject({ text: withoutBidiControls(z.string().trim().min(1, 'Write something').max(2000)) as z.ZodType<string> });

const creatorOf = (def: EntityDef) => Object.entries(def.fields).find(([, fd]) => fd.server === 'creator')?.[0];
const threadsOf = (def: EntityDef) => Object.entries(def.fields).filter(([, fd]) => fd.server === 'thread') as [string, FieldDef][];
const MINE_LIMIT = 100;

/** The staff told of a new item: the raiser and the assignee (a reference to a user named `assignee`), not its author. */
async function tell(db: Parameters<typeof queueMail>[0], def: EntityDef, rec: Record<string, unknown>, author: SessionUser, text: string) {
  const creator = creatorOf(def);
  const ids = [creator ? rec[creator] : null, 'assignee' in def.fields ? rec.assignee : null]
    .map(Number).filter((id) => Number.isInteger(id) && id > 0 && id !== author.id);
  if (!ids.length) return;
  const users = await sql<{ email: string }>`select email from admin_user where id = any(${[...new Set(ids)]}::int[]) and status = 'active'`.execute(db);
  const what = titleOf(def, rec) || `#${String(rec.id)}`;
  for (const u of users.rows) {
    await queueMail(db, { to: u.email, subject: `New comment: ${what}`, body: `${author.firstName} ${author.lastName} wrote on "${what}":\n\n${text}\n` });
  }
}

export function threadRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const def of ENTITIES) {
    const creator = creatorOf(def);
    for (const [field, fd] of threadsOf(def)) {
      describeCalls({
        [`POST /api/${def.api}/{id}/${field}`]: {
          summary: `Write in a ${def.name} record's ${field} (its raiser on their own records, or whoever may edit it): the record`,
          roles: ROLES.filter((r) => can(r, def.name, 'edit') || can(r, def.name, 'raise')), body: textBody, ok: { status: 201, schema: dataOf(recordAnswer) }, refuses: [404, 409],
        },
      });
      app.post(`/${def.api}/:id/${field}`, async (c) => {
        const user = c.get('user');
        if (!can(user.role, def.name, 'edit') && !can(user.role, def.name, 'raise')) throw forbidden();
        const id = recordIdParam(c);
        const body = textBody.safeParse(await jsonBody(c));
        if (!body.success) throw fieldErrors(body.error.issues);
        const db = c.get('db');
        const rec = await db.transaction().execute(async (tx) => {
          const existing = await fetchRecord(tx, def, id);
          // A raiser writes on their own records only; another's reads as one that does not exist.
          const mine = creator !== undefined && Number(existing?.[creator]) === user.id;
          if (!existing || !inScope(def, user, existing) || (!can(user.role, def.name, 'edit') && !mine)) throw fail(404, 'This record does not exist', { code: 'not_found' });
          const c0 = sql.raw(ident(columnName(field, fd)));
          const item = { author: user.id, at: new Date().toISOString(), text: body.data.text };
          const res = await sql`update ${sql.raw(ident(def.table))} set ${c0} = coalesce(${c0}, '[]'::jsonb) || ${JSON.stringify([item])}::jsonb,
            version = version + 1, updated_at = now(), updated_by = ${user.id}
            where id = ${id} and jsonb_array_length(coalesce(${c0}, '[]'::jsonb)) < ${fd.max ?? 100} returning id`.execute(tx);
          if (!res.rows.length) throw fail(409, 'This conversation is full: start a new one', { field, code: 'thread_full' });
          const after = (await fetchRecord(tx, def, id))!;
          await audit(tx, user, def, id, 'comment', { thread: field, text: body.data.text }, after);
          await tell(tx, def, after, user, body.data.text);
          await attachLabels(tx, def, [after]);
          return after;
        });
        return c.json({ data: rec }, 201);
      });
    }
    if (!creator) continue;
    describeCalls({
      [`GET /api/${def.api}/mine`]: {
        summary: `The ${def.name} records the caller raised (${MINE_LIMIT} at most, latest first), with the names of their threads' authors`, roles: rolesMay(def.name, 'raise'),
        ok: { status: 200, schema: dataOf(z.array(recordAnswer.extend({ _authors: z.record(z.string(), z.string()) }))) },
      },
    });
    app.get(`/${def.api}/mine`, async (c) => {
      guard(c, def.name, 'raise');
      const db = c.get('db');
      // Within the caller's centres as they are now: a person moved out of a centre no longer reads its tickets
      // (their replies included) through what they once raised.
      const scope = scopeWhere(def, c.get('user'));
      const rows = (await sql<{ id: number }>`select t.id from ${sql.raw(ident(def.table))} t
        where t.${sql.raw(ident(columnName(creator, def.fields[creator])))} = ${c.get('user').id}
        ${scope.length ? sql`and ${sql.join(scope, sql` and `)}` : sql``}
        order by t.updated_at desc, t.id desc limit ${MINE_LIMIT}`.execute(db)).rows;
      const recs = (await Promise.all(rows.map((r) => fetchRecord(db, def, Number(r.id))))).filter((r): r is Record<string, unknown> => r !== null);
      await attachLabels(db, def, recs);
      // The thread's authors by name: the raiser may not read the staff list.
      const authors = await titlesOf(db, getEntity('admin-user'), recs.flatMap((r) => threadsOf(def).flatMap(([k]) => ((r[k] as { author?: number }[] | null) ?? []).map((i) => Number(i.author)))));
      return c.json({ data: recs.map((r) => ({ ...r, _authors: Object.fromEntries(authors) })) });
    });
  }
  return app;
}
