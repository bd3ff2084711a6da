import { expect, test } from './fixtures';
import { signInReady } from './workflow-helpers';

/**
 * A worklist's grid comes with its rows: until they do (a slow line), or when its search finds none, its heading
 * holds the keyboard in the grid's place (shell/screen-arrival.tsx). A surname typed there is a search too: `gupta`
 * must not be `g u` (to the staff members), nor `Hegde` `g d` (to the doctors). Each keeps the screen, and the
 * search box holds the name.
 */
test.use({ dataset: 'demo' });

const WORKLIST = '/dashboard/notifications/doctorInCompleteProfile';

test('a surname typed on a worklist before its rows come searches, and goes nowhere', async ({ page }) => {
  await signInReady(page, 'admin');
  // The worklist's rows are held until the names are typed.
  let release = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/api\/notifications\/doctorInCompleteProfile\?/, async (route) => { await held; await route.continue(); });
  for (const name of ['gupta', 'Hegde']) {
    await page.evaluate((to) => history.pushState(null, '', to), `${WORKLIST}?n=${name}`);
    await page.waitForURL(`**${WORKLIST}?n=${name}`);
    // The heading stands in for the grid, and has the keyboard.
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('#main h1') ?? false), `heading focused for ${name}`).toBe(true);
    await page.keyboard.type(name);
    await expect(page.locator('#main input[type="search"]')).toHaveValue(name);
    expect(new URL(page.url()).pathname, `typing ${name}`).toBe(WORKLIST);
    await page.evaluate(() => history.pushState(null, '', '/dashboard'));
    await expect(page.locator('#main input[type="search"]')).toHaveCount(0);
  }
  // The held answers are let go; what they come back to is no longer this test's.
  release();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
