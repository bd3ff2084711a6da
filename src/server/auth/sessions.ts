import { sql } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/connection';
import { fail, type SessionUser } from '../http';
import { isRole } from '../../registry';
import { newToken, tokenHash } from './tokens';
import { writeClockOf, type Watch, type WriteClock } from '../db/write-clock';
import { publishSessionsEnded } from '../events/notices';

/** Sessions live in the database (hashed), so any server behind a balancer can check them. */
export async function createSession(db: DB, config: Config, userId: number, userAgent?: string) {
  const token = newToken();
  const expiresIn = config.sessionMaxHours * 3600;
  await db.insertInto('session').values({
    token_hash: tokenHash(token),
    user_id: userId,
    expires_at: new Date(Date.now() + expiresIn * 1000).toISOString(),
    user_agent: userAgent?.slice(0, 300) ?? null,
  }).execute();
  return { token, expiresIn };
}

const TOUCH_EVERY_MS = 60_000;

/** The tables a session's row is read from: a write to any of them may end, narrow or widen it. */
const SESSION_TABLES = ['session', 'admin_user', 'role'];
/** Sessions held at most; past it the cache starts again (a sign-in storm must not grow memory). */
const CACHED_SESSIONS = 10_000;

type SessionRow = Awaited<ReturnType<typeof readSession>>;
interface Cached { row: NonNullable<SessionRow>; ticks: number }

/**
 * Sessions read from the embedded database, by token hash, tagged with the tick of the session tables' watch they
 * were read at (db/write-clock.ts). The embedded database has one client, this process, so a row stays true until
 * the process writes to one of those tables, and then every row is read again. Every request checks its session,
 * and this read (a join of three tables) was a fifth of the embedded database's time under load. On PostgreSQL
 * other processes write too: there is no clock, and every request reads its session.
 */
const caches = new WeakMap<WriteClock, { watch: Watch; rows: Map<string, Cached> }>();

function cacheOf(db: DB) {
  const clock = writeClockOf(db);
  if (!clock) return null;
  let cache = caches.get(clock);
  if (!cache) caches.set(clock, (cache = { watch: clock.watch(SESSION_TABLES), rows: new Map() }));
  return cache;
}

let reads = 0;
/** Sessions read from the database so far, by this process (the cache's test counts them). */
export const sessionReads = () => reads;

function readSession(db: DB, hash: string) {
  reads++;
  return db
    .selectFrom('session as s')
    .innerJoin('admin_user as u', 'u.id', 's.user_id')
    .innerJoin('role as r', 'r.id', 'u.role')
    .select([
      's.id as sessionId', 's.expires_at', 's.last_seen_at', 's.revoked_at',
      'u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.phone', 'u.avatar', 'u.status', 'u.centres', 'r.key as roleKey', 'r.id as roleId',
    ])
    .where('s.token_hash', '=', hash)
    .executeTakeFirst();
}

/** The session's row: from the cache while no session table has been written since it was read, else the database. */
async function sessionRow(db: DB, hash: string): Promise<SessionRow> {
  const cache = cacheOf(db);
  if (!cache) return readSession(db, hash);
  const ticks = cache.watch.ticks;
  const cached = cache.rows.get(hash);
  if (cached && cached.ticks === ticks) return cached.row;
  const row = await readSession(db, hash);
  if (cache.rows.size >= CACHED_SESSIONS) cache.rows.clear();
  // Tagged with the tick seen before the read: a write while it was under way leaves the row already stale.
  if (row) cache.rows.set(hash, { row, ticks });
  return row;
}

/**
 * The caller behind a bearer token. No token: 401. A token that is unknown, revoked, past its absolute
 * expiry or idle for too long: 401 with `expired: true`, which signs the client out (spec §7).
 */
export async function authenticate(db: DB, config: Config, header: string | undefined, opts: { touch?: boolean } = {}): Promise<SessionUser> {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!m) throw fail(401, 'Sign in to continue', { code: 'unauthenticated' });
  const row = await sessionRow(db, tokenHash(m[1]));
  const now = Date.now();
  const expired = () => fail(401, 'Your session has expired. Please sign in again.', { code: 'session_expired', expired: true });
  if (!row || row.revoked_at || row.status !== 'active' || !isRole(row.roleKey)) throw expired();
  if (Date.parse(row.expires_at) <= now) throw expired();
  if (Date.parse(row.last_seen_at) + config.sessionIdleMinutes * 60_000 <= now) {
    await db.updateTable('session').set({ revoked_at: sql`now()` }).where('id', '=', row.sessionId).execute();
    await publishSessionsEnded(db, [row.id]);
    throw expired();
  }
  // An open change stream checks its session without touching it (`touch: false`): a tab left open is not a user at work.
  if (opts.touch !== false && Date.parse(row.last_seen_at) + TOUCH_EVERY_MS <= now) {
    await db.updateTable('session').set({ last_seen_at: sql`now()` }).where('id', '=', row.sessionId).execute();
  }
  return {
    id: row.id, sessionId: row.sessionId, firstName: row.first_name, lastName: row.last_name, email: row.email,
    phone: row.phone, avatar: row.avatar, role: row.roleKey, roleId: row.roleId, centres: (row.centres ?? []).map(Number),
  };
}

/**
 * Every way a session ends goes through here or revokeUserSessions, and tells the change stream (events/notices.ts),
 * so that the user's open streams check their sessions at once, in every process.
 */
export async function revokeSession(db: DB, sessionId: number) {
  const ended = await db.updateTable('session').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).where('revoked_at', 'is', null).returning('user_id').execute();
  await publishSessionsEnded(db, ended.map((r) => Number(r.user_id)));
}

/** Ends every live session of a user, but `keep` (the session that is acting, when a user changes their own password). */
export async function revokeUserSessions(db: DB, userId: number, keep?: number): Promise<number> {
  let q = db.updateTable('session').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keep !== undefined) q = q.where('id', '<>', keep);
  const res = await q.executeTakeFirst();
  const n = Number(res.numUpdatedRows ?? 0);
  if (n) await publishSessionsEnded(db, [userId]);
  return n;
}

/**
 * A new password (a reset, or an administrator's edit): every session of the user ends but `keep` (the session that
 * set it, when users change their own), and so does every reset link still outstanding, whoever asked for it.
 */
export async function passwordChanged(db: DB, userId: number, keep?: number) {
  await revokeUserSessions(db, userId, keep);
  await db.updateTable('password_reset').set({ used_at: sql`now()` }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** The profile of spec §3, as the validate call and sign-in return it. */
export function profileOf(u: SessionUser) {
  return { id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, phone: u.phone, avatar: u.avatar, role: { id: u.roleId, name: u.role } };
}
