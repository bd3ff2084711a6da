import { expect, test, type Page, type Request, type Route } from './fixtures';
import { apiOf, tabTo, unique } from './catalogue-helpers';
import { openPalette, signInAs } from './helpers';

/**
 * The client data layer (issue 20, section 1): a write refreshes what it changed by key, not by reloading every list
 * and page in view, and an answer for a search the user has typed past never shows over the newer one. Keyboard only.
 */

/** The requests the page makes from now on, in order: method and address. */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) seen.push(r); });
  return seen;
}

/** Holds the answers to GETs whose address matches `match` until released; everything else passes. */
async function hold(page: Page, match: (url: URL) => boolean) {
  let release!: () => void;
  const released = new Promise<void>((r) => { release = r; });
  const held: Request[] = [];
  await page.route((url) => match(url), async (route: Route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    held.push(route.request());
    await released;
    // The page may have cancelled it meanwhile (a superseded search): then there is nobody to answer.
    await route.fallback().catch(() => undefined);
  });
  return { release, held };
}

/** Whether a request has ended, answered or cancelled. */
const settled = (r: Request) => r.response().then(() => true, () => true);

/** A page load would lose this; moving inside the console keeps it. */
const markPage = (page: Page) => page.evaluate(() => { (window as { dataLayerMark?: number }).dataLayerMark = 1; });
const stillSamePage = (page: Page) => page.evaluate(() => (window as { dataLayerMark?: number }).dataLayerMark === 1);

test('an edit updates its list row and its details page by key, without a reload', async ({ page }) => {
  await signInAs(page, 'admin');
  const api = await apiOf(page);
  const name = unique('Keyed Nephrology');
  const rec = await api.create('specialist', { name, status: 'active' });

  // The list found by the record's name, its row edited with e (the form opens over the list, which stays).
  await page.goto(`/dashboard/speciality?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('gridcell', { name, exact: true })).toBeVisible();
  await expect(page.getByText(/^1 records?$/)).toBeVisible();
  await markPage(page);
  await expect(page.getByRole('grid')).toBeFocused();
  await page.keyboard.press('k'); // on the rows first: a letter typed on arrival is a search
  await page.keyboard.press('e');
  const form = page.getByRole('dialog', { name: 'Edit Speciality' });
  await expect(form.getByLabel(/^Name/)).toBeFocused();

  const requests = recordRequests(page);
  await page.keyboard.press('End');
  await page.keyboard.type(' Renamed');
  await page.keyboard.press('Control+Enter');
  await expect(form).toHaveCount(0);
  // The list shows the new name: its key was invalidated, and it was answered again, once (the form's closing
  // brings the list back on another route, which may cancel a first ask and ask again).
  await expect(page.getByRole('gridcell', { name: `${name} Renamed`, exact: true })).toBeVisible();
  await expect(page.getByRole('gridcell', { name, exact: true })).toHaveCount(0);
  const afterSave = requests.slice(requests.findIndex((r) => r.method() === 'PUT'));
  await Promise.all(afterSave.map(settled));
  expect(new URL(afterSave[0].url()).pathname).toBe(`/api/specialist/${rec.id}`);
  const gets = afterSave.filter((r) => r.method() === 'GET' && !r.failure()).map((r) => new URL(r.url()));
  expect(gets.filter((u) => u.pathname === '/api/specialist').length).toBe(1);
  // The record itself came back with the save: it is not asked for again, and nothing else is.
  expect(gets.filter((u) => u.pathname !== '/api/specialist').map((u) => u.pathname)).toEqual([]);

  // Its page (Enter on the row): the record shows as saved at once, from the cache the save filled, while the
  // page's own refresh is still held.
  const { release, held } = await hold(page, (u) => u.pathname === `/api/specialist/${rec.id}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Speciality: ${name} Renamed` })).toBeVisible();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  release();
  expect(await stillSamePage(page)).toBe(true);
});

test('a slow answer for a search typed past never shows over the newer one', async ({ page }) => {
  await signInAs(page, 'admin');
  const api = await apiOf(page);
  const tag = unique('Slow').replace(/\s/g, '');
  await api.create('specialist', { name: `Alpha ${tag}`, status: 'active' });
  await api.create('specialist', { name: `Beta ${tag}`, status: 'active' });
  await page.goto('/dashboard/speciality');
  const filter = page.getByLabel('Filter Specialities');
  await expect(filter).toBeVisible();

  // The search for Alpha is slow: its answer is held.
  const alpha = await hold(page, (u) => u.pathname === '/api/specialist' && (u.searchParams.get('q') ?? '').startsWith('Alpha'));
  await page.keyboard.press('/');
  await page.keyboard.type(`Alpha ${tag}`);
  await expect.poll(() => alpha.held.length).toBeGreaterThan(0);

  // The user types on: Beta's answer comes and shows.
  await page.keyboard.press('Control+a');
  await page.keyboard.type(`Beta ${tag}`);
  await expect(page.getByRole('gridcell', { name: `Beta ${tag}`, exact: true })).toBeVisible();
  await expect(page.getByText(/^1 records?$/)).toBeVisible();

  // Alpha's answer is let go at last: its request was cancelled, and whatever it brings, Beta stays.
  alpha.release();
  await Promise.all(alpha.held.map(settled));
  expect(alpha.held.every((r) => r.failure() !== null)).toBe(true);
  await expect(page.getByRole('gridcell', { name: `Beta ${tag}`, exact: true })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: `Alpha ${tag}`, exact: true })).toHaveCount(0);
  await expect(filter).toHaveValue(`Beta ${tag}`);
});

test('in the palette, a record search typed past is cancelled, and the newer answer stays', async ({ page }) => {
  await signInAs(page, 'admin');
  const api = await apiOf(page);
  const tag = unique('Pal').replace(/\s/g, '').toLowerCase();
  await api.create('specialist', { name: `Gamma ${tag}`, status: 'active' });
  await api.create('specialist', { name: `Delta ${tag}`, status: 'active' });
  await openPalette(page);
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  const records = (title: string) => dialog.locator('[data-palette-item][data-value^="speciality:"]', { hasText: title });

  const gamma = await hold(page, (u) => u.pathname === '/api/search' && (u.searchParams.get('q') ?? '').startsWith('gamma'));
  await page.keyboard.type(`gamma ${tag}`);
  await expect.poll(() => gamma.held.length).toBeGreaterThan(0);
  await page.keyboard.press('Control+a');
  await page.keyboard.type(`delta ${tag}`);
  await expect(records(`Delta ${tag}`)).toBeVisible();

  gamma.release();
  await Promise.all(gamma.held.map(settled));
  expect(gamma.held.every((r) => r.failure() !== null)).toBe(true);
  await expect(records(`Delta ${tag}`)).toBeVisible();
  await expect(records(`Gamma ${tag}`)).toHaveCount(0);
});

test('a stale edit offers Reload: the form takes the record as it is now, and the save then goes through', async ({ page }) => {
  await signInAs(page, 'admin');
  const api = await apiOf(page);
  const name = unique('Stale Oncology');
  const rec = await api.create('specialist', { name, description: 'first', status: 'active' });
  await page.goto(`/dashboard/speciality?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('gridcell', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('grid')).toBeFocused();
  await page.keyboard.press('k'); // on the rows first: a letter typed on arrival is a search
  await page.keyboard.press('e');
  const form = page.getByRole('dialog', { name: 'Edit Speciality' });
  await expect(form.getByLabel(/^Name/)).toBeFocused();

  // Someone else changes the record while the form is open.
  const changed = await api.put(`/api/specialist/${rec.id}`, { name, description: 'changed elsewhere', status: 'active', version: rec.version });
  expect(changed.status).toBe(200);

  await page.keyboard.press('End');
  await page.keyboard.type(' Mine');
  await page.keyboard.press('Control+Enter');
  const stale = form.getByRole('alert').filter({ hasText: 'Someone else changed this record since you opened it.' });
  await expect(stale).toBeVisible();
  await tabTo(page, stale.getByRole('button', { name: 'Reload the latest version' }));
  await page.keyboard.press('Enter');
  await expect(stale).toHaveCount(0);
  await expect(form.getByLabel(/^Description/)).toHaveValue('changed elsewhere');
  await expect(form.getByLabel(/^Name/)).toHaveValue(name);

  await form.getByLabel(/^Name/).press('End');
  await page.keyboard.type(' Mine');
  await page.keyboard.press('Control+Enter');
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('gridcell', { name: `${name} Mine`, exact: true })).toBeVisible();
  expect((await api.get(`/api/specialist/${rec.id}`)).body.data).toMatchObject({ name: `${name} Mine`, description: 'changed elsewhere' });
});
