import { sql } from 'kysely';
import type { DB } from '../db/connection';
import { fail } from '../http';
import { limitsHit } from '../ops/metrics';

/**
 * Sign-in limits, kept in the database so that they hold across processes and hosts. Every attempt is written
 * BEFORE its password is checked, and then counted with the rows of every other attempt already written, its own
 * included: of any number of attempts at once, only as many as the limit see a count within it, and a refused
 * attempt costs no hashing. A refused attempt's rows are taken out again, so that hammering does not lengthen
 * a block: the rows that stay are the attempts that were checked and failed. A success takes its own rows out.
 *
 * - per account-and-address pair: at most MAX_PER_PAIR failures a window (a hard limit, 429);
 * - per address: at most MAX_PER_ADDRESS failures a window, whatever the accounts (a hard limit, 429);
 * - per account, from any address: the first FREE_PER_ACCOUNT failures go unhindered; then each attempt must come
 *   a delay after the last one (2 s, 4 s, 8 s … at most MAX_DELAY_SECONDS). Guesses spread over many addresses get
 *   about one a minute, yet nobody can lock the owner out: at worst the owner waits that delay, and from an address
 *   the account signed in from before (sign_in_address) not at all.
 */
export const WINDOW_MINUTES = 15;
export const MAX_PER_PAIR = 5;
export const MAX_PER_ADDRESS = 20;
export const FREE_PER_ACCOUNT = 5;
export const MAX_DELAY_SECONDS = 60;
/** Sign-up, forgot-password and reset-password calls a window, per address. */
export const MAX_PUBLIC_CALLS = 10;
/** An address the account signed in from counts as the owner's this long. */
const KNOWN_DAYS = 90;

const window = () => sql<Date>`now() - make_interval(mins => ${WINDOW_MINUTES})`;

/** The wait an account's n-th attempt in the window must leave after the one before (seconds). */
export function accountDelay(n: number): number {
  return n <= FREE_PER_ACCOUNT ? 0 : Math.min(2 ** (n - FREE_PER_ACCOUNT), MAX_DELAY_SECONDS);
}

const keysOf = (email: string, address: string) => ({
  acct: `acct:${email}`,
  pair: `pair:${JSON.stringify([email, address])}`,
  addr: `addr:${address}`,
});

export type SignInRefusal = { message: string; retryAfter: number };

/** The 429 of a limit hit, counted by the limit's name; its Retry-After header is written by the app's error handler. */
export function tooMany(refusal: SignInRefusal, limit: string) {
  limitsHit.inc({ limit });
  const refused = fail(429, refusal.message, { code: 'rate_limited' });
  refused.retryAfter = refusal.retryAfter;
  return refused;
}

export interface SignInAttempt {
  /** Why it may not be checked, or null when the password may be checked. */
  refused: SignInRefusal | null;
  /** The password was right: the attempt is not a failure, the pair starts afresh and the address is the owner's. */
  succeeded(): Promise<void>;
}

export const TOO_MANY = `Too many sign-in attempts. Please wait ${WINDOW_MINUTES} minutes and try again.`;
export const WAIT_A_MINUTE = 'Too many sign-in attempts for this account. Please wait a minute and try again.';

/** Writes the attempt, then counts it with the others (see above). */
export async function beginSignIn(db: DB, email: string, address: string): Promise<SignInAttempt> {
  const k = keysOf(email, address);
  const rows = await db.insertInto('login_attempt').values([{ key: k.pair }, { key: k.addr }, { key: k.acct }]).returning(['id', 'key']).execute();
  const mine = rows.map((r) => Number(r.id));
  const acctId = Number(rows.find((r) => r.key === k.acct)!.id);
  const counts = (await sql<{ pair: number; addr: number; acct: number; since_last: number | null; known: boolean }>`
    select count(*) filter (where key = ${k.pair})::int as pair,
           count(*) filter (where key = ${k.addr})::int as addr,
           count(*) filter (where key = ${k.acct})::int as acct,
           extract(epoch from now() - max(at) filter (where key = ${k.acct} and id <> ${acctId}))::float8 as since_last,
           exists (select 1 from sign_in_address where email = ${email} and address = ${address}
                   and last_at > now() - make_interval(days => ${KNOWN_DAYS})) as known
      from login_attempt where key in (${k.pair}, ${k.addr}, ${k.acct}) and at > ${window()}`.execute(db)).rows[0];
  const forget = () => db.deleteFrom('login_attempt').where('id', 'in', mine).execute();

  let refused: SignInRefusal | null = null;
  if (counts.pair > MAX_PER_PAIR || counts.addr > MAX_PER_ADDRESS) {
    refused = { message: TOO_MANY, retryAfter: WINDOW_MINUTES * 60 };
  } else if (!counts.known) {
    const wait = accountDelay(counts.acct) - Math.max(0, counts.since_last ?? Infinity);
    if (wait > 0) refused = { message: WAIT_A_MINUTE, retryAfter: Math.ceil(wait) };
  }
  if (refused) await forget();
  return {
    refused,
    async succeeded() {
      await db.deleteFrom('login_attempt').where((eb) => eb.or([eb('id', 'in', mine), eb('key', '=', k.pair)])).execute();
      await sql`insert into sign_in_address (email, address) values (${email}, ${address})
        on conflict (email, address) do update set last_at = now()`.execute(db);
      await trim(db);
    },
  };
}

/** Once a password is reset, nobody's earlier failures hold the account's pairs back. */
export async function clearPairs(db: DB, email: string) {
  // The pair keys of this email all begin `pair:["email",` (JSON); LIKE's own characters in it are escaped.
  const prefix = `pair:${JSON.stringify([email, '']).slice(0, -3)}`.replace(/[\\%_]/g, '\\$&');
  await db.deleteFrom('login_attempt').where('key', 'like', `${prefix}%`).execute();
}

/**
 * The other public calls that cost work (a sign-up hashes its password, a reset the new one; a forgot-password
 * queues a mail) from one address: written first and counted, like sign-ins; over the limit, 429 before any lookup
 * or hashing. The same whatever address is typed, so the answer tells nothing.
 */
export async function limitPublicCalls(db: DB, what: 'signup' | 'forgot' | 'reset', address: string) {
  await limitCalls(db, `${what}:${address}`, MAX_PUBLIC_CALLS, WINDOW_MINUTES);
}

/**
 * Hosted sign-ins started from one address a window. Each writes a flow row and sends the person to the provider, which
 * has its own limits; a hospital's staff often share one address (a NAT), so the limit is high: it only stops a
 * script filling the flow table.
 */
export const MAX_HOSTED_STARTS = 300;

export async function limitHostedStarts(db: DB, address: string) {
  await limitCalls(db, `hosted:${address}`, MAX_HOSTED_STARTS, WINDOW_MINUTES);
}

/** Searches a window, per user, of a picker whose entity the user may not list (titles only: crud/options.ts). */
export const MAX_BLIND_PICKS = 60;
export const BLIND_PICK_WINDOW_MINUTES = 5;

/**
 * A picker's searches by a user who may not list its entity: enough for a person looking for a few records, too few
 * to read a table title by title. Counted like the public calls, across processes.
 */
export async function limitBlindPicks(db: DB, userId: number) {
  await limitCalls(db, `pick:${userId}`, MAX_BLIND_PICKS, BLIND_PICK_WINDOW_MINUTES);
}

/** Writes the call, then counts the window's calls of `key` (its own included); over `max`, takes it out again and answers 429. */
async function limitCalls(db: DB, key: string, max: number, minutes: number) {
  const mine = await db.insertInto('login_attempt').values({ key }).returning('id').executeTakeFirstOrThrow();
  const r = await db.selectFrom('login_attempt').select((eb) => eb.fn.countAll<number>().as('n')).where('key', '=', key)
    .where('at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`).executeTakeFirstOrThrow();
  if (Number(r.n) > max) {
    await db.deleteFrom('login_attempt').where('id', '=', mine.id).execute();
    throw tooMany({ message: `Too many requests. Please wait ${minutes} minutes and try again.`, retryAfter: minutes * 60 }, key.slice(0, key.indexOf(':')));
  }
}

/** Old rows are of no use; trimmed now and then instead of keeping a job. */
async function trim(db: DB) {
  if (Math.random() >= 0.05) return;
  await db.deleteFrom('login_attempt').where('at', '<', sql<Date>`now() - interval '1 day'`).execute();
  await db.deleteFrom('sign_in_address').where('last_at', '<', sql<Date>`now() - make_interval(days => ${KNOWN_DAYS})`).execute();
}
