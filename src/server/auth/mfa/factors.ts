import type { DB } from '../../db/connection';
import type { Config } from '../../config';
import type { Role } from '../../../registry/roles';
import { takeRecoveryCode } from './recovery';
import { takeTotpCode } from './totp';
import { checkAssertion, type Assertion, type RelyingParty } from './webauthn';

/** A second factor a person has: an authenticator app's codes, or passkeys. Recovery codes come with the app. */
export type FactorMethod = 'totp' | 'webauthn';
/** What a session's second step was proven with (session.factor). */
export type SessionFactor = 'code' | 'recovery' | 'passkey' | 'provider';

/** A code as typed, or a passkey's signed answer to the challenge the caller kept (and takes once). */
export type SecondFactorProof = { code: string } | { assertion: Assertion; expectedChallenge: string; rp: RelyingParty };

/** The person's active factors, in the order the sign-in's second step offers them. */
export async function methodsOf(db: DB, userId: number): Promise<FactorMethod[]> {
  const [totp, keys] = await Promise.all([
    db.selectFrom('mfa_totp').select('user_id').where('user_id', '=', userId).where('confirmed_at', 'is not', null).executeTakeFirst(),
    db.selectFrom('webauthn_credential').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst(),
  ]);
  return [...(keys ? ['webauthn' as const] : []), ...(totp ? ['totp' as const] : [])];
}

/**
 * Checks a second factor of the person: a one-time code of their app (each taken once), a recovery code (each spent
 * once), or a passkey's signed answer. Answers what it was, or null when it is not right. The sign-in's second step
 * and the step-up (§3) both ask here; counting failures toward the sign-in limits is the caller's (rate-limit.ts).
 */
export async function verifySecondFactor(db: DB, userId: number, proof: SecondFactorProof): Promise<SessionFactor | null> {
  if ('code' in proof) {
    if (typeof proof.code !== 'string') return null;
    const code = proof.code.replace(/\s/g, '');
    if (/^[0-9]{6}$/.test(code)) return (await takeTotpCode(db, userId, code)) ? 'code' : null;
    // Recovery codes belong to the app's enrolment: without an active app they are not a way in.
    const hasTotp = (await methodsOf(db, userId)).includes('totp');
    return hasTotp && (await takeRecoveryCode(db, userId, proof.code)) ? 'recovery' : null;
  }
  return (await checkAssertion(db, userId, proof.assertion, proof.expectedChallenge, proof.rp)) ? 'passkey' : null;
}

/** Whether the person's role must have a second factor (MFA_REQUIRED_ROLES). */
export const mfaRequired = (config: Config, role: Role) => config.mfaRequiredRoles.includes(role);

/** A hosted sign-in whose provider says it asked for a second factor itself: `amr` has `mfa`, or `acr` is OIDC_MFA_ACR. */
export function providerDidMfa(config: Config, amr: readonly string[] | undefined, acr: string | null | undefined) {
  return !!amr?.includes('mfa') || (!!config.oidcMfaAcr && acr === config.oidcMfaAcr);
}

/** Every factor of the person goes: the app's key, its recovery codes, the passkeys. */
export async function removeAllFactors(db: DB, userId: number) {
  await db.deleteFrom('mfa_totp').where('user_id', '=', userId).execute();
  await db.deleteFrom('mfa_recovery_code').where('user_id', '=', userId).execute();
  await db.deleteFrom('webauthn_credential').where('user_id', '=', userId).execute();
}
