import { expect, networkQuiet, test, type Locator, type Page } from './fixtures';
import { signInAs } from './helpers';

/**
 * Issue 10, point 9: at 390 px, on a touch phone, every screen works. No screen scrolls sideways as a whole (a wide
 * table scrolls inside its own box), every menu, panel and dialog opens inside the screen, the sidebar lies over the
 * page and goes once an entry is chosen (a tap, Enter), on Esc and on a tap outside it, and no keyboard hint (keys,
 * shortcut combos, "j/k to move" lines, a / in a search box, a rich-text field's Ctrl+B) takes room on a touch
 * screen. On the demo data, signed in as superadmin.
 */
test.use({ dataset: 'demo', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** The page does not scroll sideways: neither the document nor the console's scrolling page area (main). */
async function expectNoSideScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    return { doc: document.documentElement.scrollWidth, view: window.innerWidth, main: main.scrollWidth, mainView: main.clientWidth };
  });
  expect(widths.doc, 'the document is no wider than the screen').toBeLessThanOrEqual(widths.view);
  expect(widths.main, 'the page area does not scroll sideways').toBeLessThanOrEqual(widths.mainView);
}

/** The element lies wholly on the screen. */
async function expectOnScreen(page: Page, element: Locator) {
  await expect(element).toBeVisible();
  const box = (await element.boundingBox())!;
  const view = page.viewportSize()!;
  expect(box.x, 'left edge on screen').toBeGreaterThanOrEqual(0);
  expect(box.y, 'top edge on screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right edge on screen').toBeLessThanOrEqual(view.width);
  expect(box.y + box.height, 'bottom edge on screen').toBeLessThanOrEqual(view.height);
}

/** No keyboard hint is shown: keys, shortcut combos, the palette's key line, the "j/k to move" lines of screens and lists. */
async function expectNoKeyHints(page: Page) {
  await expect(page.locator('kbd:visible, .combo-keys:visible, .key-hint:visible, .palette .foot:visible')).toHaveCount(0);
}

/** A screen opened by its address, once its heading shows. */
async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

const menuButton = (page: Page) => page.getByRole('button', { name: 'Toggle menu' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test('the top bar, the user menu, the notification panel and preferences fit a phone, without key hints', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(page.locator('.figure').first()).toBeVisible();
  await expectNoSideScroll(page);
  await expectNoKeyHints(page);
  // The top bar's buttons are all on screen.
  for (const button of [menuButton(page), page.getByRole('button', { name: 'Search or run a command' }), page.getByRole('button', { name: /^Notifications/ }), page.getByRole('button', { name: 'User menu' })]) {
    await expectOnScreen(page, button);
  }

  await page.getByRole('button', { name: 'User menu' }).tap();
  const userMenu = page.getByRole('menu');
  await expectOnScreen(page, userMenu);
  await userMenu.getByRole('menuitem', { name: 'Preferences' }).tap();
  const prefs = page.getByRole('dialog', { name: 'Preferences' });
  await expectOnScreen(page, prefs);
  await expectNoSideScroll(page);
  await prefs.getByRole('button', { name: 'Close' }).tap();
  await expect(prefs).toHaveCount(0);

  await page.getByRole('button', { name: /^Notifications/ }).tap();
  const panel = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(panel.locator('[data-notice]').first()).toBeVisible();
  await expectNoKeyHints(page);
  await expectOnScreen(page, panel);
  // A tap outside it closes it.
  await page.touchscreen.tap(195, 760);
  await expect(panel).toHaveCount(0);
});

test('the sidebar lies over the page and goes after a choice, on Esc and on a tap outside it', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await expect(sidebar(page)).toBeHidden();

  // A tap on an entry opens its page and closes the sidebar, so the page is seen.
  await menuButton(page).tap();
  await expectOnScreen(page, sidebar(page));
  await sidebar(page).getByRole('button', { name: 'People' }).tap();
  await sidebar(page).getByRole('link', { name: 'Patients', exact: true }).tap();
  await page.waitForURL('**/dashboard/patients');
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
  await expect(sidebar(page)).toBeHidden();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expectNoSideScroll(page);

  // Opened again, it takes the focus (on the page in view); Esc closes it and gives the focus back to the menu button.
  await menuButton(page).tap();
  await expect(sidebar(page).getByRole('link', { name: 'Patients', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(sidebar(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
  await expect(page).toHaveURL(/\/dashboard\/patients$/);

  // A tap on the page beside it closes it and presses nothing there (the page under the tap stays the same).
  await menuButton(page).tap();
  await expect(sidebar(page)).toBeVisible();
  await page.touchscreen.tap(370, 400);
  await expect(sidebar(page)).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/patients$/);

  // With the keyboard: Enter opens it, Tab reaches another entry, Enter chooses it and the sidebar goes.
  await menuButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(sidebar(page).getByRole('link', { name: 'Patients', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  const next = sidebar(page).locator('a:focus');
  await expect(next).toHaveText('Admin users');
  const href = (await next.getAttribute('href'))!;
  await page.keyboard.press('Enter');
  await page.waitForURL(`**${href}`);
  await expect(sidebar(page)).toBeHidden();
  // The focus went to the page opened, not back to the start of the document.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
});

test('a list, a record, an add form and the palette fit a phone, without key hints', async ({ page }) => {
  await signInAs(page, 'superadmin');

  await open(page, '/dashboard/patients', 'Patients');
  // Under 600 px the rows are cards (phone-cards.spec.ts).
  await expect(page.locator('.card-row[data-focused]').first()).toBeVisible();
  await expectNoSideScroll(page);
  // The footer's "j/k to move" line goes, and the search box's placeholder names no / key.
  await expect(page.locator('#list-keys')).toBeHidden();
  await expect(page.locator('#list-filter')).toHaveAttribute('placeholder', 'Type to filter…');
  await expectNoKeyHints(page);

  // A record: its page and its status history fit.
  await page.locator('.card-row[data-focused]').first().tap();
  await page.waitForURL(/\/dashboard\/patients\/view\/\d+$/);
  await expect(page.locator('dl.details')).toBeVisible();
  await expectNoSideScroll(page);
  await expectNoKeyHints(page);

  // An add form with many fields: the dialog is on screen, its fields as wide as it, Save and Cancel reachable.
  await page.goto('/dashboard/doctor/add');
  const form = page.getByRole('dialog', { name: 'Add Doctor' });
  await expectOnScreen(page, form);
  await expect(form.getByLabel(/^First name/)).toBeFocused();
  await expectOnScreen(page, form.getByRole('button', { name: 'Save' }));
  await expectOnScreen(page, form.getByRole('button', { name: 'Cancel' }));
  expect(await form.locator('.body').evaluate((b) => b.scrollWidth <= b.clientWidth), 'the form does not scroll sideways').toBe(true);
  await expectNoSideScroll(page);
  await expectNoKeyHints(page);
  await form.getByRole('button', { name: 'Cancel' }).tap();

  // A rich-text field: the editor's keys (Ctrl+B…) are not offered, the note on scripts still is.
  await page.goto('/dashboard/faq/add');
  const faq = page.getByRole('dialog', { name: 'Add FAQ' });
  await expect(faq.getByText('Scripts are removed when saved.')).toBeVisible();
  await expect(faq.getByText(/Ctrl\+B/)).toBeHidden();
  await expectNoKeyHints(page);
  await faq.getByRole('button', { name: 'Cancel' }).tap();

  // The palette: on screen, its results without shortcut keys, no key line under them.
  await page.getByRole('button', { name: 'Search or run a command' }).tap();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expectOnScreen(page, palette);
  await page.keyboard.type('patients');
  await expect(palette.getByRole('option', { name: /Open Patients/ })).toBeVisible();
  await expectOnScreen(page, palette);
  expect(await palette.locator('[data-palette-list]').evaluate((l) => l.scrollWidth <= l.clientWidth), 'the results do not scroll sideways').toBe(true);
  await expectNoKeyHints(page);
});

test('the bespoke screens, settings and a page not found fit a phone; wide tables scroll in their own box', async ({ page }) => {
  await signInAs(page, 'superadmin');

  // A worklist: its table keeps readable columns and scrolls sideways inside its box, not the page.
  await open(page, '/dashboard/notifications/patientInCompleteProfile', 'Patients: incomplete profile');
  const box = page.locator('.screen .grid');
  await expect(box.locator('tbody tr').first()).toBeVisible();
  expect(await box.evaluate((b) => b.scrollWidth > b.clientWidth), 'the table scrolls inside its own box').toBe(true);
  await expectNoSideScroll(page);
  await expectNoKeyHints(page);

  for (const [path, heading] of [
    ['/dashboard/fmc/dashboard', 'Dashboard'],
    ['/dashboard/fmc/fmclogs', 'Activity log'],
    ['/dashboard/fmc/drpatient', 'Patients seen'],
    ['/dashboard/userProfile', 'User profile and settings'],
  ] as const) {
    await open(page, path, heading);
    await networkQuiet(page);
    await expectNoSideScroll(page);
    await expectNoKeyHints(page);
  }

  // The not-found page inside the console: its card fits beside nothing.
  await page.goto('/dashboard/no-such-screen');
  await expectOnScreen(page, page.locator('main .card'));
  await expectNoSideScroll(page);
});

test.describe('a keyboard on a wide screen', () => {
  test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false });

  test('keeps its key hints and the sidebar beside the page', async ({ page }) => {
    await signInAs(page, 'superadmin');
    await expect(page.getByRole('button', { name: 'Search or run a command' }).locator('kbd')).toBeVisible();
    await expect(page.getByText(/^Press Ctrl K to search/)).toBeVisible();
    await expect(sidebar(page)).toBeVisible();
    // Choosing an entry keeps it open: it is no overlay here.
    await sidebar(page).getByRole('button', { name: 'People' }).click();
    await sidebar(page).getByRole('link', { name: 'Patients', exact: true }).click();
    await page.waitForURL('**/dashboard/patients');
    await expect(sidebar(page)).toBeVisible();
    await expect(page.locator('.sidebar-scrim')).toBeHidden();
    // The list's key line and the / of its search box, and a rich-text field's keys, are there for the keyboard.
    await expect(page.locator('#list-keys')).toContainText(/j\/k to move/);
    await expect(page.locator('#list-filter')).toHaveAttribute('placeholder', 'Type to filter…  /');
    await page.goto('/dashboard/faq/add');
    const faq = page.getByRole('dialog', { name: 'Add FAQ' });
    await expect(faq.getByText(/^Ctrl\+B bold/)).toBeVisible();
    await expect(faq.getByText('Scripts are removed when saved.')).toBeVisible();
  });
});
