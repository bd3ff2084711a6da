import { expect, test, type Page } from './fixtures';
import { openPalette, runCommand, signInAs } from './helpers';

/**
 * A fast typist does not wait for a screen's code: keys pressed while it is still on its way (as on a slow line, the
 * first time) do what they would have done once it is there, and nothing else. Each test holds a chunk of the build
 * back until it lets it go.
 */
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

/**
 * Holds back the build's chunks matching `glob` until the returned function is called; it answers the chunk's address,
 * once it is on its way.
 */
async function holdChunk(page: Page, glob: string): Promise<() => Promise<string>> {
  let release = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  let sent = (_url: string) => {};
  const address = new Promise<string>((resolve) => { sent = resolve; });
  await page.route(glob, async (route) => { await held; sent(route.request().url()); await route.continue(); });
  return () => { release(); return address; };
}

/** Resolves once two frames have been painted. */
const twoFrames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Resolves once the chunk at `url` (and what it imports) has run in the page and two frames have been painted. */
async function ranAndPainted(page: Page, url: string) {
  await page.evaluate(async (src) => { await import(src); }, url);
  await twoFrames(page);
}

/** Signs in as admin, opens Specialities with its list's code held back, and presses `c` meanwhile. */
async function pressCWhileSpecialitiesLoad(page: Page): Promise<() => Promise<string>> {
  const release = await holdChunk(page, '**/assets/list-screen-*.js');
  await signInAs(page, 'admin');
  await runCommand(page, 'Open Specialities');
  await page.waitForURL(/\/dashboard\/speciality$/);
  await page.keyboard.press('c');
  return release;
}

test('keys typed while the palette\'s code is still on its way are its first letters, and nothing else gets them', async ({ page }) => {
  const release = await holdChunk(page, '**/assets/palette-*.js');
  await signInAs(page, 'fmc');
  const home = page.url();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('patx');
  await page.keyboard.press('Backspace');
  await expect(dialog(page)).toBeHidden();
  void release();
  await expect(page.getByRole('combobox')).toHaveValue('pat');
  // The caret after them: typing on carries on the word.
  await page.keyboard.type('ients');
  await expect(page.getByRole('combobox')).toHaveValue('patients');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  // No letter reached the page's own shortcuts meanwhile.
  expect(page.url()).toBe(home);
});

test('Esc pressed before the palette\'s code has come closes it: it does not open later', async ({ page }) => {
  const release = await holdChunk(page, '**/assets/palette-*.js');
  await signInAs(page, 'fmc');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('ab');
  await page.keyboard.press('Escape');
  const code = release();
  // Had it still been asked for, the palette would be showing once its code has run, and React has shown what was
  // waiting for it (it holds back content that was waiting, up to 300 ms after the placeholder: hence the pause).
  await ranAndPainted(page, await code);
  await page.waitForTimeout(1000);
  await expect(dialog(page)).toBeHidden();
  await openPalette(page);
  await expect(page.getByRole('combobox')).toHaveValue('');
});

test('c pressed while a list\'s code is still on its way opens the add form once the list is there', async ({ page }) => {
  const release = await pressCWhileSpecialitiesLoad(page);
  void release();
  await expect(page.getByRole('dialog', { name: 'Add Speciality' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/speciality\/add$/);
});

test('c pressed on a list that is still loading is dropped if another page is opened before it comes', async ({ page }) => {
  const release = await pressCWhileSpecialitiesLoad(page);
  await runCommand(page, 'Open Languages');
  await page.waitForURL(/\/dashboard\/languages$/);
  await ranAndPainted(page, await release());
  await expect(page.getByRole('heading', { name: 'Languages', level: 1 })).toBeVisible();
  // The list has registered its own `c` by the next frames: a stale one would have opened the form by then.
  await twoFrames(page);
  await expect(page).toHaveURL(/\/dashboard\/languages$/);
  await expect(page.getByRole('dialog', { name: 'Add Language' })).toHaveCount(0);
});
