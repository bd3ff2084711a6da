import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { PASSWORD, setupApi, type Who } from './harness';

/**
 * Passkeys (issue 34 §2–§3): adding one, the sign-in's second step and the step-up with it, its name, its removal.
 * The authenticator is made here with node:crypto (ES256, attestation `none`), as a browser and a key would answer:
 * a wrong origin, a replayed answer or a signature counter that goes back are refused.
 */
const api = setupApi();

/** The in-process calls reach http://localhost/…: without PUBLIC_URL, passkeys are bound to the request's origin. */
const ORIGIN = 'http://localhost';
const RP_ID = 'localhost';

// The few CBOR shapes WebAuthn needs (RFC 8949): unsigned and negative integers, byte and text strings, maps.
function cborHead(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(n, 1);
  return b;
}
function cbor(value: unknown): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([cborHead(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([cborHead(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value as object);
  return Buffer.concat([cborHead(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (b: Buffer) => b.toString('base64url');
const counterBytes = (n: number) => { const b = Buffer.alloc(4); b.writeUInt32BE(n); return b; };
/** Flags: user present (0x01), user verified (0x04), attested credential data (0x40). */
const UP_UV = 0x05;

/** A software passkey: an EC P-256 key pair and a signature counter. */
class SoftKey {
  readonly id = randomBytes(16);
  readonly privateKey: KeyObject;
  readonly cose: Buffer;
  counter = 0;
  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.cose = cbor(new Map<number, unknown>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, 'base64url')], [-3, Buffer.from(jwk.y!, 'base64url')]]));
  }

  /** navigator.credentials.create's answer to the options. */
  create(options: { challenge: string; rp: { id: string } }, origin = ORIGIN) {
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }));
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    const authData = Buffer.concat([sha256(options.rp.id), Buffer.from([UP_UV | 0x40]), counterBytes(this.counter), Buffer.alloc(16), idLength, this.id, this.cose]);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    return {
      id: b64url(this.id), rawId: b64url(this.id), type: 'public-key',
      response: { clientDataJSON: b64url(clientData), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get's answer: the counter steps on unless told which to sign with. */
  get(options: { challenge: string }, opts: { origin?: string; counter?: number } = {}) {
    const counter = opts.counter ?? ++this.counter;
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: opts.origin ?? ORIGIN, crossOrigin: false }));
    const authData = Buffer.concat([sha256(RP_ID), Buffer.from([UP_UV]), counterBytes(counter)]);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: b64url(this.id), rawId: b64url(this.id), type: 'public-key',
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature) },
      clientExtensionResults: {},
    };
  }
}

const login = (email: string) => api.call('anonymous', 'POST', '/api/adminUser/login', { email, password: PASSWORD });

/** Adds a new software passkey to `who`'s account, as Preferences does. */
async function addPasskey(who: Who, name = 'Laptop') {
  const key = new SoftKey();
  const options = await api.call(who, 'POST', '/api/me/mfa/webauthn/options', {});
  expect(options.status).toBe(200);
  const added = await api.call(who, 'POST', '/api/me/mfa/webauthn', { name, response: key.create(options.body.data) });
  expect(added.status).toBe(201);
  return key;
}

/** A password sign-in's challenge and the passkey options for its second step. */
async function signInOptions(email: string) {
  const first = await login(email);
  expect(first.body.data.mfa.methods).toContain('webauthn');
  const { challenge } = first.body.data.mfa;
  const options = await api.call('anonymous', 'POST', '/api/adminUser/login/mfa/webauthn', { challenge });
  expect(options.status).toBe(200);
  return { challenge, options: options.body.data };
}

describe('adding a passkey', () => {
  test('options bound to the request’s origin; the answer is checked, stored and named; its challenge works once', async () => {
    const key = new SoftKey();
    const options = await api.call('doctor', 'POST', '/api/me/mfa/webauthn/options', {});
    expect(options.status).toBe(200);
    expect(options.body.data).toMatchObject({ rp: { id: RP_ID }, user: { name: 'doctor@demo.test' }, attestation: 'none', challenge: expect.any(String) });
    const response = key.create(options.body.data);
    // Out of shape, or unknown fields: refused before anything is checked; the challenge stays.
    for (const body of [{}, { name: 'Laptop' }, { name: '', response }, { name: 'x'.repeat(61), response }, { name: 'Laptop', response, admin: true },
      { name: 'Laptop', response: { ...response, extra: 1 } }, { name: 'Laptop', response: { ...response, id: 'not base64url!' } }, 'not json']) {
      expect((await api.call('doctor', 'POST', '/api/me/mfa/webauthn', body)).status).toBe(400);
    }
    const added = await api.call('doctor', 'POST', '/api/me/mfa/webauthn', { name: ' Work laptop ', response });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ id: response.id, name: 'Work laptop', lastUsedAt: null });
    // The same answer again: its challenge is gone.
    const again = await api.call('doctor', 'POST', '/api/me/mfa/webauthn', { name: 'Again', response });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('webauthn_challenge_expired');
    const mine = (await api.call('doctor', 'GET', '/api/me/mfa')).body.data;
    expect(mine.methods).toEqual(['webauthn']);
    expect(mine.passkeys).toEqual([{ id: response.id, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null }]);
    const stored = await api.db.selectFrom('webauthn_credential').select(['user_id', 'counter', 'transports']).where('id', '=', response.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: api.userIds.doctor, transports: ['internal'] });
    // The next options leave out the key already added.
    const next = await api.call('doctor', 'POST', '/api/me/mfa/webauthn/options', {});
    expect(next.body.data.excludeCredentials).toEqual([expect.objectContaining({ id: response.id })]);
    expect((await api.call('anonymous', 'POST', '/api/me/mfa/webauthn/options', {})).status).toBe(401);
    expect((await api.call('doctor', 'POST', '/api/me/mfa/webauthn/options', { rp: 'evil' })).status).toBe(400);
  });

  test('an answer made for another origin, or to another challenge, is not added', async () => {
    const key = new SoftKey();
    const options = (await api.call('fmc', 'POST', '/api/me/mfa/webauthn/options', {})).body.data;
    const foreign = await api.call('fmc', 'POST', '/api/me/mfa/webauthn', { name: 'Phone', response: key.create(options, 'https://evil.example') });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0]).toMatchObject({ field: 'response', code: 'wrong_passkey' });
    // New options replace the earlier challenge: an answer to the earlier one is refused.
    expect((await api.call('fmc', 'POST', '/api/me/mfa/webauthn/options', {})).status).toBe(200);
    const stale = await api.call('fmc', 'POST', '/api/me/mfa/webauthn', { name: 'Phone', response: key.create(options) });
    expect(stale.status).toBe(400);
    expect((await api.call('fmc', 'GET', '/api/me/mfa')).body.data.methods).toEqual([]);
  });
});

describe('signing in with a passkey as the second step', () => {
  test('the assertion gives the token; the session says passkey; a replay, an old counter and a wrong origin are refused', async () => {
    const key = await addPasskey('railway');
    const { challenge, options } = await signInOptions('railway@demo.test');
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: b64url(key.id) })]);
    // Another origin signed this answer: refused, and the sign-in may still be finished.
    const foreign = await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge, webauthn: key.get(options, { origin: 'https://evil.example' }) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0]).toMatchObject({ field: 'webauthn', code: 'wrong_passkey' });
    const answer = key.get(options);
    const done = await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge, webauthn: answer });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ token: expect.any(String), user: { email: 'railway@demo.test' } });
    const session = await api.db.selectFrom('session').select(['method', 'factor']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(session).toEqual({ method: 'password', factor: 'passkey' });
    const used = await api.db.selectFrom('webauthn_credential').select(['counter', 'last_used_at']).where('id', '=', answer.id).executeTakeFirstOrThrow();
    expect(Number(used.counter)).toBe(key.counter);
    expect(used.last_used_at).not.toBeNull();
    // The same answer again: the challenge is spent.
    expect((await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge, webauthn: answer })).status).toBe(401);
    // A new sign-in: an answer whose counter went back (a cloned key) is refused; the next count signs in.
    const second = await signInOptions('railway@demo.test');
    const cloned = await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge: second.challenge, webauthn: key.get(second.options, { counter: key.counter }) });
    expect(cloned.status).toBe(400);
    // An answer to the previous sign-in's options, not to this one's.
    expect((await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge: second.challenge, webauthn: key.get(options) })).status).toBe(400);
    expect((await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge: second.challenge, webauthn: key.get(second.options) })).status).toBe(200);
  });

  test('a passkey of someone else, no options asked, or a body out of shape: refused, never a 500', async () => {
    const theirs = await addPasskey('admin');
    await addPasskey('superadmin');
    const first = await login('superadmin@demo.test');
    const { challenge } = first.body.data.mfa;
    // No options asked yet: nothing to check the answer against.
    expect((await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge, webauthn: theirs.get({ challenge: 'AAAA' }) })).status).toBe(400);
    const options = (await api.call('anonymous', 'POST', '/api/adminUser/login/mfa/webauthn', { challenge })).body.data;
    expect((await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge, webauthn: theirs.get(options) })).status).toBe(400);
    const good = theirs.get(options);
    for (const body of [{ challenge, webauthn: {} }, { challenge, webauthn: 'x' }, { challenge, webauthn: { ...good, type: 'other' } },
      { challenge, webauthn: { ...good, response: { ...good.response, signature: '***' } } }, { challenge, webauthn: good, code: '123456' },
      { challenge, webauthn: { ...good, response: { ...good.response, authenticatorData: 'AAAA' } } }]) {
      expect((await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', body)).status).toBe(400);
    }
    expect((await api.call('anonymous', 'POST', '/api/adminUser/login/mfa/webauthn', { challenge: 'x'.repeat(43) })).status).toBe(401);
    expect((await api.call('anonymous', 'POST', '/api/adminUser/login/mfa/webauthn', { challenge, more: 1 })).status).toBe(400);
  });
});

describe('step-up, renaming and removing', () => {
  test('removal needs a fresh proof, which a passkey gives once; renaming needs none; another person’s passkey is not found', async () => {
    const key = await addPasskey('fmc', 'Phone');
    const id = b64url(key.id);
    expect((await api.call('fmc', 'PATCH', `/api/me/mfa/webauthn/${id}`, { name: 'Old phone' })).status).toBe(200);
    expect((await api.call('fmc', 'PATCH', `/api/me/mfa/webauthn/${id}`, { name: 'Old phone', id: 'x' })).status).toBe(400);
    expect((await api.call('doctor', 'PATCH', `/api/me/mfa/webauthn/${id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await api.call('doctor', 'DELETE', `/api/me/mfa/webauthn/${id}`)).status).toBe(404);
    expect((await api.call('fmc', 'DELETE', '/api/me/mfa/webauthn/not*an*id')).status).toBe(404);
    expect((await api.call('fmc', 'GET', '/api/me/mfa')).body.data.passkeys[0].name).toBe('Old phone');

    // The sign-in was long ago: removal asks for a fresh proof.
    await sql`update session set proved_at = now() - interval '2 days' where user_id = ${api.userIds.fmc}`.execute(api.db);
    const refused = await api.call('fmc', 'DELETE', `/api/me/mfa/webauthn/${id}`);
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0].code).toBe('step_up_required');
    const options = await api.call('fmc', 'POST', '/api/me/step-up/webauthn', {});
    expect(options.status).toBe(200);
    const answer = key.get(options.body.data);
    const proved = await api.call('fmc', 'POST', '/api/me/step-up', { webauthn: answer });
    expect(proved.status).toBe(200);
    expect(proved.body.data.provedAt).toEqual(expect.any(String));
    // One answer, one proof: the challenge went with it.
    const replayed = await api.call('fmc', 'POST', '/api/me/step-up', { webauthn: answer });
    expect(replayed.status).toBe(400);
    expect(replayed.body.errors[0].code).toBe('wrong_passkey');
    expect((await api.call('fmc', 'POST', '/api/me/step-up', { webauthn: answer, password: 'x' })).status).toBe(400);

    const before = api.config.mfaRequiredRoles;
    api.config.mfaRequiredRoles = ['fmc'];
    try {
      const kept = await api.call('fmc', 'DELETE', `/api/me/mfa/webauthn/${id}`);
      expect(kept.status).toBe(409);
      expect(kept.body.errors[0].code).toBe('mfa_required');
    } finally {
      api.config.mfaRequiredRoles = before;
    }
    expect((await api.call('fmc', 'DELETE', `/api/me/mfa/webauthn/${id}`)).status).toBe(200);
    expect((await api.call('fmc', 'GET', '/api/me/mfa')).body.data).toMatchObject({ methods: [], passkeys: [] });
    expect((await api.call('fmc', 'POST', '/api/me/step-up/webauthn', {})).status).toBe(409);
    const audited = await api.db.selectFrom('audit_log').select('action').where('entity', '=', 'admin-user').where('record_id', '=', api.userIds.fmc).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audited.action).toBe('mfa_remove');
  });

  test('a passkey counts as the second factor a role needs', async () => {
    const before = api.config.mfaRequiredRoles;
    api.config.mfaRequiredRoles = ['doctor'];
    try {
      // doctor added a passkey above: the sign-in asks for it, and the session it gives opens the console.
      const { challenge } = (await login('doctor@demo.test')).body.data.mfa;
      const options = await api.call('anonymous', 'POST', '/api/adminUser/login/mfa/webauthn', { challenge });
      expect(options.status).toBe(200);
      const withoutFactor = { token: await api.newSession('doctor') };
      expect((await api.call(withoutFactor, 'GET', '/api/me/sessions')).status).toBe(403);
      // A person enrolling a passkey with such a session goes on once it is added.
      const key = new SoftKey();
      const enrol = (await api.call(withoutFactor, 'POST', '/api/me/mfa/webauthn/options', {})).body.data;
      expect((await api.call(withoutFactor, 'POST', '/api/me/mfa/webauthn', { name: 'Spare key', response: key.create(enrol) })).status).toBe(201);
      expect((await api.call(withoutFactor, 'GET', '/api/me/sessions')).status).toBe(200);
    } finally {
      api.config.mfaRequiredRoles = before;
    }
  });
});
