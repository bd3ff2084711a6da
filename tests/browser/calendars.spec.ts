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

/** Days in the browser's calendar: today, six days on, and the Monday that starts next week (the grid's weeks). */
const browserDays = (page: Page) => page.evaluate(() => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
  const at = (base: Date, n: number) => day(new Date(base.getFullYear(), base.getMonth(), base.getDate() + n));
  return { today: day(now), tomorrow: at(now, 1), in6: at(now, 6), nextMonday: at(monday, 7) };
});

interface Slot { id: number; fmc: number; doctor: number | null; booked: number; capacity: number; date: string; startTime: string; _labels: Record<string, string> }

/**
 * Open slots with room and a doctor in the coming week that have not begun, an hour ahead at least (a slot that has
 * begun takes no booking), soonest first. The demo's centres are in India (CENTRE_TIME_ZONE's default): a slot's day
 * and start time are read there.
 */
async function bookableSlots(api: Awaited<ReturnType<typeof apiOf>>, days: { today: string; in6: string }, fmc?: number): Promise<Slot[]> {
  const listed = await api.get(`/api/fmcslots?filter[date]=${days.today}..${days.in6}&filter[status]=open${fmc ? `&filter[fmc]=${fmc}` : ''}&sort=date:asc&limit=200`);
  expect(listed.status).toBe(200);
  const begins = (s: Slot) => Date.parse(`${s.date}T${s.startTime.slice(0, 5)}:00+05:30`);
  return (listed.body.data as Slot[]).filter((s) => s.doctor !== null && s.booked < s.capacity && begins(s) > Date.now() + 3_600_000)
    .sort((a, b) => begins(a) - begins(b));
}

/** With the focus in the grid, ] shows next week when `day` is in it. */
async function toWeekOf(page: Page, grid: Locator, day: string, nextMonday: string) {
  if (day < nextMonday) return;
  await tabTo(page, grid.locator('td[data-current="true"]'));
  await page.keyboard.press(']');
  await expect(page).toHaveURL(new RegExp(`[?&]week=${nextMonday}`));
}

test('slot calendar: a free slot reached with the arrows, booked for a patient, the count goes up', async ({ page }) => {
  await signInReady(page, 'superadmin');
  const api = await apiOf(page);

  await runCommand(page, 'Slot calendar');
  await page.waitForURL(/\/dashboard\/fmc\/slots\/calendar$/);
  await expect(page.getByRole('heading', { name: 'Slot calendar', level: 1 })).toBeVisible();

  // A centre with a bookable slot in the coming week, found through the API; one whose name, typed, is the picker's first.
  const days = await browserDays(page);
  let free: Slot | undefined;
  for (const s of await bookableSlots(api, days)) {
    const first = (await api.get(`/api/fmc/options?q=${encodeURIComponent(s._labels.fmc)}&limit=1`)).body.data[0];
    if (first?.id === s.fmc) { free = s; break; }
  }
  expect(free, 'a slot with room in the coming week').toBeTruthy();
  const centre = free!._labels.fmc;

  // The centre picker has the focus: its name, then Enter on the first match.
  await expect(page.getByRole('combobox', { name: 'Centre' })).toBeFocused();
  await page.keyboard.type(centre);
  await expect(page.getByRole('option').first()).toContainText(centre);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]fmc=${free!.fmc}`));

  // Into the grid with Tab, on to next week with ] if the slot is there, then to the slot with the arrows, by its place.
  const grid = page.getByRole('grid');
  await toWeekOf(page, grid, free!.date, days.nextMonday);
  const slotId = String(free!.id);
  const target = grid.locator(`td.slot-free[data-slot="${slotId}"]:has(.slot-doctor)`);
  await arrowTo(page, grid, target);
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
  // A slot of its own, full from the start (capacity 1, one booking), tomorrow at a centre with no other slot then
  // (tomorrow: a slot that has begun takes no booking), and the calendar on its week.
  const centre = (await api.get('/api/fmc?filter[status]=active&limit=1')).body.data[0];
  const doctor = (await api.get('/api/doctor?filter[status]=active&limit=1')).body.data[0];
  const { tomorrow } = await browserDays(page);
  const slot = await api.create('fmcslots', { fmc: centre.id, doctor: doctor.id, date: tomorrow, startTime: '06:00', endTime: '06:30', capacity: 1, status: 'open' });
  const patient = (await api.get('/api/patients?limit=1&filter[status]=active')).body.data[0];
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  expect((await page.request.post(`/api/fmcslots/${slot.id}/book`, { headers: { Authorization: `Bearer ${token}` }, data: { patient: patient.id } })).status()).toBe(201);

  await page.goto(`/dashboard/fmc/slots/calendar?fmc=${centre.id}&week=${tomorrow}`);
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

  // A bookable slot of that centre in the coming week, and a patient not on it: found as a superadmin (fmc staff may not
  // list patients).
  const grid = page.getByRole('grid');
  const days = await browserDays(page);
  const free = (await bookableSlots(api, days, Number(await centre.inputValue())))[0];
  expect(free, 'a slot with room in the coming week at their centre').toBeTruthy();
  await toWeekOf(page, grid, free.date, days.nextMonday);
  const slotId = String(free.id);
  const target = grid.locator(`td.slot-free[data-slot="${slotId}"]:has(.slot-doctor)`);
  await arrowTo(page, grid, target);
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
