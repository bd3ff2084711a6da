import { expect, test, type Page } from './fixtures';
import { apiOf, unique } from './catalogue-helpers';
import { signInAs } from './helpers';

/**
 * Screens that stay true while others work: a row another user changes is marked and the user's focus stays where it
 * was; a row another user deletes leaves the list with a note naming who; an edit form says at once that its record
 * changed meanwhile (Reload / Keep editing), keeping what was typed; a details page and an edit form show who else has
 * the record open. Two people: the admin in this page, the superadmin in another browser context.
 */
async function nameOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  const res = await page.request.get('/api/adminUser/validate/authToken', { headers: { Authorization: `Bearer ${token}` } });
  const user = (await res.json()).data as { firstName: string; lastName: string };
  return `${user.firstName} ${user.lastName}`.trim();
}

test("another user's change marks its row, their delete leaves a note, and focus stays put", async ({ page, browser, baseURL }) => {
  await signInAs(page, 'admin');
  const other = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(other, 'superadmin');
  const theirs = await apiOf(other);
  const theirName = await nameOf(other);
  const prefix = unique('Live');
  const first = await theirs.create('specialist', { name: `${prefix} Alpha`, status: 'active' });
  const second = await theirs.create('specialist', { name: `${prefix} Beta`, status: 'active' });

  await page.goto(`/dashboard/speciality?q=${encodeURIComponent(prefix)}&sort=name`);
  await expect(page.getByText(/^2 records$/)).toBeVisible();
  await page.keyboard.press('j');
  const focusedRow = page.locator('tbody tr[data-focused="true"]');
  await expect(focusedRow).toContainText(`${prefix} Beta`);

  expect((await theirs.put(`/api/specialist/${first.id}`, { name: `${prefix} Alpha Renamed`, status: 'active', version: first.version })).status).toBe(200);
  const changed = page.locator('tbody tr[data-changed]');
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText(`${prefix} Alpha Renamed`);
  await expect(focusedRow).toContainText(`${prefix} Beta`);
  // The mark goes by itself.
  await expect(changed).toHaveCount(0);

  const token = await other.evaluate(() => localStorage.getItem('id_token'));
  expect((await other.request.delete(`/api/specialist/${second.id}`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
  await expect(page.getByText(/^1 record$/)).toBeVisible();
  await expect(page.locator('.grid-foot')).toContainText(`Speciality deleted by ${theirName}`);
  await other.context().close();
});

test('an edit form says at once that its record changed, keeps the typing, and both sides see who else is there', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'admin');
  const myName = await nameOf(page);
  const other = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(other, 'superadmin');
  const theirs = await apiOf(other);
  const theirName = await nameOf(other);
  const rec = await theirs.create('specialist', { name: `${unique('Live')} Gamma`, status: 'active' });

  // Both open the record's edit form: each sees the other there.
  await other.goto(`/dashboard/speciality/edit/${rec.id}`);
  await expect(other.getByRole('dialog').getByLabel('Name')).toHaveValue(String(rec.name));
  await page.goto(`/dashboard/speciality/edit/${rec.id}`);
  const dialog = page.getByRole('dialog');
  const name = dialog.getByLabel('Name');
  await expect(name).toHaveValue(String(rec.name));
  await expect(dialog.locator('.presence-note')).toHaveText(`${theirName} is editing`);
  await expect(other.locator('.presence-note')).toHaveText(`${myName} is editing`);

  await name.fill(`${rec.name} typed here`);
  expect((await theirs.put(`/api/specialist/${rec.id}`, { name: `${rec.name} theirs`, status: 'active', version: rec.version })).status).toBe(200);
  const notice = dialog.getByRole('alert').filter({ hasText: `Changed by ${theirName} just now` });
  await expect(notice).toBeVisible();
  await expect(name).toHaveValue(`${rec.name} typed here`);
  await notice.getByRole('button', { name: 'Keep editing' }).click();
  await expect(notice).toHaveCount(0);
  await expect(name).toHaveValue(`${rec.name} typed here`);

  // A second change brings the notice back; Reload takes the record as it is now.
  const now = await theirs.get(`/api/specialist/${rec.id}`);
  expect((await theirs.put(`/api/specialist/${rec.id}`, { name: `${rec.name} theirs again`, status: 'active', version: now.body.data.version })).status).toBe(200);
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(name).toHaveValue(`${rec.name} theirs again`);

  // The admin leaves: the superadmin's form says so at once.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(other.locator('.presence-note')).toHaveText('');
  await other.context().close();
});

test.describe('on the demo data (centres)', () => {
  test.use({ dataset: 'demo' });

  test("a details page shows who else is viewing the record", async ({ page, browser, baseURL }) => {
    await signInAs(page, 'admin');
    const myName = await nameOf(page);
    const other = await (await browser.newContext({ baseURL })).newPage();
    await signInAs(other, 'superadmin');
    const theirName = await nameOf(other);
    const centre = (await (await apiOf(other)).get('/api/fmc?limit=1')).body.data[0] as { id: number };
    await other.goto(`/dashboard/fmc/view/${centre.id}`);
    await expect(other.locator('#details-title')).toBeVisible();
    await page.goto(`/dashboard/fmc/view/${centre.id}`);
    await expect(page.locator('.presence-note')).toHaveText(`${theirName} is viewing`);
    await expect(other.locator('.presence-note')).toHaveText(`${myName} is viewing`);
    // Leaving the page says so (a tab closed without a word is gone once its beats stop: state/live.test.ts).
    await other.goto('/dashboard');
    await expect(page.locator('.presence-note')).toHaveText('');
    await other.context().close();
  });
});
