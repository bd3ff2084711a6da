import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from './fixtures';
import entitiesEn from '../../src/client/i18n/locales/entities/en';
import entitiesFr from '../../src/client/i18n/locales/entities/fr';
import entitiesZh from '../../src/client/i18n/locales/entities/zh';
import uiEn from '../../src/client/i18n/locales/ui/en';
import uiFr from '../../src/client/i18n/locales/ui/fr';
import { entityPath, getEntity } from '../../src/registry';
import { csvRecords } from '../csv-records';
import { apiOf, detail } from './catalogue-helpers';
import { signInAs } from './helpers';

/**
 * Values read as the screen shows them wherever the console writes them out of a list or a details page: a CSV
 * exported "as shown" holds what the grid shows (dates in the user's order and time zone, labels, rupees) in the
 * user's language, "raw" what the API stores; a change in a patient's history reads its new time as the screen
 * writes times; a slot is named by its day in the user's order.
 */
test.use({ dataset: 'demo', locale: 'en-US', timezoneId: 'Asia/Kolkata' });

const payment = getEntity('payment');
const options = (field: string) => payment.fields[field].values ?? [];
type Ui = typeof uiEn;

async function csvOf(download: Download): Promise<string[][]> {
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return csvRecords(bytes.subarray(3).toString('utf8')).records;
}

/** The first three completed payments (paid: every column has a value) selected with x, exported as `values`. */
async function exportFirstThree(page: Page, ui: Ui, values: 'shown' | 'raw'): Promise<{ csv: string[][]; grid: string[][]; heads: string[] }> {
  await page.goto(entityPath(payment, 'list', undefined, 'completed'));
  const grid = page.getByRole('grid');
  await expect(grid).not.toHaveAttribute('aria-busy', 'true');
  const rows = page.locator('tbody tr[id^="row-"]');
  await expect(rows.nth(2)).toBeVisible();
  await grid.focus();
  // k first, on the rows: a letter typed on a list's arrival is a search.
  for (const key of ['k', 'x', 'j', 'x', 'j', 'x']) await page.keyboard.press(key);
  const title = ui.exportCsv.selected.replace('{{n}}', '3');
  await page.getByRole('button', { name: title }).click();
  const dialog = page.getByRole('dialog', { name: title });
  // The choice takes the keyboard; the arrows move it, Enter exports.
  const shown = dialog.getByRole('radio', { name: ui.exportCsv.values.shown });
  const raw = dialog.getByRole('radio', { name: ui.exportCsv.values.raw });
  await expect(dialog.locator('input[type=radio]:focus')).toBeChecked();
  if (values === 'raw' && !(await raw.isChecked())) await page.keyboard.press('ArrowDown');
  if (values === 'shown' && !(await shown.isChecked())) await page.keyboard.press('ArrowUp');
  await expect(values === 'raw' ? raw : shown).toBeChecked();
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const csv = await csvOf(await downloading);
  await expect(dialog).toBeHidden();
  // The grid's cells: a selection box first, then the columns in the file's order.
  const heads = (await page.locator('thead th').allInnerTexts()).map((h) => h.replace(/\s*[▲▼]$/, '').trim()); // without the sort's arrow
  const gridRows: string[][] = [];
  for (let i = 0; i < 3; i++) gridRows.push((await rows.nth(i).locator('td').allInnerTexts()).map((c) => c.trim()).slice(1));
  return { csv, grid: gridRows, heads: heads.slice(1) };
}

/** Every value of the file is the one the grid shows in its cell (an empty cell is the grid's "none"). */
function expectAsGrid(csv: string[][], grid: string[][]) {
  const col = (f: string) => payment.columns.indexOf(f);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < payment.columns.length; c++) if (csv[r + 1][c] !== '') expect(csv[r + 1][c], payment.columns[c]).toBe(grid[r][c]);
    // Never the stored form: no ISO time, no bare enum value, money with its sign.
    expect(csv[r + 1][col('initiatedAt')]).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(csv[r + 1][col('amount')]).toContain('₹');
  }
}

function expectRaw(csv: string[][]) {
  const col = (f: string) => payment.columns.indexOf(f);
  for (const row of csv.slice(1, 4)) {
    expect(row[col('amount')]).toMatch(/^\d+\.\d{2}$/);
    expect(options('method')).toContain(row[col('method')]);
    expect(options('status')).toContain(row[col('status')]);
    expect(row[col('initiatedAt')]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  }
}

test('a CSV export as shown holds what the grid shows, raw what the API stores, in English and in French', async ({ page }) => {
  await signInAs(page, 'superadmin');
  const headsOf = (labels: typeof entitiesEn) => payment.columns.map((f) => (labels.payment.fields as Record<string, string>)[f]);

  const en = await exportFirstThree(page, uiEn, 'shown');
  expect(en.csv[0]).toEqual(headsOf(entitiesEn));
  expect(en.heads.slice(0, payment.columns.length)).toEqual(headsOf(entitiesEn));
  expectAsGrid(en.csv, en.grid);
  const enRaw = await exportFirstThree(page, uiEn, 'raw');
  expect(enRaw.csv[0]).toEqual(headsOf(entitiesEn));
  expectRaw(enRaw.csv);

  const api = await apiOf(page);
  try {
    expect((await api.put('/api/me/prefs', { lang: 'fr' })).status).toBe(200);
    const fr = await exportFirstThree(page, uiFr as unknown as Ui, 'shown');
    expect(fr.csv[0]).toEqual(headsOf(entitiesFr as unknown as typeof entitiesEn));
    expectAsGrid(fr.csv, fr.grid);
    // The same rows in the other language: the words and the money differ, the raw values do not.
    expect(fr.csv[1]).not.toEqual(en.csv[1]);
    const frRaw = await exportFirstThree(page, uiFr as unknown as Ui, 'raw');
    expect(frRaw.csv[0]).toEqual(headsOf(entitiesFr as unknown as typeof entitiesEn));
    expectRaw(frRaw.csv);
    expect(frRaw.csv.slice(1)).toEqual(enRaw.csv.slice(1));
  } finally {
    await api.put('/api/me/prefs', { lang: 'en' }); // the language is kept on the server: leave superadmin in English
  }
});

test('a patient\'s history reads a rescheduled time as the screen writes times, where the user is', async ({ page }) => {
  await signInAs(page, 'superadmin');
  const api = await apiOf(page);
  const appt = (await api.get('/api/appointments?filter[status]=confirmed&sort=scheduledAt:asc&limit=1')).body.data[0] as { id: number; version: number; patient: number };
  const year = new Date().getUTCFullYear() + 1;
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  const moved = await page.request.post(`/api/appointments/${appt.id}/transition`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { to: 'rescheduled', version: appt.version, values: { scheduledAt: `${year}-03-05T04:30:00.000Z` } },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await page.goto(`/dashboard/patients/timeline/${appt.patient}`);
  const line = page.locator('li.timeline-line').filter({ has: page.locator('dd', { hasText: 'Confirmed → Rescheduled' }) }).first();
  await expect(line).toBeVisible();
  // 04:30 UTC is 10:00 in India: the day first, the hour on the English 12-hour clock, the time it had before too;
  // never the stored ISO text.
  const scheduled = line.locator('dt', { hasText: /^Scheduled at$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(scheduled).toHaveText(new RegExp(`^\\d{2}/\\d{2}/\\d{4}, \\d{1,2}:\\d{2}\\s[ap]m → 05/03/${year}, 10:00\\sam$`));
});

test('a slot is named by its day in the user\'s order and its hour, on the record that books it and on its own page', async ({ page }) => {
  await signInAs(page, 'superadmin');
  const api = await apiOf(page);
  const appts = (await api.get('/api/appointments?limit=100')).body.data as { id: number; slot: number | null }[];
  const booked = appts.find((a) => a.slot);
  expect(booked, 'a demo appointment booked on a slot').toBeTruthy();
  const slot = (await api.get(`/api/fmcslots/${booked!.slot}`)).body.data as { id: number; date: string; startTime: string };
  const [y, m, d] = slot.date.slice(0, 10).split('-');
  const hour = slot.startTime.slice(0, 5);

  await page.goto(`/dashboard/appointments/view/${booked!.id}`);
  await expect(detail(page, entitiesEn.appointments.fields.slot)).toHaveText(`${d}/${m}/${y} ${hour}`);
  await page.goto(entityPath(getEntity('fmcslots'), 'details', slot.id));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${entitiesEn.fmcslots.one}: ${d}/${m}/${y} ${hour}`);

  try {
    expect((await api.put('/api/me/prefs', { lang: 'zh' })).status).toBe(200);
    await page.goto(`/dashboard/appointments/view/${booked!.id}`);
    await expect(detail(page, entitiesZh.appointments.fields.slot)).toHaveText(`${y}/${m}/${d} ${hour}`);
  } finally {
    await api.put('/api/me/prefs', { lang: 'en' });
  }
});
