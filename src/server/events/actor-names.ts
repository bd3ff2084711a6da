import { sql } from 'kysely';
import type { DB } from '../db/connection';

/** Names remembered per database; past it the oldest is forgotten (a Map keeps insertion order). */
const MAX_NAMES = 2000;

const caches = new WeakMap<object, Map<number, string>>();

/**
 * The display name of the staff member who made a change ("Asha Rao"), for the stream's events and the screens'
 * "Changed by Asha Rao just now": read once per user and kept, and forgotten when that user's account changes
 * (forgetActor, from the hub's admin-user changes), so a rename shows on the next change. A system write (no actor)
 * and an account that no longer exists have none.
 */
export async function actorName(db: DB, userId: number | null): Promise<string | null> {
  if (userId === null || userId <= 0) return null;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const known = cache.get(userId);
  if (known !== undefined) return known;
  const row = (await sql<{ name: string }>`select trim(concat_ws(' ', first_name, last_name)) as name from admin_user where id = ${userId}`.execute(db)).rows[0];
  if (!row) return null;
  if (cache.size >= MAX_NAMES) cache.delete(cache.keys().next().value!);
  cache.set(userId, row.name);
  return row.name;
}

/** The name actorName would give when it is known without reading (undefined: not known yet). */
export function knownActorName(db: DB, userId: number | null): string | null | undefined {
  if (userId === null || userId <= 0) return null;
  return caches.get(db)?.get(userId);
}

export function forgetActor(db: DB, userId: number) {
  caches.get(db)?.delete(userId);
}
