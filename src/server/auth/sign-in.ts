import { z } from 'zod';
import { clientAddress, type Ctx } from '../http';
import { authenticate, createSession, profileAnswer, profileOf, type SignInMethod } from './sessions';
import { methodsOf, mfaRequired, providerDidMfa, type SessionFactor } from './mfa/factors';
import type { Role } from '../../registry/roles';
import { newSignInChallenge } from './mfa/challenge';

/** How a person proved who they are, as the one place that ends a sign-in is told. */
export interface SignInProof {
  method: SignInMethod;
  /**
   * From a hosted sign-in: the ID token's `amr` (methods, e.g. ["pwd", "mfa"]) and `acr` (the assurance level). A
   * provider's own second factor counts as the console's (mfa/factors.ts providerDidMfa).
   */
  amr?: readonly string[];
  acr?: string | null;
  /** The provider's ID token, kept on the session for signing out there too. */
  providerIdToken?: string;
  /** The second step, once taken (the login's `/mfa` call): what it was proven with. */
  factor?: SessionFactor;
}

/** What finishSignIn answers: the second step's challenge, or the session made. */
export const secondStepAnswer = z.strictObject({ mfa: z.strictObject({ challenge: z.string(), methods: z.array(z.enum(['totp', 'webauthn'])).min(1) }) });
export const sessionAnswer = z.strictObject({ token: z.string(), expiresIn: z.number().int(), user: profileAnswer, mfaEnrolmentRequired: z.literal(true).optional() });
export const signedInAnswer = z.union([secondStepAnswer, sessionAnswer]);

/**
 * Ends every sign-in, by password or hosted login, once the person is known and may sign in. A person with a second
 * factor who has not yet given it gets no session but a challenge (`{ mfa: { challenge, methods } }`): the second step
 * (`POST /api/adminUser/login/mfa`) comes back here with the factor. Otherwise the session is made (the oldest beyond
 * SESSION_MAX_PER_USER ended) and answered as the spec's login answers.
 */
export async function finishSignIn(c: Ctx, userId: number, proof: SignInProof) {
  const db = c.get('db');
  const config = c.get('config');
  let factor: SessionFactor | undefined = proof.factor;
  if (!factor && proof.method === 'hosted' && providerDidMfa(config, proof.amr, proof.acr)) factor = 'provider';
  if (!factor) {
    const methods = await methodsOf(db, userId);
    if (methods.length) return { mfa: { challenge: await newSignInChallenge(db, userId, proof.method, proof.providerIdToken), methods } };
  }
  const { token, expiresIn } = await createSession(db, config, userId, {
    userAgent: c.req.header('user-agent'), address: clientAddress(c), method: proof.method, providerIdToken: proof.providerIdToken, factor,
  });
  const me = await authenticate(db, config, `Bearer ${token}`);
  return { token, expiresIn, user: profileOf(me), ...(me.signInFactor ? {} : enrolment(c, me.role)) };
}

/** A session of a role that must have a second factor, without one: the client takes the person to enrolment. */
function enrolment(c: Ctx, role: Role) {
  return mfaRequired(c.get('config'), role) ? { mfaEnrolmentRequired: true } : {};
}
