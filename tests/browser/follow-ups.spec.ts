import { DEMO_PASSWORD } from './consoles';
import { expect, test, type Page } from './fixtures';
import { runCommand, signInAs } from './helpers';

/**
 * "Remind me" (issue 37 §3) by keyboard: on a list's focused row, h asks "Remind me when?", reads the words typed
 * ("in 2 minutes") and says what it understood before saving. The test then makes the follow-up due (moved through
 * the API to a few seconds ahead, as its owner may) and the console's scheduler puts it in the inbox: the panel shows
 * it, Enter opens the record. "My follow-ups" lists it as said; another is dropped from there.
 */
async function ownCalls(page: Page) {
  const login = await page.request.post('/api/adminUser/login', { data: { email: 'admin@demo.test', password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await login.json()).data.token as string}` };
  return {
    list: async () => (await (await page.request.get('/api/me/follow-ups', { headers })).json()).data as { id: number; recordId: number; state: string; title: string }[],
    move: (id: number, at: Date) => page.request.patch(`/api/me/follow-ups/${id}`, { headers, data: { at: at.toISOString() } }),
  };
}

test.use({ dataset: 'demo' });

test('h on a row: typed words read and shown, saved, made due, in the inbox; moved and dropped from My follow-ups', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await page.waitForURL('**/dashboard/speciality');
  const grid = page.getByRole('grid');
  await expect(grid).toBeFocused();
  // On the rows first, once there: typed on a list's arrival, h would start a search.
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await page.keyboard.press('k');
  await page.keyboard.press('h');
  const dialog = page.getByRole('dialog', { name: 'Remind me when?' });
  await expect(dialog).toBeVisible();
  const when = dialog.getByLabel('When');
  await expect(when).toBeFocused();
  await page.keyboard.type('in 2 minutes');
  await expect(dialog.locator('[id$="-understood"]')).toContainText('Read as:');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-sonner-toast]', { hasText: 'You will be reminded' })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const calls = await ownCalls(page);
  const [made] = (await calls.list()).filter((f) => f.state === 'pending');
  expect(made.title).toBeTruthy();
  // Made due: a few seconds ahead (the server takes only a time to come); the scheduler passes every second here.
  const moved = await calls.move(made.id, new Date(Date.now() + 3000));
  expect(moved.status(), await moved.text()).toBe(200);

  const badge = page.locator('[data-notifications-toggle] [data-unread]');
  await expect(badge).toBeVisible();
  await page.keyboard.press('k');
  await page.keyboard.press('g');
  await page.keyboard.press('n');
  const panel = page.locator('#notification-panel');
  await expect(panel).toBeVisible();
  const item = panel.locator('[data-notice]', { hasText: `Follow up: ${made.title}` });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await expect(panel.locator('[data-notice]').first()).toContainText(`Follow up: ${made.title}`);
  await page.keyboard.press('Home');
  await expect(panel.locator('[data-notice]').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/dashboard/speciality/**/${made.recordId}`);

  // On the record: h again sets another; My follow-ups lists both, the first as said; the second is dropped there.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(made.title);
  await page.keyboard.press('h');
  await expect(dialog).toBeVisible();
  await page.keyboard.type('tomorrow 9am');
  await expect(dialog.locator('[id$="-understood"]')).toContainText('9:00 am');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await runCommand(page, 'My follow-ups');
  const mine = page.getByRole('dialog', { name: 'My follow-ups' });
  await expect(mine).toBeVisible();
  await expect(mine.locator(`[data-follow-up="${made.id}"]`)).toHaveAttribute('data-state', 'sent');
  const waiting = mine.locator('[data-state="pending"]');
  await expect(waiting).toHaveCount(1);
  await waiting.getByRole('button', { name: `Move the follow-up of ${made.title}` }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type('in 3 days');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-sonner-toast]', { hasText: 'You will be reminded' }).first()).toBeVisible();
  await waiting.getByRole('button', { name: `Drop the follow-up of ${made.title}` }).focus();
  await page.keyboard.press('Enter');
  await expect(mine.locator('[data-state="pending"]')).toHaveCount(0);
  expect((await calls.list()).filter((f) => f.state === 'pending')).toEqual([]);
});
