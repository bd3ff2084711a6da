import { randomInt } from 'node:crypto';
import type { DB } from '../../db/connection';
import { tokenHash } from '../tokens';

export const RECOVERY_CODES = 10;
/** No 0/O, 1/I/L: read off paper and typed again. 10 characters of 31: about 50 bits, too many to guess at the sign-in limits. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const newCode = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('').replace(/^(.{5})/, '$1-');
/** Typed with or without its dash, in any case. */
const normal = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');

/** A new set, replacing any earlier one; only their hashes are kept (they are random, so a fast hash suffices). */
export async function newRecoveryCodes(db: DB, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newCode);
  await db.deleteFrom('mfa_recovery_code').where('user_id', '=', userId).execute();
  await db.insertInto('mfa_recovery_code').values(codes.map((c) => ({ user_id: userId, code_hash: tokenHash(normal(c)) }))).execute();
  return codes;
}

/** Spends one: marked used in the statement that finds it, so it works once. */
export async function takeRecoveryCode(db: DB, userId: number, code: string): Promise<boolean> {
  const text = normal(code);
  if (!/^[a-z0-9]{10}$/.test(text)) return false;
  const spent = await db.updateTable('mfa_recovery_code').set({ used_at: new Date().toISOString() })
    .where('user_id', '=', userId).where('code_hash', '=', tokenHash(text)).where('used_at', 'is', null).executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}
