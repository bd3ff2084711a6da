import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { checkViewAddress, mayOpenViewList, mayShareViews, ROLES, SAVED_VIEW_ENTITY, savedViewCreate, savedViewUpdate, VIEWS_PER_USER, type Role, type SavedView } from '../../registry';
import { writeEntries } from '../audit/audit';
import type { DB } from '../db/connection';
import { fail, fieldErrors, forbidden, jsonBody, recordIdParam, type AppEnv, type Ctx, type SessionUser } from '../http';
import { dataOf, describeCalls } from '../http/call-docs';

/**
 * Saved views (registry/saved-views.ts): a list's address under a name.
 *   GET    /api/views       → { data: SavedView[] }: the caller's own and those shared with the caller's role, by name
 *   POST   /api/views       { name, address, shared? } → 201 { data: SavedView }
 *   PUT    /api/views/:id   { name?, address?, shared? } → { data: SavedView }   the owner only
 *   DELETE /api/views/:id   → { data: { deleted: true } }                        the owner only
 * The address must be a list the caller may open, and each role it is shared with must be able to open it too; only
 * VIEW_SHARERS share (another role's non-empty `shared` is a 403). Each write is audited as `savedView` in its
 * transaction. A view is a user's own setting, not a record of the registry: the change stream does not carry it
 * (its filter is by entity and centre, and a view's readers are its owner and roles), so the client refetches its
 * views after its own writes, and another user's share shows at their next read.
 */
interface ViewRow { id: number; name: string; address: string; shared: string[]; ownerId: number; ownerName: string; version: number }

const ENTITY = SAVED_VIEW_ENTITY;

const viewAnswer = z.strictObject({
  id: z.number().int(), name: z.string(), address: z.string(), shared: z.array(z.enum(ROLES)), mine: z.boolean(),
  owner: z.strictObject({ id: z.number().int(), name: z.string() }), version: z.number().int(),
}) satisfies z.ZodType<SavedView>;

describeCalls({
  'GET /api/views': { summary: "The caller's saved views and those shared with the caller's role", roles: ROLES, ok: { status: 200, schema: dataOf(z.array(viewAnswer)) } },
  'POST /api/views': {
    summary: 'Save a list address as a view (sharing it: superadmin and admin only)', roles: ROLES, body: savedViewCreate, ok: { status: 201, schema: dataOf(viewAnswer) }, refuses: [409],
  },
  'PUT /api/views/{id}': { summary: "Rename, re-address or re-share one's own view", roles: ROLES, body: savedViewUpdate, ok: { status: 200, schema: dataOf(viewAnswer) }, refuses: [404, 409] },
  'DELETE /api/views/{id}': { summary: "Delete one's own view", roles: ROLES, ok: { status: 200, schema: dataOf(z.strictObject({ deleted: z.literal(true) })) }, refuses: [404] },
});

const answer = (r: ViewRow, me: SessionUser): SavedView => ({
  id: Number(r.id), name: r.name, address: r.address, shared: r.shared as Role[], mine: Number(r.ownerId) === me.id,
  owner: { id: Number(r.ownerId), name: r.ownerName.trim() }, version: Number(r.version),
});

const selectViews = sql`select v.id, v.name, v.address, v.shared, v.owner_id as "ownerId", v.version,
    coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') as "ownerName"
  from saved_view v join admin_user u on u.id = v.owner_id`;

async function viewById(db: DB, id: number): Promise<ViewRow | undefined> {
  return (await sql<ViewRow>`${selectViews} where v.id = ${id}`.execute(db)).rows[0];
}

/** The address and roles of a view as it will be stored, checked for the caller: 400 naming what is wrong, 403 to share. */
function checkView(me: SessionUser, address: string, shared: readonly Role[]) {
  const checked = checkViewAddress(address, me.role);
  if (!checked.ok) throw fail(400, checked.issues.map((i) => i.message).join('; '), { field: 'address', code: 'invalid_address' });
  if (shared.length && !mayShareViews(me.role)) throw fail(403, 'Only a superadmin or an admin may share a view', { code: 'forbidden' });
  const blind = shared.filter((role) => !checkViewAddress(address, role).ok);
  if (blind.length) throw fail(400, `Shared with roles that may not open this list: ${blind.join(', ')}`, { field: 'shared', code: 'invalid' });
}

/** The caller's own view, or 404 (not there, or not visible to them) / 403 (shared with them, not theirs). */
async function ownView(c: Ctx, db: DB): Promise<ViewRow> {
  const me = c.get('user');
  const row = await viewById(db, recordIdParam(c));
  if (!row || (Number(row.ownerId) !== me.id && !row.shared.includes(me.role))) throw fail(404, 'This record does not exist', { code: 'not_found' });
  if (Number(row.ownerId) !== me.id) throw forbidden();
  return row;
}

export function savedViewRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/views', async (c) => {
    const me = c.get('user');
    const rows = await sql<ViewRow>`${selectViews} where v.owner_id = ${me.id} or ${me.role} = any(v.shared) order by lower(v.name), v.id`.execute(c.get('db'));
    // A view shared before a list's roles changed is left out for a role that may no longer open the list.
    return c.json({ data: rows.rows.map((r) => answer(r, me)).filter((v) => v.mine || mayOpenViewList(v.address, me.role)) });
  });

  app.post('/views', async (c) => {
    const me = c.get('user');
    const body = savedViewCreate.safeParse(await jsonBody(c));
    if (!body.success) throw fieldErrors(body.error.issues);
    const { name, address, shared } = body.data;
    checkView(me, address, shared);
    const db = c.get('db');
    const row = await db.transaction().execute(async (tx) => {
      // The owner's row locked: two saves at once cannot both pass the count.
      await sql`select id from admin_user where id = ${me.id} for update`.execute(tx);
      const count = await sql<{ n: number }>`select count(*)::int as n from saved_view where owner_id = ${me.id}`.execute(tx);
      if (count.rows[0].n >= VIEWS_PER_USER) throw fail(409, `You have ${VIEWS_PER_USER} saved views: delete one first`, { code: 'too_many' });
      const made = await sql<{ id: number }>`insert into saved_view (owner_id, name, address, shared) values (${me.id}, ${name}, ${address}, ${shared}::text[]) returning id`.execute(tx);
      const id = Number(made.rows[0].id);
      await writeEntries(tx, [{ actor: me, entity: ENTITY, recordId: id, action: 'create', changes: { name, address, shared } }]);
      return (await viewById(tx, id))!;
    });
    return c.json({ data: answer(row, me) }, 201);
  });

  app.put('/views/:id', async (c) => {
    const me = c.get('user');
    const db = c.get('db');
    const before = await ownView(c, db);
    const body = savedViewUpdate.safeParse(await jsonBody(c));
    if (!body.success) throw fieldErrors(body.error.issues);
    const next = { name: body.data.name ?? before.name, address: body.data.address ?? before.address, shared: (body.data.shared ?? before.shared) as Role[] };
    // A view already shared keeps its roles when an owner who may no longer share renames it; changing them is a share.
    checkView(me, next.address, body.data.shared ?? []);
    if (body.data.shared === undefined && next.shared.some((role) => !checkViewAddress(next.address, role).ok)) {
      throw fail(400, 'The roles this view is shared with may not open that list', { field: 'address', code: 'invalid' });
    }
    const row = await db.transaction().execute(async (tx) => {
      const changed = await sql<{ id: number }>`update saved_view set name = ${next.name}, address = ${next.address}, shared = ${next.shared}::text[],
        version = version + 1, updated_at = now() where id = ${before.id} and owner_id = ${me.id} returning id`.execute(tx);
      if (!changed.rows.length) throw fail(404, 'This record does not exist', { code: 'not_found' });
      const changes = Object.fromEntries((['name', 'address', 'shared'] as const)
        .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(next[k]))
        .map((k) => [k, { from: before[k], to: next[k] }]));
      await writeEntries(tx, [{ actor: me, entity: ENTITY, recordId: before.id, action: 'update', changes }]);
      return (await viewById(tx, before.id))!;
    });
    return c.json({ data: answer(row, me) });
  });

  app.delete('/views/:id', async (c) => {
    const me = c.get('user');
    const db = c.get('db');
    const before = await ownView(c, db);
    await db.transaction().execute(async (tx) => {
      const gone = await sql`delete from saved_view where id = ${before.id} and owner_id = ${me.id} returning id`.execute(tx);
      if (!gone.rows.length) throw fail(404, 'This record does not exist', { code: 'not_found' });
      await writeEntries(tx, [{ actor: me, entity: ENTITY, recordId: before.id, action: 'delete', changes: { name: before.name, address: before.address, shared: before.shared } }]);
    });
    return c.json({ data: { deleted: true } });
  });

  return app;
}
