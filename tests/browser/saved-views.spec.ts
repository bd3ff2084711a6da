import { expect, test, type Page } from './fixtures';
import { apiOf } from './catalogue-helpers';
import { openPalette, runCommand } from './helpers';
import { begunConfirmedPath, signInReady, tabTo } from './workflow-helpers';

/**
 * Issue 21 §4 and §5, keyboard only: a list saved as a view is found in the palette's Views and in the sidebar and
 * opens as saved; `.` repeats the last move, so Shift+M then `j` `.` four times marks five appointments missed.
 */
test.use({ dataset: 'demo' });

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const group = (page: Page, heading: string) => palette(page).locator('[data-palette-group]').filter({ has: page.locator('[data-palette-group-heading]', { hasText: heading }) });
const focusedRow = (page: Page) => page.locator('tbody tr[data-focused="true"]');

test('a list saved as a view is in the palette and the sidebar, and opens as saved', async ({ page }) => {
  await signInReady(page, 'admin');
  const address = '/dashboard/appointments/missed?filter[mode]=video';
  await page.goto(address);
  await expect(focusedRow(page)).toBeVisible();

  await runCommand(page, 'Save this view');
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  await expect(dialog).toBeVisible();
  // The name field has the focus, the list's title in it selected: typing replaces it.
  const name = `Missed video calls ${test.info().parallelIndex}-${Date.now() % 100_000}`;
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type(name);
  // Shared with the superadmin: Tab to the role and Space; then Enter in the shortcut field saves.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('checkbox', { name: 'Super admin' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Shortcut (optional)')).toBeFocused();
  await page.keyboard.type('g v 1');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`View saved: ${name}`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Stored as the list's address, shared with the superadmin.
  const views = (await (await apiOf(page)).get('/api/views')).body.data as { name: string; address: string; shared: string[]; mine: boolean }[];
  expect(views.find((v) => v.name === name)).toMatchObject({ address, shared: ['superadmin'], mine: true });

  // Elsewhere, the palette lists it under Views; Enter on it opens the list as saved. (k first: on the list's rows its
  // letters act, and g h goes home; typed on a list's arrival they would be a search.)
  await page.keyboard.press('k');
  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await page.waitForURL(/\/dashboard$/);
  await openPalette(page);
  const line = group(page, 'Views').locator('[data-palette-item]', { hasText: name });
  await expect(line).toBeVisible();
  await page.keyboard.type(name);
  await expect(palette(page).locator('[data-palette-item][data-selected="true"]')).toContainText(name);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => `${url.pathname}${decodeURIComponent(url.search)}` === address);
  await expect(page.getByRole('heading', { name: 'Appointments: Missed' })).toBeVisible();

  // The sidebar has it under Appointments, after the lists by status; from home it opens the same list.
  const sidebar = page.getByRole('navigation', { name: 'Main menu' });
  const link = sidebar.getByRole('link', { name: `Saved view: ${name}` });
  await expect(link).toBeVisible();
  await page.keyboard.press('k');
  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await page.waitForURL(/\/dashboard$/);
  const appointments = sidebar.getByRole('button', { name: 'Appointments' });
  if ((await appointments.getAttribute('aria-expanded')) !== 'true') await appointments.click();
  await link.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => `${url.pathname}${decodeURIComponent(url.search)}` === address);

  // Its shortcut opens it from anywhere.
  await page.keyboard.press('k');
  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await page.waitForURL(/\/dashboard$/);
  await page.keyboard.press('g');
  await page.keyboard.press('v');
  await page.keyboard.press('1');
  await page.waitForURL((url) => `${url.pathname}${decodeURIComponent(url.search)}` === address);

  // Renamed from the palette, then deleted: gone from the sidebar.
  await runCommand(page, 'Rename or share a saved view');
  await page.keyboard.type(name);
  await expect(palette(page).locator('[data-palette-item]').first()).toHaveText(name);
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Saved view' });
  await expect(edit.getByLabel('Name')).toBeFocused();
  await page.keyboard.type(`${name} (renamed)`);
  await page.keyboard.press('Enter');
  await expect(sidebar.getByRole('link', { name: `Saved view: ${name} (renamed)` })).toBeVisible();
  await runCommand(page, 'Delete a saved view');
  await page.keyboard.type(`${name} (renamed)`);
  await expect(palette(page).locator('[data-palette-item]').first()).toHaveText(`${name} (renamed)`);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Saved view deleted')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
});

test('Shift+M on the focused row, then j and . four times: five appointments marked missed without leaving the keyboard', async ({ page }) => {
  await signInReady(page, 'admin');
  // The confirmed ones whose time has come: an appointment is marked missed from its day on.
  await page.goto(begunConfirmedPath());
  await expect(focusedRow(page)).toBeVisible();
  const idOf = async () => Number((await focusedRow(page).getAttribute('id'))!.split('-').pop());

  const moved: number[] = [];
  await expect(focusedRow(page)).toContainText('Confirmed');
  moved.push(await idOf());
  await page.keyboard.press('k'); // on the rows first: a letter typed on arrival is a search
  await page.keyboard.press('Shift+M');
  await expect(focusedRow(page)).toContainText('Missed');
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('j');
    // The row before stays in the list, moved, so j reaches the next one.
    await expect.poll(idOf).not.toBe(moved[moved.length - 1]);
    await expect(focusedRow(page)).toContainText('Confirmed');
    moved.push(await idOf());
    await page.keyboard.press('.');
    await expect(focusedRow(page)).toContainText('Missed');
  }
  expect(new Set(moved).size).toBe(5);

  // The server has them missed; the next row is untouched, and the palette offers the repeat first.
  const api = await apiOf(page);
  for (const id of moved) expect((await api.get(`/api/appointments/${id}`)).body.data.status, `appointment ${id}`).toBe('missed');
  await page.keyboard.press('j');
  await expect(focusedRow(page)).toContainText('Confirmed');
  await openPalette(page);
  const first = palette(page).locator('[data-palette-item]').first();
  await expect(first).toContainText('Repeat: Mark appointment missed');
  await expect(first).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Escape');
});

test('an edit that changed one field is repeated on the next row with j and .', async ({ page }) => {
  await signInReady(page, 'superadmin');
  await runCommand(page, 'Open Support tickets');
  await page.waitForURL('**/dashboard/fmc/support/ticket');
  await expect(focusedRow(page)).toBeVisible();
  const api = await apiOf(page);
  const rows = page.locator('tbody tr[id^="row-supportTicket-"]');
  const ids = await rows.evaluateAll((trs) => trs.slice(0, 2).map((tr) => Number(tr.id.split('-').pop())));
  const priorities = await Promise.all(ids.map(async (id) => (await api.get(`/api/supportTicket/${id}`)).body.data.priority as string));
  // A priority neither of the two first tickets has: the repeat is seen to change the second.
  const value = ['low', 'medium', 'high', 'urgent'].find((p) => !priorities.includes(p))!;
  const label = value[0].toUpperCase() + value.slice(1);

  // e edits the focused ticket (on the rows first: a letter typed on arrival is a search): only its priority changes,
  // and Ctrl+Enter saves it.
  await page.keyboard.press('k');
  await page.keyboard.press('e');
  const form = page.getByRole('dialog');
  await expect(form.getByLabel('Subject')).toBeVisible();
  await form.getByLabel('Priority').focus();
  await form.getByLabel('Priority').selectOption(value);
  await page.keyboard.press('Control+Enter');
  await expect(form).toBeHidden();
  expect((await api.get(`/api/supportTicket/${ids[0]}`)).body.data.priority).toBe(value);

  // Back on the list, the edited ticket leads it (latest change first): j, then . sets the next one's priority.
  await expect(rows.first()).toHaveAttribute('id', `row-supportTicket-${ids[0]}`);
  await page.keyboard.press('j');
  await expect(focusedRow(page)).toHaveAttribute('id', `row-supportTicket-${ids[1]}`);
  await openPalette(page);
  await expect(palette(page).locator('[data-palette-item]').first()).toContainText(`Repeat: Set Priority to ${label}`);
  await page.keyboard.press('Escape');
  await page.keyboard.press('.');
  await expect.poll(async () => (await api.get(`/api/supportTicket/${ids[1]}`)).body.data.priority).toBe(value);
  await expect(focusedRow(page)).toContainText(label);
});

test('reminders sent on a worklist are repeated on the focused row with j and .', async ({ page }) => {
  await signInReady(page, 'admin');
  await runCommand(page, 'Open patients with incomplete profiles');
  await page.waitForURL('**/dashboard/notifications/patientInCompleteProfile');
  const focused = page.locator('tbody tr[data-focused="true"]');
  await expect(focused).toBeVisible();
  // The worklist's rows take the keyboard once Tab reaches them.
  await tabTo(page, page.getByRole('grid', { name: 'Patients: incomplete profile' }));
  const result = /Sent by|Already reminded today|not sent|No longer on this list/;
  // On the rows (a letter typed on arrival is a search), x selects, r asks before sending, Enter sends.
  await page.keyboard.press('k');
  await page.keyboard.press('x');
  await page.keyboard.press('r');
  await confirmSend(page);
  await expect(focused).toContainText(result);
  for (let i = 0; i < 2; i++) {
    await page.keyboard.press('j');
    await expect(focused).not.toContainText(result);
    await page.keyboard.press('.');
    await confirmSend(page);
    await expect(focused).toContainText(result);
  }
});

/** Reminders are messages, asked about first: Enter on Send, once the question has settled (ui/confirm-action.tsx). */
async function confirmSend(page: Page) {
  const ask = page.getByRole('dialog', { name: 'Send reminders?' });
  await expect(ask.getByRole('button', { name: 'Send reminder' })).toBeFocused();
  await expect(ask.getByRole('button', { name: 'Send reminder' })).toHaveAttribute('data-ready', 'true');
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
}
