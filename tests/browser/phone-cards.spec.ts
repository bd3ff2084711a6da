import { expect, networkQuiet, test, type Page } from './fixtures';
import { signInAs } from './helpers';

/**
 * Issue 24, phones: under 600 px a list is a list of cards (the record's title and subtitle, its status, its moves),
 * still driven by j/k/Enter; the fmc dashboard fits 390 px (its screen-reader table no longer widens the page); its
 * figures open the rows they count, on the dashboard, for every role the spec gives it.
 */
test.use({ dataset: 'demo', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

async function expectNoSideScroll(page: Page) {
  const w = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, main: document.querySelector('main')!.scrollWidth, mainView: document.querySelector('main')!.clientWidth }));
  expect(w.doc, 'the document is no wider than the screen').toBeLessThanOrEqual(390);
  expect(w.main, 'the page area does not scroll sideways').toBeLessThanOrEqual(w.mainView);
}

const focusedCard = (page: Page) => page.locator('.card-row[data-focused="true"]');

test('a list is cards on a phone: title, subtitle, status and moves; j/k and Enter still work', async ({ page }, info) => {
  await signInAs(page, 'superadmin');
  await page.goto('/dashboard/appointments/confirmed');
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments: Confirmed' })).toBeVisible();
  const first = page.locator('.card-row').first();
  await expect(first).toBeVisible();
  await expect(page.locator('table[role="grid"]')).toHaveCount(0);
  await networkQuiet(page);
  await expectNoSideScroll(page);
  // The title and subtitle are the entity's title and subtitle fields (number; scheduled at), then its status and moves.
  await expect(first.locator('.list-card-title')).toHaveText(/^APT-\d{4}-\d{6,8}$/);
  await expect(first.locator('.list-card-subtitle')).toHaveText(/\d{1,2}\/\d{1,2}\/\d{4}/);
  await expect(first.locator('.status')).toHaveText('Confirmed');
  await expect(first.getByRole('button', { name: 'Missed: Mark appointment missed' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('cards-390.png') });

  // The keyboard: the card grid holds the focus; j moves to the next card, Enter opens it.
  const grid = page.getByRole('grid', { name: /^Appointments/ });
  await expect(grid).toBeFocused();
  await page.keyboard.press('j');
  const second = focusedCard(page);
  await expect(second).not.toHaveId(await first.getAttribute('id') ?? '');
  const id = (await second.getAttribute('id'))!.split('-').pop();
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/dashboard/appointments/view/${id}`);
  await expectNoSideScroll(page);
});

test('a list of records without a status: the title and subtitle from the registry', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await page.goto('/dashboard/admin-user');
  const first = page.locator('.card-row').first();
  // Admin users: named by first and last name, with the email under it.
  await expect(first.locator('.list-card-subtitle')).toHaveText(/@/);
  await expect(first.locator('.list-card-title')).not.toHaveText('');
  await expectNoSideScroll(page);
});

for (const role of ['fmc', 'superadmin'] as const) {
  test(`${role}: the fmc dashboard fits 390 px and its figures open the rows they count`, async ({ page }, info) => {
    await signInAs(page, role);
    await page.goto('/dashboard/fmc/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const tile = page.getByRole('button', { name: /^Open slots today/ });
    await expect(tile).toBeVisible();
    await networkQuiet(page);
    await expectNoSideScroll(page);
    // The chart's table is still there for screen readers, in a box that takes no room.
    await expect(page.getByRole('table', { name: 'The figures of the chart, by day' })).toBeAttached();

    for (const name of ['Appointments today', 'Open slots today', 'Patients seen today', 'Open support tickets']) {
      const button = page.getByRole('button', { name: new RegExp(`^${name}`) });
      const counted = Number((await button.locator('strong').innerText()).replace(/\D/g, ''));
      await button.tap();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      const rows = page.getByRole('region', { name });
      await expect(rows).toBeFocused();
      if (counted > 0) await expect(rows.locator('tbody tr')).toHaveCount(Math.min(counted, 200));
      else await expect(rows.getByText('Nothing to list.')).toBeVisible();
      await networkQuiet(page);
      await expectNoSideScroll(page);
      if (name === 'Appointments today') { await rows.scrollIntoViewIfNeeded(); await page.screenshot({ path: info.outputPath(`dashboard-${role}-390.png`) }); }
    }
    // Esc closes the rows and gives the focus back to their figure.
    await page.keyboard.press('Escape');
    await expect(page.locator('#tile-rows')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Open support tickets/ })).toBeFocused();
  });
}

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false });

  test('the figures open their rows by keyboard, each row to its record where the role may open it', async ({ page }, info) => {
    await signInAs(page, 'superadmin');
    await page.goto('/dashboard/fmc/dashboard');
    const tile = page.getByRole('button', { name: /^Appointments today/ });
    await tile.focus();
    await page.keyboard.press('Enter');
    const rows = page.getByRole('region', { name: 'Appointments today' });
    await expect(rows).toBeFocused();
    const counted = Number((await tile.locator('strong').innerText()).replace(/\D/g, ''));
    await expect(rows.locator('tbody tr')).toHaveCount(Math.min(counted, 200));
    await page.screenshot({ path: info.outputPath('dashboard-1440.png') });
    // A superadmin may open appointments: the first column links to each one.
    if (counted > 0) {
      await rows.locator('tbody tr').first().getByRole('link').click();
      await page.waitForURL(/\/dashboard\/appointments\/view\/\d+$/);
    }
  });

  test('a list is a table on a wide screen and turns to cards once under 600 px', async ({ page }) => {
    await signInAs(page, 'superadmin');
    await page.goto('/dashboard/appointments/confirmed');
    await expect(page.locator('table[role="grid"] tbody tr[data-focused]').first()).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('.card-row').first()).toBeVisible();
    await expect(page.locator('table[role="grid"]')).toHaveCount(0);
  });
});
