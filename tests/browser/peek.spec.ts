import { expect, test, type Page } from './fixtures';
import { begunConfirmedPath, signInReady } from './workflow-helpers';
import { runCommand } from './helpers';

/**
 * Issue 24, peek: Space on a list row shows its record beside the list (its fields, its moves, its status history)
 * without leaving the list; the list keeps the keyboard, j/k move the row and the peek follows, Space or Esc close it
 * and the row keeps the focus. Only for a role that may open the record's page.
 */
test.use({ dataset: 'demo', viewport: { width: 1440, height: 900 } });

const grid = (page: Page) => page.getByRole('grid', { name: /^Appointments/ });
const peek = (page: Page) => page.getByRole('complementary', { name: /^Appointment: / });
/** The number (the title) of the row the grid points at. */
const focusedNumber = (page: Page) => page.locator('tbody tr[data-focused="true"] td').nth(1).innerText();
const gridHasFocus = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('role') === 'grid');

test('Space peeks at the focused row beside the list; j/k follow; Space and Esc close it, the row keeping the focus', async ({ page }, info) => {
  await signInReady(page, 'superadmin');
  // The confirmed ones whose time has come, so that the peeked one may be marked missed (from its day on).
  await page.goto(begunConfirmedPath());
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await expect(grid(page)).toBeFocused();
  // The key is in the list's hint.
  await expect(page.locator('#list-keys')).toContainText('Space to peek');

  const first = await focusedNumber(page);
  await page.keyboard.press('Space');
  await expect(peek(page).getByRole('heading', { name: `Appointment: ${first}` })).toBeVisible();
  // Its record as the details page shows it: the fields, the moves its status allows, its status history.
  await expect(peek(page).locator('dl.details dt', { hasText: /^Patient$/ })).toBeVisible();
  await expect(peek(page).getByRole('group', { name: 'Actions on this record' }).getByRole('button', { name: 'Mark appointment missed' })).toBeVisible();
  await expect(peek(page).getByRole('heading', { name: 'Status history' })).toBeVisible();
  // The page did not change, and the list kept the keyboard.
  await expect(page).toHaveURL(/\/dashboard\/appointments\/confirmed\?filter/);
  expect(await gridHasFocus(page)).toBe(true);
  await page.screenshot({ path: info.outputPath('peek-1440.png') });

  // j moves the row; the peek follows it. k goes back.
  await page.keyboard.press('j');
  const second = await focusedNumber(page);
  expect(second).not.toBe(first);
  await expect(peek(page).getByRole('heading', { name: `Appointment: ${second}` })).toBeVisible();
  await page.keyboard.press('k');
  await expect(peek(page).getByRole('heading', { name: `Appointment: ${first}` })).toBeVisible();

  // Space closes it; the row keeps the focus (and its place).
  await page.keyboard.press('Space');
  await expect(peek(page)).toHaveCount(0);
  expect(await gridHasFocus(page)).toBe(true);
  expect(await focusedNumber(page)).toBe(first);

  // Esc closes it too.
  await page.keyboard.press('Space');
  await expect(peek(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(peek(page)).toHaveCount(0);
  expect(await gridHasFocus(page)).toBe(true);
  await expect(page).toHaveURL(/\/dashboard\/appointments\/confirmed\?filter/);

  // Tab reaches the peek's buttons; Esc there closes it and gives the focus back to the list.
  await page.keyboard.press('Space');
  const open = peek(page).getByRole('link', { name: /^Open/ });
  await open.focus();
  await page.keyboard.press('Escape');
  await expect(peek(page)).toHaveCount(0);
  expect(await gridHasFocus(page)).toBe(true);

  // The peeked record is the one in view: its move's key makes the move there, and the list follows.
  await page.keyboard.press('Space');
  await expect(peek(page).getByRole('heading', { name: `Appointment: ${first}` })).toBeVisible();
  await page.keyboard.press('Shift+M');
  await expect(page.getByText('Mark appointment missed: done')).toBeVisible();
  // Missed, it leaves the Confirmed view; the peek follows the row now in its place, and the list keeps the keyboard.
  await expect(page.locator('tbody tr td', { hasText: first })).toHaveCount(0);
  const next = await focusedNumber(page);
  expect(next).not.toBe(first);
  await expect(peek(page).getByRole('heading', { name: `Appointment: ${next}` })).toBeVisible();
  expect(await gridHasFocus(page)).toBe(true);

  // Enter opens the record's page.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/appointments\/view\/\d+$/);
});

test('the ? sheet lists Space among the list keys', async ({ page }) => {
  await signInReady(page, 'admin');
  await page.goto('/dashboard/patients');
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await page.keyboard.press('Shift+Slash');
  const sheet = page.getByRole('dialog', { name: /shortcuts/i });
  await expect(sheet.getByRole('row').filter({ hasText: "Show the focused row's record beside the list" })).toContainText('Space');
});

test('a record without a page of its own is not peeked', async ({ page }) => {
  // Payments are moved from their rows: they have no details page, so no peek.
  await signInReady(page, 'admin');
  await page.goto('/dashboard/payment/completed');
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await expect(page.locator('#list-keys')).not.toContainText('peek');
  await page.keyboard.press('Space');
  await expect(page.locator('#record-peek')).toHaveCount(0);
});

test('Tab from the list reaches the peek before the list\'s header; Shift+Tab from its first control goes back to the list', async ({ page }) => {
  await signInReady(page, 'superadmin');
  await runCommand(page, 'Appointments: Confirmed');
  await page.waitForURL('**/dashboard/appointments/confirmed');
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await expect(grid(page)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(peek(page)).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#record-peek')))).toBe(true);
  await expect(peek(page).getByRole('link', { name: /^Open/ })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  expect(await gridHasFocus(page)).toBe(true);
  // Without a peek, Tab goes on to the header as before.
  await page.keyboard.press('Space');
  await expect(peek(page)).toHaveCount(0);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('thead')))).toBe(true);
});
