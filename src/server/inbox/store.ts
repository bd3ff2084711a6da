import { sql } from 'kysely';
import { INBOX_STREAM, type InboxKind } from '../../registry';
import type { DB } from '../db/connection';
import { publishChanges } from '../events/notices';

/**
 * Writing to inboxes. Items are added inside the transaction of the write that causes them (sources.ts), so an item
 * exists exactly when its cause was committed; each recipient's open streams hear "your inbox changed" (an event of
 * entity `inbox` naming the user, told to that user only) and refetch their badge and panel through the guarded
 * calls. A recipient with a registered device also gets an outbox row of channel `push`, which the outbox's sender
 * delivers through FCM (push/fcm.ts) when a service account is configured.
 */
export interface NewItem {
  userId: number;
  kind: InboxKind;
  params: Record<string, unknown>;
  /** Who caused it: never one of its recipients (the sources leave the author out). */
  actorId: number | null;
}

/** Adds items (one per recipient), tells their users' streams and queues their pushes. Returns the ids added. */
export async function addItems(db: DB, items: readonly NewItem[]): Promise<number[]> {
  const rows = items.filter((i) => i.userId !== i.actorId);
  if (!rows.length) return [];
  const added = await sql<{ id: string; user_id: number }>`insert into inbox_item (user_id, kind, params, actor_id)
    select x.user_id, x.kind, x.params, x.actor_id from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ user_id: r.userId, kind: r.kind, params: r.params, actor_id: r.actorId })))}::jsonb)
      as x(user_id int, kind text, params jsonb, actor_id int)
    returning id, user_id`.execute(db);
  const ids = added.rows.map((r) => Number(r.id));
  await told(db, ids, [...new Set(added.rows.map((r) => r.user_id))], rows[0].actorId);
  return ids;
}

/**
 * Sets the one item of a topic for each user (a worklist's count): updated in place, unread again and back from the
 * archive when its parameters change, left alone when they do not. Users in `quiet` (whose own writes changed it)
 * get the new parameters without it turning unread or being pushed. Returns the users whose item changed.
 */
export async function setTopic(db: DB, topic: string, kind: InboxKind, params: Record<string, unknown>, users: readonly number[], quiet: readonly number[] = []): Promise<number[]> {
  if (!users.length) return [];
  const res = await sql<{ id: string; user_id: number; loud: boolean }>`insert into inbox_item (user_id, kind, params, topic, read_at)
    select u, ${kind}, ${JSON.stringify(params)}::jsonb, ${topic}, case when u = any(${[...quiet]}::int[]) then now() end from unnest(${[...users]}::int[]) as u
    on conflict (user_id, topic) where topic is not null do update set params = excluded.params, kind = excluded.kind,
      created_at = case when excluded.read_at is null then now() else inbox_item.created_at end,
      read_at = case when excluded.read_at is null then null else inbox_item.read_at end,
      archived_at = case when excluded.read_at is null then null else inbox_item.archived_at end
      where inbox_item.params is distinct from excluded.params
    returning id, user_id, (read_at is null) as loud`.execute(db);
  const loud = res.rows.filter((r) => r.loud);
  await told(db, loud.map((r) => Number(r.id)), res.rows.map((r) => r.user_id), null);
  return res.rows.map((r) => r.user_id);
}

/** The users' streams hear of it; the items of users with a device are queued for push. */
async function told(db: DB, pushIds: readonly number[], users: readonly number[], by: number | null) {
  await publishInbox(db, users, by);
  if (!pushIds.length) return;
  await sql`insert into outbox (channel, kind, recipient, subject, body)
    select 'push', 'inbox', i.user_id::text, '', i.id::text from inbox_item i
    where i.id = any(${[...pushIds]}::bigint[]) and exists (select 1 from fcm_token f where f.user_id = i.user_id)`.execute(db);
}

/** "Your inbox changed", to each of `users` (and their other tabs, after a read or an archive). */
export async function publishInbox(db: DB, users: readonly number[], by: number | null) {
  await publishChanges(db, [...new Set(users)].map((u) => ({ entity: INBOX_STREAM, id: u, version: null, action: 'notify', by, centre: null })));
}
