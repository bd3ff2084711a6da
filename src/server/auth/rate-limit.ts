import { sql } from 'kysely';
import type { DB } from '../db/connection';
import { fail } from '../http';

/** Failed sign-ins allowed per window, per account and per client address. Kept in the database, so it holds across servers. */
export const WINDOW_MINUTES = 15;
export const MAX_PER_ACCOUNT = 5;
export const MAX_PER_ADDRESS = 20;

export async function checkSignInAllowed(db: DB, email: string, address: string) {
  const since = sql<Date>`now() - make_interval(mins => ${WINDOW_MINUTES})`;
  const count = async (key: string) => {
    const r = await db.selectFrom('login_attempt').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key', '=', key).where('at', '>', since).executeTakeFirst();
    return Number(r?.n ?? 0);
  };
  if ((await count(`acct:${email}`)) >= MAX_PER_ACCOUNT || (await count(`addr:${address}`)) >= MAX_PER_ADDRESS) {
    throw fail(429, `Too many sign-in attempts. Please wait ${WINDOW_MINUTES} minutes and try again.`, { code: 'rate_limited' });
  }
}

export async function recordFailure(db: DB, email: string, address: string) {
  await db.insertInto('login_attempt').values([{ key: `acct:${email}` }, { key: `addr:${address}` }]).execute();
  // Old rows are of no use; trim them now and then instead of keeping a job.
  if (Math.random() < 0.05) await db.deleteFrom('login_attempt').where('at', '<', sql<Date>`now() - interval '1 day'`).execute();
}

export async function clearFailures(db: DB, email: string) {
  await db.deleteFrom('login_attempt').where('key', '=', `acct:${email}`).execute();
}
