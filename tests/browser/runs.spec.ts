import { axeViolations, SERIOUS } from './axe';
import { apiOf, unique } from './catalogue-helpers';
import { expect, test, type Page } from './fixtures';
import { runCommand, signInAs } from './helpers';

/**
 * The scheduler's runs (issue 37 §1) in the browser: the superadmin's Runs screen, reached from the palette, follows
 * a campaign's run live to its end, narrows by job and state, and cancels and retries a run by keyboard after a
 * confirmation. The test consoles tick every second (start-consoles.ts); the test waits for states, never for time.
 */

/** A campaign to the fmc staff by mail (the seeded fmc account has an address), moved to `to` (scheduled an hour from now, or sending now). */
async function campaign(page: Page, to: 'scheduled' | 'sending') {
  const api = await apiOf(page);
  const title = unique('Clinic hours');
  const c = await api.create('notification', { title, body: 'New clinic hours from Monday.', audience: 'fmc', channel: 'email', scheduledAt: new Date(Date.now() + 3600_000).toISOString() });
  const res = await page.request.post(`/api/notification/${c.id}/transition`, {
    headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('id_token'))}` }, data: { to, version: c.version },
  });
  expect(res.status(), await res.text()).toBe(200);
  return c.id;
}

const rowOf = (page: Page, id: number) => page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: String(id), exact: true }) });

test('a campaign\'s run is followed live to its end; one waiting is cancelled and retried by keyboard', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await runCommand(page, 'Open the scheduler\'s runs');
  await expect(page.getByRole('heading', { name: 'Runs' })).toBeVisible();

  // Sent now while the screen is open: the row arrives and reaches Done over the change stream, with its messages.
  const sent = await campaign(page, 'sending');
  const sentRow = rowOf(page, sent);
  await expect(sentRow).toContainText('Campaign sending');
  await expect(sentRow.getByText('Done', { exact: true })).toBeVisible();
  await expect(sentRow.getByRole('gridcell').nth(6)).toHaveText('1');

  // Narrowed by state from the keyboard: the filter is in the address, and only waiting runs remain.
  const later = await campaign(page, 'scheduled');
  await page.getByLabel('State').selectOption('queued');
  await expect(page).toHaveURL(/state=queued/);
  await expect(rowOf(page, sent)).toHaveCount(0);
  const waiting = rowOf(page, later);
  await expect(waiting.getByText('Waiting', { exact: true })).toBeVisible();

  // c on the highlighted run asks first; Enter confirms; the run is cancelled (and leaves this filter).
  await page.getByRole('grid').focus();
  const index = await page.getByRole('row').evaluateAll((rows, id) => rows.findIndex((r) => r.querySelectorAll('td')[1]?.textContent === String(id)), later);
  await page.keyboard.press('Home');
  for (let i = 1; i < index; i++) await page.keyboard.press('j');
  await page.keyboard.press('c');
  const confirm = page.getByRole('dialog', { name: 'Cancel this run?' });
  await expect(confirm).toContainText(`Campaign sending (${later})`);
  await expect(confirm.getByRole('button', { name: 'Cancel run' })).toHaveAttribute('data-ready', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Campaign sending (${later}) was cancelled`)).toBeVisible();
  await expect(rowOf(page, later)).toHaveCount(0);

  // Among the cancelled ones, r retries it: queued again, due now, it runs and ends Done.
  await page.getByLabel('State').selectOption('');
  await expect(rowOf(page, later).getByText('Cancelled', { exact: true })).toBeVisible();
  await page.getByRole('grid').focus();
  const at = await page.getByRole('row').evaluateAll((rows, id) => rows.findIndex((r) => r.querySelectorAll('td')[1]?.textContent === String(id)), later);
  await page.keyboard.press('Home');
  for (let i = 1; i < at; i++) await page.keyboard.press('j');
  await page.keyboard.press('r');
  await expect(page.getByRole('dialog', { name: 'Retry this run?' }).getByRole('button', { name: 'Retry' })).toHaveAttribute('data-ready', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Campaign sending (${later}) is queued again`)).toBeVisible();
  await expect(rowOf(page, later).getByText('Done', { exact: true })).toBeVisible();
});

test('the box narrows the rows in the browser; the highlighted run stays among them, and c acts on it', async ({ page }) => {
  await signInAs(page, 'superadmin');
  const first = await campaign(page, 'scheduled');
  await campaign(page, 'scheduled');
  await page.goto('/dashboard/system/runs?state=queued');
  await expect(rowOf(page, first)).toBeVisible();
  const grid = page.getByRole('grid');
  const before = await page.getByRole('row').count();

  // The last row highlighted, then the box keeps only the first campaign's run(s): fewer rows than the highlight's place.
  await grid.focus();
  await page.keyboard.press('End');
  await expect(grid).toHaveAttribute('aria-activedescendant', `run-row-${before - 2}`);
  await page.getByLabel('Find by job, key or error').fill(String(first));
  await expect(page.getByRole('row')).not.toHaveCount(before);
  const after = await page.getByRole('row').count();
  expect(after).toBeLessThan(before);

  // The highlight is the last row left, and c asks about that run.
  await grid.focus();
  await expect(grid).toHaveAttribute('aria-activedescendant', `run-row-${after - 2}`);
  const key = await page.locator(`#run-row-${after - 2} td`).nth(1).textContent();
  await page.keyboard.press('c');
  const confirm = page.getByRole('dialog', { name: 'Cancel this run?' });
  await expect(confirm).toContainText(`(${key})`);
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
});

test('runs, wide and narrow: no serious accessibility finding', async ({ page }, testInfo) => {
  await signInAs(page, 'superadmin');
  await campaign(page, 'sending');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/system/runs');
    await expect(page.getByRole('heading', { name: 'Runs' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect((await axeViolations(page)).filter((v) => SERIOUS.has(v.impact ?? ''))).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`runs-${width}.png`), fullPage: true });
  }
});

test('the Runs screen is the superadmin\'s alone', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/dashboard/system/runs');
  await expect(page.getByRole('heading', { name: 'Runs' })).toHaveCount(0);
  await expect(page.getByText(/not found|does not exist/i).first()).toBeVisible();
});
