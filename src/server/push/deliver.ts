import { sql } from 'kysely';
import { inboxKindsFor, isRole, type InboxKind } from '../../registry';
import type { Config } from '../config';
import type { DB } from '../db/connection';
import { inboxLink, inboxTitle, languageOf } from '../inbox/texts';
import { fcmSender, type PushSender } from './fcm';

/**
 * One outbox row of channel `push` (inbox/store.ts queues one per inbox item of a user with a device): the item's
 * title in the language the user chose in their settings, as the panel says it, sent to each of the user's devices.
 * 'dropped' when there is nothing to send (no service account, the item read or archived meanwhile, no device left);
 * a device FCM no longer knows is forgotten;
 * any other failure throws, and the outbox retries the row (a device that had it already replaces it: same tag).
 */
export type PushOutcome = { status: 'sent'; devices: number; forgotten: number } | { status: 'dropped'; why: string; forgotten: number };

let cached: { key: string; send: PushSender } | undefined;

/** The configured sender (one per service account and address, so its access token is reused), or undefined. */
export function configuredPush(config: Config): PushSender | undefined {
  const sa = config.firebaseServiceAccount;
  if (!sa) return undefined;
  const key = `${sa.client_email}|${sa.token_uri}|${config.fcmBaseUrl}`;
  if (cached?.key !== key) cached = { key, send: fcmSender(sa, config.fcmBaseUrl) };
  return cached.send;
}

export async function deliverPush(db: DB, config: Config, itemId: number, send: PushSender | undefined): Promise<PushOutcome> {
  if (!send) return { status: 'dropped', why: 'push is not configured (FIREBASE_SERVICE_ACCOUNT)', forgotten: 0 };
  const item = (await sql<{ user_id: number; kind: string; params: Record<string, unknown>; role: string; lang: string | null }>`
    select i.user_id, i.kind, i.params, r.key as role, p.prefs->>'lang' as lang
    from inbox_item i join admin_user u on u.id = i.user_id join role r on r.id = u.role left join user_pref p on p.user_id = i.user_id
    where i.id = ${itemId} and i.read_at is null and i.archived_at is null and u.status = 'active'`.execute(db)).rows[0];
  if (!item) return { status: 'dropped', why: 'the item was read, archived or its user disabled', forgotten: 0 };
  if (!isRole(item.role) || !inboxKindsFor(item.role).includes(item.kind as InboxKind)) return { status: 'dropped', why: 'its reader\'s role no longer reads what it is about', forgotten: 0 };
  const devices = (await sql<{ id: number; device_token: string }>`select id, device_token from fcm_token where user_id = ${item.user_id} order by id`.execute(db)).rows;
  const title = inboxTitle(item.kind, item.params, languageOf(item.lang));
  const path = isRole(item.role) ? inboxLink(item.kind, item.params, item.role) : null;
  const link = new URL(path ?? '/dashboard', config.publicUrl).toString();
  let sent = 0;
  let forgotten = 0;
  let failure: unknown;
  for (const d of devices) {
    try {
      if ((await send({ token: d.device_token, title, link, tag: `inbox-${itemId}` })) === 'unregistered') {
        await sql`delete from fcm_token where id = ${d.id}`.execute(db);
        forgotten++;
      } else sent++;
    } catch (err) {
      failure ??= err;
    }
  }
  if (failure) throw failure;
  return sent ? { status: 'sent', devices: sent, forgotten } : { status: 'dropped', why: 'the user has no device registered', forgotten };
}
