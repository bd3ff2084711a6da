import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { clientAddress, fail, fieldErrors, jsonBody, type AppEnv, type Ctx } from '../http';
import { dataOf, describeCalls, isoTime } from '../http/call-docs';
import { signInFailures } from '../ops/metrics';
import { verifyPassword } from './password';
import { beginSignIn, tooMany } from './rate-limit';
import { verifySecondFactor, type SecondFactorProof } from './mfa/factors';
import { keepSessionChallenge, takeSessionChallenge } from './mfa/challenge';
import { assertionOptions, assertionSchema, relyingParty, webauthnOptionsAnswer } from './mfa/webauthn';
import type { DB } from '../db/connection';

/**
 * Step-up: the actions whose harm lasts ask that their person proved who they are within the last STEP_UP_MINUTES (a
 * sign-in counts), so a session left open on a shared desk, or a stolen token, cannot do them. The server is the guard:
 * each such endpoint calls requireFreshProof before it acts; the console, told 401 `step_up_required`, asks for the
 * password in a dialog and sends the action once more (client/api/client.ts withStepUp).
 *
 * The endpoints, for the attack test and the README (each calls requireFreshProof):
 */
export const STEP_UP_ACTIONS = [
  { method: 'GET', path: '/api/system/backup', what: 'download a backup' },
  { method: 'POST', path: '/api/invoices/{id}/transition', what: 'void an invoice (to: "void")' },
  { method: 'POST', path: '/api/{resource}/{id}/revert', what: 'revert a change from the log' },
  { method: 'POST', path: '/api/admin-user', what: 'make an account (it grants a role)' },
  { method: 'PUT', path: '/api/admin-user/{id}', what: 'grant or remove a role (a change of `role`)' },
  { method: 'POST', path: '/api/sessions/{id}/end', what: 'end another person\'s session' },
  { method: 'GET', path: '/api/patients/export', what: 'export more than 500 patient rows' },
  { method: 'POST', path: '/api/adminUser/{id}/mfa/reset', what: 'reset another person\'s second factors' },
  { method: 'DELETE', path: '/api/me/mfa/webauthn/{id}', what: 'remove one of your passkeys' },
] as const;

/** The field of an entity that grants a role: making such a record, or changing the field, needs a fresh proof. */
export const ROLE_FIELD: Readonly<Record<string, string>> = { 'admin-user': 'role' };

/** An export of more patient rows than this needs a fresh proof. */
export const STEP_UP_EXPORT_ROWS = 500;

/** Refuses with 401 `step_up_required` unless the caller proved who they are within STEP_UP_MINUTES. */
export function requireFreshProof(c: Ctx): void {
  const user = c.get('user');
  const at = user.provedAt === undefined ? NaN : new Date(user.provedAt).getTime();
  if (at + c.get('config').stepUpMinutes * 60_000 > Date.now()) return;
  throw fail(401, 'Confirm it is you: enter your password again to do this', { code: 'step_up_required' });
}

/** The session's person proved who they are now. */
async function proved(db: DB, sessionId: number): Promise<string | null> {
  const saved = await sql<{ proved_at: string }>`update session set proved_at = now() where id = ${sessionId} returning proved_at`.execute(db);
  return saved.rows[0]?.proved_at ?? null;
}

const stepUpSchema = z.union([
  z.strictObject({ password: z.string().min(1, 'Enter your password').max(200) }),
  z.strictObject({ code: z.string().min(1).max(40) }),
  z.strictObject({ webauthn: assertionSchema }),
]);

describeCalls({
  'POST /api/me/step-up/webauthn': { summary: 'The options for the browser to prove it is you by passkey (body: {})', body: z.strictObject({}), ok: { status: 200, schema: dataOf(webauthnOptionsAnswer) }, refuses: [409] },
  'POST /api/me/step-up': {
    summary: 'Prove it is you again (password, a one-time or recovery code, or a passkey), for the actions that ask for a recent proof', body: stepUpSchema,
    ok: { status: 200, schema: dataOf(z.strictObject({ provedAt: isoTime })) }, refuses: [409, 429],
  },
});

/**
 * POST /api/me/step-up { password }, { code } or { webauthn } → { data: { provedAt } }: the password of the signed-in
 * person, a one-time or recovery code of their second factor (auth/mfa), or a passkey's answer to the options of
 * POST /api/me/step-up/webauthn; each counted as a sign-in attempt (the same limits: it cannot be guessed here faster
 * than at the sign-in page). An account without a password (hosted login only) and no factor proves itself by signing
 * in again, which counts as well: 409 `sign_in_again`.
 */
export function stepUpRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // The options for a passkey's answer, naming the person's passkeys; the challenge kept for this session.
  app.post('/me/step-up/webauthn', async (c) => {
    const db = c.get('db');
    const me = c.get('user');
    const parsed = z.strictObject({}).safeParse((await jsonBody(c)) ?? {});
    if (!parsed.success) throw fieldErrors(parsed.error.issues);
    const options = await assertionOptions(db, relyingParty(c), me.id);
    if (!options) throw fail(409, 'You have no passkey: confirm with your password or a code.', { code: 'no_passkey' });
    await keepSessionChallenge(db, 'step-up', me.sessionId, me.id, options.challenge);
    return c.json({ data: options });
  });
  app.post('/me/step-up', async (c) => {
    const db = c.get('db');
    const me = c.get('user');
    const parsed = stepUpSchema.safeParse(await jsonBody(c));
    if (!parsed.success) throw fieldErrors(parsed.error.issues);
    if (!('password' in parsed.data)) {
      const input = parsed.data;
      const attempt = await beginSignIn(db, me.email.toLowerCase(), clientAddress(c));
      if (attempt.refused) throw tooMany(attempt.refused, 'sign_in');
      // The passkey's challenge is taken (deleted) before the answer is checked: one answer, one try.
      const expectedChallenge = 'webauthn' in input ? await takeSessionChallenge(db, 'step-up', me.sessionId, me.id) : null;
      const proof: SecondFactorProof | null = 'code' in input ? { code: input.code }
        : expectedChallenge ? { assertion: input.webauthn, expectedChallenge, rp: relyingParty(c) } : null;
      if (!proof || (await verifySecondFactor(db, me.id, proof)) === null) {
        signInFailures.inc();
        throw 'code' in input
          ? fail(400, 'This code is not right, or was already used', { field: 'code', code: 'wrong_code' })
          : fail(400, 'This passkey could not be checked. Please try again.', { field: 'webauthn', code: 'wrong_passkey' });
      }
      await attempt.succeeded();
      return c.json({ data: { provedAt: await proved(db, me.sessionId) } });
    }
    const row = await db.selectFrom('admin_user').select(['password_hash']).where('id', '=', me.id).executeTakeFirstOrThrow();
    if (!row.password_hash) throw fail(409, 'Your account signs in with your organisation: sign out and sign in again to confirm it is you', { code: 'sign_in_again' });
    const attempt = await beginSignIn(db, me.email.toLowerCase(), clientAddress(c));
    if (attempt.refused) throw tooMany(attempt.refused, 'sign_in');
    if (!(await verifyPassword(parsed.data.password, row.password_hash))) {
      signInFailures.inc();
      throw fail(400, 'The password is not right', { field: 'password', code: 'wrong_password' });
    }
    await attempt.succeeded();
    return c.json({ data: { provedAt: await proved(db, me.sessionId) } });
  });
  return app;
}
