import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type AuthenticatorTransportFuture, type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/connection';
import type { Ctx } from '../../http';

/**
 * Passkeys and security keys (WebAuthn, with @simplewebauthn/server): registration, and the signed answer that proves
 * a person holds one (the sign-in's second step and the step-up). Only the credential's public key and counter are
 * kept (webauthn_credential); attestation is not asked for (`none`): any authenticator the person trusts will do.
 */

/** Passkeys a person may keep: enough for a phone, a laptop and spare keys, few enough that a list stays short. */
export const MAX_PASSKEYS = 20;

/** The options a browser's navigator.credentials call takes (SimpleWebAuthn's JSON of them): the challenge, and the rest as the library makes it. */
export const webauthnOptionsAnswer = z.looseObject({ challenge: z.string() });
const RP_NAME = 'Staff console';
const TIMEOUT_MS = 5 * 60_000;

/** Who the passkey is bound to: the console's web origin and its host (the RP id). */
export interface RelyingParty { id: string; origin: string }

/**
 * PUBLIC_URL when it is set (a passkey made behind a proxy belongs to the address people use); otherwise the request's
 * own origin, as in development and tests where the console is reached at whatever host and port it listens on.
 */
export function relyingParty(c: Ctx): RelyingParty {
  const origin = new URL(c.get('config').publicUrlSet ?? c.req.url).origin;
  return { id: new URL(origin).hostname, origin };
}

const b64url = z.string().max(16_384).regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Not base64url');
const credentialId = z.string().min(1).max(1_366).regex(/^[A-Za-z0-9_-]+$/, 'Not a credential id');
const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8);
const extensionResults = z.record(z.string(), z.unknown()).refine((v) => JSON.stringify(v).length <= 2_000, 'Too large');

/** A browser's answer to navigator.credentials.create, as @simplewebauthn/browser sends it. */
export const registrationSchema = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.strictObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    authenticatorData: b64url.optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});

/** A browser's answer to navigator.credentials.get. */
export const assertionSchema = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.strictObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});
export type Assertion = z.infer<typeof assertionSchema>;

async function credentialsOf(db: DB, userId: number) {
  return db.selectFrom('webauthn_credential').select(['id', 'transports']).where('user_id', '=', userId).execute();
}

const asTransports = (t: string[]) => t as AuthenticatorTransportFuture[];

/** The options for navigator.credentials.create: its challenge is the caller's to keep until the answer comes. */
export async function registrationOptions(db: DB, rp: RelyingParty, user: { id: number; email: string; name: string }) {
  const existing = await credentialsOf(db, user.id);
  return generateRegistrationOptions({
    rpName: RP_NAME, rpID: rp.id, userName: user.email, userDisplayName: user.name,
    // Stable per person, so an authenticator replaces its own older passkey for this console instead of adding one.
    userID: new TextEncoder().encode(`admin-user:${user.id}`),
    attestationType: 'none', timeout: TIMEOUT_MS,
    excludeCredentials: existing.map((k) => ({ id: k.id, transports: asTransports(k.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    supportedAlgorithmIDs: [-7, -257, -8],
  });
}

/** Checks a registration against its challenge; answers the credential to store, or null when it is not right. */
export async function checkRegistration(response: z.infer<typeof registrationSchema>, expectedChallenge: string, rp: RelyingParty) {
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON, expectedChallenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return { id: credential.id, publicKey: isoBase64URL.fromBuffer(credential.publicKey), counter: credential.counter, transports: credential.transports ?? response.response.transports ?? [] };
  } catch {
    // The library throws for every way an answer can be wrong (origin, challenge, format): all are "not right".
    return null;
  }
}

/** The options for navigator.credentials.get, naming the person's passkeys; null when they have none. */
export async function assertionOptions(db: DB, rp: RelyingParty, userId: number) {
  const keys = await credentialsOf(db, userId);
  if (!keys.length) return null;
  return generateAuthenticationOptions({
    rpID: rp.id, timeout: TIMEOUT_MS, userVerification: 'preferred',
    allowCredentials: keys.map((k) => ({ id: k.id, transports: asTransports(k.transports) })),
  });
}

/**
 * Checks a signed answer of one of the person's passkeys to the challenge. The signature counter must grow (a cloned
 * key shows an old count); the new count is written only over the one read, so of two requests with one answer at
 * once, one wins. Authenticators that keep no counter (always 0) rely on the challenge working once (the caller's).
 */
export async function checkAssertion(db: DB, userId: number, assertion: Assertion, expectedChallenge: string, rp: RelyingParty): Promise<boolean> {
  const key = await db.selectFrom('webauthn_credential').select(['id', 'public_key', 'counter', 'transports'])
    .where('user_id', '=', userId).where('id', '=', assertion.id).executeTakeFirst();
  if (!key) return false;
  const counter = Number(key.counter);
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion as AuthenticationResponseJSON, expectedChallenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false,
      credential: { id: key.id, publicKey: isoBase64URL.toBuffer(key.public_key), counter, transports: asTransports(key.transports) },
    });
    if (!result.verified) return false;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return false;
  }
  const used = await db.updateTable('webauthn_credential').set({ counter: newCounter, last_used_at: sql`now()` })
    .where('id', '=', key.id).where('counter', '=', counter).executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
