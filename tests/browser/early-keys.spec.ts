import { expect, test, type Page } from './fixtures';
import { DEMO_PASSWORD } from './consoles';

/**
 * No key is lost: keys pressed from the moment the sign-in answer arrives, or a page starts loading, reach what they
 * were meant for, at 10 ms a key. Ctrl+K opens the palette whenever it is pressed, and what is typed after it is its
 * text; a shortcut pressed before the console's code is there does what it does once it is. Tests hold a chunk of
 * the build back so that the keys surely come first, and run once with nothing held.
 */
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const paletteBox = (page: Page) => palette(page).getByRole('combobox');

/** Holds back the build's chunks matching `glob` until the returned function is called. */
async function holdChunk(page: Page, glob: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(glob, async (route) => { await held; await route.continue(); });
  return release;
}

/** Types the credentials and presses Enter; returns as soon as the answer has moved the page to the console. */
async function signInFast(page: Page, role: string) {
  await page.goto('/signin');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(`${role}@demo.test`);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
}

test('Ctrl+K and a name typed at 10 ms a key right after sign-in, the console still loading, are the palette and its text', async ({ page }) => {
  const release = await holdChunk(page, '**/assets/dashboard-*.js');
  await signInFast(page, 'superadmin');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Bandopadhyay', { delay: 10 });
  release();
  await expect(paletteBox(page)).toHaveValue('Bandopadhyay');
  await expect(paletteBox(page)).toBeFocused();
});

test('the same with nothing held back: the first opening keeps every key, and so does a later one', async ({ page }) => {
  await signInFast(page, 'admin');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('missed', { delay: 10 });
  await expect(paletteBox(page)).toHaveValue('missed');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Bandopadhyay', { delay: 10 });
  await expect(paletteBox(page)).toHaveValue('Bandopadhyay');
});

test('after a reload, keys pressed before the console\'s code has run open the palette with its text', async ({ page }) => {
  await signInFast(page, 'superadmin');
  await expect(page.getByRole('button', { name: 'Search or run a command' })).toBeVisible();
  const release = await holdChunk(page, '**/assets/index-*.js');
  await page.reload({ waitUntil: 'commit' });
  // The page's inline script is there from its first moment; the console's own code is held back.
  await page.waitForFunction(() => window.__earlyKeys !== undefined);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('pending upi', { delay: 10 });
  release();
  await expect(paletteBox(page)).toHaveValue('pending upi');
});

test('a go-to shortcut and c typed at 10 ms right after sign-in open the list and its add form', async ({ page }) => {
  const release = await holdChunk(page, '**/assets/dashboard-*.js');
  await signInFast(page, 'admin');
  await page.keyboard.type('gsc', { delay: 10 });
  release();
  await expect(page.getByRole('dialog', { name: 'Add Speciality' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/speciality\/add$/);
});

test('keys typed on the sign-in page go to its fields, not to the console', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type('gsc', { delay: 10 });
  await expect(page.getByLabel('Email')).toHaveValue('gsc');
});

test('keys typed while the sign-in is answered are the console\'s: Ctrl+K and a name, not more of the password', async ({ page }) => {
  // The sign-in's answer is held until the keys are typed: its last second, on a slow line.
  let release = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/api/adminUser/login', async (route) => { await held; await route.continue(); });
  await page.goto('/signin');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type('admin@demo.test');
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Signing in…' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('missed', { delay: 10 });
  // The password box kept what was typed in it before Enter, nothing after.
  await expect(page.getByLabel('Password')).toHaveValue(DEMO_PASSWORD);
  release();
  await page.waitForURL('**/dashboard');
  await expect(paletteBox(page)).toHaveValue('missed');
  await expect(paletteBox(page)).toBeFocused();
});

test('keys typed while a refused sign-in is answered are let go: the form is as it was', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/api/adminUser/login', async (route) => { await held; await route.continue(); });
  await page.goto('/signin');
  await page.keyboard.type('admin@demo.test');
  await page.keyboard.press('Tab');
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  await page.keyboard.type('xyz', { delay: 10 });
  release();
  await expect(page.getByRole('alert')).toBeVisible();
  // Typing goes to the form again, which the console's holder left as it was.
  await page.keyboard.type('!');
  await expect(page.getByLabel('Password')).toHaveValue('not-the-password!');
});
