import { expect, test, type Page } from './fixtures';
import { apiOf } from './catalogue-helpers';
import { runCommand } from './helpers';
import { signInReady } from './workflow-helpers';

/**
 * Toasts where the spec puts them: 60 px from the top, 50 px from the right, for 4 s; on a phone, whose top is the
 * page head, across the screen near its bottom, inside it. What they would cover (a page head's buttons) is clear of them.
 */
test.use({ dataset: 'demo' });

/** A toast shown over the doctors' list (its head has Add) by a change of settings: the week's first day, in Preferences. */
async function showToast(page: Page) {
  await page.goto('/dashboard/doctor');
  await expect(page.getByRole('heading', { level: 1, name: 'Doctors' })).toBeVisible();
  await expect(page.getByRole('grid')).not.toHaveAttribute('aria-busy', 'true');
  // Preferences from the palette, the week's first day changed: "Settings saved".
  await runCommand(page, 'Preferences: theme');
  const week = page.getByRole('combobox', { name: 'Week starts on' });
  await expect(week).toBeVisible();
  await week.selectOption({ label: 'Monday' });
  await page.keyboard.press('Escape');
  const toast = page.locator('[data-sonner-toast]', { hasText: 'Settings saved' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  return toast;
}

/** The toast's box once it has come to rest (it slides in). */
async function restingBox(toast: ReturnType<Page['locator']>) {
  let last = '';
  await expect.poll(async () => { const b = JSON.stringify(await toast.boundingBox()); const same = b === last; last = b; return same; }).toBe(true);
  return (await toast.boundingBox())!;
}

test.afterEach(async ({ page }) => {
  await (await apiOf(page)).put('/api/me/prefs', { weekStart: null });
});

test('at 1440 px: 60 px from the top, 50 px from the right, clear of the page head\'s buttons', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInReady(page, 'admin');
  const toast = await showToast(page);
  const box = await restingBox(toast);
  expect(Math.round(box.y)).toBe(60);
  expect(Math.round(1440 - (box.x + box.width))).toBe(50);
  // Nothing of the page head (Add) or the list's toolbar is under it.
  await expect(page.locator('.page-head').getByRole('button', { name: /Add/ })).toBeVisible();
  for (const control of await page.locator('.page-head button, .toolbar button, .toolbar select, .topbar button').all()) {
    const b = await control.boundingBox();
    if (!b) continue;
    const overlaps = b.x < box.x + box.width && b.x + b.width > box.x && b.y < box.y + box.height && b.y + b.height > box.y;
    expect(overlaps, await control.evaluate((el) => el.outerHTML.slice(0, 120))).toBe(false);
  }
});

test('at 390 px: across the screen near its bottom, inside it, clear of the page head', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInReady(page, 'admin');
  const toast = await showToast(page);
  const box = await restingBox(toast);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(Math.round(844 - (box.y + box.height))).toBe(80);
  const add = (await page.locator('.page-head').getByRole('button', { name: /Add/ }).boundingBox())!;
  expect(add.y + add.height).toBeLessThan(box.y);
});
