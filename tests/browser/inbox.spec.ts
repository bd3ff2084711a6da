import { expect, test, type Page } from './fixtures';
import { DEMO_PASSWORD } from './consoles';
import { signInAs } from './helpers';

/**
 * The inbox by keyboard (issue 20 §4): another user's write puts an item in the admin's inbox and the badge counts it
 * without a reload; `g n` opens the panel on its first item, unread first; `r` marks the focused one read; Enter
 * follows the first one's link, marking it read.
 */
async function otherSession(page: Page, role: string) {
  const login = await page.request.post('/api/adminUser/login', { data: { email: `${role}@demo.test`, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const token = (await login.json()).data.token as string;
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: async (url: string) => (await page.request.get(url, { headers })).json(),
    post: (url: string, data: unknown) => page.request.post(url, { headers, data }),
  };
}

test.use({ dataset: 'demo' });

test('the panel by keyboard: a live count, unread first, r marks read, Enter follows', async ({ page }) => {
  await signInAs(page, 'admin');
  const badge = page.locator('[data-notifications-toggle] [data-unread]');
  const count = async () => Number((await badge.count()) ? await badge.textContent() : 0);
  // The worklists' counts arrive once the console has counted them: the badge settles on them first.
  await expect(badge).toBeVisible();
  const before = await count();

  const superadmin = await otherSession(page, 'superadmin');
  const pending = (await superadmin.get('/api/payment?filter[status]=pending&limit=1')).data[0] as { id: number; version: number; number: string };
  const rejected = await superadmin.post(`/api/payment/${pending.id}/transition`, { to: 'rejected', version: pending.version });
  expect(rejected.status(), await rejected.text()).toBe(200);
  await expect(badge).toHaveText(String(before + 1));

  await page.keyboard.press('g');
  await page.keyboard.press('n');
  const panel = page.locator('#notification-panel');
  await expect(panel).toBeVisible();
  const items = panel.locator('[data-notice]');
  // Unread first, newest first: the payment just rejected leads, and has the focus.
  await expect(items.first()).toBeFocused();
  await expect(items.first()).toHaveText(`Unread: Payment ${pending.number} was rejected`);
  const unreadShown = await panel.locator('li.notice-unread').count();
  const classes = await panel.locator('li').evaluateAll((lis) => lis.map((li) => li.className));
  expect(classes.slice(0, unreadShown).every((c) => c === 'notice-unread')).toBe(true);

  // The worklists' items are unread too (the demo's counts): r marks the focused one read, the count drops.
  expect(unreadShown).toBeGreaterThan(1);
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  const second = await items.nth(1).getAttribute('data-notice');
  await page.keyboard.press('r');
  await expect(badge).toHaveText(String(before));
  await expect(panel.locator(`[data-notice="${second}"]`)).toContainText('Read:');
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/payment\/rejected\?q=/);
  await expect(panel).toBeHidden();
  await expect(badge).toHaveText(String(before - 1));
});

test('Esc closes the panel and gives the focus back to where it was: the list\'s grid after g n, the toggle after a click', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await page.waitForURL('**/dashboard/speciality');
  const grid = page.getByRole('grid');
  await expect(grid).toBeFocused();
  // On the rows first (k keeps the top row): typed on a list's arrival, g would start a search.
  await page.keyboard.press('k');
  await page.keyboard.press('g');
  await page.keyboard.press('n');
  const panel = page.locator('#notification-panel');
  await expect(panel).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.getElementById('notification-panel')?.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(grid).toBeFocused();

  const toggle = page.locator('[data-notifications-toggle]');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.getElementById('notification-panel')?.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(toggle).toBeFocused();
});
