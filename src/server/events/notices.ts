import { sql } from 'kysely';
import { entityByName, PRESENCE_MODES, type PresenceMode } from '../../registry';
import type { DB } from '../db/connection';

/**
 * What the change stream carries between processes: PostgreSQL's NOTIFY on one channel. A NOTIFY is part of its
 * transaction: it reaches the listeners when the transaction commits and never when it rolls back, on a server and
 * in the embedded database alike. So a writer sends it inside its transaction, beside its audit entry, and nothing
 * needs to remember to publish after the commit. Payloads are tiny and hold identifiers only (entity, record, version,
 * action, actor, the record's centre for the subscribers' filter), never a field's value.
 */
export const CHANNEL = 'console_changes';

/** One committed change, as the hub hears it. `centre`: the record's centre, for scope; it never leaves the server. */
export interface Change {
  entity: string;
  id: number;
  version: number | null;
  action: string;
  at: string;
  by: number | null;
  centre: number | null;
}

/** One user's presence on one record, as the hub hears it. `centre`: the record's, for scope; never sent on. */
export interface Presence { entity: string; id: number; user: number; name: string; mode: PresenceMode; centre: number | null }

/**
 * A notice on the channel: a change (`c`), sessions of some users ended (`s`: their streams check theirs), or a user's
 * presence on a record (`p`: a heartbeat, never stored nor replayed).
 */
type Wire =
  | { k: 'c'; e: string; i: number; v: number | null; a: string; t: string; b: number | null; f: number | null }
  | { k: 's'; u: number[] }
  | { k: 'p'; e: string; i: number; u: number; n: string; m: PresenceMode; f: number | null };

export type Notice = { kind: 'change'; change: Change } | { kind: 'sessions'; users: number[] } | { kind: 'presence'; presence: Presence };

/** Audit actions that are reads (details, history, pdf, pickers…): they change nothing and are never published. */
const isRead = (action: string) => action.startsWith('read');

/** Whether an audit entry is a change the stream tells: a write to one record of a registry entity. */
export function publishable(e: { entity: string; recordId?: number | null; action: string }): boolean {
  return e.recordId !== null && e.recordId !== undefined && !isRead(e.action) && !!entityByName(e.entity);
}

async function send(db: DB, notices: readonly Wire[]) {
  if (!notices.length) return;
  await sql`select pg_notify(${CHANNEL}, p) from unnest(${notices.map((n) => JSON.stringify(n))}::text[]) as p`.execute(db);
}

/** Sends changes from inside the writer's transaction (`db` its handle): heard when it commits, never if it rolls back. */
export async function publishChanges(db: DB, changes: readonly Omit<Change, 'at'>[]) {
  const at = new Date().toISOString();
  await send(db, changes.map((c) => ({ k: 'c', e: c.entity, i: c.id, v: c.version, a: c.action, t: at, b: c.by, f: c.centre })));
}

/** Some users' sessions ended (sign-out, a password changed, an account disabled): their open streams check theirs. */
export async function publishSessionsEnded(db: DB, users: readonly number[]) {
  const ids = [...new Set(users)].filter((u) => Number.isInteger(u));
  if (ids.length) await send(db, [{ k: 's', u: ids }]);
}

/** A user's presence on a record, to every process's streams (outside any transaction: it is heard at once). */
export async function publishPresence(db: DB, p: Presence) {
  await send(db, [{ k: 'p', e: p.entity, i: p.id, u: p.user, n: p.name, m: p.mode, f: p.centre }]);
}

const int = (v: unknown) => (Number.isInteger(v) ? (v as number) : null);

/** A payload as heard; anything else on the channel is ignored (null). */
export function readNotice(payload: string): Notice | null {
  let w: Partial<Wire> & Record<string, unknown>;
  try { w = JSON.parse(payload); } catch { return null; }
  if (w?.k === 's' && Array.isArray(w.u)) return { kind: 'sessions', users: w.u.filter((u): u is number => Number.isInteger(u)) };
  if (w?.k === 'p') {
    if (typeof w.e !== 'string' || !Number.isInteger(w.i) || !Number.isInteger(w.u) || typeof w.n !== 'string') return null;
    if (!PRESENCE_MODES.includes(w.m as PresenceMode)) return null;
    return { kind: 'presence', presence: { entity: w.e, id: w.i as number, user: w.u as number, name: w.n, mode: w.m as PresenceMode, centre: int(w.f) } };
  }
  if (w?.k !== 'c' || typeof w.e !== 'string' || !Number.isInteger(w.i) || typeof w.a !== 'string') return null;
  const at = typeof w.t === 'string' && !Number.isNaN(Date.parse(w.t)) ? w.t : new Date().toISOString();
  return { kind: 'change', change: { entity: w.e, id: w.i as number, version: int(w.v), action: w.a, at, by: int(w.b), centre: int(w.f) } };
}
