import { expect, test } from './fixtures';
import { apiOf, unique } from './catalogue-helpers';
import { signInAs } from './helpers';

/**
 * The change stream in the console (issue 20 §2): a record made elsewhere (here, a call outside the page) shows in
 * the list in view without a reload, and its edit on the record's page; the page is never loaded again.
 */
test('a list and a details page show what others change, without a reload', async ({ page }) => {
  await signInAs(page, 'admin');
  const api = await apiOf(page);
  const prefix = unique('Streamed');
  await page.goto(`/dashboard/speciality?q=${encodeURIComponent(prefix)}`);
  await expect(page.getByText(/^0 records?$/)).toBeVisible();
  await page.evaluate(() => { (window as { streamMark?: number }).streamMark = 1; });

  const rec = await api.create('specialist', { name: `${prefix} Cardiology`, status: 'active' });
  await expect(page.getByRole('gridcell', { name: `${prefix} Cardiology`, exact: true })).toBeVisible();

  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Speciality: ${prefix} Cardiology` })).toBeVisible();
  expect((await api.put(`/api/specialist/${rec.id}`, { name: `${prefix} Cardiology Renamed`, status: 'active', version: rec.version })).status).toBe(200);
  await expect(page.getByRole('heading', { name: `Speciality: ${prefix} Cardiology Renamed` })).toBeVisible();
  expect(await page.evaluate(() => (window as { streamMark?: number }).streamMark)).toBe(1);
});
