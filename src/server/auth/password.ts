import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt (docs/decisions.md#password-hashing: N=2^17, r=8, p=1). Stored as `scrypt$logN$r$p$salt$hash` so parameters can rise later. */
const R = 8;
const P = 1;
const KEYLEN = 32;

/**
 * How many scrypt derivations this process has started. Tests read it to show that a refused sign-in or reset
 * costs no hashing (counted, never timed); nothing else reads it.
 */
export const scryptRuns = { count: 0 };

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  scryptRuns.count++;
  const opts: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 256 * 1024 * 1024 };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEYLEN, opts, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(password: string, logN = 17): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, R, P);
  return ['scrypt', logN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(logN), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing in particular, checked for unknown accounts so that they take as long as a wrong password. */
let dummy: Promise<string> | null = null;
export function dummyHash(logN: number): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'), logN);
  return dummy;
}
