import { firstDayOfWeek, shiftDay, weekStartOf } from '../../src/registry';
import { expect, networkQuiet, test, type Page } from './fixtures';
import { axeViolations, SERIOUS } from './axe';
import { apiOf } from './catalogue-helpers';
import { signInAs } from './helpers';
import { tabTo } from './workflow-helpers';

/**
 * The two calendars on a phone (390 px, touch): each is a day list, today first, then the days after it, then the
 * week's earlier days; nothing is wider than the screen; an appointment's card names its patient; a slot that has
 * begun where the centres are is shown as past and offers no booking, by touch or by keyboard, while one to come
 * still does. The browser keeps the centres' time (the console's default CENTRE_TIME_ZONE), so that its today is
 * theirs. On the demo data, signed in as superadmin.
 */
test.use({ dataset: 'demo', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, timezoneId: 'Asia/Kolkata' });

async function expectNoSideScroll(page: Page) {
  const w = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, main: document.querySelector('main')!.scrollWidth, mainView: document.querySelector('main')!.clientWidth }));
  expect(w.doc, 'the document is no wider than the screen').toBeLessThanOrEqual(390);
  expect(w.main, 'the page area does not scroll sideways').toBeLessThanOrEqual(w.mainView);
}

/** Today, a week on, and the days of this week (from the console's first day for an English reader) as the day list should order them, where the browser is. */
async function days(page: Page) {
  const { today, weekOn } = await page.evaluate(() => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    const now = new Date();
    return { today: day(now), weekOn: day(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 7)) };
  });
  const first = weekStartOf(today, firstDayOfWeek('en'));
  const week = Array.from({ length: 7 }, (_, i) => shiftDay(first, i));
  return { today, weekOn, order: [...week.filter((d) => d >= today), ...week.filter((d) => d < today)] };
}

/** Nothing serious or critical by axe on the page as it is now (lesser findings are printed). */
async function expectAccessible(page: Page, screen: string) {
  const violations = await axeViolations(page);
  const lesser = violations.filter((v) => !SERIOUS.has(v.impact ?? '')).map((v) => `${v.id} (${v.impact})`);
  if (lesser.length) console.log(`  ${screen}: also ${lesser.join(', ')}`);
  expect(violations.filter((v) => SERIOUS.has(v.impact ?? '')).map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

/** The days of the day list, in the order shown. */
const shownDays = (page: Page) => page.locator('.day-list-day').evaluateAll((els) => els.map((el) => el.getAttribute('data-day')));

test('slot calendar on a phone: a day list from today; a past slot is shown as past and not booked, a later one is', async ({ page }, info) => {
  await signInAs(page, 'superadmin');
  const api = await apiOf(page);
  expect((await api.get('/api/auth/config')).body.data.centreTimeZone).toBe('Asia/Kolkata');
  const centre = (await api.get('/api/fmc?filter[status]=active&limit=1')).body.data[0];
  const doctor = (await api.get('/api/doctor?filter[status]=active&limit=1')).body.data[0];
  const { today, weekOn, order } = await days(page);
  // Two slots today that have begun whenever the test runs (from midnight), and one a week on, with room.
  const slot = (date: string, startTime: string, endTime: string) => api.create('fmcslots', { fmc: centre.id, doctor: doctor.id, date, startTime, endTime, capacity: 3, status: 'open' });
  const past = await slot(today, '00:00', '00:05');
  const alsoPast = await slot(today, '00:10', '00:15');
  const later = await slot(weekOn, '07:00', '07:30');

  await page.goto(`/dashboard/fmc/slots/calendar?fmc=${centre.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Slot calendar' })).toBeVisible();
  const card = page.locator(`button[data-slot="${past.id}"]`);
  await expect(card).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(0);
  expect(await shownDays(page)).toEqual(order);
  await expect(page.locator('.day-list-head').first()).toContainText('Today');
  await networkQuiet(page);
  await expectNoSideScroll(page);
  await page.screenshot({ path: info.outputPath('slot-day-list-390.png'), fullPage: true });
  await expectAccessible(page, 'slot day list');

  // Past: muted and said so in its name, with its count; a tap says why it cannot be booked and opens no dialog.
  await expect(card).toHaveClass(/slot-past/);
  await expect(card).toHaveAccessibleName(/Past$/);
  await expect(card).toContainText('0/3');
  await card.tap();
  const notice = page.getByRole('status').filter({ hasText: 'has already begun: it can no longer be booked' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The keyboard: j and k between cards, Enter as a tap. The card after it as the list shows them (the slots the test
  // made before, a repeat's, may be at the same hours).
  await expect(card).toBeFocused();
  const shown = await page.locator('.day-list button[data-slot]').evaluateAll((els) => els.map((el) => el.getAttribute('data-slot')));
  expect(shown).toContain(String(alsoPast.id));
  await page.keyboard.press('j');
  await expect(page.locator(`button[data-slot="${shown[shown.indexOf(String(past.id)) + 1]}"]`)).toBeFocused();
  await page.keyboard.press('k');
  await expect(card).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(notice).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // PageDown goes a week on, the focus staying in the list; the slot to come there offers its booking.
  await page.keyboard.press('PageDown');
  await expect(page).toHaveURL(new RegExp(`[?&]week=${weekOn.slice(0, 4)}-`));
  const next = page.locator(`button[data-slot="${later.id}"]`);
  await expect(next).toBeVisible();
  await expect(page.locator('.day-list [data-current="true"]')).toBeFocused();
  await expect(next).toHaveClass(/slot-free/);
  await next.tap();
  const dialog = page.getByRole('dialog', { name: 'Book a slot' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).tap();
  await expect(dialog).toHaveCount(0);
  await expect(next).toBeFocused();
});

test('appointments calendar on a phone: a day list from today, each card naming its patient, opened by a tap or Enter', async ({ page }, info) => {
  await signInAs(page, 'superadmin');
  const api = await apiOf(page);
  const { weekOn, order } = await days(page);
  // An appointment a week on: a slot booked for a patient.
  const centre = (await api.get('/api/fmc?filter[status]=active&limit=1')).body.data[0];
  const doctor = (await api.get('/api/doctor?filter[status]=active&limit=1')).body.data[0];
  const slot = await api.create('fmcslots', { fmc: centre.id, doctor: doctor.id, date: weekOn, startTime: '10:00', endTime: '10:30', capacity: 3, status: 'open' });
  const patient = (await api.get('/api/patients?filter[status]=active&limit=1')).body.data[0];
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  const booked = await page.request.post(`/api/fmcslots/${slot.id}/book`, { headers: { Authorization: `Bearer ${token}` }, data: { patient: patient.id } });
  expect(booked.status()).toBe(201);
  const appointment = (await booked.json()).data.appointment as { id: number; number: string };

  await page.goto('/dashboard/appointments/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments calendar' })).toBeVisible();
  await expect(page.locator('.day-list-day').first()).toBeVisible();
  await expect(page.locator('table.calendar')).toHaveCount(0);
  expect(await shownDays(page)).toEqual(order);
  await expect(page.locator('.day-list-head').first()).toContainText('Today');
  await networkQuiet(page);
  await expectNoSideScroll(page);
  await page.screenshot({ path: info.outputPath('appointment-day-list-390.png'), fullPage: true });
  await expectAccessible(page, 'appointment day list');

  // The next week by its button: the appointment's card names its patient, its number and time; a tap opens it.
  await page.getByRole('button', { name: /^Next week/ }).tap();
  const card = page.locator(`#appt-${appointment.id}`);
  await expect(card).toBeVisible();
  await expect(card).toContainText(`${patient.firstName} ${patient.lastName}`);
  await expect(card).toContainText(appointment.number);
  await expect(card).toContainText('Confirmed');
  await networkQuiet(page);
  await expectNoSideScroll(page);
  await card.tap();
  await page.waitForURL(new RegExp(`/dashboard/appointments/view/${appointment.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(appointment.number);

  // Back, and by keyboard: Tab to the list's card, j to the next one, Enter opens what has the focus.
  await page.goBack();
  const current = page.locator('.day-list [data-current="true"]');
  await tabTo(page, current);
  const first = await current.getAttribute('id');
  await page.keyboard.press('j');
  const focused = page.locator('.day-list .day-card:focus');
  await expect(focused).toHaveCount(1);
  const id = (await focused.getAttribute('id'))!;
  if ((await page.locator('.day-list .day-card').count()) > 1) expect(id).not.toBe(first);
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/dashboard/appointments/view/${id.replace('appt-', '')}$`));
});
