import { expect, test, type Locator, type Page } from './fixtures';
import { apiOf } from './catalogue-helpers';
import { DEMO_PASSWORD } from './consoles';
import { runCommand } from './helpers';
import { signInReady, tabTo } from './workflow-helpers';

/**
 * Issue 19 §3, the calendars, with the keyboard alone on the demo console: a superadmin opens the slot calendar from
 * the palette, picks a centre, walks the grid with the arrows to a slot with room, books it for a patient and sees the
 * appointment's number in a toast and the slot's count go up; and opens an appointment from the appointments calendar
 * with Enter.
 */
test.use({ dataset: 'demo' });

/** Presses `key` n times. */
async function press(page: Page, key: string, n: number) {
  for (let i = 0; i < n; i++) await page.keyboard.press(key);
}

const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

/** Into the grid with Tab (its first cell), then to `target` with the arrows, by its row and column. */
async function arrowTo(page: Page, grid: Locator, target: Locator) {
  await expect(target).toBeVisible();
  await tabTo(page, grid.locator('td[data-current="true"]'));
  await press(page, 'Home', 1);
  const { row, col } = await target.evaluate((td) => ({ row: (td.parentElement as HTMLTableRowElement).sectionRowIndex, col: (td as HTMLTableCellElement).cellIndex - 1 }));
  await press(page, 'ArrowDown', row);
  await press(page, 'ArrowRight', col);
  expect(await isFocused(target)).toBe(true);
}

test('slot calendar: a free slot reached with the arrows, booked for a patient, the count goes up', async ({ page }) => {
  await signInReady(page, 'superadmin');
  const api = await apiOf(page);

  await runCommand(page, 'Slot calendar');
  await page.waitForURL(/\/dashboard\/fmc\/slots\/calendar$/);
  await expect(page.getByRole('heading', { name: 'Slot calendar', level: 1 })).toBeVisible();

  // A centre with a slot this week that has room and a doctor, found through the API: `@thisWeek` is read by the
  // server as the calendar counts it (the user's first day of the week, in the browser's days).
  const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const listed = await api.get(`/api/fmcslots?filter[date]=@thisWeek&tz=${encodeURIComponent(tz)}&filter[status]=open&sort=date:asc&limit=200`);
  expect(listed.status).toBe(200);
  const free = (listed.body.data as { id: number; fmc: number; doctor: number | null; booked: number; capacity: number; _labels: Record<string, string> }[])
    .find((s) => s.doctor !== null && s.booked < s.capacity);
  expect(free, 'a slot with room this week').toBeTruthy();
  const centre = free!._labels.fmc;

  // The centre picker has the focus: its name, then Enter on the first match.
  await expect(page.getByRole('combobox', { name: 'Centre' })).toBeFocused();
  await page.keyboard.type(centre);
  await expect(page.getByRole('option').first()).toContainText(centre);
  // Another centre's name may start with this one's: the arrows down to this centre's own option (by its id).
  const own = page.locator(`[role="option"][id$="-${free!.fmc}"]`);
  await expect(own).toBeVisible();
  for (let i = 0; i < 20 && (await own.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await expect(own).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]fmc=${free!.fmc}`));

  // Into the grid with Tab, then to a free slot of a doctor with the arrows, by its place in the grid.
  const grid = page.getByRole('grid');
  const target = grid.locator('td.slot-free:has(.slot-doctor)').first();
  await arrowTo(page, grid, target);
  // The slot by its id from here on: once booked it may be full, and no longer the first free one.
  const slotId = await target.getAttribute('data-slot');
  const cell = grid.locator(`td[data-slot="${slotId}"]`);
  const count = cell.locator('.slot-count');
  const [booked, capacity] = (await count.innerText()).split('/').map(Number);

  // A patient not yet on this slot, from the ones the superadmin may list.
  const on = new Set(((await api.get(`/api/fmcslots/${slotId}/bookings`)).body.data as { patient: number }[]).map((b) => b.patient));
  const patients = (await api.get('/api/patients?limit=100&filter[status]=active')).body.data as { id: number; firstName: string; lastName: string }[];
  const patient = patients.find((p) => !on.has(p.id))!;
  const name = `${patient.firstName} ${patient.lastName}`;

  // Enter books: the dialog's patient picker takes the name, Enter picks, Enter again confirms.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Book a slot' });
  await expect(dialog.getByRole('combobox', { name: 'Patient' })).toBeFocused();
  await page.keyboard.type(name);
  await expect(dialog.getByRole('option').first()).toContainText(name);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('combobox', { name: 'Patient' })).toHaveValue(name);
  await page.keyboard.press('Enter');

  const toast = page.getByText(new RegExp(`^Booked APT-\\d{4}-\\d{6,8} for ${name}$`));
  await expect(toast).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(count).toHaveText(`${booked + 1}/${capacity}`);
  // The number in the toast is the appointment the booking made, on this slot.
  const number = (await toast.innerText()).match(/APT-\d{4}-\d{6,8}/)![0];
  const made = await api.get(`/api/appointments?q=${number}`);
  expect(made.body.data.map((a: { slot: number }) => a.slot)).toEqual([Number(slotId)]);
  // Focus is back on the slot, in the grid.
  await expect(cell).toBeFocused();
});

test('slot calendar: a full slot says so and does not book', async ({ page }) => {
  await signInReady(page, 'superadmin');
  const api = await apiOf(page);
  // A slot of its own, full from the start (capacity 1, one booking), this week at a centre with no other slot then.
  const centre = (await api.get('/api/fmc?filter[status]=active&limit=1')).body.data[0];
  const doctor = (await api.get('/api/doctor?filter[status]=active&limit=1')).body.data[0];
  const today = await page.evaluate(() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; });
  const slot = await api.create('fmcslots', { fmc: centre.id, doctor: doctor.id, date: today, startTime: '06:00', endTime: '06:30', capacity: 1, status: 'open' });
  const patient = (await api.get('/api/patients?limit=1&filter[status]=active')).body.data[0];
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  expect((await page.request.post(`/api/fmcslots/${slot.id}/book`, { headers: { Authorization: `Bearer ${token}` }, data: { patient: patient.id } })).status()).toBe(201);

  await page.goto(`/dashboard/fmc/slots/calendar?fmc=${centre.id}`);
  const grid = page.getByRole('grid');
  const cell = grid.locator(`td[data-slot="${slot.id}"]`);
  await expect(cell).toContainText('1/1');
  await expect(cell).toContainText('Full');
  await arrowTo(page, grid, cell);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'is full: it cannot be booked' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // PageDown and ] go a week on, PageUp and [ back: the week is in the address, the focus stays in the grid.
  const caption = grid.locator('caption');
  const thisWeek = await caption.innerText();
  await page.keyboard.press('PageDown');
  await expect(page).toHaveURL(/[?&]week=\d{4}-\d{2}-\d{2}/);
  await expect(caption).not.toHaveText(thisWeek);
  await expect(grid.locator('td[data-current="true"]')).toBeFocused();
  await page.keyboard.press('[');
  await expect(caption).toHaveText(thisWeek);
  await expect(cell).toContainText('1/1');
  await expect(grid.locator('td[data-current="true"]')).toBeFocused();
});

test('slot calendar for fmc staff: their centre first, a patient picked by name (titles only), booked', async ({ page }) => {
  await signInReady(page, 'fmc');
  const api = await apiOf(page);
  // The sidebar offers the slot calendar (fmc staff edit slots), not the appointments calendar (they do not list appointments).
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await runCommand(page, 'Slot calendar');
  await page.waitForURL(/\/dashboard\/fmc\/slots\/calendar$/);
  await expect(nav.getByRole('link', { name: 'Slot calendar' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Appointments calendar' })).toHaveCount(0);

  // Their centres (the centre list answers only theirs): the calendar starts on one of them, without a centre in the address.
  const mine = ((await api.get('/api/fmc?limit=50')).body.data as { id: number }[]).map((c) => c.id);
  // The demo's fmc account works at two centres: a plain select of them.
  const centre = page.getByRole('combobox', { name: 'Centre' });
  await expect(page.getByRole('grid')).toBeVisible();
  expect(mine).toContain(Number(await centre.inputValue()));

  // A free slot with a doctor, and a patient not on it: found as a superadmin (fmc staff may not list patients).
  const grid = page.getByRole('grid');
  const target = grid.locator('td.slot-free:has(.slot-doctor)').first();
  await arrowTo(page, grid, target);
  const slotId = await target.getAttribute('data-slot');
  const cell = grid.locator(`td[data-slot="${slotId}"]`);
  const [booked, capacity] = (await cell.locator('.slot-count').innerText()).split('/').map(Number);
  const login = await page.request.post('/api/adminUser/login', { data: { email: 'superadmin@demo.test', password: DEMO_PASSWORD } });
  const headers = { Authorization: `Bearer ${(await login.json()).data.token}` };
  const on = new Set(((await (await page.request.get(`/api/fmcslots/${slotId}/bookings`, { headers })).json()).data as { patient: number }[]).map((b) => b.patient));
  const patients = (await (await page.request.get('/api/patients?limit=100&filter[status]=active&sort=createdAt:desc', { headers })).json()).data as { id: number; firstName: string; lastName: string }[];
  const patient = patients.find((p) => !on.has(p.id))!;
  const name = `${patient.firstName} ${patient.lastName}`;

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Book a slot' });
  const picker = dialog.getByRole('combobox', { name: 'Patient' });
  await expect(picker).toBeFocused();
  // Fewer than three letters find nothing for a role that may not list patients: the picker says to type more.
  await page.keyboard.type(name.slice(0, 2));
  await expect(dialog.getByRole('listbox')).toContainText('3');
  await page.keyboard.type(name.slice(2));
  await expect(dialog.getByRole('option').first()).toContainText(name);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`^Booked APT-\\d{4}-\\d{6,8} for ${name}$`))).toBeVisible();
  await expect(cell.locator('.slot-count')).toHaveText(`${booked + 1}/${capacity}`);
});

test('appointments calendar: the arrows move between appointments, Enter opens one', async ({ page }) => {
  await signInReady(page, 'superadmin');
  await runCommand(page, 'Appointments calendar');
  await page.waitForURL(/\/dashboard\/appointments\/calendar$/);
  await expect(page.getByRole('heading', { name: 'Appointments calendar', level: 1 })).toBeVisible();

  const blocks = page.locator('.appt-block');
  await expect(blocks.first()).toBeVisible();
  const first = page.locator('.appt-block[tabindex="0"]');
  await tabTo(page, first);
  const startId = await first.getAttribute('id');
  // Down within the day, else right to the next day with any: either way another appointment has the focus.
  const focused = page.locator('.appt-block:focus');
  await page.keyboard.press('ArrowDown');
  if ((await focused.getAttribute('id')) === startId) await page.keyboard.press('ArrowRight');
  await expect(focused).toHaveCount(1);
  const id = (await focused.getAttribute('id'))!;
  if ((await blocks.count()) > 1) expect(id).not.toBe(startId);
  const number = (await focused.locator('.appt-number').innerText()).trim();

  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/dashboard/appointments/view/${id.replace('appt-', '')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
});
