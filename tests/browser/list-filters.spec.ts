import { expect, networkQuiet, test, type Locator, type Page } from './fixtures';
import { apiOf } from './catalogue-helpers';
import { axeViolations, putTheme, SERIOUS } from './axe';
import { signInReady } from './workflow-helpers';

/**
 * Filters by keyboard on every list: `f` opens "Add filter", a field is typed and chosen, then its value — a record
 * by the type-ahead picker, a period (a preset, or two days typed as text), a range of amounts, an enum's value, yes
 * or no. Each lands in the address (`filter[field]=value`), filters the rows the server sends, and shows as a chip
 * that Backspace removes once it has the focus. At 390 px the dialog fits the screen; axe finds nothing serious on
 * a list with the dialog open, light and dark.
 */
test.use({ dataset: 'demo' });

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const chips = (page: Page) => page.getByRole('list', { name: 'Active filters' });
const dialog = (page: Page) => page.getByRole('dialog', { name: /^(Add a filter|Filter by )/ });
const grid = (page: Page) => page.getByRole('grid');
/** The list's count under the rows ("123 records"). */
const shownTotal = async (page: Page) => Number((await page.locator('.grid-foot span').first().innerText()).replace(/[^\d]/g, ''));

/** Opens a list and waits for its rows, with the grid holding the keyboard. */
async function openList(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await expect(grid(page)).toBeFocused();
  // On the rows (k keeps the top row): the list's letters act; typed on arrival they would be a search.
  await page.keyboard.press('k');
}

/** `f`, then the field typed and chosen with Enter: the dialog's value step for that field. */
async function addFilterFor(page: Page, field: string) {
  await page.keyboard.press('f');
  await expect(dialog(page)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Filter by' })).toBeFocused();
  await page.keyboard.type(field);
  await expect(dialog(page).getByRole('option').first()).toHaveText(field);
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: `Filter by ${field}` })).toBeVisible();
}

/** Shift+Tab from the list back to the chip of `field`: the keyboard reaches it in the page's own order. */
async function backTabToChip(page: Page, field: string): Promise<Locator> {
  const chip = chips(page).getByRole('button', { name: new RegExp(`^${field}:`) });
  await expect(chip).toBeVisible();
  for (let i = 0; i < 30 && !(await chip.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Shift+Tab');
  await expect(chip).toBeFocused();
  return chip;
}

/** Backspace on the focused chip: its filter leaves the address and the chips. */
async function removeByBackspace(page: Page, field: string, name: string) {
  await backTabToChip(page, field);
  await page.keyboard.press('Backspace');
  await expect.poll(() => param(page, `filter[${name}]`)).toBeNull();
  await expect(chips(page).getByRole('button', { name: new RegExp(`^${field}:`) })).toHaveCount(0);
}

/** The list's count is the API's for the same filter: the rows shown are the server's filtered rows. */
async function expectServerTotal(page: Page, resource: string, filters: Record<string, string>) {
  const api = await apiOf(page);
  const qs = new URLSearchParams(Object.entries(filters).map(([k, v]) => [`filter[${k}]`, v]));
  const answer = await api.get(`/api/${resource}?${qs}&limit=1`);
  expect(answer.status).toBe(200);
  await networkQuiet(page);
  expect(await shownTotal(page)).toBe(answer.body.total);
  return answer.body.total as number;
}

test('a reference: the doctor picked by typing part of the name, the chip names them, Backspace removes it', async ({ page }, info) => {
  await signInReady(page, 'admin');
  const api = await apiOf(page);
  const payment = (await api.get('/api/payment?limit=1&sort=initiatedAt:desc')).body.data[0] as { doctor: number; _labels: { doctor: string } };
  const doctor = payment._labels.doctor;
  await openList(page, '/dashboard/payment/completed', 'Payments: Completed');
  const before = await shownTotal(page);

  await addFilterFor(page, 'Doctor');
  await expect(dialog(page).getByRole('combobox', { name: 'Doctor' })).toBeFocused();
  await page.keyboard.type(doctor);
  await expect(dialog(page).getByRole('option').first()).toContainText(doctor);
  await page.screenshot({ path: info.outputPath('filter-reference.png') });
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toHaveCount(0);
  await expect.poll(() => param(page, 'filter[doctor]')).toBe(String(payment.doctor));
  await expect(grid(page)).toBeFocused();
  await expect(chips(page)).toContainText(`Doctor: ${doctor}`);
  const total = await expectServerTotal(page, 'payment', { status: 'completed', doctor: String(payment.doctor) });
  expect(total).toBeLessThan(before);
  for (const cell of await page.locator('tbody tr[aria-rowindex] td:nth-child(5)').all()) await expect(cell).toHaveText(doctor);

  await removeByBackspace(page, 'Doctor', 'doctor');
  // The last chip gone, the focus stays in the toolbar, on the Filter button.
  await expect(page.getByRole('button', { name: /^\+ Filter/ })).toBeFocused();
  await networkQuiet(page);
  expect(await shownTotal(page)).toBe(before);
});

test('a period: a preset chosen by typing, then two days typed as text; each chip removed by Backspace', async ({ page }) => {
  await signInReady(page, 'admin');
  await openList(page, '/dashboard/payment/completed', 'Payments: Completed');

  // "Last 30 days": the last 30 of the browser's days.
  await addFilterFor(page, 'Started at');
  await expect(dialog(page).getByRole('combobox', { name: 'Period' })).toBeFocused();
  await page.keyboard.type('last 30');
  await expect(dialog(page).getByRole('option', { selected: true })).toHaveText('Last 30 days');
  await page.keyboard.press('Enter');
  const expected = await page.evaluate(() => {
    const now = new Date();
    const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 29);
    const to = new Date(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() - 1);
    return `${from.toISOString()}..${to.toISOString()}`;
  });
  // Kept as the words, read by the server in the browser's days: the total is that of those bounds.
  await expect.poll(() => param(page, 'filter[initiatedAt]')).toBe('@last30');
  await expect(chips(page)).toContainText('Started at: Last 30 days');
  expect(await expectServerTotal(page, 'payment', { status: 'completed', initiatedAt: expected })).toBeGreaterThan(0);
  await removeByBackspace(page, 'Started at', 'initiatedAt');

  // Two days typed as the language writes them (day first), Tab from the presets to them, Enter applies.
  await grid(page).focus();
  const days = await page.evaluate(() => {
    const at = (n: number) => { const d = new Date(); d.setDate(d.getDate() - n); return d; };
    const text = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
    const from = at(20);
    const to = at(5);
    const start = new Date(from.getFullYear(), from.getMonth(), from.getDate()).toISOString();
    const end = new Date(new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1).getTime() - 1).toISOString();
    return { from: text(from), to: text(to), value: `${start}..${end}` };
  });
  await addFilterFor(page, 'Started at');
  await page.keyboard.press('Tab');
  await expect(dialog(page).getByRole('textbox', { name: 'Started at: From' })).toBeFocused();
  await page.keyboard.type(days.from);
  await page.keyboard.press('Tab');
  await expect(dialog(page).getByRole('textbox', { name: 'Started at: To' })).toBeFocused();
  await page.keyboard.type(days.to);
  await expect(dialog(page).getByText(/^Read as: /)).toHaveCount(2);
  await page.keyboard.press('Enter');
  await expect.poll(() => param(page, 'filter[initiatedAt]')).toBe(days.value);
  await expect(chips(page)).toContainText(/Started at: \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}/);
  expect(await expectServerTotal(page, 'payment', { status: 'completed', initiatedAt: days.value })).toBeGreaterThan(0);
  await removeByBackspace(page, 'Started at', 'initiatedAt');
});

test('a range of amounts: from and to typed, every row inside it; a backwards range is refused', async ({ page }) => {
  await signInReady(page, 'admin');
  await openList(page, '/dashboard/payment/completed', 'Payments: Completed');

  await addFilterFor(page, 'Amount');
  await expect(dialog(page).getByRole('textbox', { name: 'Amount: From' })).toBeFocused();
  await page.keyboard.type('1,000');
  await page.keyboard.press('Tab');
  await page.keyboard.type('500');
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('alert')).toHaveText('The start is after the end');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('500');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1,000');
  await page.keyboard.press('Enter');
  await expect.poll(() => param(page, 'filter[amount]')).toBe('500..1000');
  await expect(chips(page)).toContainText('Amount: ₹500.00 to ₹1,000.00');
  expect(await expectServerTotal(page, 'payment', { status: 'completed', amount: '500..1000' })).toBeGreaterThan(0);
  const amountCol = await page.locator('thead th').evaluateAll((ths) => ths.findIndex((th) => th.getAttribute('aria-label') === 'Amount'));
  for (const cell of await page.locator(`tbody tr[aria-rowindex] td:nth-child(${amountCol + 1})`).all()) {
    const n = Number((await cell.innerText()).replace(/[^\d.]/g, ''));
    expect(n).toBeGreaterThanOrEqual(500);
    expect(n).toBeLessThanOrEqual(1000);
  }
  await removeByBackspace(page, 'Amount', 'amount');
});

test("an enum's value and a yes/no, by keyboard; the toolbar's select follows; Delete removes a chip too", async ({ page }) => {
  await signInReady(page, 'admin');
  await openList(page, '/dashboard/payment/completed', 'Payments: Completed');
  await addFilterFor(page, 'Method');
  await page.keyboard.type('upi');
  await page.keyboard.press('Enter');
  await expect.poll(() => param(page, 'filter[method]')).toBe('upi');
  await expect(chips(page)).toContainText('Method: UPI');
  await expect(page.getByRole('search').getByRole('combobox', { name: /^Method/ })).toHaveValue('upi');
  await expectServerTotal(page, 'payment', { status: 'completed', method: 'upi' });
  const methodCol = await page.locator('thead th').evaluateAll((ths) => ths.findIndex((th) => th.getAttribute('aria-label') === 'Method'));
  for (const cell of await page.locator(`tbody tr[aria-rowindex] td:nth-child(${methodCol + 1})`).all()) await expect(cell).toHaveText('UPI');
  await removeByBackspace(page, 'Method', 'method');

  // Yes/no: the FAQs not published.
  await page.goto('/dashboard/faq');
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await expect(grid(page)).toBeFocused();
  await page.keyboard.press('k'); // on the rows: the list's letters act
  await addFilterFor(page, 'Published');
  await page.keyboard.type('no');
  await page.keyboard.press('Enter');
  await expect.poll(() => param(page, 'filter[published]')).toBe('false');
  await expect(chips(page)).toContainText('Published: No');
  expect(await expectServerTotal(page, 'faq', { published: 'false' })).toBeGreaterThan(0);
  const publishedCol = await page.locator('thead th').evaluateAll((ths) => ths.findIndex((th) => th.getAttribute('aria-label') === 'Published'));
  for (const cell of await page.locator(`tbody tr[aria-rowindex] td:nth-child(${publishedCol + 1})`).all()) await expect(cell).toHaveText('No');
  await backTabToChip(page, 'Published');
  await page.keyboard.press('Delete');
  await expect.poll(() => param(page, 'filter[published]')).toBeNull();
});

test('chips move with the arrows; Enter on a chip changes its value; Esc or Tab closes the dialog; g f still goes to centres', async ({ page }) => {
  await signInReady(page, 'admin');
  await page.goto('/dashboard/payment/completed?filter[method]=upi&filter[amount]=500..');
  await expect(page.locator('tbody tr[data-focused="true"]')).toBeVisible();
  await expect(grid(page)).toBeFocused();
  await page.keyboard.press('k'); // on the rows: the list's letters act
  const method = await backTabToChip(page, 'Method');
  await page.keyboard.press('ArrowRight');
  const amount = chips(page).getByRole('button', { name: /^Amount:/ });
  await expect(amount).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(method).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'Filter by Method' })).toBeVisible();
  await expect(dialog(page).getByRole('option', { selected: true })).toHaveText('UPI');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => param(page, 'filter[method]')).toBe('card');
  expect(param(page, 'filter[amount]')).toBe('500..');

  await page.keyboard.press('f');
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(grid(page)).toBeFocused();
  // Tab out of it closes it too: the list's keys work again.
  await page.keyboard.press('f');
  await expect(page.getByRole('combobox', { name: 'Filter by' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Columns' })).toBeFocused();
  await expect(dialog(page)).toHaveCount(0);
  await grid(page).focus();
  await page.keyboard.press('g');
  await page.keyboard.press('f');
  await page.waitForURL('**/dashboard/fmc');
  await expect(dialog(page)).toHaveCount(0);
});

async function seriousFindings(page: Page): Promise<string[]> {
  return (await axeViolations(page)).filter((v) => SERIOUS.has(v.impact ?? ''))
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')})`);
}

test('axe finds nothing serious on a list with the filter dialog open, light and dark', async ({ page }, info) => {
  await signInReady(page, 'admin');
  try {
    for (const theme of ['themedefault', 'dark']) {
      await putTheme(page, theme);
      await openList(page, '/dashboard/payment/completed?filter[method]=upi&filter[amount]=500..', 'Payments: Completed');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await addFilterFor(page, 'Started at');
      await networkQuiet(page);
      await page.screenshot({ path: info.outputPath(`filter-dates-${theme}.png`) });
      expect(await seriousFindings(page), `theme ${theme}, the period step`).toEqual([]);
      await dialog(page).getByRole('button', { name: 'Back to the fields' }).click();
      await expect(page.getByRole('combobox', { name: 'Filter by' })).toBeVisible();
      expect(await seriousFindings(page), `theme ${theme}, the field step`).toEqual([]);
      // The reference step, its picker's options shown.
      await page.keyboard.type('Doctor');
      await page.keyboard.press('Enter');
      await expect(dialog(page).getByRole('combobox', { name: 'Doctor' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(dialog(page).getByRole('option').first()).toBeVisible();
      expect(await seriousFindings(page), `theme ${theme}, the reference step`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
    }
  } finally {
    await putTheme(page, 'themedefault'); // the demo console is shared with the other specs of the run
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the Filter button opens a dialog that fits the screen; a tapped value becomes a chip', async ({ page }, info) => {
    await signInReady(page, 'admin');
    await page.goto('/dashboard/payment/completed');
    await expect(page.locator('.card-row').first()).toBeVisible();
    await page.getByRole('button', { name: /^\+ Filter/ }).tap();
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole('option', { name: 'Method' }).tap();
    const box = (await dialog(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: info.outputPath('filter-390.png') });
    await dialog(page).getByRole('option', { name: 'Card' }).tap();
    await expect.poll(() => param(page, 'filter[method]')).toBe('card');
    await expect(chips(page)).toContainText('Method: Card');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
