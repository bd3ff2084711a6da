import { sql } from 'kysely';
import type { DB } from '../../db/connection';
import { newToken, tokenHash } from '../tokens';
import type { SignInMethod } from '../sessions';

/** A sign-in's second step must come within this many minutes of its first. */
export const CHALLENGE_MINUTES = 5;

export interface PendingSignIn {
  userId: number;
  method: SignInMethod;
  providerIdToken: string | null;
  webauthnChallenge: string | null;
}

/** A sign-in whose first step passed: the token the client answers with, its hash kept in the database (any process). */
export async function newSignInChallenge(db: DB, userId: number, method: SignInMethod, providerIdToken?: string) {
  await db.deleteFrom('mfa_challenge').where('expires_at', '<', sql<Date>`now()`).execute();
  const token = newToken();
  await db.insertInto('mfa_challenge').values({
    token_hash: tokenHash(token), user_id: userId, purpose: 'sign-in', method, provider_id_token: providerIdToken ?? null,
    expires_at: sql`now() + make_interval(mins => ${CHALLENGE_MINUTES})`,
  }).execute();
  return token;
}

/** The pending sign-in of a token, still live, without using it up (a passkey's options are asked before the answer). */
export async function readSignInChallenge(db: DB, token: string): Promise<PendingSignIn | null> {
  const row = await db.selectFrom('mfa_challenge').select(['user_id', 'method', 'provider_id_token', 'webauthn_challenge'])
    .where('token_hash', '=', tokenHash(token)).where('purpose', '=', 'sign-in').where('expires_at', '>', sql<Date>`now()`).executeTakeFirst();
  return row ? { userId: row.user_id, method: row.method as SignInMethod, providerIdToken: row.provider_id_token, webauthnChallenge: row.webauthn_challenge } : null;
}

/** Uses the token up: deleted in the statement that finds it, so a second step is taken once, by one request. */
export async function claimSignInChallenge(db: DB, token: string): Promise<boolean> {
  const gone = await db.deleteFrom('mfa_challenge').where('token_hash', '=', tokenHash(token)).where('purpose', '=', 'sign-in')
    .where('expires_at', '>', sql<Date>`now()`).executeTakeFirst();
  return Number(gone.numDeletedRows) === 1;
}

/** A passkey's challenge for this sign-in, kept on its row so that whichever process checks the answer knows it. */
export async function setWebauthnChallenge(db: DB, token: string, challenge: string) {
  await db.updateTable('mfa_challenge').set({ webauthn_challenge: challenge }).where('token_hash', '=', tokenHash(token)).execute();
}

/** A passkey ceremony of a signed-in session: adding a passkey, or proving it is them for a step-up. */
export type SessionCeremony = 'passkey-enrol' | 'step-up';

/** One row per session and ceremony (asking again replaces it); its key is no secret, the session is the proof. */
const ceremonyKey = (purpose: SessionCeremony, sessionId: number) => tokenHash(`${purpose}:${sessionId}`);

/** Keeps a passkey challenge of a signed-in session for CHALLENGE_MINUTES, in the database (any process checks it). */
export async function keepSessionChallenge(db: DB, purpose: SessionCeremony, sessionId: number, userId: number, challenge: string) {
  await db.deleteFrom('mfa_challenge').where('expires_at', '<', sql<Date>`now()`).execute();
  const expires = sql<Date>`now() + make_interval(mins => ${CHALLENGE_MINUTES})`;
  await db.insertInto('mfa_challenge').values({
    token_hash: ceremonyKey(purpose, sessionId), user_id: userId, purpose, method: 'session', webauthn_challenge: challenge, expires_at: expires,
  }).onConflict((oc) => oc.column('token_hash').doUpdateSet({ webauthn_challenge: challenge, expires_at: expires })).execute();
}

/** Takes the session's challenge (deleted as it is read): an answer to it is checked once, right or wrong. */
export async function takeSessionChallenge(db: DB, purpose: SessionCeremony, sessionId: number, userId: number): Promise<string | null> {
  const row = await db.deleteFrom('mfa_challenge').where('token_hash', '=', ceremonyKey(purpose, sessionId)).where('purpose', '=', purpose)
    .where('user_id', '=', userId).where('expires_at', '>', sql<Date>`now()`).returning('webauthn_challenge').executeTakeFirst();
  return row?.webauthn_challenge ?? null;
}
