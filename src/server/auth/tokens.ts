import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer tokens: 32 random bytes; the database keeps only their SHA-256. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
