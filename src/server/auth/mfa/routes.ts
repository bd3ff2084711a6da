import { Hono } from 'hono';
import { z } from 'zod';
import { clientAddress, fail, fieldErrors, jsonBody, recordIdParam, type AppEnv, type Ctx } from '../../http';
import { dataOf, describeCalls } from '../../http/call-docs';
import { queueMail } from '../../outbox';
import { beginSignIn, tooMany } from '../rate-limit';
import { finishSignIn, signedInAnswer } from '../sign-in';
import { writeEntries } from '../../audit/audit';
import { signInFailures } from '../../ops/metrics';
import { claimSignInChallenge, readSignInChallenge, setWebauthnChallenge } from './challenge';
import { methodsOf, removeAllFactors, verifySecondFactor, type SecondFactorProof } from './factors';
import { passkeyAnswer, passkeyRoutes } from './passkey-routes';
import { assertionOptions, assertionSchema, relyingParty, webauthnOptionsAnswer } from './webauthn';
import { newRecoveryCodes } from './recovery';
import { requireFreshProof } from '../step-up';
import { beginTotp, takeTotpCode } from './totp';

const WRONG_CODE = 'This code is not right, or was already used';
const WRONG_PASSKEY = 'This passkey could not be checked. Please try again.';
const CHALLENGE_GONE = 'This sign-in has expired or was already finished. Please sign in again.';

const code = z.string().trim().min(1).max(40);
const challenge = z.string().min(10).max(200);
const secondStepSchema = z.union([z.strictObject({ challenge, code }), z.strictObject({ challenge, webauthn: assertionSchema })]);
const codeSchema = z.strictObject({ code });

const recoveryCodes = dataOf(z.strictObject({ recoveryCodes: z.array(z.string()).min(1) }));
describeCalls({
  'POST /api/adminUser/login/mfa/webauthn': {
    summary: "The second step by passkey: the options for the browser, for the sign-in's challenge", body: z.strictObject({ challenge }),
    ok: { status: 200, schema: dataOf(webauthnOptionsAnswer) }, refuses: [401, 409, 429],
  },
  'POST /api/adminUser/login/mfa': {
    summary: "The second step of a sign-in: the challenge with a one-time or recovery code, or a passkey's answer; the session", body: secondStepSchema,
    ok: { status: 200, schema: dataOf(signedInAnswer) }, refuses: [401, 429],
  },
  'GET /api/me/mfa': {
    summary: "One's own second factors: the methods on, recovery codes left, passkeys, whether the role needs one, what this session proved",
    ok: {
      status: 200,
      schema: dataOf(z.strictObject({
        methods: z.array(z.enum(['totp', 'webauthn'])), recoveryCodesLeft: z.number().int().min(0), passkeys: z.array(passkeyAnswer), required: z.boolean(),
        sessionFactor: z.enum(['code', 'recovery', 'passkey', 'provider']).nullable(),
      })),
    },
  },
  'POST /api/me/mfa/totp': {
    summary: 'Begin setting up one-time codes: the secret, its otpauth address and its QR picture (body: {}); confirmed by a first code', body: z.strictObject({}),
    ok: { status: 200, schema: dataOf(z.strictObject({ secret: z.string(), otpauthUrl: z.string(), qr: z.string() })) }, refuses: [409],
  },
  'POST /api/me/mfa/totp/confirm': { summary: "Turn one-time codes on with the app's first code: the recovery codes, shown once", body: codeSchema, ok: { status: 200, schema: recoveryCodes }, refuses: [409, 429] },
  'DELETE /api/me/mfa/totp': {
    summary: "Turn one-time codes off with a current code (not the last factor of a role that needs one)", body: codeSchema,
    ok: { status: 200, schema: dataOf(z.strictObject({ removed: z.literal(true) })) }, refuses: [409, 429],
  },
  'POST /api/adminUser/{id}/mfa/reset': {
    summary: "Remove every second factor of another account (super admin, with a recent proof of identity; body: {})", roles: ['superadmin'], body: z.strictObject({}),
    ok: { status: 200, schema: dataOf(z.strictObject({ reset: z.literal(true) })) }, refuses: [404, 409],
  },
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (!r.success) throw fieldErrors(r.error.issues);
  return r.data;
}

/** A wrong code counts as a failed sign-in of the account (rate-limit.ts): codes are guessed no faster than passwords. */
async function countedCodeCheck(c: Ctx, email: string, check: () => Promise<boolean>, what: 'code' | 'webauthn' = 'code') {
  const attempt = await beginSignIn(c.get('db'), email.toLowerCase(), clientAddress(c));
  if (attempt.refused) throw tooMany(attempt.refused, 'sign_in');
  if (!(await check())) {
    signInFailures.inc();
    throw what === 'code' ? fail(400, WRONG_CODE, { field: 'code', code: 'wrong_code' }) : fail(400, WRONG_PASSKEY, { field: 'webauthn', code: 'wrong_passkey' });
  }
  await attempt.succeeded();
}

async function emailOf(c: Ctx, userId: number) {
  return (await c.get('db').selectFrom('admin_user').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email as string;
}

/** Second factors: a sign-in's second step, and a person's own enrolment (issue 34 §2). */
export function mfaRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.route('/', passkeyRoutes());

  // A passkey for the second step: the options naming the person's passkeys, the challenge kept on the sign-in's row.
  app.post('/adminUser/login/mfa/webauthn', async (c) => {
    const db = c.get('db');
    const input = parse(z.strictObject({ challenge }), await jsonBody(c));
    const pending = await readSignInChallenge(db, input.challenge);
    if (!pending) throw fail(401, CHALLENGE_GONE, { code: 'mfa_challenge_expired' });
    const options = await assertionOptions(db, relyingParty(c), pending.userId);
    if (!options) throw fail(409, 'You have no passkey: use a code instead.', { code: 'no_passkey' });
    await setWebauthnChallenge(db, input.challenge, options.challenge);
    return c.json({ data: options });
  });

  // The second step of a sign-in whose first step answered `{ mfa: { challenge, methods } }`: a one-time or recovery
  // code, or a passkey's answer to the options above.
  app.post('/adminUser/login/mfa', async (c) => {
    const db = c.get('db');
    const input = parse(secondStepSchema, await jsonBody(c));
    const pending = await readSignInChallenge(db, input.challenge);
    if (!pending) throw fail(401, CHALLENGE_GONE, { code: 'mfa_challenge_expired' });
    // A passkey's answer without options asked first has no challenge to be checked against: it is not right.
    const proof: SecondFactorProof | null = 'code' in input ? { code: input.code }
      : pending.webauthnChallenge ? { assertion: input.webauthn, expectedChallenge: pending.webauthnChallenge, rp: relyingParty(c) } : null;
    let factor: Awaited<ReturnType<typeof verifySecondFactor>> = null;
    await countedCodeCheck(c, await emailOf(c, pending.userId), async () => !!proof && (factor = await verifySecondFactor(db, pending.userId, proof)) !== null, 'code' in input ? 'code' : 'webauthn');
    // Claimed after the code is right, so a mistyped code can be typed again; claimed once, so one session comes of it.
    if (!(await claimSignInChallenge(db, input.challenge))) throw fail(401, CHALLENGE_GONE, { code: 'mfa_challenge_expired' });
    const user = await db.selectFrom('admin_user').select('status').where('id', '=', pending.userId).executeTakeFirst();
    if (user?.status !== 'active') throw fail(401, CHALLENGE_GONE, { code: 'mfa_challenge_expired' });
    return c.json({ data: await finishSignIn(c, pending.userId, { method: pending.method, providerIdToken: pending.providerIdToken ?? undefined, factor: factor! }) });
  });

  // The person's own factors, as Preferences lists them.
  app.get('/me/mfa', async (c) => {
    const db = c.get('db');
    const me = c.get('user');
    const [methods, left, passkeys] = await Promise.all([
      methodsOf(db, me.id),
      db.selectFrom('mfa_recovery_code').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', me.id).where('used_at', 'is', null).executeTakeFirstOrThrow(),
      db.selectFrom('webauthn_credential').select(['id', 'name', 'created_at as createdAt', 'last_used_at as lastUsedAt']).where('user_id', '=', me.id).orderBy('created_at').orderBy('id').execute(),
    ]);
    return c.json({ data: { methods, recoveryCodesLeft: Number(left.n), passkeys, required: c.get('config').mfaRequiredRoles.includes(me.role), sessionFactor: me.signInFactor ?? null } });
  });

  // Enrolment: a new key (not active yet), as text, as the otpauth address and as a picture of it.
  app.post('/me/mfa/totp', async (c) => {
    const me = c.get('user');
    parse(z.strictObject({}), (await jsonBody(c)) ?? {});
    const begun = await beginTotp(c.get('db'), me.id, me.email);
    if (!begun) throw fail(409, 'One-time codes are already on. Turn them off first to set up another app.', { code: 'totp_active' });
    return c.json({ data: begun });
  });

  // The first code turns the key on; ten recovery codes are answered this once. This session now counts as proven by it.
  app.post('/me/mfa/totp/confirm', async (c) => {
    const db = c.get('db');
    const me = c.get('user');
    const input = parse(codeSchema, await jsonBody(c));
    await countedCodeCheck(c, me.email, () => takeTotpCode(db, me.id, input.code, { pending: true }));
    const recoveryCodes = await db.transaction().execute(async (tx) => {
      const codes = await newRecoveryCodes(tx, me.id);
      await tx.updateTable('session').set({ factor: 'code' }).where('id', '=', me.sessionId).execute();
      await writeEntries(tx, [{ actor: { id: me.id, address: clientAddress(c) }, entity: 'admin-user', recordId: me.id, action: 'mfa_enrol', changes: { totp: { changed: true } } }]);
      return codes;
    });
    return c.json({ data: { recoveryCodes } });
  });

  // Turning the codes off asks for a current code (or a recovery code): a stolen session alone cannot remove the factor.
  app.delete('/me/mfa/totp', async (c) => {
    const db = c.get('db');
    const me = c.get('user');
    const input = parse(codeSchema, await jsonBody(c));
    // Refused before the code is checked, so that a refusal does not spend it.
    if (c.get('config').mfaRequiredRoles.includes(me.role) && !(await methodsOf(db, me.id)).includes('webauthn')) {
      throw fail(409, 'Your role needs a second factor: add a passkey before turning one-time codes off.', { code: 'mfa_required' });
    }
    await countedCodeCheck(c, me.email, async () => (await verifySecondFactor(db, me.id, { code: input.code })) !== null);
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('mfa_totp').where('user_id', '=', me.id).execute();
      await tx.deleteFrom('mfa_recovery_code').where('user_id', '=', me.id).execute();
      await writeEntries(tx, [{ actor: { id: me.id, address: clientAddress(c) }, entity: 'admin-user', recordId: me.id, action: 'mfa_remove', changes: { totp: { changed: true } } }]);
    });
    return c.json({ data: { removed: true } });
  });

  /**
   * A superadmin resets another person's factors (a lost phone): every factor goes, audited, and the person is told in
   * the inbox and by mail. Their next sign-in asks for none, and a role that needs one is taken to enrolment.
   */
  app.post('/adminUser/:id/mfa/reset', async (c) => {
    const db = c.get('db');
    const me = c.get('user');
    if (me.role !== 'superadmin') throw fail(403, 'Only a super admin may reset second factors', { code: 'forbidden' });
    requireFreshProof(c);
    const id = recordIdParam(c);
    parse(z.strictObject({}), (await jsonBody(c)) ?? {});
    if (id === me.id) throw fail(409, 'Reset your own factors in your settings, not here', { code: 'own_account' });
    const target = await db.selectFrom('admin_user').select(['email', 'first_name']).where('id', '=', id).executeTakeFirst();
    if (!target) throw fail(404, 'This record does not exist', { code: 'not_found' });
    await db.transaction().execute(async (tx) => {
      await removeAllFactors(tx, id);
      await writeEntries(tx, [{ actor: { id: me.id, address: clientAddress(c) }, entity: 'admin-user', recordId: id, action: 'mfa_reset', changes: { factors: { changed: true } } }]);
      await queueMail(tx, {
        to: target.email, subject: 'Your second factors were reset',
        body: `Hello ${target.first_name},\n\n${me.firstName} ${me.lastName} reset the second factors of your console account. Set one up again in your settings after you sign in.\n\nIf you did not ask for this, tell your administrator at once.`,
      });
    });
    return c.json({ data: { reset: true } });
  });

  return app;
}
