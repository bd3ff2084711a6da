import { apiOf } from './catalogue-helpers';
import { expect, test, type Page } from './fixtures';
import { runCommand } from './helpers';
import { begunConfirmedPath, signInReady } from './workflow-helpers';

/**
 * Issue 33, one key never does harm: each move made by its key offers Undo for a while, and Ctrl+Z takes it back by the
 * server; a move that cannot be taken back asks first, naming the record; a key that cannot act says why; the server's
 * refusal of a move ahead of its day is said. Keyboard only, on the demo console.
 */
test.use({ dataset: 'demo' });

const focusedRow = (page: Page) => page.locator('tbody tr[data-focused="true"]');
const grid = (page: Page) => page.getByRole('grid');
/** The status cell of the focused row, as the list shows it (the column headed Status). */
const statusCell = (page: Page) => focusedRow(page).locator('td').nth(statusColumn);
let statusColumn = -1;
async function findStatusColumn(page: Page) {
  statusColumn = await page.locator('thead th').evaluateAll((ths) => ths.findIndex((th) => th.getAttribute('aria-label') === 'Status'));
  expect(statusColumn).toBeGreaterThan(0);
}

/** Opens `path` and moves on its rows (k keeps the top row): the grid's letters act from there. */
async function onRows(page: Page, path: string) {
  await page.goto(path);
  await expect(focusedRow(page)).toBeVisible();
  await expect(grid(page)).toBeFocused();
  await findStatusColumn(page);
  await page.keyboard.press('k');
}

/** `key` makes the move on the focused row; its toast says so; Ctrl+Z takes it back; the server has it as before. */
async function moveAndUndo(page: Page, key: string, before: string, after: string, entity: string) {
  const api = await apiOf(page);
  const id = Number((await focusedRow(page).getAttribute('id'))!.split('-').pop());
  await expect(statusCell(page)).toHaveText(before);
  await page.keyboard.press(key);
  await expect(statusCell(page)).toHaveText(after);
  await expect(page.getByRole('button', { name: 'Undo' }).first()).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(page.getByText(/: undone$/).first()).toBeVisible();
  await expect.poll(async () => (await api.get(`/api/${entity}/${id}`)).body.data.status).toBe(before.toLowerCase().replace(/ /g, '_'));
  await expect(grid(page)).toBeFocused();
}

test('appointments: Shift+M and Shift+C on a row whose day has come, each undone with Ctrl+Z', async ({ page }) => {
  await signInReady(page, 'admin');
  await onRows(page, begunConfirmedPath());
  await moveAndUndo(page, 'Shift+M', 'Confirmed', 'Missed', 'appointments');
  await moveAndUndo(page, 'Shift+C', 'Confirmed', 'Completed', 'appointments');
});

test('payments: Shift+R and Shift+X undone with Ctrl+Z; Shift+C asks first, naming the payment, and is not undone', async ({ page }) => {
  await signInReady(page, 'admin');
  await onRows(page, '/dashboard/payment/pending');
  await moveAndUndo(page, 'Shift+R', 'Pending', 'Rejected', 'payment');
  await moveAndUndo(page, 'Shift+X', 'Pending', 'Cancelled', 'payment');

  // Completing issues a tax invoice: it asks, naming the payment by its number; Esc leaves it pending. The row shows
  // its undone status first: a key pressed while the list still holds the cancelled row has nothing to act on.
  await expect(statusCell(page)).toHaveText('Pending');
  const number = (await focusedRow(page).locator('td').nth(1).innerText()).trim();
  await page.keyboard.press('Shift+C');
  const ask = page.getByRole('dialog', { name: 'Mark payment completed' });
  await expect(ask).toContainText(number);
  await expect(ask).toContainText('It cannot be undone');
  await expect(ask.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(statusCell(page)).toHaveText('Pending');
});

test('tickets: Shift+S undone with Ctrl+Z', async ({ page }) => {
  await signInReady(page, 'superadmin');
  await onRows(page, '/dashboard/fmc/support/ticket?filter[status]=open');
  await moveAndUndo(page, 'Shift+S', 'Open', 'In progress', 'supportTicket');
});

test('a move key that cannot act says why; a completion ahead of its day is refused by the server, said plainly', async ({ page }) => {
  await signInReady(page, 'admin');
  // A completed appointment: Shift+C does not apply to it, and the toast says so.
  await runCommand(page, 'Appointments: Completed');
  await page.waitForURL('**/dashboard/appointments/completed');
  await expect(focusedRow(page)).toBeVisible();
  await findStatusColumn(page);
  await page.keyboard.press('k');
  await page.keyboard.press('Shift+C');
  await expect(page.getByText(/This appointment is completed: Mark appointment completed applies only when it is confirmed\./i)).toBeVisible();

  // A confirmed appointment days ahead: the server refuses, naming its day.
  const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString();
  await onRows(page, `/dashboard/appointments/confirmed?filter[scheduledAt]=${ahead}..&sort=scheduledAt:asc`);
  await page.keyboard.press('Shift+C');
  await expect(page.getByText(/can be marked completed from that day on/).first()).toBeVisible();
  await expect(statusCell(page)).toHaveText('Confirmed');
});

test('Esc from the search box moves on the rows: a letter that is no key then still searches', async ({ page }) => {
  await signInReady(page, 'admin');
  await page.goto('/dashboard/speciality');
  await expect(focusedRow(page)).toBeVisible();
  await expect(page.locator('#list-keys')).toContainText('Typing a name searches');
  await page.keyboard.press('/');
  await page.keyboard.press('Escape');
  await expect(grid(page)).toBeFocused();
  await expect(page.locator('#list-keys')).not.toContainText('Typing a name searches');
  // x acts now (it selects); "a" is no key of the list: it starts a search with what follows it.
  await page.keyboard.press('x');
  await expect(focusedRow(page)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.type('ardio');
  await expect(page.locator('#list-filter')).toHaveValue('ardio');
  await expect(page.locator('#list-filter')).toBeFocused();
});
