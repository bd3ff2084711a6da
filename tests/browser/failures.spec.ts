import { expect, test } from './fixtures';
import { signInAs } from './helpers';

/**
 * A screen or a dialog that cannot render is a message in its place (ui/error-boundary.tsx), never a blank console:
 * it says so with Retry, the sidebar and the top bar keep working, and Retry reads afresh what the screen shows. The
 * failure is made real: the server's answer for the list is replaced by one the screen cannot render.
 */
test('a screen that fails says so in its place; the console keeps working; Retry reads it again', async ({ page }) => {
  await signInAs(page, 'admin');
  const broken = (url: URL) => url.pathname === '/api/specialist';
  await page.route(broken, (route) => route.fulfill({ json: { data: [null], total: 1 } }));
  const logged: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') logged.push(m.text()); });
  await page.goto('/dashboard/speciality');
  const failure = page.getByRole('alert').filter({ hasText: 'Something went wrong here.' });
  await expect(failure).toBeVisible();
  await expect(failure.getByRole('button', { name: 'Retry' })).toBeFocused();
  expect(logged.some((l) => l.includes('/dashboard/speciality failed'))).toBe(true);

  // The rest of the console works: the sidebar leads to another list, which shows.
  await page.locator('#sidebar a[href="/dashboard/languages"]').click();
  await expect(page.getByRole('heading', { name: 'Languages' })).toBeVisible();
  await expect(failure).toHaveCount(0);

  // Back on the failing screen, the server mends: Retry reads the list again rather than the answer that failed.
  await page.goBack();
  await expect(failure).toBeVisible();
  await page.unroute(broken);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Specialities' })).toBeVisible();
  await expect(page.locator('[id^="row-speciality-"]').first()).toBeVisible();
  await expect(failure).toHaveCount(0);
});
