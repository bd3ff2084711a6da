import type { DB } from './db/connection';
import type { TextMessage } from './sms';

/**
 * Queuing a message is a row in the outbox, written in the caller's transaction; delivering it is mail.ts's sender,
 * outside any request. Queuing sits on a lower floor than delivery (which reads the inbox's texts and the reset
 * tokens), so any room may queue without reaching up to the sender.
 */
export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/** Queues a message (in the caller's transaction, when it has one); the sender delivers it. */
export async function queueMail(db: DB, msg: Mail): Promise<number> {
  const row = await db.insertInto('outbox').values({ recipient: msg.to, subject: msg.subject, body: msg.body }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Queues a text message (in the caller's transaction, when it has one); the sender delivers it. */
export async function queueSms(db: DB, msg: TextMessage): Promise<number> {
  const row = await db.insertInto('outbox').values({ channel: 'sms', recipient: msg.to, subject: '', body: msg.text }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}
