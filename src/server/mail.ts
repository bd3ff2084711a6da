import type { Config } from './config';
import type { DB } from './db/connection';

/**
 * Outgoing mail. Every message is written to the outbox table first; with SMTP_URL set it is delivered
 * through SMTP and marked sent. Without SMTP (the default on one machine) it is also written to the
 * server log, so that the reset flow can be followed.
 */
export async function sendMail(db: DB, config: Config, msg: { to: string; subject: string; body: string }) {
  const row = await db.insertInto('outbox').values({ recipient: msg.to, subject: msg.subject, body: msg.body }).returning('id').executeTakeFirstOrThrow();
  if (!config.smtpUrl) {
    if (process.env.NODE_ENV !== 'test') console.log(`[outbox] to ${msg.to}: ${msg.subject}\n${msg.body}`);
    return;
  }
  try {
    const { createTransport } = await import('nodemailer');
    await createTransport(config.smtpUrl).sendMail({ from: process.env.MAIL_FROM ?? 'console@localhost', to: msg.to, subject: msg.subject, text: msg.body });
    await db.updateTable('outbox').set({ sent_at: new Date().toISOString() }).where('id', '=', row.id).execute();
  } catch (err) {
    // The message stays unsent in the outbox; the user's request still succeeds.
    console.error(`[outbox] SMTP delivery of message ${row.id} failed:`, (err as Error).message);
  }
}
