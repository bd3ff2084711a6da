import { sql } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/connection';
import { newToken, tokenHash } from './tokens';

export const RESET_MINUTES = 60;
/** Links made for one account in an hour, at most: further requests are dropped without a word (no mail bombing). */
const MAX_LINKS_PER_HOUR = 3;

/**
 * The whole of a forgot-password request's work: one outbox row naming the address typed, written the same way
 * whether or not an account has that address. The sender (mail.ts) later finds the account and makes the link,
 * so neither the answer nor its timing tells who has an account.
 */
export async function queuePasswordReset(db: DB, email: string) {
  await db.insertInto('outbox').values({ kind: 'password_reset', recipient: email, subject: '', body: '' }).execute();
}

export interface ResetMail {
  to: string;
  subject: string;
  /** With the link: handed to the transport only. */
  body: string;
  /** What the outbox keeps: the same text with the link withheld. */
  stored: string;
  /** Ends the link again when the message could not be delivered (a retry makes a new one). */
  revoke(): Promise<void>;
}

/** Called by the sender: a new link for an active account, or null (no such account, or too many links this hour). */
export async function composeReset(db: DB, config: Config, email: string): Promise<ResetMail | null> {
  const user = await db.selectFrom('admin_user').select(['id', 'email', 'first_name'])
    .where(sql`lower(email)`, '=', email.toLowerCase()).where('status', '=', 'active').executeTakeFirst();
  if (!user) return null;
  const recent = await db.selectFrom('password_reset').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id).where('created_at', '>', sql<Date>`now() - interval '1 hour'`).executeTakeFirstOrThrow();
  if (Number(recent.n) >= MAX_LINKS_PER_HOUR) return null;
  const token = newToken();
  const link = await db.insertInto('password_reset').values({
    token_hash: tokenHash(token), user_id: user.id, expires_at: sql`now() + make_interval(mins => ${RESET_MINUTES})`,
  }).returning('id').executeTakeFirstOrThrow();
  const text = (url: string) =>
    `Hello ${user.first_name},\n\nOpen this link within ${RESET_MINUTES} minutes to choose a new password:\n${url}\n\nIf you did not ask for this, ignore this message.`;
  return {
    to: user.email,
    subject: 'Reset your console password',
    body: text(`${config.publicUrl}/reset-password/${token}`),
    stored: text(`${config.publicUrl}/reset-password/(link withheld)`),
    revoke: async () => { await db.updateTable('password_reset').set({ used_at: sql`now()` }).where('id', '=', link.id).execute(); },
  };
}
