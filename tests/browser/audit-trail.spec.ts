import { expect, test } from './fixtures';
import { apiOf } from './catalogue-helpers';
import { runCommand } from './helpers';
import { signInReady, tabTo } from './workflow-helpers';

/**
 * Issue 19, the audit trail in the console: an edit reverted from the activity log, a patient's access report under
 * their timeline, and the user's own sessions in the preferences, each by keyboard.
 */
test.use({ dataset: 'demo' });

test('an edit is reverted from its entry in the activity log, which names it by its values', async ({ page }) => {
  await signInReady(page, 'superadmin');
  const api = await apiOf(page);
  const listed = await api.get('/api/medicine?limit=1');
  const medicine = listed.body.data[0] as { id: number; version: number; name: string };
  const full = (await api.get(`/api/medicine/${medicine.id}`)).body.data as Record<string, unknown>;
  const { id, version, name } = full as { id: number; version: number; name: string };
  const edited = await api.put(`/api/medicine/${id}`, { ...Object.fromEntries(Object.entries(full).filter(([k]) => !['_labels', '_set'].includes(k))), name: `${name} (renamed)`, version });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);

  await page.goto(`/dashboard/fmc/fmclogs?entity=medicine&record=${id}&action=update`);
  const entry = page.locator('li.log-row').first();
  await expect(entry).toContainText('Changed');
  await entry.locator('button.log-toggle').focus();
  await page.keyboard.press('Enter');
  await expect(entry.locator('del')).toHaveText(name);
  await expect(entry.locator('ins')).toHaveText(`${name} (renamed)`);
  page.once('dialog', (d) => void d.accept());
  await tabTo(page, entry.getByRole('button', { name: 'Revert this change' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('The change was reverted')).toBeVisible();
  expect((await api.get(`/api/medicine/${id}`)).body.data.name).toBe(name);
});

test("a patient's access report: who read their data, under their timeline", async ({ page }) => {
  await signInReady(page, 'superadmin');
  const api = await apiOf(page);
  const patient = (await api.get('/api/patients?limit=1')).body.data[0] as { id: number };
  // A read to report: the patient's details.
  expect((await api.get(`/api/patients/${patient.id}`)).status).toBe(200);
  await page.goto(`/dashboard/patients/timeline/${patient.id}`);
  const report = page.getByRole('region', { name: "Who read or changed this patient's data" });
  await expect(report).toBeVisible();
  const first = report.locator('tbody tr').first();
  await expect(first).toContainText('Read');
  await expect(first).toContainText('Patient');
});

test('my sessions in the preferences: this browser is listed, and "Sign out everywhere" ends it', async ({ page }) => {
  await signInReady(page, 'admin');
  await runCommand(page, 'Preferences');
  const prefs = page.getByRole('dialog');
  const sessions = prefs.getByRole('region', { name: 'Where you are signed in' });
  await expect(sessions.getByText('This browser')).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await tabTo(page, sessions.getByRole('button', { name: 'Sign out everywhere' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Email')).toBeVisible();
});

test("a patient's timeline lists what is still to come apart from their history", async ({ page }) => {
  await signInReady(page, 'superadmin');
  const api = await apiOf(page);
  const ahead = (await api.get('/api/appointments?filter[status]=confirmed&sort=scheduledAt:desc&limit=1')).body.data[0] as { number: string; patient: number; scheduledAt: string };
  expect(Date.parse(ahead.scheduledAt)).toBeGreaterThan(Date.now());
  await page.goto(`/dashboard/patients/timeline/${ahead.patient}`);
  const upcoming = page.getByRole('list', { name: 'Upcoming' });
  await expect(upcoming.getByText(ahead.number)).toBeVisible();
  await expect(page.getByRole('list', { name: 'History' }).getByText(ahead.number)).toHaveCount(0);
});
