import { expect, test } from './fixtures';

test('the 404 page says the page does not exist or has been moved', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByText('does not exist or has been moved')).toBeVisible();
});

test('an unknown public address shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('does not exist or has been moved')).toBeVisible();
});

test('the 505 page says Internal Server Error', async ({ page }) => {
  await page.goto('/505');
  await expect(page.getByRole('heading', { name: 'Internal Server Error' })).toBeVisible();
  await expect(page.getByText('Something went wrong. Please try again later.')).toBeVisible();
});

test('a dashboard address without a session goes to sign-in and returns there afterwards', async ({ page }) => {
  await page.goto('/dashboard/speciality');
  await page.waitForURL(/\/signin\?from=/);
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password').fill('browser-test-password');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard/speciality');
  await expect(page.getByRole('heading', { name: 'Specialities' })).toBeVisible();
});
