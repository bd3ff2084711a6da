import { Hono } from 'hono';
import { z } from 'zod';
import { clientAddress, fail, fieldErrors, jsonBody, recordIdParam, type AppEnv, type Ctx } from '../../http';
import { queueMail } from '../../outbox';
import { beginSignIn, tooMany } from '../rate-limit';
import { finishSignIn } from '../sign-in';
import { writeEntries } from '../../audit/audit';
import { signInFailures } from '../../ops/metrics';
import { claimSignInChallenge, readSignInChallenge } from './challenge';
import { methodsOf, removeAllFactors, verifySecondFactor } from './factors';
import { newRecoveryCodes } from './recovery';
import { requireFreshProof } from '../step-up';
import { beginTotp, takeTotpCode } from './totp';

const WRONG_CODE = 'This code is not right, or was already used';
const CHALLENGE_GONE = 'This sign-in has expired or was already finished. Please sign in again.';

const code = z.string().trim().min(1).max(40);
const secondStepSchema = z.strictObject({ challenge: z.string().min(10).max(200), code });
const codeSchema = z.strictObject({ code });

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (!r.success) throw fieldErrors(r.error.issues);
  return r.data;
}

/** A wrong code counts as a failed sign-in of the account (rate-limit.ts): codes are guessed no faster than passwords. */
async function countedCodeCheck(c: Ctx, email: string, check: () => Promise<boolean>) {
  const attempt = await beginSignIn(c.get('db'), email.toLowerCase(), clientAddress(c));
  if (attempt.refused) throw tooMany(attempt.refused, 'sign_in');
  if (!(await check())) {
    signInFailures.inc();
    throw fail(400, WRONG_CODE, { field: 'code', code: 'wrong_code' });
  }
  await attempt.succeeded();
}

async function emailOf(c: Ctx, userId: number) {
  return (await c.get('db').selectFrom('admin_user').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email as string;
}

/** Second factors: a sign-in's second step, and a person's own enrolment (issue 34 §2). */
export function mfaRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // The second step of a sign-in whose first step answered `{ mfa: { challenge, methods } }`: a one-time or recovery code.
  app.post('/adminUser/login/mfa', async (c) => {
    const db = c.get('db');
    const input = parse(secondStepSchema, await jsonBody(c));
    const pending = await readSignInChallenge(db, input.challenge);
    if (!pending) throw fail(401, CHALLENGE_GONE, { code: 'mfa_challenge_expired' });
    let factor: Awaited<ReturnType<typeof verifySecondFactor>> = null;
    await countedCodeCheck(c, await emailOf(c, pending.userId), async () => (factor = await verifySecondFactor(db, pending.userId, { code: input.code })) !== null);
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
    const [methods, left] = await Promise.all([
      methodsOf(db, me.id),
      db.selectFrom('mfa_recovery_code').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', me.id).where('used_at', 'is', null).executeTakeFirstOrThrow(),
    ]);
    return c.json({ data: { methods, recoveryCodesLeft: Number(left.n), required: c.get('config').mfaRequiredRoles.includes(me.role), sessionFactor: me.signInFactor ?? null } });
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
