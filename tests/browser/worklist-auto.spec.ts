import { apiOf } from './catalogue-helpers';
import { expect, test } from './fixtures';
import { runCommand } from './helpers';
import { signInReady, tabTo } from './workflow-helpers';

/**
 * A worklist that reminds by itself (issue 37 §3), keyboard only: off by default; turned on weekly from the worklist,
 * an interval out of range refused before saving; the console's scheduler (ticking every second in the test consoles,
 * start-consoles.ts) runs its first round at once, after which the next is a week on; kept over a reload, and turned
 * off again. The test waits for states, never for time.
 */
test.use({ dataset: 'demo' });

const W = 'patientInCompleteProfile';
const DAY = 86_400_000;

test('a worklist set to remind by itself weekly, by keyboard: a round at once, the next a week on, then off', async ({ page }) => {
  await signInReady(page, 'admin');
  await runCommand(page, 'Open patients with incomplete profiles');
  await page.waitForURL(`**/dashboard/notifications/${W}`);
  const form = page.getByRole('form', { name: 'Automatic reminders' });
  const on = form.getByRole('checkbox', { name: 'Remind by itself' });
  const days = form.getByLabel('every');
  const save = form.getByRole('button', { name: 'Save' });
  await expect(form.getByText('Off: reminders go only when sent')).toBeVisible();
  await expect(on).not.toBeChecked();
  await expect(days).toHaveValue('7');

  await tabTo(page, on);
  await page.keyboard.press('Space');
  await expect(on).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(days).toBeFocused();
  // No interval under a day: said at once, and nothing to save.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('0');
  await expect(form.getByText(/Give a number of days from 1 to \d+/)).toBeVisible();
  await expect(save).toBeDisabled();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('7');
  await page.keyboard.press('Tab');
  await expect(save).toBeFocused();
  const started = Date.now();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Reminders will go by themselves every 7 days')).toBeVisible();
  await expect(form.getByText(/^Next round: /)).toBeVisible();

  // The first round, due at once, is run by the console's scheduler: then the next is due a week after it.
  const api = await apiOf(page);
  await expect.poll(async () => {
    const next = (await api.get(`/api/notifications/${W}/auto`)).body.data.nextAt as string | null;
    return next !== null && new Date(next).getTime() >= started + 7 * DAY - 60_000;
  }, { timeout: 120_000 }).toBe(true);
  const run = (await api.get(`/api/notifications/${W}/auto`)).body.data;
  expect(run).toMatchObject({ enabled: true, everyDays: 7 });

  // Kept as saved; turned off by keyboard again.
  await page.reload();
  await expect(on).toBeChecked();
  await expect(days).toHaveValue('7');
  await tabTo(page, on);
  await page.keyboard.press('Space');
  await expect(on).not.toBeChecked();
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Automatic reminders are off')).toBeVisible();
  await expect(form.getByText('Off: reminders go only when sent')).toBeVisible();
  expect((await api.get(`/api/notifications/${W}/auto`)).body.data).toEqual({ enabled: false, everyDays: 7, nextAt: null });
});
