import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { f, IMPORT_MAX_ROWS, isEmailPassword, WEAK_PASSWORD, withoutInvisible } from '../../registry';
import { unsafeText } from '../http/input-safety';
import { clientAddress, fail, fieldErrors, jsonBody, type AppEnv } from '../http';
import { dataOf, describeCalls } from '../http/call-docs';
import { dummyHash, hashPassword, verifyPassword } from './password';
import { beginSignIn, clearPairs, limitPublicCalls, tooMany } from './rate-limit';
import { queuePasswordReset } from './reset-mail';
import { authenticate, passwordChanged, profileAnswer, profileOf, revokeSession } from './sessions';
import { tokenHash } from './tokens';
import { hostedLoginRoutes } from './hosted-routes';
import { endSessionUrl } from './oidc';
import { finishSignIn, signedInAnswer } from './sign-in';
import type { Config } from '../config';
import { writeEntries } from '../audit/audit';
import { signInFailures } from '../ops/metrics';

const INVALID = 'Invalid username or password';
const INVALID_TOKEN = 'This reset link is invalid, has expired or was already used. Ask for a new one.';

/**
 * Text that reaches SQL: NUL bytes and lone surrogates are refused here too (PostgreSQL errors on a NUL in a text
 * parameter), not only by the body check at the edge (jsonBody), so that these schemas stay safe wherever they are used.
 */
const safe = <T extends z.ZodType<string>>(schema: T) => schema.refine((s) => unsafeText(s) === null, 'Text contains an invalid character');

const loginSchema = z.strictObject({ email: safe(z.string().trim().toLowerCase().max(254)), password: safe(z.string().max(200)) });
const signupSchema = z.strictObject({
  firstName: safe(withoutInvisible(f.text({ max: 80 }).schema) as z.ZodType<string>),
  lastName: safe(withoutInvisible(f.text({ max: 80 }).schema) as z.ZodType<string>),
  email: safe(f.email().schema as z.ZodType<string>),
  phone: safe(f.phone().schema as z.ZodType<string>).nullable().optional(),
  role: z.enum(['doctor', 'fmc', 'railway']),
  password: safe(f.password().schema as z.ZodType<string>),
}).superRefine((v, ctx) => {
  if (typeof v.password === 'string' && typeof v.email === 'string' && isEmailPassword(v.password, v.email)) ctx.addIssue({ code: 'custom', path: ['password'], message: WEAK_PASSWORD });
});
const forgotSchema = z.strictObject({ email: safe(z.string().trim().toLowerCase().max(254)) });
const resetSchema = z.strictObject({ token: safe(z.string().min(10).max(200)), password: safe(f.password().schema as z.ZodType<string>) });
const changeSchema = z.strictObject({ currentPassword: safe(z.string().min(1).max(200)), newPassword: safe(f.password().schema as z.ZodType<string>) });

export const PASSWORD_SIGNIN_OFF = 'Password sign-in is off on this console: use the hosted login.';

const configAnswer = dataOf(z.strictObject({
  hostedLogin: z.strictObject({ name: z.string() }).nullable(),
  passwordSignIn: z.boolean(),
  firebase: z.strictObject({ config: z.record(z.string(), z.unknown()), vapidKey: z.string().optional() }).nullable(),
  contentBase: z.string(), imageOrigins: z.array(z.string()), centreTimeZone: z.string(),
  importMaxMb: z.number().int(), importMaxRows: z.number().int(),
}));

describeCalls({
  'GET /api/auth/config': { summary: 'What the sign-in page and the client may offer: hosted login, passwords, push, where content is, the limits of an import', ok: { status: 200, schema: configAnswer } },
  'POST /api/adminUser/login': {
    summary: 'Sign in with e-mail and password: the session, or the challenge of a second step', body: loginSchema,
    ok: { status: 200, schema: dataOf(signedInAnswer) }, refuses: [401, 403, 429],
  },
  'GET /api/adminUser/validate/authToken': { summary: "Whether the bearer token is a live session, and whose", ok: { status: 200, schema: dataOf(profileAnswer) }, refuses: [401] },
  'POST /api/adminUser/logout': {
    summary: "End this session (and, after a hosted sign-in, the address that ends it at the provider)",
    ok: { status: 200, schema: dataOf(z.strictObject({ signedOut: z.literal(true), endSessionUrl: z.string().optional() })) }, refuses: [401],
  },
  'POST /api/auth/signup': {
    summary: 'Ask for an account: it waits, disabled, for an administrator (the same answer whether or not the address is known)', body: signupSchema,
    ok: { status: 202, schema: dataOf(z.strictObject({ status: z.literal('pending') })) }, refuses: [429],
  },
  'POST /api/auth/forgot-password': {
    summary: 'Mail a password-reset link to the address, if it has an account (the same answer either way)', body: forgotSchema,
    ok: { status: 202, schema: dataOf(z.strictObject({ sent: z.literal(true) })) }, refuses: [403, 429],
  },
  'POST /api/auth/reset-password': {
    summary: "Set a new password with a reset link's token: every session of the account ends", body: resetSchema,
    ok: { status: 200, schema: dataOf(z.strictObject({ reset: z.literal(true) })) }, refuses: [403, 429],
  },
  'POST /api/me/password': {
    summary: "Change one's own password (the current one first): every other session ends", body: changeSchema,
    ok: { status: 200, schema: dataOf(z.strictObject({ changed: z.literal(true) })) }, refuses: [429],
  },
});

/** PASSWORD_SIGNIN=0: the password form, and the calls that lead to a password, are refused. */
function passwordsOn(config: Config) {
  if (!config.passwordSignIn) throw fail(403, PASSWORD_SIGNIN_OFF, { code: 'password_sign_in_off' });
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (!r.success) throw fieldErrors(r.error.issues);
  return r.data;
}

/** Sign-in, session check, sign-out, self sign-up and password reset (spec §2 public routes, §4, §7). */
export function authRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.route('/', hostedLoginRoutes());

  // What the client may offer: hosted login (its button's name; the server holds the rest), the password form, push.
  // The centre's time zone lets the calendars show a slot as past as the server judges it.
  app.get('/auth/config', (c) => {
    const config = c.get('config');
    let firebase: unknown = null;
    try { firebase = config.firebaseConfig ? JSON.parse(config.firebaseConfig) : null; } catch { firebase = null; }
    return c.json({ data: {
      hostedLogin: config.oidc ? { name: config.oidc.name } : null,
      passwordSignIn: config.passwordSignIn,
      firebase: firebase ? { config: firebase, vapidKey: process.env.FIREBASE_VAPID_KEY } : null,
      contentBase: config.contentBase ?? '/content/',
      imageOrigins: config.imageOrigins,
      centreTimeZone: config.centreTimeZone,
      // Said up front by the import dialog, before a file is chosen.
      importMaxMb: Math.round(config.importMaxBytes / 1_048_576),
      importMaxRows: IMPORT_MAX_ROWS,
    } });
  });

  app.post('/adminUser/login', async (c) => {
    const db = c.get('db');
    const config = c.get('config');
    passwordsOn(config);
    const r = loginSchema.safeParse(await jsonBody(c));
    if (!r.success) {
      signInFailures.inc();
      throw fail(401, INVALID, { code: 'invalid_credentials' });
    }
    const { email, password } = r.data;
    const address = clientAddress(c);
    // Written and counted before the password is checked: a refused attempt costs no hashing (rate-limit.ts).
    const attempt = await beginSignIn(db, email, address);
    if (attempt.refused) throw tooMany(attempt.refused, 'sign_in');
    const user = await db.selectFrom('admin_user').select(['id', 'password_hash', 'status']).where(sql`lower(email)`, '=', email).executeTakeFirst();
    // The same work for an unknown account as for a wrong password: no timing tells them apart.
    const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash(config.scryptLogN)));
    // A failure needs no more writing: the attempt's rows stay, and are the record of it.
    if (!user || !ok || user.status !== 'active') {
      signInFailures.inc();
      throw fail(401, INVALID, { code: 'invalid_credentials' });
    }
    await attempt.succeeded();
    return c.json({ data: await finishSignIn(c, user.id, { method: 'password' }) });
  });

  app.get('/adminUser/validate/authToken', async (c) => {
    const me = await authenticate(c.get('db'), c.get('config'), c.req.header('authorization'));
    return c.json({ data: profileOf(me) });
  });

  // A hosted sign-in ends at the provider too, where it offers that: the answer names the address to send the browser to.
  app.post('/adminUser/logout', async (c) => {
    const db = c.get('db');
    const config = c.get('config');
    const me = await authenticate(db, config, c.req.header('authorization'));
    const row = await db.selectFrom('session').select(['method', 'provider_id_token']).where('id', '=', me.sessionId).executeTakeFirstOrThrow();
    await revokeSession(db, me.sessionId);
    const endAt = row.method === 'hosted' && config.oidc ? await endSessionUrl(config.oidc, row.provider_id_token) : null;
    return c.json({ data: { signedOut: true, ...(endAt ? { endSessionUrl: endAt } : {}) } });
  });

  // A sign-up waits, disabled, for an administrator: the console's data is not for anyone who registers.
  app.post('/auth/signup', async (c) => {
    const db = c.get('db');
    const input = parse(signupSchema, await jsonBody(c));
    await limitPublicCalls(db, 'signup', clientAddress(c));
    const exists = await db.selectFrom('admin_user').select('id').where(sql`lower(email)`, '=', input.email).executeTakeFirst();
    // A known address costs the same hashing work as a new one, so timing does not tell them apart either.
    if (exists) await hashPassword(String(input.password), c.get('config').scryptLogN);
    if (!exists) {
      const role = await db.selectFrom('role').select('id').where('key', '=', input.role).executeTakeFirstOrThrow();
      const id = await db.transaction().execute(async (tx) => {
        const row = await tx.insertInto('admin_user').values({
          first_name: input.firstName, last_name: input.lastName, email: input.email, phone: input.phone ?? null,
          role: role.id, status: 'pending', password_hash: await hashPassword(String(input.password), c.get('config').scryptLogN),
        }).returning(['id', 'version']).executeTakeFirstOrThrow();
        // In the audit log as every new record is (no values: the applicant's own words stay in the record), and so
        // on the change stream: the admin-user lists of those who may read them show the applicant; and so in the
        // inboxes of those who may activate it (inbox/sources.ts).
        await writeEntries(tx, [{ actor: { id: null, address: clientAddress(c) }, entity: 'admin-user', recordId: row.id, action: 'signup', version: Number(row.version) }]);
        return row.id;
      });
      void id;
    }
    // The same answer whether or not the address is known, so sign-up cannot be used to find accounts.
    return c.json({ data: { status: 'pending' } }, 202);
  });

  app.post('/auth/forgot-password', async (c) => {
    const db = c.get('db');
    passwordsOn(c.get('config'));
    const { email } = parse(forgotSchema, await jsonBody(c));
    await limitPublicCalls(db, 'forgot', clientAddress(c));
    // One outbox row, whatever the address: the sender finds the account, makes the link and mails it later,
    // outside this request, so the answer and its timing are the same for an address with an account and without.
    await queuePasswordReset(db, email);
    return c.json({ data: { sent: true } }, 202);
  });

  app.post('/auth/reset-password', async (c) => {
    const db = c.get('db');
    passwordsOn(c.get('config'));
    const input = parse(resetSchema, await jsonBody(c));
    await limitPublicCalls(db, 'reset', clientAddress(c));
    // The link is looked up before any hashing: an unknown, used or expired one costs a single indexed read.
    const link = await db.selectFrom('password_reset as pr').innerJoin('admin_user as u', 'u.id', 'pr.user_id')
      .select(['pr.id', 'pr.user_id', 'u.email'])
      .where('pr.token_hash', '=', tokenHash(input.token)).where('pr.used_at', 'is', null).where('pr.expires_at', '>', sql<Date>`now()`)
      .where('u.status', '=', 'active')
      .executeTakeFirst();
    if (!link) throw fail(400, INVALID_TOKEN, { field: 'token', code: 'invalid_token' });
    if (isEmailPassword(input.password, link.email)) throw fail(400, WEAK_PASSWORD, { field: 'password', code: 'weak_password' });
    const hash = await hashPassword(String(input.password), c.get('config').scryptLogN);
    const done = await db.transaction().execute(async (tx) => {
      // Single use: the row is claimed and marked in one statement (two resets with one link: one wins).
      const claimed = await tx.updateTable('password_reset').set({ used_at: sql`now()` })
        .where('id', '=', link.id).where('used_at', 'is', null).where('expires_at', '>', sql<Date>`now()`)
        .returning('user_id').executeTakeFirst();
      if (!claimed) return false;
      await tx.updateTable('admin_user').set({ password_hash: hash, version: sql`version + 1`, updated_at: sql`now()` }).where('id', '=', claimed.user_id).execute();
      // Every session ends, and every other link of the user; failures against the old password hold no pair back.
      await passwordChanged(tx, claimed.user_id);
      await clearPairs(tx, link.email.toLowerCase());
      return true;
    });
    if (!done) throw fail(400, INVALID_TOKEN, { field: 'token', code: 'invalid_token' });
    return c.json({ data: { reset: true } });
  });

  /**
   * A signed-in user's own password: the current one first (counted as a sign-in, so it cannot be guessed through
   * here faster than at the sign-in page), then the new one, which ends every other session of the user (this one
   * goes on) and every outstanding reset link. Audited as an edit of the account that changed the password.
   */
  app.post('/me/password', async (c) => {
    const db = c.get('db');
    const me = c.get('user');
    const input = parse(changeSchema, await jsonBody(c));
    const attempt = await beginSignIn(db, me.email.toLowerCase(), clientAddress(c));
    if (attempt.refused) throw tooMany(attempt.refused, 'sign_in');
    const row = await db.selectFrom('admin_user').select(['password_hash']).where('id', '=', me.id).executeTakeFirstOrThrow();
    if (!(await verifyPassword(input.currentPassword, row.password_hash))) {
      signInFailures.inc();
      throw fail(400, 'The current password is not right', { field: 'currentPassword', code: 'wrong_password' });
    }
    await attempt.succeeded();
    if (isEmailPassword(input.newPassword, me.email)) throw fail(400, WEAK_PASSWORD, { field: 'newPassword', code: 'weak_password' });
    const hash = await hashPassword(input.newPassword, c.get('config').scryptLogN);
    await db.transaction().execute(async (tx) => {
      const saved = await tx.updateTable('admin_user').set({ password_hash: hash, version: sql`version + 1`, updated_at: sql`now()` })
        .where('id', '=', me.id).returning('version').executeTakeFirstOrThrow();
      // Ends the other sessions and tells their streams (sessions.ts revokeUserSessions).
      await passwordChanged(tx, me.id, me.sessionId);
      await writeEntries(tx, [{ actor: { id: me.id, address: clientAddress(c) }, entity: 'admin-user', recordId: me.id, action: 'update', changes: { password: { changed: true } }, version: Number(saved.version) }]);
    });
    return c.json({ data: { changed: true } });
  });

  return app;
}
