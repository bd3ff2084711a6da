import { expect, test, type Locator, type Page } from './fixtures';
import { apiOf, unique } from './catalogue-helpers';
import { begunConfirmedQuery, signInReady, statusOf } from './workflow-helpers';

/**
 * Issue 24 §2, focus always where the work is: six daily jobs done with the keyboard alone, on the demo console, with
 * the focus checked after every step (`document.activeElement`, through toBeFocused) and the keys each job takes
 * counted and printed. The focus is never left on the page itself: a list's grid, a record's heading, a form's first
 * field, or what opened a dialog has it.
 */
test.use({ dataset: 'demo' });

/** A job's keys, counted as pressed (a typed text counts a key a character), with checks of where the focus is. */
class Job {
  keys = 0;
  constructor(private readonly page: Page, readonly name: string) {}

  async press(key: string, times = 1) {
    for (let i = 0; i < times; i++) {
      await this.page.keyboard.press(key);
      this.keys += 1;
    }
  }

  async type(text: string) {
    await this.page.keyboard.type(text);
    this.keys += [...text].length;
  }

  /** Tab until `target` has the focus (each Tab counted); fails past `max`. */
  async tabTo(target: Locator, max = 60) {
    await expect(target).toBeVisible();
    for (let i = 0; i < max; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await this.press('Tab');
    }
    throw new Error(`${String(target)} was not reached with ${max} presses of Tab`);
  }

  /** Runs a palette command or opens a record: Ctrl+K, the text, Enter once the first line is `first`. */
  async palette(text: string, first: RegExp | string = text) {
    await this.press('Control+k');
    await expect(this.page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
    await this.type(text);
    await expect(this.page.locator('[data-palette-item]').first()).toContainText(first);
    await this.press('Enter');
  }

  /** On a palette sub-page: the choice typed, Enter on it. */
  async choose(label: string) {
    await this.type(label);
    await expect(this.page.locator('[data-palette-item]').first()).toHaveText(label);
    await this.press('Enter');
  }

  report() {
    console.log(`keys for "${this.name}": ${this.keys}`);
  }
}

const grid = (page: Page) => page.getByRole('grid');
const heading = (page: Page) => page.locator('#main h1');
/** The polite region that says each new screen's title. */
const announced = (page: Page) => page.locator('[data-screen-announcer]');

/** The record's page heading has the keyboard, and its title was announced. */
async function onRecord(page: Page, title: RegExp) {
  await expect(heading(page)).toHaveText(title);
  await expect(heading(page)).toBeFocused();
  await expect(announced(page)).toHaveText(title);
}

/** The list's grid has the keyboard, with a current row, and the list's title was announced. */
async function onList(page: Page, title: string) {
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await expect(grid(page)).toBeFocused();
  await expect(announced(page)).toHaveText(title);
}

test('a superadmin finds a patient by surname and opens who changed their last appointment', async ({ page }) => {
  await signInReady(page, 'superadmin');
  const api = await apiOf(page);
  // Set up: a patient found by surname alone, whose appointment this superadmin has just completed.
  // Of those whose time has come: an appointment is completed from its day on.
  const confirmed = (await api.get(begunConfirmedQuery(40))).body.data as { id: number; version: number; patient: number; number: string }[];
  let picked: { appt: (typeof confirmed)[number]; lastName: string } | null = null;
  for (const appt of confirmed) {
    const patient = (await api.get(`/api/patients/${appt.patient}`)).body.data as { lastName: string };
    const same = (await api.get(`/api/patients?q=${encodeURIComponent(patient.lastName)}&limit=2`)).body.data as unknown[];
    // And the palette's first record for it (a doctor of that surname would come before).
    const found = (await api.get(`/api/search?q=${encodeURIComponent(patient.lastName)}`)).body.data as { entity: string; id: number }[];
    if (same.length === 1 && found[0]?.entity === 'patients' && found[0].id === appt.patient) { picked = { appt, lastName: patient.lastName }; break; }
  }
  expect(picked, 'a patient whose surname is theirs alone').not.toBeNull();
  const { appt, lastName } = picked!;
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  const moved = await page.request.post(`/api/appointments/${appt.id}/transition`, { headers: { Authorization: `Bearer ${token}` }, data: { to: 'completed', version: appt.version } });
  expect(moved.status(), await moved.text()).toBe(200);

  const job = new Job(page, 'find a patient by surname, open who changed their last appointment');
  await job.palette(lastName);
  await page.waitForURL(/\/dashboard\/patients\/view\/\d+$/);
  await onRecord(page, new RegExp(`^Patient: .*${lastName}`));

  // y: the patient's history, its heading focused; the appointment's line links to it.
  await job.press('y');
  await page.waitForURL(/\/dashboard\/patients\/timeline\/\d+$/);
  await onRecord(page, /^History of this Patient|Patient/);
  const link = page.getByRole('list', { name: 'History' }).getByRole('link', { name: appt.number }).first();
  await job.tabTo(link);
  await job.press('Enter');
  await page.waitForURL(`**/dashboard/appointments/view/${appt.id}`);
  await onRecord(page, new RegExp(`^Appointment: ${appt.number}$`));
  await expect(statusOf(page)).toHaveText('Completed');

  // y again: the appointment's entries in the activity log, the newest focused; Enter shows what changed and who.
  await job.press('y');
  await page.waitForURL(`**/dashboard/fmc/fmclogs?entity=appointments&record=${appt.id}`);
  const newest = page.locator('li.log-row').first().locator('.log-toggle');
  await expect(newest).toBeFocused();
  await expect(newest).toContainText(/completed/i);
  await job.press('Enter');
  await expect(newest).toHaveAttribute('aria-expanded', 'true');
  await expect(newest).toBeFocused();
  const me = (await api.get('/api/admin-user?q=superadmin%40demo.test')).body.data[0] as { firstName: string; lastName: string };
  await expect(newest).toContainText(`${me.firstName} ${me.lastName}`);
  job.report();
});

test('an admin reschedules a missed appointment to tomorrow 10:00 and confirms it', async ({ page }) => {
  await signInReady(page, 'admin');
  const job = new Job(page, 'reschedule a missed appointment to tomorrow 10:00 and confirm it');
  // g a m: the missed appointments, the grid's first row current and live.
  await job.press('g');
  await job.press('a');
  await job.press('m');
  await page.waitForURL('**/dashboard/appointments/missed');
  await onList(page, 'Appointments: Missed');
  await job.press('Enter');
  await page.waitForURL(/\/dashboard\/appointments\/view\/\d+$/);
  await onRecord(page, /^Appointment: APT-/);
  await expect(statusOf(page)).toHaveText('Missed');

  // Shift+R: the dialog's date field has the keyboard, showing the time it has; the time typed as words.
  await job.press('Shift+R');
  const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
  const when = dialog.getByLabel(/^Scheduled at/);
  await expect(when).toBeFocused();
  await expect(when).not.toHaveValue('');
  await job.press('Control+a');
  await job.type('tomorrow 10:00');
  await expect(dialog.locator('.hint', { hasText: 'Read as:' })).toContainText('10:00');
  await job.press('Control+Enter');
  await expect(page.getByText('Reschedule appointment: done')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Back to the record it came from.
  await expect(statusOf(page)).toHaveText('Rescheduled');
  await expect(heading(page)).toBeFocused();

  // Shift+O confirms it; the heading keeps the keyboard.
  await job.press('Shift+O');
  await expect(page.getByText('Confirm appointment: done')).toBeVisible();
  await expect(statusOf(page)).toHaveText('Confirmed');
  await expect(heading(page)).toBeFocused();
  job.report();
});

test('an admin filters pending UPI payments of the last 30 days and exports them', async ({ page }) => {
  await signInReady(page, 'admin');
  const job = new Job(page, 'filter pending UPI payments of the last 30 days and export them');
  await job.palette('filter pay', 'Filter payments');
  await job.choose('Pending');
  await job.choose('UPI');
  await job.choose('Last 30 days');
  await expect(page.locator('[data-palette-item]').first()).toHaveText('Any');
  await job.press('Enter');
  await page.waitForURL(/\/dashboard\/payment\/pending\?/);
  await onList(page, 'Payments: Pending');
  expect(new URL(page.url()).searchParams.get('filter[method]')).toBe('upi');

  // The export, from the palette: the file comes, and the focus is back on the list.
  const downloading = page.waitForEvent('download');
  await job.palette('export', 'Export this list as CSV');
  // It asks how to write the values: as shown, the choice it starts on.
  await expect(page.getByRole('dialog', { name: 'Export CSV' })).toBeVisible();
  await job.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^payment-.*\.csv$/);
  await expect(page.getByRole('status').filter({ hasText: /rows\)/ })).toBeVisible();
  await expect(grid(page)).toBeFocused();
  job.report();
});

test('a superadmin opens a verification request\'s documents and approves it', async ({ page }) => {
  await signInReady(page, 'superadmin');
  const job = new Job(page, 'open a verification request\'s documents and approve it');
  await job.palette('waiting for review', 'Verification requests: Waiting for review');
  await page.waitForURL(/\/dashboard\/requestVerification\/requested$/);
  await onList(page, 'Verification requests: Waiting for review');
  await job.press('Enter');
  await page.waitForURL(/\/requestVerification\/requested\/view\/\d+$/);
  await onRecord(page, /^Verification request: VR-\d{6}$/);

  // Each document: Tab to it, Enter opens the viewer, Esc closes it and the focus is back on its button.
  const buttons = page.getByRole('region', { name: 'Documents' }).getByRole('button');
  const count = await buttons.count();
  expect(count).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < count; i++) {
    await job.tabTo(buttons.nth(i));
    await job.press('Enter');
    const viewer = page.getByRole('dialog');
    await expect(viewer).toBeVisible();
    await expect(viewer.locator(':focus')).toHaveCount(1);
    // Read once it is shown (the scan or the PDF from its blob: address): then it counts as opened.
    await expect(viewer.locator('img[src^="blob:"], iframe[src^="blob:"]')).toBeVisible();
    await job.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(buttons.nth(i)).toBeFocused();
    await expect(buttons.nth(i)).toContainText('Opened');
  }

  // Shift+A: the confirmation names the doctor, Cancel first; Tab, Enter approves; the record's heading has the keyboard.
  await job.press('Shift+A');
  const confirm = page.getByRole('dialog', { name: 'Approve verification' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await job.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await job.press('Enter');
  await expect(page.getByText('Approve verification: done')).toBeVisible();
  await page.waitForURL(/\/requestVerification\/verified\/view\/\d+$/);
  await expect(statusOf(page)).toHaveText('Verified');
  await expect(heading(page)).toBeFocused();
  job.report();
});

test('a superadmin reminds three people on a worklist', async ({ page }) => {
  await signInReady(page, 'superadmin');
  const job = new Job(page, 'remind three people on a worklist');
  await job.palette('insurance', 'Open patients without insurance details');
  await page.waitForURL('**/dashboard/notifications/patientNotAddedInsuranceDetails');
  const rows = page.locator('tbody tr');
  await expect(rows.nth(2)).toBeVisible();
  await expect(grid(page)).toBeFocused();
  await expect(announced(page)).toHaveText('Patients: no insurance');

  // k: on the rows (a name typed on a list's arrival is a search); x, j, x, j, x: three rows selected from the grid.
  await job.press('k');
  for (let i = 0; i < 3; i++) {
    if (i) await job.press('j');
    await job.press('x');
    await expect(rows.nth(i)).toHaveAttribute('aria-selected', 'true');
    await expect(grid(page)).toBeFocused();
  }
  // r asks first (a message sent cannot be taken back), naming the people; Enter sends.
  await job.press('r');
  const send = page.getByRole('dialog', { name: 'Send reminders?' }).getByRole('button', { name: 'Send reminder' });
  await expect(send).toBeFocused();
  await expect(send).toHaveAttribute('data-ready', 'true');
  await job.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /sent|reminded/i }).first()).toBeVisible();
  await expect(grid(page)).toBeFocused();
  job.report();
});

test('railway adds a dental exam, edits it, deletes it and undoes', async ({ page }) => {
  await signInReady(page, 'railway');
  const api = await apiOf(page);
  // A patient railway staff examine: the one an exam already names (they pick patients by name, not from a list).
  const exam = (await api.get('/api/dentisttest?limit=1')).body.data[0] as { _labels: { patient: string } };
  const patient = { title: exam._labels.patient };
  const examiner = unique('Dr Focus');
  const job = new Job(page, 'add a dental exam, edit it, delete it and undo');

  // Add: the form's first field (the patient) has the keyboard.
  await job.palette('add dental', /^Add Dental/i);
  const form = page.getByRole('dialog', { name: /^Add Dental/i });
  const patientField = form.getByRole('combobox', { name: /^Patient/ });
  await expect(patientField).toBeFocused();
  await job.type(patient.title);
  await expect(form.getByRole('option').first()).toContainText(patient.title);
  await job.press('Enter');
  await job.press('Tab');
  await expect(form.getByLabel(/^Examined on/)).toBeFocused();
  await job.type('today');
  await job.press('Tab');
  await expect(form.getByLabel(/^Examiner/)).toBeFocused();
  await job.type(examiner);
  await job.tabTo(form.getByLabel(/^Fitness/));
  await job.press('f');
  await job.press('Control+Enter');
  await expect(form).toHaveCount(0);
  await onList(page, 'Dental examinations');

  // Find it: / to the search, its examiner, Enter into the grid on its row.
  await job.press('/');
  await expect(page.locator('#list-filter')).toBeFocused();
  await job.type(examiner);
  await expect(page.getByText(/^1 records?$/)).toBeVisible();
  await job.press('Enter');
  await expect(grid(page)).toBeFocused();

  // e: the edit form opens on the patient picker, showing the patient (not an empty box).
  await job.press('e');
  const edit = page.getByRole('dialog', { name: /^Edit Dental/i });
  const picker = edit.getByRole('combobox', { name: /^Patient/ });
  await expect(picker).toBeFocused();
  await expect(picker).toHaveValue(patient.title);
  await job.tabTo(edit.getByLabel(/^Decayed teeth/));
  await job.type('3');
  await job.press('Control+Enter');
  await expect(edit).toHaveCount(0);
  await expect(grid(page)).toBeFocused();
  await expect(page.locator('tbody tr[data-focused="true"]')).toContainText(examiner);

  // Delete asks, Cancel first: Tab, Enter deletes; the grid keeps the keyboard. Ctrl+Z undoes it.
  await job.press('Delete');
  const confirm = page.getByRole('dialog', { name: /^Delete Dental/i });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await job.press('Tab');
  await job.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(/deleted$/).first()).toBeVisible();
  await expect(grid(page)).toBeFocused();
  await expect(page.getByRole('gridcell', { name: examiner })).toHaveCount(0);
  await job.press('Control+z');
  await expect(page.getByText(/restored$/).first()).toBeVisible();
  await expect(page.getByRole('gridcell', { name: examiner })).toBeVisible();
  await expect(grid(page)).toBeFocused();
  job.report();
});
