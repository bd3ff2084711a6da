import { expect, test, type Page } from './fixtures';
import { apiOf } from './catalogue-helpers';
import { openPalette, signInAs } from './helpers';

/**
 * Records found by the people they are about, said as sentences, each opening its own record: an appointment its
 * page, a payment (which has no page) its list narrowed to it, in the view its status belongs to.
 */
test.use({ dataset: 'demo', timezoneId: 'Asia/Kolkata' });

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const line = (page: Page, value: string) => dialog(page).locator(`[data-palette-item][data-value="${value}"]`);
const ISO = /\d{4}-\d\d-\d\dT|\b(confirmed|completed|missed|cancelled|rescheduled|pending|rejected|upi|card|netbanking|wallet|cash)\b/;

async function pick(page: Page, typed: string, value: string) {
  await openPalette(page);
  await page.keyboard.type(typed);
  await expect(line(page, value)).toBeVisible();
  // Moved to by the keyboard: the arrows until the line is the selected one.
  for (let i = 0; i < 30 && (await line(page, value).getAttribute('data-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await expect(line(page, value)).toHaveAttribute('data-selected', 'true');
  const text = (await line(page, value).innerText()).replace(/\s+/g, ' ');
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  return text;
}

test("a patient's appointment and payment are found by the patient's name, read as sentences, and each opens its own record", async ({ page }) => {
  await signInAs(page, 'superadmin');
  const api = await apiOf(page);
  const pay = (await api.get('/api/payment?limit=1&sort=initiatedAt:desc')).body.data[0];
  const patientName: string = pay._labels.patient;
  const doctorName: string = pay._labels.doctor;
  const appt = (await api.get(`/api/appointments?limit=1&filter[patient]=${pay.patient}`)).body.data[0];
  expect(appt, 'the demo patient has an appointment').toBeTruthy();

  // By the patient's name: the appointment's line names the patient and the doctor, its moment and its status in words.
  const apptText = await pick(page, `${patientName} ${appt.number}`, `appointments:${appt.id}`);
  expect(apptText).toContain(`${patientName} with Dr ${appt._labels.doctor}`);
  expect(apptText).not.toMatch(ISO);
  await expect(page).toHaveURL(new RegExp(`/dashboard/appointments/view/${appt.id}$`));
  await expect(page.getByRole('heading', { name: `Appointment: ${appt.number}` })).toBeVisible();

  // The payment has no page: its list in its status's view, narrowed to it, its chip naming it.
  const payText = await pick(page, `${patientName} ${pay.number}`, `payment:${pay.id}`);
  expect(payText).toContain(`${patientName} with Dr ${doctorName}`);
  expect(payText).toContain('₹');
  expect(payText).not.toMatch(ISO);
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${pay.status}\\?filter\\[id\\]=${pay.id}$`));
  const rows = page.locator('main table tbody tr[id^="row-"]');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(pay.number);
  await expect(page.locator('.filter-chips .chip').first()).toContainText(`Payment: ${patientName} with Dr ${doctorName}`);
});

test('a review, which has no page either, opens its list narrowed to it', async ({ page }) => {
  await signInAs(page, 'admin');
  const api = await apiOf(page);
  // One with a comment to type: a demo review may have none.
  const review = (await api.get('/api/reviews?limit=50')).body.data.find((r: { comment?: string | null }) => r.comment?.trim());
  expect(review, 'a demo review with a comment').toBeTruthy();
  const text = await pick(page, `${review._labels.patient} ${String(review.comment).split(' ').slice(0, 3).join(' ')}`, `reviews:${review.id}`);
  expect(text).toContain(`${review._labels.patient} with Dr ${review._labels.doctor}`);
  await expect(page).toHaveURL(new RegExp(`\\?filter\\[id\\]=${review.id}$`));
  await expect(page.locator('main table tbody tr[id^="row-"]')).toHaveCount(1);
});
