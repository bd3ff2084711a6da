import { entityPath, getEntity } from '../../src/registry';
import { expect, test, type Page } from './fixtures';
import { apiOf, unique } from './catalogue-helpers';
import { signInAs } from './helpers';

/**
 * Issue 38 §2, cells edited in place on a list, by keyboard: ←/→ put a cell cursor on the focused row, Enter or F2 edit
 * the cell, Tab moves along the row; the changes are held until saved together, each row with its version. Another
 * console changing a row meanwhile makes the cells both changed a conflict (theirs, yours), never overwritten; its change
 * to a row not being edited flows into the list. Letters typed on a cell that is only focused search, as before.
 */
const grid = (page: Page) => page.locator('#main [role="grid"]');
const rowOf = (page: Page, name: string) => page.locator('tbody tr').filter({ hasText: name });
const cellOf = (page: Page, id: number, field: string) => page.locator(`#cell-speciality-${id}-${field}`);

/** Selects what the focused editor holds and types over it. */
async function typeOver(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

test('cells of three rows held and saved together; a second console\'s changes meanwhile are conflicts, settled by keyboard', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'admin');
  const other = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(other, 'superadmin');
  const theirs = await apiOf(other);
  const prefix = unique('Grid');
  const [alpha, beta, gamma, omega] = await Promise.all(['Alpha', 'Beta', 'Gamma', 'Omega'].map((n, i) =>
    theirs.create('specialist', { name: `${prefix} ${n}`, sortOrder: i + 1, status: 'active' })));

  await page.goto(`/dashboard/speciality?q=${encodeURIComponent(prefix)}&sort=name`);
  await expect(page.getByText(/^4 records$/)).toBeVisible();
  await expect(grid(page)).toBeFocused();

  // Alpha: → → puts the cursor on Sort order; Enter edits it; Enter keeps the value, nothing saved yet.
  await page.keyboard.press('ArrowRight');
  await expect(cellOf(page, alpha.id, 'name')).toHaveAttribute('data-cursor', 'true');
  await expect(grid(page)).toHaveAttribute('aria-activedescendant', `cell-speciality-${alpha.id}-name`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const sortEditor = page.locator('#grid-edit-speciality-sortOrder');
  await expect(sortEditor).toBeFocused();
  await typeOver(page, '11');
  await page.keyboard.press('Enter');
  await expect(grid(page)).toBeFocused();
  await expect(cellOf(page, alpha.id, 'sortOrder')).toHaveAttribute('data-held', 'true');
  await expect(cellOf(page, alpha.id, 'sortOrder')).toHaveText('11');

  // Beta: ↓ keeps the column; F2 edits; Shift+Tab goes back along the row to Name.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('F2');
  await expect(sortEditor).toBeFocused();
  await typeOver(page, '22');
  await page.keyboard.press('Shift+Tab');
  const nameEditor = page.locator('#grid-edit-speciality-name');
  await expect(nameEditor).toBeFocused();
  await typeOver(page, `${prefix} Beta typed`);
  await page.keyboard.press('Enter');

  // Gamma: its Sort order.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await typeOver(page, '33');
  await page.keyboard.press('Enter');
  const bar = page.getByRole('region', { name: 'Changes not saved yet' });
  await expect(bar).toContainText('3 rows changed');
  // Nothing was written: the server still has the values as created.
  expect((await theirs.get(`/api/specialist/${alpha.id}`)).body.data).toMatchObject({ sortOrder: 1, version: alpha.version });

  // Meanwhile the other console changes Beta's and Gamma's Sort order, and renames Omega (a row not being edited).
  for (const [rec, sortOrder] of [[beta, 99], [gamma, 77]] as const) {
    expect((await theirs.put(`/api/specialist/${rec.id}`, { name: rec.name, sortOrder, status: 'active', version: rec.version })).status).toBe(200);
  }
  expect((await theirs.put(`/api/specialist/${omega.id}`, { name: `${prefix} Omega live`, sortOrder: 4, status: 'active', version: omega.version })).status).toBe(200);
  await expect(rowOf(page, `${prefix} Omega live`)).toHaveCount(1);
  // The rows being edited still show what was typed.
  await expect(cellOf(page, beta.id, 'sortOrder')).toHaveText('22');

  await bar.getByRole('button', { name: 'Save' }).click();
  await expect(bar).toContainText('2 cells were changed by someone else meanwhile');
  await expect(bar).toContainText('2 rows changed');
  const betaConflict = bar.locator(`[data-conflict-of="${beta.id}-sortOrder"]`);
  await expect(betaConflict).toContainText(`${prefix} Beta, Sort order:`);
  await expect(betaConflict).toContainText('Theirs: 99');
  await expect(betaConflict).toContainText('Yours: 22');
  await expect(cellOf(page, beta.id, 'sortOrder')).toHaveAttribute('data-conflict', 'true');
  // Alpha went; Beta and Gamma were not written over.
  expect((await theirs.get(`/api/specialist/${alpha.id}`)).body.data).toMatchObject({ sortOrder: 11 });
  expect((await theirs.get(`/api/specialist/${beta.id}`)).body.data).toMatchObject({ sortOrder: 99, name: `${prefix} Beta` });
  expect((await theirs.get(`/api/specialist/${gamma.id}`)).body.data).toMatchObject({ sortOrder: 77 });

  // By keyboard: Enter on a conflicted cell goes to its choices. Beta keeps mine, Gamma takes theirs.
  await grid(page).focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await expect(cellOf(page, beta.id, 'sortOrder')).toHaveAttribute('data-cursor', 'true');
  await page.keyboard.press('Enter');
  await expect(betaConflict.getByRole('button', { name: 'Take theirs' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(betaConflict.getByRole('button', { name: 'Keep mine' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(grid(page)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(bar.locator(`[data-conflict-of="${gamma.id}-sortOrder"]`).getByRole('button', { name: 'Take theirs' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cellOf(page, gamma.id, 'sortOrder')).toHaveText('77');
  await expect(bar).toContainText('1 row changed');

  // Ctrl+Enter on Beta's row saves it, at the version it now holds.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(bar).toHaveCount(0);
  await expect(page.getByText('1 row saved').first()).toBeVisible();
  expect((await theirs.get(`/api/specialist/${beta.id}`)).body.data).toMatchObject({ sortOrder: 22, name: `${prefix} Beta typed`, version: Number(beta.version) + 2 });
  expect((await theirs.get(`/api/specialist/${gamma.id}`)).body.data).toMatchObject({ sortOrder: 77, version: Number(gamma.version) + 1 });
  await other.context().close();
});

test('letters typed on a focused cell search; Esc drops an edit; a cell that may not be edited says why', async ({ page }) => {
  await signInAs(page, 'superadmin');
  const mine = await apiOf(page);
  const prefix = unique('Cells');
  const rec = await mine.create('specialist', { name: `${prefix} One`, sortOrder: 5, status: 'active' });
  await page.goto(`/dashboard/speciality?q=${encodeURIComponent(prefix)}`);
  await expect(page.getByText(/^1 record$/)).toBeVisible();

  // Esc in an editor drops what it typed.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('F2');
  await typeOver(page, '42');
  await page.keyboard.press('Escape');
  await expect(grid(page)).toBeFocused();
  await expect(cellOf(page, rec.id, 'sortOrder')).toHaveText('5');
  await expect(page.getByRole('region', { name: 'Changes not saved yet' })).toHaveCount(0);

  // A surname typed on a cell that is only focused goes to the search box; no editor opens, nothing is held.
  await page.keyboard.type('Chopra');
  await expect(page.locator('#list-filter')).toBeFocused();
  await expect(page.locator('#list-filter')).toHaveValue('Chopra');
  await expect(page.locator('.grid-editor')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Changes not saved yet' })).toHaveCount(0);
  expect((await mine.get(`/api/specialist/${rec.id}`)).body.data).toMatchObject({ name: `${prefix} One`, sortOrder: 5, version: rec.version });

  // A campaign's status moves by its actions: its cell says so, and Enter opens no editor there.
  const campaign = await mine.create('notification', { title: `${prefix} campaign`, body: 'Hello', audience: 'all', channel: 'email' });
  await page.goto(`${entityPath(getEntity('notification'))}?q=${encodeURIComponent(prefix)}`);
  await expect(page.getByText(/^1 record$/)).toBeVisible();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  const status = page.locator(`#cell-notification-${campaign.id}-status`);
  await expect(status).toHaveAttribute('data-cursor', 'true');
  await expect(status).toHaveAttribute('aria-describedby', 'grid-cell-note');
  await expect(page.locator('#grid-cell-note')).toHaveText('Status changes only through the record\'s actions');
  await page.keyboard.press('Enter');
  await expect(page.locator('.grid-editor')).toHaveCount(0);
  await expect(grid(page)).toBeFocused();
  // Esc takes the cursor away: Enter opens the record again, as before.
  await page.keyboard.press('Escape');
  await expect(grid(page)).toHaveAttribute('aria-activedescendant', `row-notification-${campaign.id}`);
});

test('on a phone, F2 edits the focused card in place; Ctrl+Enter saves it, Esc drops it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin');
  const mine = await apiOf(page);
  const prefix = unique('Card');
  const rec = await mine.create('specialist', { name: `${prefix} One`, sortOrder: 5, status: 'active' });
  await page.goto(`/dashboard/speciality?q=${encodeURIComponent(prefix)}`);
  const card = page.locator('.card-row').filter({ hasText: `${prefix} One` });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('button', { name: /Edit here/ })).toBeVisible();
  await expect(grid(page)).toBeFocused();

  await page.keyboard.press('F2');
  const editor = card.getByRole('group', { name: `Edit ${prefix} One` });
  await expect(editor.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(editor.getByLabel('Sort order')).toBeFocused();
  await typeOver(page, '8');
  await expect(page.getByRole('region', { name: 'Changes not saved yet' })).toContainText('1 row changed');
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Changes not saved yet' })).toHaveCount(0);
  expect((await mine.get(`/api/specialist/${rec.id}`)).body.data).toMatchObject({ sortOrder: 5, version: rec.version });

  await page.keyboard.press('F2');
  await page.keyboard.press('Tab');
  await typeOver(page, '9');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(editor).toHaveCount(0);
  await expect(grid(page)).toBeFocused();
  await expect.poll(async () => (await mine.get(`/api/specialist/${rec.id}`)).body.data.sortOrder).toBe(9);
});

test('a grid save is undone by Ctrl+Z, a row changed since is refused as stale and named; . repeats a one-cell save', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'admin');
  const other = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(other, 'superadmin');
  const theirs = await apiOf(other);
  const prefix = unique('Undo');
  const [alpha, beta, gamma] = await Promise.all(['Alpha', 'Beta', 'Gamma'].map((n, i) =>
    theirs.create('specialist', { name: `${prefix} ${n}`, sortOrder: i + 1, status: 'active' })));
  await page.goto(`/dashboard/speciality?q=${encodeURIComponent(prefix)}&sort=name`);
  await expect(page.getByText(/^3 records$/)).toBeVisible();
  await expect(grid(page)).toBeFocused();

  // Alpha's and Beta's Sort order held, saved together from the bar, then undone by Ctrl+Z from the grid.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await typeOver(page, '41');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await typeOver(page, '42');
  await page.keyboard.press('Enter');
  const bar = page.getByRole('region', { name: 'Changes not saved yet' });
  await expect(bar).toContainText('2 rows changed');
  await bar.getByRole('button', { name: 'Save' }).click();
  await expect(bar).toHaveCount(0);
  await expect(page.getByText('2 rows saved').first()).toBeVisible();
  expect((await theirs.get(`/api/specialist/${beta.id}`)).body.data).toMatchObject({ sortOrder: 42 });
  await grid(page).focus();
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Changes to 2 rows undone').first()).toBeVisible();
  await expect(cellOf(page, alpha.id, 'sortOrder')).toHaveText('1');
  await expect(cellOf(page, beta.id, 'sortOrder')).toHaveText('2');
  expect((await theirs.get(`/api/specialist/${alpha.id}`)).body.data).toMatchObject({ sortOrder: 1, version: Number(alpha.version) + 2 });
  expect((await theirs.get(`/api/specialist/${beta.id}`)).body.data).toMatchObject({ sortOrder: 2, name: `${prefix} Beta` });

  // Gamma saved by Ctrl+Enter; the other console changes it; Ctrl+Z is refused, said plainly, theirs kept.
  await page.keyboard.press('ArrowDown');
  await expect(cellOf(page, gamma.id, 'sortOrder')).toHaveAttribute('data-cursor', 'true');
  await page.keyboard.press('Enter');
  await typeOver(page, '43');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByText('1 row saved').first()).toBeVisible();
  const saved = (await theirs.get(`/api/specialist/${gamma.id}`)).body.data;
  expect(saved).toMatchObject({ sortOrder: 43 });
  expect((await theirs.put(`/api/specialist/${gamma.id}`, { name: `${prefix} Gamma theirs`, sortOrder: 43, status: 'active', version: saved.version })).status).toBe(200);
  await page.keyboard.press('Control+z');
  await expect(page.getByText('It could not be undone.').first()).toBeVisible();
  await expect(page.getByText(/Someone else changed it after you/).first()).toBeVisible();
  expect((await theirs.get(`/api/specialist/${gamma.id}`)).body.data).toMatchObject({ sortOrder: 43, name: `${prefix} Gamma theirs` });

  // The one-cell save of Gamma is what . repeats: on Alpha's row it sets Sort order to 43 (its own toast, its own save).
  await expect(rowOf(page, `${prefix} Gamma theirs`)).toHaveCount(1);
  await page.keyboard.press('Home');
  await page.keyboard.press('Escape');
  await page.keyboard.press('.');
  await expect.poll(async () => (await theirs.get(`/api/specialist/${alpha.id}`)).body.data.sortOrder).toBe(43);

  // Alpha's and Beta's saved together again; the other console renames Beta; Ctrl+Z puts Alpha back and names Beta.
  await expect(cellOf(page, alpha.id, 'sortOrder')).toHaveText('43');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await typeOver(page, '51');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await typeOver(page, '52');
  await page.keyboard.press('Enter');
  await expect(bar).toContainText('2 rows changed');
  await bar.getByRole('button', { name: 'Save' }).click();
  await expect(bar).toHaveCount(0);
  const betaSaved = (await theirs.get(`/api/specialist/${beta.id}`)).body.data;
  expect(betaSaved).toMatchObject({ sortOrder: 52 });
  expect((await theirs.put(`/api/specialist/${beta.id}`, { name: `${prefix} Beta theirs`, sortOrder: 52, status: 'active', version: betaSaved.version })).status).toBe(200);
  await grid(page).focus();
  await page.keyboard.press('Control+z');
  await expect(page.getByText(`Change to 1 row undone; not to ${prefix} Beta theirs.`).first()).toBeVisible();
  await expect(page.getByText(/Someone else changed it after you/).first()).toBeVisible();
  await expect.poll(async () => (await theirs.get(`/api/specialist/${alpha.id}`)).body.data.sortOrder).toBe(43);
  expect((await theirs.get(`/api/specialist/${beta.id}`)).body.data).toMatchObject({ sortOrder: 52, name: `${prefix} Beta theirs` });
  await other.context().close();
});

test('Discard of two rows\' changes asks first: Esc keeps them, Enter discards; one row\'s goes at once', async ({ page }) => {
  await signInAs(page, 'admin');
  const mine = await apiOf(page);
  const prefix = unique('Discard');
  const [alpha, beta] = await Promise.all(['Alpha', 'Beta'].map((n, i) =>
    mine.create('specialist', { name: `${prefix} ${n}`, sortOrder: i + 1, status: 'active' })));
  await page.goto(`/dashboard/speciality?q=${encodeURIComponent(prefix)}&sort=name`);
  await expect(page.getByText(/^2 records$/)).toBeVisible();
  await expect(grid(page)).toBeFocused();
  const holdSortOrder = async (value: string) => {
    await page.keyboard.press('Enter');
    await typeOver(page, value);
    await page.keyboard.press('Enter');
  };
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await holdSortOrder('51');
  await page.keyboard.press('ArrowDown');
  await holdSortOrder('52');
  const bar = page.getByRole('region', { name: 'Changes not saved yet' });
  await expect(bar).toContainText('2 rows changed');

  const discard = bar.getByRole('button', { name: 'Discard' });
  await discard.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Discard changes' });
  await expect(dialog).toContainText('Discard 2 rows\' changes?');
  await expect(dialog).toContainText(`${prefix} Alpha`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(bar).toContainText('2 rows changed');
  await expect(cellOf(page, beta.id, 'sortOrder')).toHaveText('52');

  await discard.focus();
  await page.keyboard.press('Enter');
  const confirm = dialog.getByRole('button', { name: 'Discard' });
  await expect(confirm).toBeFocused();
  await expect(confirm).toHaveAttribute('data-ready', 'true');
  await page.keyboard.press('Enter');
  await expect(bar).toHaveCount(0);
  await expect(cellOf(page, alpha.id, 'sortOrder')).toHaveText('1');
  await expect(cellOf(page, beta.id, 'sortOrder')).toHaveText('2');
  await expect(grid(page)).toBeFocused();

  // One row's changes: Discard drops them at once (nothing to undo was ever written).
  await holdSortOrder('53');
  await expect(bar).toContainText('1 row changed');
  await bar.getByRole('button', { name: 'Discard' }).click();
  await expect(bar).toHaveCount(0);
  await expect(dialog).toHaveCount(0);
  expect((await mine.get(`/api/specialist/${beta.id}`)).body.data).toMatchObject({ sortOrder: 2, version: beta.version });
});

test('a draft typed in a cell outlives its row scrolling out of the list\'s window', async ({ page }) => {
  await signInAs(page, 'admin');
  const mine = await apiOf(page);
  const prefix = unique('Long');
  const made = [];
  for (let i = 0; i < 80; i += 20) {
    made.push(...await Promise.all(Array.from({ length: 20 }, (_, j) =>
      mine.create('specialist', { name: `${prefix} ${String(i + j).padStart(3, '0')}`, sortOrder: i + j + 1, status: 'active' }))));
  }
  const first = made[0];
  await page.goto(`/dashboard/speciality?q=${encodeURIComponent(prefix)}&sort=name`);
  await expect(page.getByText(/^80 records$/)).toBeVisible();
  await expect(grid(page)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const editor = page.locator('#grid-edit-speciality-sortOrder');
  await expect(editor).toBeFocused();
  await typeOver(page, '777');

  // The wheel takes the list to its end: the first row leaves the window, its editor with it.
  const scroller = page.locator('.grid-scroll');
  await scroller.evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await expect(cellOf(page, first.id, 'sortOrder')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Changes not saved yet' })).toContainText('1 row changed');

  // Back at the top the editor is there again with the draft; Enter keeps it.
  await scroller.evaluate((el) => { el.scrollTop = 0; });
  await expect(editor).toHaveValue('777');
  await editor.focus();
  await page.keyboard.press('Enter');
  await expect(cellOf(page, first.id, 'sortOrder')).toHaveText('777');
  await expect(cellOf(page, first.id, 'sortOrder')).toHaveAttribute('data-held', 'true');
  expect((await mine.get(`/api/specialist/${first.id}`)).body.data).toMatchObject({ sortOrder: 1, version: first.version });
});

test('e on a row with held cells opens the form with them: Esc keeps them held in the list, Save writes them', async ({ page }) => {
  await signInAs(page, 'admin');
  const mine = await apiOf(page);
  const prefix = unique('Form');
  const [alpha, beta] = await Promise.all(['Alpha', 'Beta'].map((n, i) =>
    mine.create('specialist', { name: `${prefix} ${n}`, sortOrder: i + 1, status: 'active' })));
  await page.goto(`/dashboard/speciality?q=${encodeURIComponent(prefix)}&sort=name`);
  await expect(page.getByText(/^2 records$/)).toBeVisible();
  await expect(grid(page)).toBeFocused();
  // Beta's Sort order held, and Alpha's: then e on Alpha.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await typeOver(page, '62');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await typeOver(page, '61');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  const bar = page.getByRole('region', { name: 'Changes not saved yet' });
  await expect(bar).toContainText('2 rows changed');

  await page.keyboard.press('e');
  const form = page.getByRole('dialog', { name: 'Edit Speciality' });
  await expect(form.getByLabel('Sort order')).toHaveValue('61');
  await expect(form).toContainText('The cells you changed in the list are filled in below');
  // Closed untouched: no question, the cells still held in the list.
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(bar).toContainText('2 rows changed');
  await expect(cellOf(page, alpha.id, 'sortOrder')).toHaveText('61');

  await grid(page).focus();
  await page.keyboard.press('e');
  await expect(form.getByLabel('Sort order')).toHaveValue('61');
  await form.getByLabel('Sort order').focus();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(form).toHaveCount(0);
  await expect(bar).toContainText('1 row changed');
  await expect.poll(async () => (await mine.get(`/api/specialist/${alpha.id}`)).body.data.sortOrder).toBe(61);
  await expect(cellOf(page, beta.id, 'sortOrder')).toHaveText('62');
  expect((await mine.get(`/api/specialist/${beta.id}`)).body.data).toMatchObject({ sortOrder: 2, version: beta.version });
});
