import { clientAddress, type Ctx } from '../http';
import { authenticate, createSession, profileOf, type SignInMethod } from './sessions';

/** How a person proved who they are, as the one place that ends a sign-in is told. */
export interface SignInProof {
  method: SignInMethod;
  /**
   * From a hosted sign-in: the ID token's `amr` (methods, e.g. ["pwd", "mfa"]) and `acr` (the assurance level). Kept
   * here for the second-factor step, which counts a provider's own second factor.
   */
  amr?: readonly string[];
  acr?: string | null;
  /** The provider's ID token, kept on the session for signing out there too. */
  providerIdToken?: string;
}

/**
 * Ends every sign-in, by password or hosted login, once the person is known and may sign in: the session is made
 * (the oldest beyond SESSION_MAX_PER_USER ended) and answered as the spec's login answers. A step that every sign-in
 * must pass before it gets a session (a second factor) goes here, once, for every way in.
 */
export async function finishSignIn(c: Ctx, userId: number, proof: SignInProof) {
  const db = c.get('db');
  const config = c.get('config');
  const { token, expiresIn } = await createSession(db, config, userId, {
    userAgent: c.req.header('user-agent'), address: clientAddress(c), method: proof.method, providerIdToken: proof.providerIdToken,
  });
  const me = await authenticate(db, config, `Bearer ${token}`);
  return { token, expiresIn, user: profileOf(me) };
}
