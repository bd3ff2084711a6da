import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * A message a run sends to one person, queued in the outbox under its own key (the campaign or job, and the recipient:
 * `campaign:12:user:7:sms`). The key is unique in the outbox, and written in the same statement as the row, so a run
 * done again after a crash (its lease ended, scheduler/runs.ts) queues nothing it queued before and nothing is lost:
 * the outbox's sender (mail.ts) then delivers each row once, as it does every message.
 * Returns whether this call queued it (false: it was already there).
 */
export interface KeyedMessage {
  key: string;
  channel: 'mail' | 'sms' | 'push';
  kind: string;
  recipient: string;
  subject: string;
  body: string;
}

export async function queueKeyed(db: DB, m: KeyedMessage): Promise<boolean> {
  const res = await sql`insert into outbox (message_key, channel, kind, recipient, subject, body)
    values (${m.key}, ${m.channel}, ${m.kind}, ${m.recipient}, ${m.subject}, ${m.body})
    on conflict (message_key) where message_key is not null do nothing`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}
