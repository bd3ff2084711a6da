import { sql } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/connection';
import { fail, type SessionUser } from '../http';
import { z } from 'zod';
import { isRole, ROLES } from '../../registry';
import { newToken, tokenHash } from './tokens';
import { writeClockOf, type Watch, type WriteClock } from '../db/write-clock';
import { publishSessionsEnded } from '../events/notices';

/** How a session's holder proved who they are (session.method); §2's second factors add their own. */
export type SignInMethod = 'password' | 'hosted';

/** Where a session comes from: the browser, the address, how it signed in, and the provider's ID token (sign-out there). */
export interface SessionOrigin {
  userAgent?: string;
  address?: string;
  method?: SignInMethod;
  providerIdToken?: string;
  /** The second factor proven at sign-in (mfa/factors.ts SessionFactor); none: null. */
  factor?: string | null;
}

/** Why a session ended, as its holder is told at next use (authenticate). */
export type EndReason = 'signed_out' | 'idle' | 'limit' | 'ended_by_admin' | 'password_changed' | 'account_changed';

/**
 * Sessions live in the database (hashed), so any server behind a balancer can check them. A person keeps at most
 * SESSION_MAX_PER_USER live ones: a new one ends the oldest, whose holder is told so at next use (`session_limit`).
 * The account's row is locked meanwhile, so two sign-ins at once count each other.
 */
export async function createSession(db: DB, config: Config, userId: number, origin: SessionOrigin = {}) {
  const token = newToken();
  const expiresIn = config.sessionMaxHours * 3600;
  const ended = await db.transaction().execute(async (tx) => {
    await tx.selectFrom('admin_user').select('id').where('id', '=', userId).forUpdate().execute();
    await tx.insertInto('session').values({
      token_hash: tokenHash(token),
      user_id: userId,
      expires_at: new Date(Date.now() + expiresIn * 1000).toISOString(),
      user_agent: origin.userAgent?.slice(0, 300) ?? null,
      address: origin.address?.slice(0, 64) ?? null,
      method: origin.method ?? 'password',
      provider_id_token: origin.providerIdToken ?? null,
      factor: origin.factor ?? null,
    }).execute();
    const over = await sql<{ id: number }>`update session set revoked_at = now(), end_reason = 'limit'
      where id in (select id from session where user_id = ${userId} and ${liveSql(config)}
                   order by created_at desc, id desc offset ${config.sessionMaxPerUser})
      returning id`.execute(tx);
    return over.rows.length;
  });
  if (ended) await publishSessionsEnded(db, [userId]);
  return { token, expiresIn };
}

/** A session that may still be used: not ended, not past its expiry, not idle too long. */
export const liveSql = (config: Config) =>
  sql<boolean>`revoked_at is null and expires_at > now() and last_seen_at > now() - make_interval(mins => ${config.sessionIdleMinutes})`;

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
      's.id as sessionId', 's.expires_at', 's.last_seen_at', 's.revoked_at', 's.end_reason', 's.end_note', 's.method', 's.proved_at', 's.factor',
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
 * The 401 of a session that has ended, which signs the client out (`expired: true`, spec §7). Its code says why when
 * its holder should be told: another sign-in took its place (`session_limit`), or an administrator ended it
 * (`session_ended`, with their reason as `detail`). Otherwise `session_expired`.
 */
function ended(reason: string | null, note: string | null) {
  if (reason === 'limit') return fail(401, SESSION_LIMIT, { code: 'session_limit', expired: true });
  if (reason === 'ended_by_admin') return fail(401, SESSION_ENDED, { code: 'session_ended', expired: true, ...(note ? { detail: note } : {}) });
  return fail(401, 'Your session has expired. Please sign in again.', { code: 'session_expired', expired: true });
}

export const SESSION_LIMIT = 'You signed in elsewhere, which ended this older session. Please sign in again.';
export const SESSION_ENDED = 'An administrator ended this session.';

/**
 * The caller behind a bearer token. No token: 401. A token that is unknown, revoked, past its absolute
 * expiry or idle for too long: 401 with `expired: true`, which signs the client out (spec §7).
 */
export async function authenticate(db: DB, config: Config, header: string | undefined, opts: { touch?: boolean } = {}): Promise<SessionUser> {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!m) throw fail(401, 'Sign in to continue', { code: 'unauthenticated' });
  const row = await sessionRow(db, tokenHash(m[1]));
  const now = Date.now();
  if (!row) throw ended(null, null);
  if (row.revoked_at) throw ended(row.end_reason, row.end_note);
  if (row.status !== 'active' || !isRole(row.roleKey)) throw ended(null, null);
  if (Date.parse(row.expires_at) <= now) throw ended(null, null);
  if (Date.parse(row.last_seen_at) + config.sessionIdleMinutes * 60_000 <= now) {
    await db.updateTable('session').set({ revoked_at: sql`now()`, end_reason: 'idle' }).where('id', '=', row.sessionId).where('revoked_at', 'is', null).execute();
    await publishSessionsEnded(db, [row.id]);
    throw ended(null, null);
  }
  // An open change stream checks its session without touching it (`touch: false`): a tab left open is not a user at work.
  if (opts.touch !== false && Date.parse(row.last_seen_at) + TOUCH_EVERY_MS <= now) {
    await db.updateTable('session').set({ last_seen_at: sql`now()` }).where('id', '=', row.sessionId).execute();
  }
  return {
    id: row.id, sessionId: row.sessionId, firstName: row.first_name, lastName: row.last_name, email: row.email,
    phone: row.phone, avatar: row.avatar, role: row.roleKey, roleId: row.roleId, centres: (row.centres ?? []).map(Number),
    signInMethod: row.method as SignInMethod, signInFactor: row.factor,
    provedAt: row.proved_at,
  };
}

/**
 * Every way a session ends goes through here or revokeUserSessions, and tells the change stream (events/notices.ts),
 * so that the user's open streams check their sessions at once, in every process.
 */
export async function revokeSession(db: DB, sessionId: number, reason: EndReason = 'signed_out', note?: string) {
  const rows = await db.updateTable('session').set({ revoked_at: sql`now()`, end_reason: reason, end_note: note ?? null })
    .where('id', '=', sessionId).where('revoked_at', 'is', null).returning('user_id').execute();
  await publishSessionsEnded(db, rows.map((r) => Number(r.user_id)));
  return rows.length > 0;
}

/** Ends every live session of a user, but `keep` (the session that is acting, when a user changes their own password). */
export async function revokeUserSessions(db: DB, userId: number, keep?: number, reason: EndReason = 'signed_out'): Promise<number> {
  let q = db.updateTable('session').set({ revoked_at: sql`now()`, end_reason: reason }).where('user_id', '=', userId).where('revoked_at', 'is', null);
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
  await revokeUserSessions(db, userId, keep, 'password_changed');
  await db.updateTable('password_reset').set({ used_at: sql`now()` }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** The profile of spec §3, as the validate call and sign-in return it. */
/** Who is signed in, as the sign-in and the session check answer it. */
export const profileAnswer = z.strictObject({
  id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string().nullable(), avatar: z.string().nullable(),
  role: z.strictObject({ id: z.number().int(), name: z.enum(ROLES) }),
});

export function profileOf(u: SessionUser) {
  return { id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, phone: u.phone, avatar: u.avatar, role: { id: u.roleId, name: u.role } };
}
