import { expect, test, type Page, type Response } from './fixtures';
import { runCommand } from './helpers';
import { signInReady, statusOf, tabTo } from './workflow-helpers';

/**
 * Issue 19 §3, verification is a review, in the browser with the keyboard alone, on the demo console: a superadmin
 * opens a request waiting for review, is told to open the documents before approving, opens each (Enter: an image or
 * a PDF in the viewer, read with the session's token; Esc: back to its button), then approves, confirms in a dialog
 * that names the doctor, and the request reads Verified.
 */
test.use({ dataset: 'demo' });

const field = (page: Page, name: string) => page.locator('dl.details dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');

test('a verification approved after every document was opened, by keyboard', async ({ page }) => {
  await signInReady(page, 'superadmin');

  // The list of requests waiting for review, named for what it holds; the grid takes the focus, Enter opens the first.
  await runCommand(page, 'Verification requests: Waiting for review');
  await page.waitForURL(/\/dashboard\/requestVerification\/requested$/);
  await expect(page.getByRole('heading', { name: 'Verification requests: Waiting for review' })).toBeVisible();
  const firstRow = page.locator('tbody tr[aria-rowindex]').first();
  await expect(firstRow).toContainText('Waiting for review');
  await expect(page.getByRole('grid')).toBeFocused();
  // Selected rows may be rejected together, never approved: a review is made on the request's page. (On the rows
  // first, k keeping the top one: a letter typed on arrival is a search.)
  await page.keyboard.press('k');
  await page.keyboard.press('x');
  const bulk = page.getByRole('toolbar', { name: 'Actions on the selected rows' });
  await expect(bulk.getByRole('button', { name: /^Reject verification/ })).toBeVisible();
  await expect(bulk.getByRole('button', { name: /^Approve verification/ })).toHaveCount(0);
  await page.keyboard.press('x');
  await expect(bulk).toHaveCount(0);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/requestVerification\/requested\/view\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Verification request: VR-\d{6}$/ })).toBeVisible();
  await expect(statusOf(page)).toHaveText('Waiting for review');
  const doctor = (await field(page, 'Doctor').innerText()).trim();
  expect(doctor).not.toBe('');

  // Approve first: it waits, and says why.
  const moves = page.getByRole('group', { name: 'Actions on this record' });
  const approve = moves.getByRole('button', { name: 'Approve verification' });
  await expect(approve).toHaveAttribute('aria-disabled', 'true');
  await tabTo(page, approve);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Open the documents first' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(statusOf(page)).toHaveText('Waiting for review');

  // Each document: a button; Enter opens it in the viewer, Esc closes it and gives the focus back to its button.
  const panel = page.getByRole('region', { name: 'Documents' });
  const buttons = panel.getByRole('button');
  const count = await buttons.count();
  expect(count).toBeGreaterThanOrEqual(2);
  await expect(panel).toContainText(`0 of ${count} opened`);
  const kinds = new Set<string>();
  // The documents the console reads (with the token, by fetch) to show them.
  const documentsRead: Response[] = [];
  page.on('response', (r) => { if (r.request().resourceType() === 'fetch' && r.ok()) documentsRead.push(r); });
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    const title = (await button.locator('.doc-title').innerText()).trim();
    await expect(button).toContainText('Not opened yet');
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: title });
    await expect(viewer).toBeVisible();
    const image = viewer.getByRole('img', { name: title });
    const frame = viewer.locator('iframe');
    await expect(image.or(frame)).toBeVisible();
    if (await image.count()) {
      // The scan itself, decoded: a real PNG, fetched with the token and shown from a blob: address.
      await expect(image).toHaveAttribute('src', /^blob:/);
      await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(100);
      kinds.add('image');
    } else {
      await expect(frame).toHaveAttribute('src', /^blob:/);
      await expect(frame).toHaveAttribute('title', title);
      // The frame is given the PDF the console read (the page's CSP lets it frame blob: only), which the browser's PDF
      // viewer shows where the browser has one (a headless shell has none: its frame stays empty).
      const read = documentsRead.filter((r) => r.headers()['content-type']?.startsWith('application/pdf')).at(-1);
      expect(read, 'the PDF read from the server').toBeTruthy();
      // Its bytes, asked again as the console asked (the page's own read streams past Playwright).
      const again = await page.request.get(read!.url(), { headers: await read!.request().allHeaders() });
      expect((await again.body()).subarray(0, 5).toString()).toBe('%PDF-');
      if (await page.evaluate(() => navigator.pdfViewerEnabled)) {
        const doc = (await frame.elementHandle())!.contentFrame();
        await expect.poll(async () => (await doc)?.evaluate(() => document.contentType)).toBe('application/pdf');
      }
      kinds.add('pdf');
    }
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(button).toBeFocused();
    // Esc closed the viewer only: the page stays on the request.
    await expect(page).toHaveURL(/\/view\/\d+$/);
    await expect(button).toContainText('Opened');
  }
  expect([...kinds].sort()).toEqual(['image', 'pdf']);
  await expect(panel).toContainText(`${count} of ${count} opened`);
  await expect(approve).not.toHaveAttribute('aria-disabled', 'true');

  // Now Approve asks first, naming the doctor; focus starts on Cancel, Tab reaches Confirm.
  await tabTo(page, approve);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Approve verification' });
  await expect(confirm).toContainText(`Approve the verification of ${doctor}?`);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await tabTo(page, confirm.getByRole('button', { name: 'Confirm' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Approve verification: done')).toBeVisible();
  await expect(confirm).toHaveCount(0);

  // Verified: the status, the address (the request's view follows it), its history, and no move left.
  await expect(statusOf(page)).toHaveText('Verified');
  await page.waitForURL(/\/dashboard\/requestVerification\/verified\/view\/\d+$/);
  await expect(moves).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Status history' }).locator('tbody tr').last()).toContainText(/Waiting for review.*Verified/);
});
