import { allRoutes, canAccess, ENTITIES, ROLES, type Role } from '../../src/registry';
import { DEMO_PASSWORD } from './consoles';
import { expect, test, type Page } from './fixtures';
import { signInReady } from './workflow-helpers';

/**
 * Issue 33, one key never does harm: a surname typed on a list is a search, never a command. Each role lands on every
 * list and screen it may open and types ten surnames on its main control, each starting with a move's letter (Shift+C
 * completes, M marks missed, R reschedules or rejects, X cancels, O confirms, S submits or starts, H hides, P pays or
 * publishes, V voids) or a sequence's (g); the role's own trail of writes is the same before and after, no screen was
 * left, and the search box holds the last name.
 */
test.use({ dataset: 'demo' });

const SURNAMES = ['Chopra', 'Mehta', 'Reddy', 'Xavier', 'Oberoi', 'Sharma', 'Hegde', 'Patel', 'Varma', 'gupta'];

/** Every list and screen the role may open (the route table's, from the registry): lists, their views, the bespoke screens. */
function listsOf(role: Role): string[] {
  return allRoutes(ENTITIES).filter((r) => (r.screen === 'list' || r.screen === 'screen') && canAccess(r.roles, role)).map((r) => r.path);
}

/** The newest write in the trail by `actor` (reads aside), as the superadmin's activity log shows it. */
async function newestWrite(page: Page, token: string, actor: number): Promise<number | null> {
  const res = await page.request.get(`/api/fmc/fmclogs?actor=${actor}&limit=1`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: number }[] }).data[0]?.id ?? null;
}

async function tokenOf(page: Page, role: Role): Promise<string> {
  const res = await page.request.post('/api/adminUser/login', { data: { email: `${role}@demo.test`, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * A role's lists in groups of six, a test each: the time a test takes does not grow with the number of lists, so a
 * slow, busy machine stays inside a test's time the way a quick one does.
 */
const GROUP = 6;
const groupsOf = (paths: string[]) => Array.from({ length: Math.ceil(paths.length / GROUP) }, (_, i) => paths.slice(i * GROUP, (i + 1) * GROUP));

for (const role of ROLES) for (const [group, paths] of groupsOf(listsOf(role)).entries()) {
  test(`${role}, lists ${group * GROUP + 1}–${group * GROUP + paths.length}: ten surnames typed on each search and change nothing`, async ({ page }) => {
    const admin = await tokenOf(page, 'superadmin');
    const me = await page.request.get('/api/adminUser/validate/authToken', { headers: { Authorization: `Bearer ${await tokenOf(page, role)}` } });
    const actor = ((await me.json()) as { data: { id: number } }).data.id;
    await signInReady(page, role);
    const before = await newestWrite(page, admin, actor);

    for (const path of paths) {
      // As the sidebar or a shortcut opens it: the screen's main control takes the keyboard (its grid, else its heading).
      await page.evaluate((to) => history.pushState(null, '', to), path);
      await page.waitForURL(`**${path}`);
      await expect(page.locator('#main h1')).toBeVisible();
      // The screen took the keyboard as it opened (shell/screen-arrival.tsx), wherever on it.
      await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('#main'))), `arrival on ${path}`).toBe(true);
      const list = (await page.locator('#main [data-main-control][role="grid"]').count()) > 0;
      for (const name of SURNAMES) {
        // On the screen's main control each time, as on arrival: the user has not moved on the rows.
        await page.evaluate(() => ((document.querySelector('#main [data-main-control]') ?? document.querySelector('#main h1')) as HTMLElement | null)?.focus());
        await page.keyboard.type(name);
      }
      // Nothing opened over the screen; a list keeps its screen and its search box holds the last name. A screen that is
      // no list (a calendar, a dashboard, the activity log) lets its keys be shortcuts: a g in a name may go elsewhere.
      await expect(page.locator('[role="dialog"], [role="alertdialog"]')).toHaveCount(0);
      if (!list) continue;
      expect(new URL(page.url()).pathname, `typing on ${path}`).toBe(path);
      await expect(page.locator('#main input[type="search"]').first(), `the search box of ${path}`).toHaveValue(SURNAMES.at(-1)!);
    }
    expect(await newestWrite(page, admin, actor), 'no write by the role').toBe(before);
  });
}
