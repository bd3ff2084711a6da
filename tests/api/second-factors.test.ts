import { Secret, TOTP } from 'otpauth';
import { describe, expect, test } from 'vitest';
import { PASSWORD, setupApi } from './harness';

/**
 * One-time codes and recovery codes (issue 34 §2): enrolment, the sign-in's second step, single use, the sign-in limits,
 * and MFA_REQUIRED_ROLES. Codes are made here with otpauth from the key the enrolment answered, as an app would.
 */
const api = setupApi();

const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

const login = (email: string, password = PASSWORD) => api.call('anonymous', 'POST', '/api/adminUser/login', { email, password });

/** Enrols `who` (a demo account) and answers the key and the recovery codes. */
async function enrol(who: 'railway' | 'fmc' | 'doctor' | 'admin') {
  const begun = await api.call(who, 'POST', '/api/me/mfa/totp', {});
  expect(begun.status).toBe(200);
  const { secret } = begun.body.data;
  const confirmed = await api.call(who, 'POST', '/api/me/mfa/totp/confirm', { code: codeAt(secret) });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[] };
}

describe('one-time codes: enrolment', () => {
  test('shows the key as text, as an otpauth address and as a picture; a wrong first code turns nothing on', async () => {
    const begun = await api.call('doctor', 'POST', '/api/me/mfa/totp', {});
    expect(begun.status).toBe(200);
    const { secret, otpauthUrl, qr } = begun.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(otpauthUrl).toContain(secret);
    expect(qr).toMatch(/^data:image\/png;base64,/);
    // Not active yet: the sign-in asks for nothing more.
    expect((await api.call('doctor', 'GET', '/api/me/mfa')).body.data.methods).toEqual([]);
    expect((await login('doctor@demo.test')).body.data.token).toBeTruthy();
    const wrong = await api.call('doctor', 'POST', '/api/me/mfa/totp/confirm', { code: codeAt(secret, 600) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ field: 'code', code: 'wrong_code' });
    for (const body of [{}, { code: 123456 }, { code: '123456', extra: 1 }, { code: 'x'.repeat(41) }]) {
      expect((await api.call('doctor', 'POST', '/api/me/mfa/totp/confirm', body)).status).toBe(400);
    }
    expect((await api.call('doctor', 'GET', '/api/me/mfa')).body.data.methods).toEqual([]);
    expect((await api.call('anonymous', 'POST', '/api/me/mfa/totp', {})).status).toBe(401);
    expect((await api.call('doctor', 'POST', '/api/me/mfa/totp', { secret: 'AAAA' })).status).toBe(400);
  });

  test('a first right code turns it on and answers 10 recovery codes once, stored hashed', async () => {
    const { recoveryCodes } = await enrol('railway');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const mine = await api.call('railway', 'GET', '/api/me/mfa');
    expect(mine.body.data).toMatchObject({ methods: ['totp'], recoveryCodesLeft: 10, sessionFactor: 'code' });
    const stored = await api.db.selectFrom('mfa_recovery_code').select('code_hash').where('user_id', '=', api.userIds.railway).execute();
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.map((r) => r.code_hash)).not.toContain(code);
    // An active key is not replaced by a second enrolment.
    expect((await api.call('railway', 'POST', '/api/me/mfa/totp', {})).status).toBe(409);
    const audited = await api.db.selectFrom('audit_log').select('action').where('entity', '=', 'admin-user').where('record_id', '=', api.userIds.railway).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audited.action).toBe('mfa_enrol');
  });
});

describe('the sign-in second step', () => {
  test('a password answers a challenge and no token; a code gives the token; the challenge and the code work once', async () => {
    const { secret } = await enrol('fmc');
    const first = await login('fmc@demo.test');
    expect(first.status).toBe(200);
    expect(first.body.data.token).toBeUndefined();
    expect(first.body.data.mfa).toMatchObject({ methods: ['totp'] });
    const { challenge } = first.body.data.mfa;
    // The enrolment took the code of this time step: it is refused again, and the refusal leaves the challenge live.
    const replayed = await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge, code: codeAt(secret) });
    expect(replayed.status).toBe(400);
    expect(replayed.body.errors[0].code).toBe('wrong_code');
    const next = codeAt(secret, 30);
    const done = await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge, code: next });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ token: expect.any(String), user: { email: 'fmc@demo.test' } });
    const session = await api.db.selectFrom('session').select(['method', 'factor']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(session).toMatchObject({ method: 'password', factor: 'code' });
    // The challenge is spent; a new one does not take the code already used.
    expect((await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge, code: codeAt(secret, 60) })).status).toBe(401);
    const again = (await login('fmc@demo.test')).body.data.mfa.challenge;
    expect((await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge: again, code: next })).status).toBe(400);
    // Unknown challenges and bodies out of shape.
    expect((await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge: 'x'.repeat(43), code: '123456' })).status).toBe(401);
    for (const body of [{ challenge: again }, { code: '123456' }, { challenge: again, code: '123456', role: 'superadmin' }, 'not json']) {
      expect((await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', body)).status).toBe(400);
    }
  });

  test('a recovery code signs in once', async () => {
    const { recoveryCodes } = await enrol('admin');
    const challenge = async () => (await login('admin@demo.test')).body.data.mfa.challenge;
    const used = recoveryCodes[0].toUpperCase();
    const done = await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge: await challenge(), code: used });
    expect(done.status).toBe(200);
    expect(done.body.data.token).toBeTruthy();
    expect((await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge: await challenge(), code: recoveryCodes[0] })).status).toBe(400);
    const left = await api.db.selectFrom('mfa_recovery_code').select('id').where('user_id', '=', api.userIds.admin).where('used_at', 'is', null).execute();
    expect(left).toHaveLength(9);
  });

  test('wrong codes count toward the sign-in limits', async () => {
    const { secret } = await enrol('doctor');
    const challenge = (await login('doctor@demo.test')).body.data.mfa.challenge;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge, code: String(100000 + i) })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Held back even with the right code until the window passes.
    expect((await api.call('anonymous', 'POST', '/api/adminUser/login/mfa', { challenge, code: codeAt(secret, 30) })).status).toBe(429);
  });
});

describe('MFA_REQUIRED_ROLES', () => {
  test('a role that must have a factor, signed in without one, may only enrol (403 mfa_enrolment_required)', async () => {
    const before = api.config.mfaRequiredRoles;
    api.config.mfaRequiredRoles = ['superadmin'];
    try {
      const signedIn = await login('superadmin@demo.test');
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.data).toMatchObject({ token: expect.any(String), mfaEnrolmentRequired: true });
      const who = { token: signedIn.body.data.token as string };
      const refused = await api.call(who, 'GET', '/api/notification/admin');
      expect(refused.status).toBe(403);
      expect(refused.body.code ?? refused.body.errors?.[0]?.code).toBe('mfa_enrolment_required');
      expect((await api.call(who, 'GET', '/api/adminUser/validate/authToken')).status).toBe(200);
      const begun = await api.call(who, 'POST', '/api/me/mfa/totp', {});
      expect(begun.status).toBe(200);
      expect((await api.call(who, 'POST', '/api/me/mfa/totp/confirm', { code: codeAt(begun.body.data.secret) })).status).toBe(200);
      // Enrolled with this session: it now counts as proven, and the console opens.
      expect((await api.call(who, 'GET', '/api/notification/admin')).status).toBe(200);
      // Roles not named are not held back.
      expect((await api.call('railway', 'GET', '/api/adminUser/validate/authToken')).status).toBe(200);
    } finally {
      api.config.mfaRequiredRoles = before;
    }
  });
});

describe('a superadmin resets another person\'s factors', () => {
  test('only a superadmin, never their own; every factor goes, audited, with an inbox item and a mail', async () => {
    // railway enrolled above; the reset takes it all.
    expect((await api.call('railway', 'GET', '/api/me/mfa')).body.data.methods).toEqual(['totp']);
    const target = api.userIds.railway;
    expect((await api.call('admin', 'POST', `/api/adminUser/${target}/mfa/reset`, {})).status).toBe(403);
    expect((await api.call('railway', 'POST', `/api/adminUser/${target}/mfa/reset`, {})).status).toBe(403);
    expect((await api.call('superadmin', 'POST', `/api/adminUser/${api.userIds.superadmin}/mfa/reset`, {})).status).toBe(409);
    expect((await api.call('superadmin', 'POST', '/api/adminUser/99999999/mfa/reset', {})).status).toBe(404);
    expect((await api.call('superadmin', 'POST', '/api/adminUser/abc/mfa/reset', {})).status).toBe(404);
    expect((await api.call('superadmin', 'POST', `/api/adminUser/${target}/mfa/reset`, { all: true })).status).toBe(400);
    expect((await api.call('superadmin', 'POST', `/api/adminUser/${target}/mfa/reset`, {})).status).toBe(200);
    expect((await api.call('railway', 'GET', '/api/me/mfa')).body.data).toMatchObject({ methods: [], recoveryCodesLeft: 0 });
    expect((await login('railway@demo.test')).body.data.token).toBeTruthy();
    const audited = await api.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity', '=', 'admin-user').where('record_id', '=', target).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audited).toMatchObject({ action: 'mfa_reset', actor_id: api.userIds.superadmin });
    const inbox = await api.db.selectFrom('inbox_item').select(['kind']).where('user_id', '=', target).where('kind', '=', 'factorsReset').execute();
    expect(inbox).toHaveLength(1);
    const mail = await api.db.selectFrom('outbox').select(['subject']).where('recipient', '=', 'railway@demo.test').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your second factors were reset');
  });

  test('the sessions list says how each session signed in', async () => {
    const mine = await api.call('fmc', 'GET', '/api/me/sessions');
    expect(mine.status).toBe(200);
    const viaCode = mine.body.data.filter((s: { factor: string | null }) => s.factor === 'code');
    expect(viaCode.length).toBeGreaterThan(0);
    expect(viaCode[0].method).toBe('password');
  });
});

describe('turning one-time codes off', () => {
  test('asks for a current code; a required role keeps its only factor; then the sign-in asks for none', async () => {
    expect((await api.call('superadmin', 'POST', `/api/adminUser/${api.userIds.fmc}/mfa/reset`, {})).status).toBe(200);
    const { secret } = await enrol('fmc');
    expect((await api.call('fmc', 'DELETE', '/api/me/mfa/totp', {})).status).toBe(400);
    const wrong = await api.call('fmc', 'DELETE', '/api/me/mfa/totp', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].code).toBe('wrong_code');
    const before = api.config.mfaRequiredRoles;
    api.config.mfaRequiredRoles = ['fmc'];
    try {
      const kept = await api.call('fmc', 'DELETE', '/api/me/mfa/totp', { code: codeAt(secret, 30) });
      expect(kept.status).toBe(409);
      expect(kept.body.errors[0].code).toBe('mfa_required');
    } finally {
      api.config.mfaRequiredRoles = before;
    }
    expect((await api.call('fmc', 'DELETE', '/api/me/mfa/totp', { code: codeAt(secret, 30) })).status).toBe(200);
    expect((await api.call('fmc', 'GET', '/api/me/mfa')).body.data).toMatchObject({ methods: [], recoveryCodesLeft: 0 });
    expect((await login('fmc@demo.test')).body.data.token).toBeTruthy();
  });
});
