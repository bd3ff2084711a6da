import { expect, test } from './fixtures';
import { signInAs } from './helpers';

test('an expired session signs the user out and returns to the sign-in page', async ({ page, request }) => {
  // Without the change stream (which hears the session end and signs out at once): the next call's 401 does it.
  await page.route('**/api/events', (route) => route.abort());
  await signInAs(page, 'admin');
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  expect(token).toBeTruthy();
  // The session ends on the server (as an idle timeout or a revocation would end it).
  const res = await request.post('/api/adminUser/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  // The next call answers 401 with expired: true, and the console signs out (spec §7): the one a click makes, or one
  // the console makes by itself first (its inbox, its saved views), whichever comes first.
  const signInHeading = page.getByRole('heading', { name: 'Sign in to the console' });
  const clickThrough = async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Location' }).click();
    await page.getByRole('link', { name: 'Cities', exact: true }).click();
  };
  await Promise.race([clickThrough().catch(() => {}), signInHeading.waitFor()]);
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/signin');
  await expect(signInHeading).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('id_token'), localStorage.getItem('access_token'), localStorage.getItem('expires_at')])).toEqual([null, null, null]);
});

test('sign-out from the user menu ends the session on the server', async ({ page, request }) => {
  await signInAs(page, 'doctor');
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const res = await request.get('/api/adminUser/validate/authToken', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(401);
  expect((await res.json()).errors[0].expired).toBe(true);
});

test('a wrong password shows the spec text', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
});

test('a reload while offline keeps the user signed in; the console says the server cannot be reached', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/dashboard/city');
  await expect(page.getByRole('heading', { name: 'Cities' })).toBeVisible();
  // The network goes: every call to the API fails as a lost connection would.
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/city/);
  await expect(page.getByRole('heading', { name: 'Cities' })).toBeVisible();
  await expect(page.getByText('The server cannot be reached').first()).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeTruthy();
  // Back online: Retry loads the list.
  await page.unroute('**/api/**');
  await page.getByRole('button', { name: 'Retry' }).first().click();
  await expect(page.getByText('The server cannot be reached')).toHaveCount(0);
});
