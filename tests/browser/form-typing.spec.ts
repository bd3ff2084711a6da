import { expect, test, type Route } from './fixtures';
import { signInAs } from './helpers';
import { apiOf, unique } from './catalogue-helpers';

/**
 * Issue 10: "text typed right after the edit form opens is sometimes overwritten by the record's values arriving late
 * (a speciality saved as 'Kbd Neurology 31515bd Neurology 31515 Edited')". The form takes no input before its record is
 * here, and an answer for another record (or an older load) never lands on the form the user is typing in.
 */

/** Holds the answers to GET `path` until released; everything else passes. */
async function holdRecord(page: import('@playwright/test').Page, path: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((r) => { release = r; });
  await page.route(path, async (route: Route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    await released;
    // A request the page has cancelled meanwhile (nobody waits for its answer) has no one left to answer.
    await route.fallback().catch(() => undefined);
  });
  return release;
}

/** Moves the console to another address as the palette does (wouter follows pushState + popstate). */
const goInApp = (page: import('@playwright/test').Page, url: string) =>
  page.evaluate((u) => { history.pushState(null, '', u); dispatchEvent(new PopStateEvent('popstate')); }, url);

test.describe('forms never lose typing', () => {
  test('typing as soon as the edit form opens is stored exactly, with a slow record', async ({ page }) => {
    await signInAs(page, 'admin');
    const api = await apiOf(page);
    const name = unique('Kbd Neurology');
    const rec = await api.create('specialist', { name });
    const release = await holdRecord(page, new RegExp(`/api/specialist/${rec.id}$`));
    await goInApp(page, `/dashboard/speciality/edit/${rec.id}`);
    const form = page.getByRole('dialog', { name: 'Edit Speciality' });
    await expect(form.getByRole('status')).toHaveText('Loading…');
    // Keys pressed while the record is on its way have no field to land in: nothing to be overwritten later.
    await page.keyboard.type('typed too early');
    await expect(form.getByLabel(/^Name/)).toHaveCount(0);
    release();
    const field = form.getByLabel(/^Name/);
    await expect(field).toHaveValue(name);
    await expect(field).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type(' Edited');
    await page.keyboard.press('Control+Enter');
    await expect(form).toHaveCount(0);
    expect((await api.get(`/api/specialist/${rec.id}`)).body.data.name).toBe(`${name} Edited`);
  });

  test('the late answer for the record shown before never lands on the form being typed in', async ({ page }) => {
    await signInAs(page, 'admin');
    const api = await apiOf(page);
    const first = await api.create('specialist', { name: unique('First Cardiology') });
    const second = await api.create('specialist', { name: unique('Second Dermatology') });
    // "Edit…" on the first record, whose answer is slow; then, before it comes, "Edit…" on the second.
    const releaseFirst = await holdRecord(page, new RegExp(`/api/specialist/${first.id}$`));
    const firstAsked = page.waitForRequest(new RegExp(`/api/specialist/${first.id}$`));
    await goInApp(page, `/dashboard/speciality/edit/${first.id}`);
    const form = page.getByRole('dialog', { name: 'Edit Speciality' });
    await expect(form.getByRole('status')).toHaveText('Loading…');
    await goInApp(page, `/dashboard/speciality/edit/${second.id}`);
    const field = form.getByLabel(/^Name/);
    await expect(field).toHaveValue(String(second.name));
    await field.press('End');
    await page.keyboard.type(' Edited');
    // The first record's answer is let go now: its request was cancelled when the form moved on (nobody waits for
    // it); whatever it brings must not replace what is typed (nor send its values to the second).
    releaseFirst();
    const late = await firstAsked;
    await late.response();
    expect(late.failure()).not.toBeNull();
    await expect(field).toHaveValue(`${second.name} Edited`);
    await page.keyboard.press('Control+Enter');
    await expect(form).toHaveCount(0);
    expect((await api.get(`/api/specialist/${second.id}`)).body.data.name).toBe(`${second.name} Edited`);
    expect((await api.get(`/api/specialist/${first.id}`)).body.data.name).toBe(first.name);
  });

  test('after a refused save, the field being mended keeps the focus while the next invalid one waits', async ({ page }) => {
    // A busy browser runs input before timers: every timer of the page is held back 300 ms, so keys typed right after
    // the refusal arrive before any focusing left for later (react-hook-form's own moved the focus mid-word).
    await page.addInitScript(() => {
      const later = window.setTimeout.bind(window);
      window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => later(fn, (ms ?? 0) + 300, ...args)) as typeof window.setTimeout;
    });
    await signInAs(page, 'admin');
    await goInApp(page, '/dashboard/department/add');
    const form = page.getByRole('dialog', { name: 'Add Department' });
    const name = form.getByLabel(/^Name/);
    await expect(name).toBeFocused();
    await page.keyboard.press('Control+Enter');
    await expect(form.locator('#f-code-error')).toHaveText('Code is required');
    await expect(name).toBeFocused();
    await page.keyboard.type('Radiology wing');
    await page.waitForTimeout(600);
    await expect(name).toBeFocused();
    await expect(name).toHaveValue('Radiology wing');
    await expect(form.getByLabel(/^Code/)).toHaveValue('');
  });
});
