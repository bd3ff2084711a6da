import { axeViolations, SERIOUS } from './axe';
import { apiOf, combo, detail, field, idInUrl, openRecordFromPalette, runExact, tabTo, toast, unique } from './catalogue-helpers';
import { expect, test, type Page } from './fixtures';
import { signInAs } from './helpers';

/**
 * A campaign, keyboard only (issue 37): written in its form, which says whom it would reach before it is saved (the
 * server's preview, read again as the audience or the channel changes), scheduled with a send time typed in words,
 * and followed on its page until it is sent. The test consoles tick every second (start-consoles.ts); the test waits
 * for states, never for time.
 */

/** The reach the server gives for these choices, as the form's preview must say it. */
async function serverReach(page: Page, audience: string, channel: string) {
  const r = await (await apiOf(page)).get(`/api/notification/reach?audience=${audience}&channel=${channel}`);
  expect(r.status).toBe(200);
  return r.body.data as { reachable: number; unreachable: number };
}

const preview = (page: Page) => page.getByRole('dialog', { name: 'Add Notification campaign' }).getByTestId('reach-preview');

test('a campaign is written, scheduled "in 2 minutes" and followed to sent, by keyboard', async ({ page }) => {
  test.setTimeout(240_000);
  const title = unique('Flu shots');
  await signInAs(page, 'superadmin');
  await runExact(page, 'Add Notification campaign');
  const form = page.getByRole('dialog', { name: 'Add Notification campaign' });
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Flu shots are in at every centre.');

  // The preview follows the choices: everyone by e-mail, then by SMS, each as the server counts it.
  await tabTo(page, field(form, 'Audience'));
  await form.getByLabel(/^Audience/).selectOption('all');
  await tabTo(page, field(form, 'Channel'));
  await form.getByLabel(/^Channel/).selectOption('email');
  const byMail = await serverReach(page, 'all', 'email');
  await expect(preview(page)).toHaveText(`Reaches ${byMail.reachable} by Email; ${byMail.unreachable} cannot be reached.`);
  await form.getByLabel(/^Channel/).selectOption('sms');
  const bySms = await serverReach(page, 'all', 'sms');
  await expect(preview(page)).toHaveText(`Reaches ${bySms.reachable} by SMS; ${bySms.unreachable} cannot be reached.`);
  await form.getByLabel(/^Channel/).selectOption('email');
  await expect(preview(page)).toHaveText(`Reaches ${byMail.reachable} by Email; ${byMail.unreachable} cannot be reached.`);

  await tabTo(page, field(form, 'Scheduled for'));
  await page.keyboard.type('in 2 minutes');
  await expect(form.locator('#f-scheduledAt-understood')).toHaveText(/^Read as: /);
  await page.keyboard.press('Control+Enter');
  await expect(toast(page, 'Notification campaign saved')).toBeVisible();

  await openRecordFromPalette(page, title.slice(0, 12), title, 'Notification campaign');
  await page.waitForURL(/\/dashboard\/notification\/details\/\d+$/);
  const id = idInUrl(page);
  await expect(detail(page, 'Status')).toHaveText('Draft');
  await page.keyboard.press('Shift+S');
  await expect(detail(page, 'Status')).toHaveText('Scheduled');
  // Its time comes: the scheduler sends it, and the page follows over the change stream to the end.
  await expect(detail(page, 'Status')).toHaveText('Sent', { timeout: 180_000 });
  const sent = (await (await apiOf(page)).get(`/api/notification/${id}`)).body.data;
  expect(sent).toMatchObject({ status: 'sent', sent: byMail.reachable });
  await expect(detail(page, 'Sent')).toHaveText(String(byMail.reachable));
});

test('the campaign form with its reach, wide and narrow: no serious accessibility finding', async ({ page }, testInfo) => {
  await signInAs(page, 'superadmin');
  await runExact(page, 'Add Notification campaign');
  const form = page.getByRole('dialog', { name: 'Add Notification campaign' });
  await form.getByLabel(/^Audience/).selectOption('all');
  await form.getByLabel(/^Channel/).selectOption('sms');
  await expect(preview(page)).toContainText('by SMS');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(preview(page)).toBeVisible();
    expect((await axeViolations(page)).filter((v) => SERIOUS.has(v.impact ?? ''))).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`campaign-form-${width}.png`), fullPage: true });
  }
});

test('a started campaign\'s form: its message and audience are shown read-only, why said once; its time is saved', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInAs(page, 'superadmin');
  const api = await apiOf(page);
  const title = unique('Clinic hours');
  const made = await api.create('notification', { title, body: 'New clinic hours from Monday.', audience: 'fmc', channel: 'email' });
  // Sent now through the API (the send's own confirmation is the first test's): its audience is then counted.
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  const moved = await page.request.post(`/api/notification/${made.id}/transition`, { headers: { Authorization: `Bearer ${token}` }, data: { to: 'sending', version: made.version } });
  expect(moved.status()).toBe(200);
  await expect.poll(async () => (await api.get(`/api/notification/${made.id}`)).body.data.recipients, { timeout: 60_000 }).not.toBeNull();

  await openRecordFromPalette(page, title.slice(0, 12), title, 'Notification campaign');
  await page.waitForURL(/\/dashboard\/notification\/details\/\d+$/);
  // The record's commands come with the record: `e` is pressed once its Edit is there.
  await expect(page.getByRole('main').getByRole('link', { name: /^Edit/ })).toBeVisible();
  await page.keyboard.press('e');
  const form = page.getByRole('dialog', { name: 'Edit Notification campaign' });
  for (const label of ['Title', 'Message', 'Audience', 'Channel', 'Saved view of patients']) {
    await expect(field(form, label), label).toBeDisabled();
  }
  await expect(combo(form, 'Centre')).toBeDisabled();
  // Why is said once, above the kept fields, and each of them is described by it (a screen reader says it on any).
  const why = 'Fixed once sending has started: the rest of its audience gets what the first got.';
  await expect(form.getByText(why)).toHaveCount(1);
  for (const label of ['Title', 'Message', 'Audience', 'Channel', 'Saved view of patients']) {
    await expect(field(form, label), label).toHaveAccessibleDescription(new RegExp(why.replace(/[.]/g, '\\.')));
  }
  await expect(combo(form, 'Centre')).toHaveAccessibleDescription(why);
  // The campaign has no centre: its disabled picker shows nothing, not an invitation to type.
  await expect(combo(form, 'Centre')).toHaveValue('');
  await expect(combo(form, 'Centre')).not.toHaveAttribute('placeholder');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(form.getByText(why)).toBeVisible();
    expect((await axeViolations(page)).filter((v) => SERIOUS.has(v.impact ?? ''))).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`campaign-started-form-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(field(form, 'Title')).toHaveValue(title);

  // By keyboard to the field still open, its time (Tab passes the kept ones by: they are disabled).
  await tabTo(page, field(form, 'Scheduled for'));
  await page.keyboard.type('in 3 days');
  await expect(form.locator('#f-scheduledAt-understood')).toHaveText(/^Read as: /);
  await page.keyboard.press('Control+Enter');
  await expect(toast(page, 'Notification campaign saved')).toBeVisible();
  const saved = (await api.get(`/api/notification/${made.id}`)).body.data;
  expect(saved.scheduledAt).not.toBeNull();
  expect(saved).toMatchObject({ title, body: 'New clinic hours from Monday.', audience: 'fmc', channel: 'email' });
});
