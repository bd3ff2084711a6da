import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { clientAddress, fail, fieldErrors, jsonBody, type AppEnv, type Ctx } from '../../http';
import { unsafeText } from '../../http/input-safety';
import { dataOf, describeCalls, isoTime } from '../../http/call-docs';
import { writeEntries } from '../../audit/audit';
import { requireFreshProof } from '../step-up';
import { keepSessionChallenge, takeSessionChallenge } from './challenge';
import { methodsOf } from './factors';
import { checkRegistration, MAX_PASSKEYS, registrationOptions, registrationSchema, relyingParty, webauthnOptionsAnswer } from './webauthn';

const name = z.string().trim().min(1, 'Give the passkey a name').max(60).refine((s) => unsafeText(s) === null, 'Text contains an invalid character');
const addSchema = z.strictObject({ name, response: registrationSchema });
const renameSchema = z.strictObject({ name });

/** A passkey as its owner's settings list it. */
export const passkeyAnswer = z.strictObject({ id: z.string(), name: z.string(), createdAt: isoTime, lastUsedAt: isoTime.nullable() });

describeCalls({
  'POST /api/me/mfa/webauthn/options': {
    summary: "The options for the browser to make a new passkey for oneself (body: {})", body: z.strictObject({}),
    ok: { status: 200, schema: dataOf(webauthnOptionsAnswer) }, refuses: [409],
  },
  'POST /api/me/mfa/webauthn': {
    summary: "Add the passkey the browser made, by a name; a recent proof of identity is asked for", body: addSchema,
    ok: { status: 201, schema: dataOf(passkeyAnswer) }, refuses: [409],
  },
  'PATCH /api/me/mfa/webauthn/{id}': { summary: "Rename one's own passkey", body: renameSchema, ok: { status: 200, schema: dataOf(z.strictObject({ id: z.string(), name: z.string() })) }, refuses: [404], textIds: true },
  'DELETE /api/me/mfa/webauthn/{id}': {
    summary: "Remove one's own passkey (not the last factor of a role that needs one); a recent proof of identity is asked for",
    ok: { status: 200, schema: dataOf(z.strictObject({ removed: z.literal(true) })) }, refuses: [404, 409], textIds: true,
  },
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (!r.success) throw fieldErrors(r.error.issues);
  return r.data;
}

/** The passkey of the address, the caller's own; another person's answers as one that does not exist. */
async function ownPasskey(c: Ctx) {
  const id = c.req.param('id') ?? '';
  const row = /^[A-Za-z0-9_-]{1,1366}$/.test(id)
    ? await c.get('db').selectFrom('webauthn_credential').select(['id', 'name']).where('id', '=', id).where('user_id', '=', c.get('user').id).executeTakeFirst()
    : undefined;
  if (!row) throw fail(404, 'This passkey does not exist', { code: 'not_found' });
  return row;
}

/**
 * A person's own passkeys and security keys (issue 34 §2): the options for the browser, the answer that adds one (named
 * by its owner), a new name, removal. Removing one asks for a fresh proof (step-up.ts): a stolen session alone cannot
 * take a factor away; nor can anyone remove the last factor their role needs.
 */
export function passkeyRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/me/mfa/webauthn/options', async (c) => {
    const db = c.get('db');
    const me = c.get('user');
    parse(z.strictObject({}), (await jsonBody(c)) ?? {});
    const count = await db.selectFrom('webauthn_credential').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', me.id).executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_PASSKEYS) throw fail(409, `You have ${MAX_PASSKEYS} passkeys, the most one may keep: remove one first.`, { code: 'too_many_passkeys' });
    const options = await registrationOptions(db, relyingParty(c), { id: me.id, email: me.email, name: `${me.firstName} ${me.lastName}` });
    await keepSessionChallenge(db, 'passkey-enrol', me.sessionId, me.id, options.challenge);
    return c.json({ data: options });
  });

  // The browser's answer to those options: checked against the challenge (used up either way) and stored.
  app.post('/me/mfa/webauthn', async (c) => {
    const db = c.get('db');
    const me = c.get('user');
    const input = parse(addSchema, await jsonBody(c));
    const challenge = await takeSessionChallenge(db, 'passkey-enrol', me.sessionId, me.id);
    if (!challenge) throw fail(409, 'Adding this passkey took too long or was already done. Please try again.', { code: 'webauthn_challenge_expired' });
    const key = await checkRegistration(input.response, challenge, relyingParty(c));
    if (!key) throw fail(400, 'This passkey could not be checked. Please try again.', { field: 'response', code: 'wrong_passkey' });
    const added = await db.transaction().execute(async (tx) => {
      const row = await tx.insertInto('webauthn_credential').values({
        id: key.id, user_id: me.id, public_key: key.publicKey, counter: key.counter, transports: key.transports, name: input.name,
      }).onConflict((oc) => oc.column('id').doNothing()).returning(['id', 'name', 'created_at']).executeTakeFirst();
      if (!row) return null;
      // Like a confirmed app: the session that added the factor counts as proven by it (a role that needs one goes on).
      await tx.updateTable('session').set({ factor: sql`coalesce(factor, 'passkey')` }).where('id', '=', me.sessionId).execute();
      await writeEntries(tx, [{ actor: { id: me.id, address: clientAddress(c) }, entity: 'admin-user', recordId: me.id, action: 'mfa_enrol', changes: { passkey: { changed: true } } }]);
      return row;
    });
    if (!added) throw fail(409, 'This passkey is already added', { code: 'passkey_exists' });
    return c.json({ data: { id: added.id, name: added.name, createdAt: added.created_at, lastUsedAt: null } }, 201);
  });

  app.patch('/me/mfa/webauthn/:id', async (c) => {
    const input = parse(renameSchema, await jsonBody(c));
    const key = await ownPasskey(c);
    await c.get('db').updateTable('webauthn_credential').set({ name: input.name }).where('id', '=', key.id).execute();
    await writeEntries(c.get('db'), [{ actor: { id: c.get('user').id, address: clientAddress(c) }, entity: 'admin-user', recordId: c.get('user').id, action: 'update', changes: { passkeyName: { changed: true } } }]);
    return c.json({ data: { id: key.id, name: input.name } });
  });

  app.delete('/me/mfa/webauthn/:id', async (c) => {
    const db = c.get('db');
    const me = c.get('user');
    requireFreshProof(c);
    const key = await ownPasskey(c);
    if (c.get('config').mfaRequiredRoles.includes(me.role)) {
      const others = await db.selectFrom('webauthn_credential').select('id').where('user_id', '=', me.id).where('id', '!=', key.id).limit(1).executeTakeFirst();
      if (!others && !(await methodsOf(db, me.id)).includes('totp')) {
        throw fail(409, 'Your role needs a second factor: add another passkey or one-time codes before removing this one.', { code: 'mfa_required' });
      }
    }
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('webauthn_credential').where('id', '=', key.id).where('user_id', '=', me.id).execute();
      await writeEntries(tx, [{ actor: { id: me.id, address: clientAddress(c) }, entity: 'admin-user', recordId: me.id, action: 'mfa_remove', changes: { passkey: { changed: true } } }]);
    });
    return c.json({ data: { removed: true } });
  });

  return app;
}
