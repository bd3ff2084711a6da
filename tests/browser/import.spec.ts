import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { csvRecords } from '../csv-records';
import { apiOf } from './catalogue-helpers';
import { runCommand } from './helpers';
import { signInReady, tabTo } from './workflow-helpers';

/**
 * An import by keyboard alone, end to end (issue 38 §1): "Import States…" from the palette, the file chosen with the
 * keyboard (the browser's chooser opened by Space), the columns matched (a French header too), the dry run showing the
 * bad row and why, the import with its result, the rows with errors downloaded with their "error" column, and the whole
 * import undone after its confirmation.
 */
test('a CSV with one bad row: dry run shows it, import, download the errors, undo', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInReady(page, 'superadmin');
  const api = await apiOf(page);
  // Codes of their own (2–3 capitals), so a retry against the same console finds none of them taken.
  const letters = 'ABCDEFGHIJKLMNOPRSTUVWXYZ';
  const pick = () => letters[Math.floor(Math.random() * letters.length)];
  const codes = [`Q${pick()}${pick()}`, `Q${pick()}${pick()}`];
  if (codes[0] === codes[1]) codes[1] = `${codes[1].slice(0, 2)}${codes[1][2] === 'A' ? 'B' : 'A'}`;
  const file = `Nom,Code\nImport Alpha,${codes[0]}\nImport Beta,${codes[1]}\nBroken row,x1\n`;

  // Listened for before the dialog opens: Playwright starts intercepting the browser's chooser when a listener comes,
  // without waiting for it, and an Enter sent at once could reach the page first (its chooser then unseen).
  const chooser = page.waitForEvent('filechooser');
  await runCommand(page, 'Import States');
  const dialog = page.getByRole('dialog', { name: 'Import States' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/At most \d+ MB and [\d,]+ rows/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Choose a file…' })).toBeFocused();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'states.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });

  // The mapping: each column's field as the server matched it (the French label "Nom" is the name).
  const nom = dialog.getByRole('combobox', { name: 'Nom' });
  await expect(nom).toBeFocused();
  await expect(nom).toHaveValue('name');
  await expect(dialog.getByRole('combobox', { name: 'Code' })).toHaveValue('code');
  await tabTo(page, dialog.getByRole('button', { name: 'Check the rows' }));
  await page.keyboard.press('Enter');

  // The dry run: counts, and the bad row with its cells and why; nothing written yet.
  await expect(dialog.getByText('2 to add')).toBeVisible();
  await expect(dialog.getByText('1 row refused')).toBeVisible();
  const refused = dialog.getByRole('table', { name: 'Rows refused' });
  await expect(refused.getByRole('row', { name: /Broken row/ })).toContainText('Code: Use the 2 or 3 capital letters of the state code');
  expect((await api.get(`/api/state?q=${codes[0]}`)).body.data).toEqual([]);
  const start = dialog.getByRole('button', { name: 'Import 2 rows' });
  await expect(start).toBeFocused();
  // The dry run's table as a desk and a phone show it (attached to the run's results, for a look).
  await page.screenshot({ path: testInfo.outputPath('import-check-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('import-check-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(start).toBeFocused();
  await page.keyboard.press('Enter');

  // The result: counts, then the rows with errors as a file.
  await expect(dialog.getByRole('status')).toHaveText('The import is finished.');
  await expect(dialog.getByText('2 added')).toBeVisible();
  await expect(dialog.getByText('1 failed')).toBeVisible();
  expect((await api.get(`/api/state?q=${codes[0]}`)).body.data).toHaveLength(1);
  const downloadButton = dialog.getByRole('button', { name: 'Download the rows with errors' });
  await expect(downloadButton).toBeFocused();
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const bytes = await readFile((await (await downloading).path())!);
  const records = csvRecords(bytes.toString('utf8').replace(/^\uFEFF/, '')).records;
  expect(records[0]).toEqual(['Nom', 'Code', 'error']);
  expect(records[1]).toEqual(['Import Alpha', codes[0], '']);
  expect(records[3][0]).toBe('Broken row');
  expect(records[3][2]).toMatch(/^code: /);

  // Undo, confirmed first: the records it added leave the list.
  await tabTo(page, dialog.getByRole('button', { name: 'Undo this import…' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Keep the import' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Undo the import' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText('Undone: the records it added are in the trash.');
  expect((await api.get(`/api/state?q=${codes[0]}`)).body.data).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
