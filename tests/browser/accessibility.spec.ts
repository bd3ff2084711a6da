import { expect, test, type Page } from './fixtures';
import type { Result } from 'axe-core';
import { axeViolations, putTheme, SERIOUS } from './axe';
import { openPalette, signInAs } from './helpers';

/**
 * Issue 10, point 10: axe-core on every kind of screen, in the light, dark and high-contrast themes, on the demo
 * data; any serious or critical finding fails the test. The rules: WCAG 2.0–2.2 A and AA, axe's best practices (a
 * serious one there, such as a dialog without a name, is as real to a screen-reader user), and
 * label-content-name-mismatch (WCAG 2.5.3, shipped as experimental, so off unless named). One signed-in page per role
 * and theme walks through its screens, so a run costs a few sign-ins, not one per screen.
 */
test.use({ dataset: 'demo', locale: 'en-US', timezoneId: 'Asia/Kolkata', viewport: { width: 1440, height: 900 } });

const THEMES = ['themedefault', 'dark', 'contrast'] as const;
type Theme = (typeof THEMES)[number];

/** What one theme's run found: the screens it checked, and their serious or critical findings, described. */
interface Report { theme: Theme; screens: string[]; failures: string[] }

/** A finding as the failure prints it: rule, impact, how many elements, and the first few with what is wrong. */
function describe(screen: string, v: Result): string {
  const targets = v.nodes.slice(0, 6).map((n) => `      ${n.target.join(' ')}  ${(n.failureSummary ?? '').split('\n')[1]?.trim() ?? ''}`);
  const more = v.nodes.length > 6 ? [`      … and ${v.nodes.length - 6} more`] : [];
  return [`  ${screen}: ${v.id} (${v.impact}, ${v.nodes.length}) ${v.help}`, ...targets, ...more].join('\n');
}

/** Runs axe on the page as it is now, notes what it finds under `screen` and prints a line for it. */
async function check(page: Page, report: Report, screen: string) {
  const violations = await axeViolations(page);
  const bad = violations.filter((v) => SERIOUS.has(v.impact ?? ''));
  const lesser = violations.filter((v) => !SERIOUS.has(v.impact ?? '')).map((v) => `${v.id} (${v.impact})`);
  report.screens.push(screen);
  report.failures.push(...bad.map((v) => describe(screen, v)));
  const found = bad.length ? bad.map((v) => `${v.id} (${v.impact}, ${v.nodes.length})`).join(', ') : 'nothing serious';
  console.log(`  ${report.theme} · ${screen}: ${found}${lesser.length ? `; also ${lesser.join(', ')}` : ''}`);
}

/** Sets the theme through the user's preferences (PUT /api/me/prefs, as the preferences dialog does) and reloads. */
async function chooseTheme(page: Page, theme: Theme) {
  await putTheme(page, theme);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.getByRole('button', { name: 'Search or run a command' })).toBeVisible();
}

/** Opens an address of the console as a bookmark would, and waits for its heading. */
async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
}

/** Esc closes every dialog at once, the palette too (its box is a combobox that always says it is expanded). */
async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Superadmin's screens: every kind of screen the console has, most of them once. */
async function superadminScreens(page: Page, report: Report) {
  await check(page, report, 'home (superadmin)');

  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await check(page, report, 'user menu');
  await page.keyboard.press('Escape');

  await page.locator('[data-notifications-toggle]').click();
  await expect(page.locator('#notification-panel li').first()).toBeVisible();
  await check(page, report, 'notification panel');
  await page.keyboard.press('Escape');

  // The palette while its record search is on the way (held here), then with the records in.
  let release = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/api/search?*', async (route) => { await held; await route.continue(); });
  await openPalette(page);
  await page.keyboard.type('pat');
  await expect(page.locator('[data-palette-loading]')).toBeVisible();
  await expect(page.locator('[data-palette-item]').nth(2)).toBeVisible();
  await check(page, report, 'palette, searching');
  release();
  await expect(page.locator('[data-palette-loading]')).toHaveCount(0);
  await expect(page.locator('[data-palette-item]').filter({ hasText: 'Patient' }).first()).toBeVisible();
  await check(page, report, 'palette with results');
  await closeDialog(page);
  await page.unroute('**/api/search?*');

  await page.locator('body').press('Shift+Slash');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await check(page, report, 'shortcut sheet');
  await closeDialog(page);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Preferences' }).click();
  await expect(page.getByRole('dialog', { name: 'Preferences' })).toBeVisible();
  await check(page, report, 'preferences dialog');
  await closeDialog(page);

  await open(page, '/dashboard/userProfile', 'Settings');
  await check(page, report, 'settings (userProfile)');

  await open(page, '/dashboard/appointments/confirmed', 'Appointments: Confirmed');
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await check(page, report, 'list (appointments)');
  // Space: the focused row's record beside the list (its peek); then the same list as cards on a phone's width.
  await page.getByRole('grid').press('Space');
  await expect(page.getByRole('complementary', { name: /^Appointment: / }).getByRole('region', { name: 'Status history' })).toBeVisible();
  await check(page, report, 'list with a peek (appointment)');
  await page.getByRole('grid').press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.card-row[data-focused="true"]')).toBeVisible();
  await check(page, report, 'list as cards (390 px)');
  await page.setViewportSize({ width: 1440, height: 900 });

  await open(page, '/dashboard/patients', 'Patients');
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await check(page, report, 'list (patients)');

  // A details page with its moves, then a move that asks for a reason.
  await open(page, '/dashboard/appointments/confirmed', 'Appointments: Confirmed');
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await page.getByRole('grid').press('Enter');
  await page.waitForURL(/\/dashboard\/appointments\/view\/\d+$/);
  const moves = page.getByRole('group', { name: 'Actions on this record' });
  await expect(moves.getByRole('button').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status history' })).toBeVisible();
  await check(page, report, 'details (appointment)');
  await moves.getByRole('button', { name: 'Cancel appointment…' }).click();
  await expect(page.getByRole('dialog', { name: 'Cancel appointment' })).toBeVisible();
  await check(page, report, 'transition dialog (cancel, with a reason)');
  // A reason typed, then a command that would leave the page: it asks first.
  await page.keyboard.type('Patient asked');
  await openPalette(page);
  await page.keyboard.type('go to home');
  await expect(page.locator('[data-palette-item]').first()).toContainText('Go to home');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await check(page, report, 'leave question (a move dialog holding a reason)');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toHaveCount(0);
  // The move dialog still holds the reason: its own Esc asks again, and Leave drops it.
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A verification request under review: its documents beside it, then a scan open in the viewer.
  await open(page, '/dashboard/requestVerification/requested', 'Verification requests: Waiting for review');
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await page.getByRole('grid').press('Enter');
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByRole('button').first()).toBeVisible();
  await check(page, report, 'details (verification request, its documents)');
  await documents.getByRole('button').filter({ has: page.locator('.doc-kind', { hasText: 'IMG' }) }).first().click();
  await expect(page.getByRole('dialog').getByRole('img')).toBeVisible();
  await check(page, report, 'document viewer (a scan)');
  await closeDialog(page);

  // Forms: references, enums, a date and money (a doctor); rich text (a content page).
  await open(page, '/dashboard/doctor', 'Doctors');
  await page.getByRole('grid').press('c');
  const doctor = page.getByRole('dialog', { name: 'Add Doctor' });
  await expect(doctor).toBeVisible();
  await check(page, report, 'form (add doctor)');
  await doctor.getByRole('combobox', { name: /^Qualification/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(doctor.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await check(page, report, 'form, a reference select open');
  await page.keyboard.press('Escape'); // the list first
  await expect(doctor.getByRole('listbox')).toHaveCount(0);
  await closeDialog(page);
  await open(page, '/dashboard/about', 'About');
  await page.getByRole('grid').press('c');
  const about = page.getByRole('dialog', { name: /^Add About/ });
  await expect(about.locator('.ProseMirror')).toBeVisible();
  await check(page, report, 'form (add content page, rich text)');
  await closeDialog(page);

  await open(page, '/dashboard/notifications/doctorNotAddedPrescription', /prescription/i);
  await expect(page.locator('main li, main tbody tr').first()).toBeVisible();
  await check(page, report, 'worklist (doctors without a prescription)');

  await open(page, '/dashboard/fmc/fmclogs', 'Activity log');
  await expect(page.locator('main li').first()).toBeVisible();
  await check(page, report, 'fmc logs');
}

/** An fmc user's own home and screens. */
async function fmcScreens(page: Page, report: Report) {
  await check(page, report, 'home (fmc)');
  await open(page, '/dashboard/fmc/dashboard', /dashboard/i);
  await expect(page.locator('main .stat, main table, main svg').first()).toBeVisible();
  await check(page, report, 'fmc dashboard');
  await page.getByRole('button', { name: /^Appointments today/ }).click();
  await expect(page.getByRole('region', { name: 'Appointments today' })).toBeFocused();
  await expect(page.locator('#tile-rows tbody tr, #tile-rows .screen-empty').first()).toBeVisible();
  await check(page, report, "fmc dashboard, a figure's rows");
  await open(page, '/dashboard/fmc/slots', /slots/i);
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await check(page, report, 'list (fmc slots)');
}

/** Each role's screens in one theme, on one page signed in once. */
async function walk(page: Page, theme: Theme, role: 'superadmin' | 'fmc', report: Report) {
  await signInAs(page, role);
  await chooseTheme(page, theme);
  try {
    await (role === 'superadmin' ? superadminScreens : fmcScreens)(page, report);
  } finally {
    await chooseTheme(page, 'themedefault'); // the demo console is shared with the other specs of the run
  }
}

const counted: string[] = [];

for (const theme of THEMES) {
  test(`axe finds nothing serious, theme ${theme}`, async ({ page }) => {
    test.setTimeout(180_000);
    const report: Report = { theme, screens: [], failures: [] };

    // The sign-in page, in the theme the browser last showed (the preferences' local cache).
    await page.goto('/signin');
    await page.evaluate((theme) => localStorage.setItem('console_prefs', JSON.stringify({ theme })), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByLabel('Email')).toBeFocused();
    await check(page, report, 'sign-in');

    await walk(page, theme, 'superadmin', report);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await walk(page, theme, 'fmc', report);

    counted.push(...report.screens.map((s) => `${theme}: ${s}`));
    console.log(`axe, theme ${theme}: ${report.screens.length} screens checked, ${report.failures.length} serious or critical findings`);
    expect(report.failures, `serious or critical findings, theme ${theme}:\n${report.failures.join('\n')}`).toEqual([]);
  });
}

test.afterAll(() => {
  console.log(`axe: ${counted.length} screens × themes checked (${new Set(counted.map((c) => c.split(': ')[0])).size} themes)`);
});
