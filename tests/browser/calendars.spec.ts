import { firstDayOfWeek, shiftDay, weekStartOf } from '../../src/registry';
import { expect, test, type Locator, type Page } from './fixtures';
import { apiOf } from './catalogue-helpers';
import { DEMO_PASSWORD } from './consoles';
import { runCommand } from './helpers';
import { signInReady, tabTo } from './workflow-helpers';

/**
 * Issue 19 §3, the calendars, with the keyboard alone on the demo console: a superadmin opens the slot calendar from
 * the palette, picks a centre, walks the grid with the arrows to a slot with room, books it for a patient and sees the
 * appointment's number in a toast and the slot's count go up; and opens an appointment from the appointments calendar
 * with Enter. A slot that has begun where the centres are is shown as past and not offered for booking.
 */
test.use({ dataset: 'demo' });

/** Presses `key` n times. */
async function press(page: Page, key: string, n: number) {
  for (let i = 0; i < n; i++) await page.keyboard.press(key);
}

const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

type Listed = { id: number; fmc: number; date: string; startTime: string; doctor: number | null; booked: number; capacity: number; _labels: Record<string, string> };

/**
 * A slot with room and a doctor, still to come an hour from now where the centres are (so that it has not begun by the
 * time it is booked: a begun slot is past and not offered), this week (the browser's, which the calendar opens on) or,
 * late in the week, the next: found through the API as `get`'s user sees slots.
 */
async function slotToCome(page: Page, get: (url: string) => Promise<{ status: number; body: { data: unknown } }>) {
  const zone = ((await get('/api/auth/config')).body.data as { centreTimeZone: string }).centreTimeZone;
  const { today, soon } = await page.evaluate((timeZone) => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const now = new Date();
    const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(Date.now() + 3_600_000).map((p) => [p.type, p.value]));
    return { today: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`, soon: `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}` };
  }, zone);
  // The weeks the calendar shows: the console's first day of the week for an English reader (registry/days.ts).
  const first = weekStartOf(today, firstDayOfWeek('en'));
  const weeks = [0, 7].map((k) => ({ from: shiftDay(first, k), to: shiftDay(first, k + 6) }));
  for (const [i, week] of weeks.entries()) {
    const listed = await get(`/api/fmcslots?filter[date]=${week.from}..${week.to}&filter[status]=open&sort=date:asc&limit=200`);
    expect(listed.status).toBe(200);
    const slot = (listed.body.data as Listed[]).find((s) => s.doctor !== null && s.booked < s.capacity && `${s.date} ${s.startTime.slice(0, 5)}` > soon);
    if (slot) return { slot, nextWeek: i === 1 };
  }
  throw new Error('no slot with room to come this week or next');
}

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

  // A centre with a slot to come that has room and a doctor.
  const { slot: free, nextWeek } = await slotToCome(page, api.get);
  const centre = free._labels.fmc;
  // Typed by its code, which is the centre's alone (two demo centres may share a name).
  const code = (await api.get(`/api/fmc/${free.fmc}`)).body.data.code as string;

  // The centre picker has the focus: its code, then Enter on the first match.
  await expect(page.getByRole('combobox', { name: 'Centre' })).toBeFocused();
  await page.keyboard.type(code);
  await expect(page.getByRole('option').first()).toContainText(centre);
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]fmc=${free.fmc}`));

  // Into the grid with Tab (and a week on with PageDown if the slot is next week's), then to the slot with the arrows,
  // by its place in the grid.
  const grid = page.getByRole('grid');
  if (nextWeek) {
    await tabTo(page, grid.locator('td[data-current="true"]'));
    await page.keyboard.press('PageDown');
  }
  const slotId = String(free.id);
  const cell = grid.locator(`td[data-slot="${slotId}"]`);
  await expect(cell).toHaveClass(/slot-free/);
  await arrowTo(page, grid, cell);
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
  // A slot of its own, full from the start (capacity 1, one booking), a week on (so that it is still to come, not past)
  // at a centre with no other slot then.
  const centre = (await api.get('/api/fmc?filter[status]=active&limit=1')).body.data[0];
  const doctor = (await api.get('/api/doctor?filter[status]=active&limit=1')).body.data[0];
  const weekOn = await page.evaluate(() => { const d = new Date(Date.now() + 7 * 86_400_000); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; });
  const slot = await api.create('fmcslots', { fmc: centre.id, doctor: doctor.id, date: weekOn, startTime: '06:00', endTime: '06:30', capacity: 1, status: 'open' });
  const patient = (await api.get('/api/patients?limit=1&filter[status]=active')).body.data[0];
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  expect((await page.request.post(`/api/fmcslots/${slot.id}/book`, { headers: { Authorization: `Bearer ${token}` }, data: { patient: patient.id } })).status()).toBe(201);

  await page.goto(`/dashboard/fmc/slots/calendar?fmc=${centre.id}&week=${weekOn}`);
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

test('slot calendar: a slot that has begun where the centres are is shown as past and not offered', async ({ page }, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInReady(page, 'superadmin');
  const api = await apiOf(page);
  // The centres' today (their time zone, from the public config), and a slot of it from midnight: begun whenever the
  // test runs. The calendar is opened on that day's week, whatever the browser's is.
  const zone = (await api.get('/api/auth/config')).body.data.centreTimeZone as string;
  const today = await page.evaluate((timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now()), zone);
  const centre = (await api.get('/api/fmc?filter[status]=active&limit=1')).body.data[0];
  const doctor = (await api.get('/api/doctor?filter[status]=active&limit=1')).body.data[0];
  const slot = await api.create('fmcslots', { fmc: centre.id, doctor: doctor.id, date: today, startTime: '00:00', endTime: '00:05', capacity: 5, status: 'open' });

  await page.goto(`/dashboard/fmc/slots/calendar?fmc=${centre.id}&week=${today}`);
  const grid = page.getByRole('grid');
  const cell = grid.locator(`td[data-slot="${slot.id}"]`);
  await expect(cell).toHaveClass(/slot-past/);
  await expect(cell).toContainText('0/5');
  await expect(cell.locator('.slot-state')).toHaveText('Past');
  await page.screenshot({ path: info.outputPath('slot-calendar-1440.png') });

  // Enter on it, or a click, says why and opens no booking.
  await arrowTo(page, grid, cell);
  await page.keyboard.press('Enter');
  const notice = page.getByRole('status').filter({ hasText: 'has already begun: it can no longer be booked' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await cell.click();
  await expect(notice).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
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

  // A slot to come with room and a doctor at one of their centres (chosen in the select if it is the other one), a
  // week on if it is next week's, and a patient not on it: found as a superadmin (fmc staff may not list patients).
  const { slot: free, nextWeek } = await slotToCome(page, api.get);
  if (Number(await centre.inputValue()) !== free.fmc) {
    await centre.focus();
    await centre.selectOption(String(free.fmc));
  }
  const grid = page.getByRole('grid');
  if (nextWeek) {
    await tabTo(page, grid.locator('td[data-current="true"]'));
    await page.keyboard.press('PageDown');
  }
  const slotId = String(free.id);
  const cell = grid.locator(`td[data-slot="${slotId}"]`);
  await arrowTo(page, grid, cell);
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
