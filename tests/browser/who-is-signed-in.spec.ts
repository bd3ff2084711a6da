import { axeViolations, SERIOUS } from './axe';
import { DEMO_PASSWORD } from './consoles';
import { expect, test } from './fixtures';
import { runCommand, signInAs } from './helpers';

/**
 * Sessions (issue 34 §4) in the browser: the superadmin's "Who is signed in" screen, reached from the palette and
 * worked by keyboard, ends another person's session with a reason, which that person reads on the sign-in page at
 * once (their change stream hears the end); a sixth sign-in elsewhere ends the oldest session, and its holder is told.
 */

test('the superadmin ends a session with a reason; its holder is signed out and reads why', async ({ page, browser, baseURL }) => {
  const doctor = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(doctor, 'doctor');

  await signInAs(page, 'superadmin');
  await runCommand(page, 'Open who is signed in');
  await expect(page.getByRole('heading', { name: 'Who is signed in' })).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: 'doctor@demo.test' });
  // The latest used first: the doctor's session of a moment ago.
  const row = rows.first();
  await expect(row).toContainText('Password');
  await expect(page.getByRole('row').filter({ hasText: 'superadmin@demo.test' }).first()).toContainText('This browser');
  await row.getByRole('button', { name: /^End session of/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  // Enter without a reason says one is needed, and ends nothing.
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Give a reason: the person reads it.');
  await page.keyboard.type('Shift over: handing the ward to night staff');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^The session of .* was ended$/)).toBeVisible();

  await expect(doctor.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  await expect(doctor.getByRole('alert')).toHaveText('An administrator ended your session: “Shift over: handing the ward to night staff”. Sign in again to go on.');
  expect(await doctor.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
  await doctor.context().close();
});

test('a sixth sign-in elsewhere ends the oldest session; its holder is told on the sign-in page', async ({ page, request }) => {
  await signInAs(page, 'railway');
  for (let i = 0; i < 5; i++) {
    const r = await request.post('/api/adminUser/login', { data: { email: 'railway@demo.test', password: DEMO_PASSWORD } });
    expect(r.ok()).toBe(true);
  }
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('You signed in on another device or browser, which ended your oldest session here. Sign in again to go on.');
});

test('who is signed in, wide and narrow: no serious accessibility finding', async ({ page }, testInfo) => {
  await signInAs(page, 'superadmin');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/sessions');
    await expect(page.getByRole('heading', { name: 'Who is signed in' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect((await axeViolations(page)).filter((v) => SERIOUS.has(v.impact ?? ''))).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`who-is-signed-in-${width}.png`), fullPage: true });
  }
});

test('the screen is the superadmin\'s alone', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/dashboard/sessions');
  await expect(page.getByRole('heading', { name: 'Who is signed in' })).toHaveCount(0);
  await expect(page.getByText(/not found|does not exist/i).first()).toBeVisible();
});
