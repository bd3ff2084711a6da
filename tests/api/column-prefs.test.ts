import { describe, expect, test } from 'vitest';
import { COLUMN_WIDTH, getEntity } from '../../src/registry';
import { setupApi } from './harness';

/**
 * A list's columns per user (issue 10.5): PUT /api/me/prefs keeps each list's hidden columns and widths, names of the
 * registry's own list columns only, widths in whole pixels within bounds, at least one column left shown.
 */
const api = setupApi();
const put = (body: unknown, who: 'admin' | 'doctor' = 'admin') => api.call(who, 'PUT', '/api/me/prefs', body);

describe('list columns in the user preferences', () => {
  test('kept per user across sign-ins, and sent back as stored; another user sees their own', async () => {
    const columns = { patients: { hidden: ['gender'], widths: { phone: 220, status: 96 } }, appointments: { widths: { fee: 150 } } };
    const r = await put({ columns });
    expect(r.status, r.text).toBe(200);
    const again = await api.call({ token: await api.newSession('admin') }, 'GET', '/api/me/prefs');
    expect(again.body.data.columns).toEqual(columns);
    expect((await api.call('doctor', 'GET', '/api/me/prefs')).body.data.columns).toBeUndefined();
  });

  test('another preference saved later leaves the columns as they were', async () => {
    await put({ columns: { city: { widths: { name: 300 } } } });
    expect((await put({ theme: 'dark' })).status).toBe(200);
    expect((await api.call('admin', 'GET', '/api/me/prefs')).body.data.columns).toEqual({ city: { widths: { name: 300 } } });
  });

  test.each([
    ['an unknown list', { nope: { hidden: ['name'] } }, 'columns.nope'],
    ['a field that is not a column of the list', { patients: { hidden: ['addressLine'] } }, 'columns.patients.hidden'],
    ['a write-only field', { 'admin-user': { widths: { password: 100 } } }, 'columns.admin-user.widths.password'],
    ['a width below the least', { patients: { widths: { phone: COLUMN_WIDTH.min - 1 } } }, 'columns.patients.widths.phone'],
    ['a width above the most', { patients: { widths: { phone: COLUMN_WIDTH.max + 1 } } }, 'columns.patients.widths.phone'],
    ['a width in parts of a pixel', { patients: { widths: { phone: 150.5 } } }, 'columns.patients.widths.phone'],
    ['a width as text', { patients: { widths: { phone: '150' } } }, 'columns.patients.widths.phone'],
    ['every column hidden', { patients: { hidden: getEntity('patients').columns } }, 'columns.patients.hidden'],
    ['a key of its own', { patients: { order: ['phone'] } }, 'columns.patients.order'],
  ])('refused: %s (400 naming it, nothing stored)', async (_name, columns, field) => {
    await put({ columns: { city: { hidden: ['status'] } } });
    const r = await put({ columns });
    expect(r.status, r.text).toBe(400);
    expect(r.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect((await api.call('admin', 'GET', '/api/me/prefs')).body.data.columns).toEqual({ city: { hidden: ['status'] } });
  });

  test('a great many lists is a short 400', async () => {
    const columns = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`list${i}`, { hidden: ['a'] }]));
    const r = await put({ columns });
    expect([400, 413]).toContain(r.status);
    expect(r.text.length).toBeLessThan(20_000);
  });
});
