import { expect, test, type Page } from './fixtures';
import { apiOf } from './catalogue-helpers';
import { openPalette } from './helpers';
import { signInReady, tabTo } from './workflow-helpers';

/**
 * Issue 19, money, in the browser with the keyboard alone, on the demo console: a superadmin finds a paid invoice by
 * its number in the palette, voids it with a reason typed into the move's dialog, and the invoice then reads VOID with
 * the reason, its status Void, its history paid → void.
 */
test.use({ dataset: 'demo' });

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

test('an invoice voided by keyboard: opened from the palette, a reason typed, confirmed, then Void', async ({ page }) => {
  await signInReady(page, 'superadmin');
  // A paid invoice of the demo story, the newest (one that no other test voids: each run voids a paid one).
  const api = await apiOf(page);
  const listed = await api.get('/api/invoices?filter[status]=paid&sort=issuedAt:desc&limit=1');
  expect(listed.status).toBe(200);
  const number = String(listed.body.data[0].number);

  // The palette finds it by its number; Enter opens it.
  await openPalette(page);
  await page.keyboard.type(number);
  const hit = palette(page).locator('[data-palette-item][data-value^="invoices:"]', { hasText: number });
  await expect(hit.first()).toBeVisible();
  await expect(palette(page).locator('[data-palette-item][data-selected="true"]')).toHaveAttribute('data-value', /^invoices:/);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/invoices\/details\/\d+$/);
  await expect(page.getByRole('heading', { name: `Invoice: ${number}` })).toBeVisible();
  const doc = page.getByRole('article', { name: 'Tax invoice' });
  const status = doc.locator('.invoice-meta dt', { hasText: /^Status$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(status).toHaveText('Paid');
  await expect(doc).toContainText('GSTIN 27AAAAA0000A1Z2');
  await expect(doc).toContainText(/Amount in words: Rupees .+ Only/);

  // The superadmin's one move: Void invoice…, reached with Tab; the dialog takes the reason first.
  const moves = page.getByRole('group', { name: 'Actions on this record' });
  await tabTo(page, moves.getByRole('button', { name: 'Void invoice…' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Void invoice' });
  await expect(dialog.getByLabel(/^Reason/)).toBeFocused();
  await page.keyboard.type('Billed twice for the same visit');
  await tabTo(page, dialog.getByRole('button', { name: /^Confirm/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Void invoice: done')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The invoice says so above everything, with the reason; its status and its history follow.
  await expect(doc.getByRole('note')).toContainText('VOID');
  await expect(doc.getByRole('note')).toContainText('Reason: Billed twice for the same visit');
  await expect(status).toHaveText('Void');
  await expect(moves.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Status history' }).locator('tbody tr').last()).toContainText(/Paid.*Void/);
});
