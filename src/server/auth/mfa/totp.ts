import { Secret, TOTP } from 'otpauth';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import type { DB } from '../../db/connection';

/** Authenticator apps' codes (RFC 6238: SHA-1, 6 digits, 30 s), as every common app reads them. */
const PERIOD = 30;
const ISSUER = 'Staff console';

const totpOf = (secret: string, label = '') => new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/**
 * Starts (or starts again) an enrolment: a new key, not active until a first code confirms it. An active one is left
 * as it is: a second enrolment would lock out the app already set up; it is turned off first.
 */
export async function beginTotp(db: DB, userId: number, email: string) {
  const active = await db.selectFrom('mfa_totp').select('user_id').where('user_id', '=', userId).where('confirmed_at', 'is not', null).executeTakeFirst();
  if (active) return null;
  const secret = new Secret({ size: 20 }).base32;
  await db.insertInto('mfa_totp').values({ user_id: userId, secret })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, last_step: null, created_at: sql`now()` })).execute();
  const otpauthUrl = totpOf(secret, email).toString();
  // The picture is drawn here, so the browser needs no QR library for it (its first load stays small).
  const qr = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUrl, qr };
}

/**
 * Takes a code of the key (`pending`: the enrolment's, else the active one), one time step either way for clocks that
 * drift. A code is taken once: the step it belongs to is written, and a code of that step or an earlier one is refused.
 * The write is the check, so two requests with one code at once: one wins.
 */
export async function takeTotpCode(db: DB, userId: number, code: string, opts: { pending?: boolean } = {}): Promise<boolean> {
  if (!/^[0-9]{6}$/.test(code)) return false;
  const row = await db.selectFrom('mfa_totp').select(['secret', 'last_step']).where('user_id', '=', userId)
    .where('confirmed_at', opts.pending ? 'is' : 'is not', null).executeTakeFirst();
  if (!row) return false;
  const delta = totpOf(row.secret).validate({ token: code, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 1000 / PERIOD) + delta;
  const taken = await db.updateTable('mfa_totp').set({ last_step: step, ...(opts.pending ? { confirmed_at: sql`now()` } : {}) })
    .where('user_id', '=', userId).where('secret', '=', row.secret)
    .where('confirmed_at', opts.pending ? 'is' : 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}
