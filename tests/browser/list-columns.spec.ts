import { expect, test, type Locator, type Page } from './fixtures';
import { runCommand } from './helpers';
import { chooseOnPage, signInReady, tabTo } from './workflow-helpers';

/**
 * Issue 10.5's lists for daily work, on the console with the demo data: column widths from the field kind, resized
 * by keyboard and kept per user on the server, columns hidden from the Columns menu by keyboard (and from the
 * palette), dates and numbers in the user's language (English as in India), and at 390 px a list that scrolls
 * sideways inside itself with its first column pinned while the page stays put.
 */
test.use({ dataset: 'demo' });

/** A column's header, found by its sort button (as a user finds it, and the same before and after issue 10). */
const header = (page: Page, name: string) => page.locator('thead th', { has: page.getByRole('button', { name: `Sort by ${name}`, exact: true }) });
const width = async (l: Locator) => (await l.boundingBox())!.width;
/** The PUT of the preferences that carries the columns (sent after a pause once a resize or a choice has ended). */
/** The next save of the columns, or the first one that `holds` (a busy browser may also save between two presses). */
const columnsSaved = (page: Page, holds: (columns: Record<string, { widths?: Record<string, number> }>) => boolean = () => true) =>
  page.waitForResponse((r) => r.url().endsWith('/api/me/prefs') && r.request().method() === 'PUT'
    && 'columns' in (r.request().postDataJSON() ?? {}) && holds(r.request().postDataJSON().columns));

async function openPatients(page: Page) {
  await page.goto('/dashboard/patients');
  await expect(page.getByRole('heading', { name: 'Patients' })).toBeVisible();
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
}

test('widths come from the field kind: a phone number is whole and wider than a status, money lines up on the right', async ({ page }) => {
  await signInReady(page, 'superadmin');
  await openPatients(page);
  const phone = page.locator('tbody tr').nth(1).locator('td').nth(3);
  expect(await width(header(page, 'Phone'))).toBeGreaterThan(await width(header(page, 'Status')));
  // The whole number shows: nothing cut off with an ellipsis.
  expect(await phone.evaluate((td) => td.scrollWidth <= td.clientWidth)).toBe(true);
  await expect(phone).toHaveText(/^\+?[\d -]{7,}$/);

  await page.goto('/dashboard/appointments/all');
  const fee = page.locator('tbody tr').nth(1).locator('td').nth(7);
  await expect(fee).toHaveText(/₹/);
  await expect(fee).toHaveCSS('text-align', 'right');
});

test('a column resized by keyboard from its header keeps its width after a reload and in a new sign-in on another browser; Enter gives back the default', async ({ page, browser, demoUrl }) => {
  await signInReady(page, 'admin');
  await openPatients(page);
  // The handle is not a Tab stop (a column is one stop): its header's sort button takes Shift and the arrows.
  const handle = page.getByRole('separator', { name: 'Resize Phone' });
  await expect(handle).toHaveAttribute('tabindex', '-1');
  await tabTo(page, page.getByRole('button', { name: 'Sort by Phone', exact: true }));
  const before = Number(await handle.getAttribute('aria-valuenow'));
  const thBefore = await width(header(page, 'Phone'));
  expect(Number(await handle.getAttribute('aria-valuemin'))).toBeLessThanOrEqual(before);
  expect(Number(await handle.getAttribute('aria-valuemax'))).toBeGreaterThan(before + 40);

  // Saved after a pause in the presses: the last width reaches the server (on a busy machine a press may come after
  // the pause, and an earlier width is saved first).
  const saved = columnsSaved(page, (columns) => columns.patients?.widths?.phone === before + 40);
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowRight');
  await expect(handle).toHaveAttribute('aria-valuenow', String(before + 40));
  expect(await width(header(page, 'Phone'))).toBeCloseTo(thBefore + 40, 0);
  await saved;

  await page.reload();
  await expect(page.getByRole('separator', { name: 'Resize Phone' })).toHaveAttribute('aria-valuenow', String(before + 40));

  // Another browser (no storage of this one): the width comes from the server with the user's preferences.
  const other = await browser.newContext({ baseURL: demoUrl });
  const page2 = await other.newPage();
  await signInReady(page2, 'admin');
  await openPatients(page2);
  await expect(page2.getByRole('separator', { name: 'Resize Phone' })).toHaveAttribute('aria-valuenow', String(before + 40));
  expect(await width(header(page2, 'Phone'))).toBeCloseTo(thBefore + 40, 0);
  await other.close();

  // Enter on the handle (focused as a click on it does): the kind's width again, saved.
  const again = page.getByRole('separator', { name: 'Resize Phone' });
  await again.focus();
  const reset = columnsSaved(page);
  await page.keyboard.press('Enter');
  await expect(again).toHaveAttribute('aria-valuenow', String(before));
  expect((await reset).request().postDataJSON().columns.patients?.widths?.phone).toBeUndefined();
});

test('a column hidden from the Columns menu by keyboard stays hidden after a reload; the palette opens the same menu', async ({ page }) => {
  await signInReady(page, 'superadmin');
  await openPatients(page);
  const button = page.getByRole('button', { name: 'Columns' });
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Columns' });
  await expect(menu.getByRole('menuitemcheckbox', { name: 'First name' })).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  const gender = menu.getByRole('menuitemcheckbox', { name: 'Gender' });
  await expect(gender).toBeFocused();
  const saved = columnsSaved(page);
  await page.keyboard.press('Space');
  await expect(gender).toHaveAttribute('aria-checked', 'false');
  await expect(header(page, 'Gender')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  expect((await saved).request().postDataJSON().columns.patients.hidden).toEqual(['gender']);

  await page.reload();
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await expect(header(page, 'Phone')).toBeVisible();
  await expect(header(page, 'Gender')).toHaveCount(0);

  // The palette's command opens the menu on its first column; Gender is shown again with the keyboard alone.
  await runCommand(page, 'Choose columns of this list');
  await expect(menu.getByRole('menuitemcheckbox', { name: 'First name' })).toBeFocused();
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Gender' })).toHaveAttribute('aria-checked', 'false');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  const shownAgain = columnsSaved(page);
  await page.keyboard.press('Space');
  await expect(header(page, 'Gender')).toBeVisible();
  await (await shownAgain).finished();

  // The last column shown cannot be hidden: hide all but First name, then Space on it changes nothing.
  await page.keyboard.press('Home');
  for (let i = 1; i < 7; i++) { await page.keyboard.press('ArrowDown'); await page.keyboard.press('Space'); }
  await page.keyboard.press('Home');
  await page.keyboard.press('Space');
  await expect(menu.getByRole('menuitemcheckbox', { name: 'First name' })).toHaveAttribute('aria-checked', 'true');
  await expect(menu.getByRole('menuitemcheckbox', { name: 'First name' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.locator('thead th')).toHaveCount(3); // checkbox, First name, actions
  // Reset columns (the last item): every column back.
  const reset = columnsSaved(page);
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(header(page, 'Gender')).toBeVisible();
  expect((await reset).request().postDataJSON().columns).toEqual({});
});

test('dates read dd/mm/yyyy with Indian money in English, and as French writes them in French', async ({ page }) => {
  await signInReady(page, 'superadmin');
  const answer = page.waitForResponse((r) => /\/api\/patients\?/.test(r.url()) && r.request().method() === 'GET');
  await openPatients(page);
  const first = (await (await answer).json()).data[0] as { dateOfBirth: string };
  const [y, m, d] = first.dateOfBirth.split('-');
  await expect(page.locator('tbody tr').nth(1).locator('td').nth(5)).toHaveText(`${d}/${m}/${y}`);

  await page.goto('/dashboard/appointments/all');
  const row = page.locator('tbody tr').nth(1);
  await expect(row.locator('td').nth(2)).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} (am|pm)$/);
  await expect(row.locator('td').nth(7)).toHaveText(/^₹[\d,]+\.\d{2}$/);

  await runCommand(page, 'Change language');
  await chooseOnPage(page, 'Français (French)');
  await expect(page.getByRole('heading', { name: /Rendez-vous/ })).toBeVisible();
  await expect(row.locator('td').nth(2)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await expect(row.locator('td').nth(7)).toHaveText(/^\d{1,3}([\s\u202f]\d{3})*,\d{2}[\s\u00a0]₹$/);

  // Back to English for the other tests of this user (the palette's name is French now: opened by its key).
  await page.keyboard.press('Control+k');
  await expect(page.locator('[data-palette-input]')).toBeFocused();
  await page.keyboard.type('Changer de langue');
  await expect(page.locator('[data-palette-item]').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await chooseOnPage(page, 'English (anglais)');
  await expect(page.getByRole('heading', { name: 'Appointments: All' })).toBeVisible();
});

// A tablet's width: under 600 px a list is a card list instead (phone-cards.spec.ts).
test('at 640 px the list scrolls sideways inside itself with the first column in place, and the page does not', async ({ page }) => {
  await signInReady(page, 'superadmin');
  await page.setViewportSize({ width: 640, height: 800 });
  await openPatients(page);
  const row = page.locator('tbody tr').nth(1);
  const firstName = row.locator('td').nth(1);
  const phone = row.locator('td').nth(3);
  const x = async (l: Locator) => (await l.boundingBox())!.x;
  const [nameX, headX, phoneX] = [await x(firstName), await x(header(page, 'First name')), await x(phone)];
  await page.locator('.grid-scroll').evaluate((el) => { el.scrollLeft = 300; });
  await expect.poll(() => x(phone)).toBeLessThan(phoneX - 200);
  // The first column (and its header) stays where it was, beside the row's checkbox.
  expect(await x(firstName)).toBe(nameX);
  expect(await x(header(page, 'First name'))).toBe(headX);
  // Readable widths: the first column's name and a phone number are whole, not "A…".
  expect(await firstName.evaluate((td) => td.scrollWidth <= td.clientWidth)).toBe(true);
  expect(await phone.evaluate((td) => td.scrollWidth <= td.clientWidth)).toBe(true);
  // The page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
