import { describe, expect, test } from 'vitest';
import { PASSWORD, setupApi } from './harness';

/**
 * A signed-in user changes their own password (`POST /api/me/password`): the current one must be right (counted as a
 * sign-in), the new one must be a good one; then every other session of the user ends and this one goes on.
 */
const api = setupApi();
const NEW = 'a-new-Passw0rd-for-tests';

describe('POST /api/me/password', () => {
  test('refuses a wrong current password, a weak or missing new one and unknown fields, naming the field', async () => {
    const wrong = await api.call('doctor', 'POST', '/api/me/password', { currentPassword: 'not-it-at-all', newPassword: NEW });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ field: 'currentPassword', code: 'wrong_password' });
    const weak = await api.call('doctor', 'POST', '/api/me/password', { currentPassword: PASSWORD, newPassword: 'doctor@demo.test' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0].field).toBe('newPassword');
    for (const body of [{ currentPassword: PASSWORD }, { currentPassword: PASSWORD, newPassword: NEW, role: 'superadmin' }, { newPassword: NEW }]) {
      expect((await api.call('doctor', 'POST', '/api/me/password', body)).status).toBe(400);
    }
    expect((await api.call('anonymous', 'POST', '/api/me/password', { currentPassword: PASSWORD, newPassword: NEW })).status).toBe(401);
  });

  test('changes it: other sessions end, this one goes on, the new password signs in and the old one does not', async () => {
    const other = await api.newSession('railway');
    expect((await api.call({ token: other }, 'GET', '/api/adminUser/validate/authToken')).status).toBe(200);
    const done = await api.call('railway', 'POST', '/api/me/password', { currentPassword: PASSWORD, newPassword: NEW });
    expect(done.status).toBe(200);
    expect((await api.call({ token: other }, 'GET', '/api/adminUser/validate/authToken')).status).toBe(401);
    expect((await api.call('railway', 'GET', '/api/adminUser/validate/authToken')).status).toBe(200);
    expect((await api.call('anonymous', 'POST', '/api/adminUser/login', { email: 'railway@demo.test', password: PASSWORD })).status).toBe(401);
    expect((await api.call('anonymous', 'POST', '/api/adminUser/login', { email: 'railway@demo.test', password: NEW })).status).toBe(200);
    // Audited as an edit of the account, saying only that the password changed.
    const rows = await api.db.selectFrom('audit_log').select(['action', 'changes']).where('entity', '=', 'admin-user').where('record_id', '=', api.userIds.railway).orderBy('id', 'desc').limit(1).execute();
    expect(rows[0]).toMatchObject({ action: 'update', changes: { password: { changed: true } } });
  });
});
