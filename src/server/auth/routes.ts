import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { f } from '../../registry';
import { clientAddress, fail, fieldErrors, jsonBody, type AppEnv } from '../http';
import { dummyHash, hashPassword, verifyPassword } from './password';
import { checkSignInAllowed, clearFailures, recordFailure } from './rate-limit';
import { authenticate, createSession, profileOf, revokeSession, revokeUserSessions } from './sessions';
import { newToken, tokenHash } from './tokens';
import { sendMail } from '../mail';

const INVALID = 'Invalid username or password';
const RESET_MINUTES = 60;

const loginSchema = z.strictObject({ email: z.string().trim().toLowerCase().max(254), password: z.string().max(200) });
const signupSchema = z.strictObject({
  firstName: f.text({ max: 80 }).schema,
  lastName: f.text({ max: 80 }).schema,
  email: f.email().schema,
  phone: f.phone().schema.nullable().optional(),
  role: z.enum(['doctor', 'fmc', 'railway']),
  password: f.password().schema,
});
const forgotSchema = z.strictObject({ email: z.string().trim().toLowerCase().max(254) });
const resetSchema = z.strictObject({ token: z.string().min(10).max(200), password: f.password().schema });

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (!r.success) throw fieldErrors(r.error.issues);
  return r.data;
}

/** Sign-in, session check, sign-out, self sign-up and password reset (spec §2 public routes, §4, §7). */
export function authRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // What the client may offer: the hosted login widget and push, only when configured.
  app.get('/auth/config', (c) => {
    const config = c.get('config');
    let firebase: unknown = null;
    try { firebase = config.firebaseConfig ? JSON.parse(config.firebaseConfig) : null; } catch { firebase = null; }
    return c.json({ data: {
      hostedLogin: config.auth0Domain && config.auth0ClientId ? { domain: config.auth0Domain, clientId: config.auth0ClientId } : null,
      firebase: firebase ? { config: firebase, vapidKey: process.env.FIREBASE_VAPID_KEY } : null,
      contentBase: config.contentBase ?? '/content/',
    } });
  });

  app.post('/adminUser/login', async (c) => {
    const db = c.get('db');
    const config = c.get('config');
    const r = loginSchema.safeParse(await jsonBody(c));
    if (!r.success) throw fail(401, INVALID, { code: 'invalid_credentials' });
    const { email, password } = r.data;
    const address = clientAddress(c);
    await checkSignInAllowed(db, email, address);
    const user = await db.selectFrom('admin_user').select(['id', 'password_hash', 'status']).where(sql`lower(email)`, '=', email).executeTakeFirst();
    // The same work for an unknown account as for a wrong password: no timing tells them apart.
    const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash(config.scryptLogN)));
    if (!user || !ok || user.status !== 'active') {
      await recordFailure(db, email, address);
      throw fail(401, INVALID, { code: 'invalid_credentials' });
    }
    await clearFailures(db, email);
    const { token, expiresIn } = await createSession(db, config, user.id, c.req.header('user-agent'));
    const me = await authenticate(db, config, `Bearer ${token}`);
    return c.json({ data: { token, expiresIn, user: profileOf(me) } });
  });

  app.get('/adminUser/validate/authToken', async (c) => {
    const me = await authenticate(c.get('db'), c.get('config'), c.req.header('authorization'));
    return c.json({ data: profileOf(me) });
  });

  app.post('/adminUser/logout', async (c) => {
    const me = await authenticate(c.get('db'), c.get('config'), c.req.header('authorization'));
    await revokeSession(c.get('db'), me.sessionId);
    return c.json({ data: { signedOut: true } });
  });

  // A sign-up waits, disabled, for an administrator: the console's data is not for anyone who registers.
  app.post('/auth/signup', async (c) => {
    const db = c.get('db');
    const input = parse(signupSchema, await jsonBody(c));
    const exists = await db.selectFrom('admin_user').select('id').where(sql`lower(email)`, '=', input.email).executeTakeFirst();
    // A known address costs the same hashing work as a new one, so timing does not tell them apart either.
    if (exists) await hashPassword(String(input.password), c.get('config').scryptLogN);
    if (!exists) {
      const role = await db.selectFrom('role').select('id').where('key', '=', input.role).executeTakeFirstOrThrow();
      const id = await db.transaction().execute(async (tx) => {
        const row = await tx.insertInto('admin_user').values({
          first_name: input.firstName, last_name: input.lastName, email: input.email, phone: input.phone ?? null,
          role: role.id, status: 'pending', password_hash: await hashPassword(String(input.password), c.get('config').scryptLogN),
        }).returning('id').executeTakeFirstOrThrow();
        await tx.insertInto('admin_notification').values({
          note_type: 'signup', title: `${input.firstName} ${input.lastName} asks for a ${input.role} account`, link: `/dashboard/admin-user/details/${row.id}`,
        }).execute();
        return row.id;
      });
      void id;
    }
    // The same answer whether or not the address is known, so sign-up cannot be used to find accounts.
    return c.json({ data: { status: 'pending' } }, 202);
  });

  app.post('/auth/forgot-password', async (c) => {
    const db = c.get('db');
    const config = c.get('config');
    const { email } = parse(forgotSchema, await jsonBody(c));
    const user = await db.selectFrom('admin_user').select(['id', 'email', 'first_name']).where(sql`lower(email)`, '=', email).where('status', '=', 'active').executeTakeFirst();
    if (user) {
      const token = newToken();
      await db.insertInto('password_reset').values({
        token_hash: tokenHash(token), user_id: user.id, expires_at: new Date(Date.now() + RESET_MINUTES * 60_000).toISOString(),
      }).execute();
      const link = `${config.publicUrl}/reset-password/${token}`;
      await sendMail(db, config, {
        to: user.email,
        subject: 'Reset your console password',
        body: `Hello ${user.first_name},\n\nOpen this link within ${RESET_MINUTES} minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this message.`,
      });
    }
    return c.json({ data: { sent: true } }, 202);
  });

  app.post('/auth/reset-password', async (c) => {
    const db = c.get('db');
    const input = parse(resetSchema, await jsonBody(c));
    const hash = await hashPassword(String(input.password), c.get('config').scryptLogN);
    const done = await db.transaction().execute(async (tx) => {
      // Single use: the row is claimed and marked in one statement.
      const claimed = await tx.updateTable('password_reset').set({ used_at: sql`now()` })
        .where('token_hash', '=', tokenHash(input.token)).where('used_at', 'is', null).where('expires_at', '>', sql<Date>`now()`)
        .returning('user_id').executeTakeFirst();
      if (!claimed) return false;
      await tx.updateTable('admin_user').set({ password_hash: hash, version: sql`version + 1`, updated_at: sql`now()` }).where('id', '=', claimed.user_id).execute();
      await revokeUserSessions(tx, claimed.user_id);
      return true;
    });
    if (!done) throw fail(400, 'This reset link is invalid, has expired or was already used. Ask for a new one.', { field: 'token', code: 'invalid_token' });
    return c.json({ data: { reset: true } });
  });

  return app;
}
