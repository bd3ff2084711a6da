import { expect, type Locator, type Page } from './fixtures';
import { runCommand, signInAs } from './helpers';

/**
 * Presses Tab until `target` has the focus: proof that the keyboard reaches it, in the page's own order. At most twice
 * round everything the page could focus (a dialog's trap cycles inside it; one round can start on the dialog itself
 * when a re-render took the focus from a field), so a long form is never cut short by a fixed count.
 */
export async function tabTo(page: Page, target: Locator, max?: number) {
  await expect(target).toBeVisible();
  const presses = max ?? 2 * (await page.evaluate(() => document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]').length)) + 2;
  for (let i = 0; i < presses; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${String(target)} was not reached with ${presses} presses of Tab`);
}

/** On a palette sub-page: types the choice and takes the first item once it is the one asked for. */
export async function chooseOnPage(page: Page, label: string) {
  await page.keyboard.type(label);
  await expect(page.locator('[data-palette-item]').first()).toHaveText(label);
  await page.keyboard.press('Enter');
}

/** The status shown on a details page (the dd after the "Status" term). */
export function statusOf(page: Page): Locator {
  return page.locator('dl.details dt', { hasText: /^Status$/ }).locator('xpath=following-sibling::dd[1]');
}

/**
 * Signs in with the keyboard (helpers.ts) and waits for the console's shell, which loads after the sign-in page:
 * a shortcut pressed before it is there would reach no one.
 */
export async function signInReady(page: Page, role: string) {
  await signInAs(page, role);
  await expect(page.getByRole('button', { name: 'Search or run a command' })).toBeVisible();
}

/**
 * The confirmed appointments whose time has come (scheduled up to now), the latest first: those that may be completed or
 * marked missed, a move that waits for the appointment's day (the demo keeps some of today's and yesterday's open).
 * The list's own Confirmed view starts with the furthest ahead.
 */
export const begunConfirmedPath = () => `/dashboard/appointments/confirmed?filter[scheduledAt]=..${new Date().toISOString()}`;

/** The same appointments as the API lists them: `limit` of the latest begun, confirmed ones. */
export const begunConfirmedQuery = (limit: number) => `/api/appointments?filter[status]=confirmed&filter[scheduledAt]=..${new Date().toISOString()}&limit=${limit}`;

/**
 * Opens the first appointment of a list by status, keyboard only from there: the list takes the keyboard, Enter opens
 * its focused row. Completed and Missed from the palette ("Appointments: Missed"); Confirmed as those whose time has
 * come (begunConfirmedPath), so that every move applies. Returns the appointment's id.
 */
export async function openFirstAppointment(page: Page, view: 'Confirmed' | 'Completed' | 'Missed'): Promise<number> {
  if (view === 'Confirmed') {
    await page.goto(begunConfirmedPath());
  } else {
    await runCommand(page, `Appointments: ${view}`);
    await page.waitForURL(`**/dashboard/appointments/${view.toLowerCase()}`);
  }
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/appointments\/view\/\d+$/);
  return Number(page.url().split('/').pop());
}
