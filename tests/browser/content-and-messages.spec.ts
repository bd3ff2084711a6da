import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { signInAs } from './helpers';
import { begunConfirmedQuery } from './workflow-helpers';
import { apiOf, detail, field, idInUrl, openRecordFromPalette, runExact, tabTo, toast, unique } from './catalogue-helpers';

/**
 * Issue 10, "content and notifications" and "messages people understand", keyboard only: a form's messages name
 * their field in the user's language; content pages are written in a rich-text editor (loaded only when a form needs
 * it) and shown sanitised; the notification panel's notices open what they are about; a record's History says who
 * changed what, old → new; the hosted login is offered only when it is configured, alone when passwords are off.
 */
test.use({ locale: 'en-US', timezoneId: 'Asia/Kolkata' });

/** The JavaScript files that hold TipTap, from the build's module map (scripts/bundle-stats.ts). */
function editorChunks(): string[] {
  const stats = JSON.parse(readFileSync('dist/.vite/bundle-stats.json', 'utf8')) as { file: string; modules: Record<string, number> }[];
  return stats.filter((c) => Object.keys(c.modules).some((m) => m.includes('node_modules/@tiptap/'))).map((c) => c.file);
}

/** A list's add form, opened with its `c` key (the list's address typed in, as a bookmark would). */
async function openAddForm(page: Page, path: string, heading: string) {
  await page.goto(`/dashboard/${path}`);
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  // On the rows first (k keeps the top row): a letter typed on a list's arrival is a search. The grid takes the focus
  // a frame after the heading shows; a k pressed before that lands on the page and arms nothing.
  await expect(page.getByRole('grid')).toBeFocused();
  await page.keyboard.press('k');
  await page.keyboard.press('c');
}

/** Records every script the page fetches. */
function scriptsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') seen.push(new URL(r.url()).pathname.replace(/^\//, '')); });
  return seen;
}

test.describe('messages that name their field', () => {
  test('an add form submitted empty says "Name is required", in English and in French', async ({ page }) => {
    await signInAs(page, 'admin');
    const api = await apiOf(page);
    try {
      await openAddForm(page, 'department', 'Departments');
      const form = page.getByRole('dialog', { name: 'Add Department' });
      await expect(field(form, 'Name')).toBeFocused();
      await page.keyboard.press('Control+Enter');
      await expect(form.locator('#f-name-error')).toHaveText('Name is required');
      await expect(form.locator('#f-code-error')).toHaveText('Code is required');
      await expect(form.getByText(/Invalid input/)).toHaveCount(0);
      await expect(field(form, 'Name')).toBeFocused();
      // Too long, naming the field and its limit.
      await page.keyboard.type('x'.repeat(121));
      await page.keyboard.press('Control+Enter');
      await expect(form.locator('#f-name-error')).toHaveText(/^Name is too long \(at most \d+ characters\)$/);
      // Esc on a form holding typing asks first (Stay focused); Tab, Enter leaves it.
      await page.keyboard.press('Escape');
      const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
      await expect(ask.getByRole('button', { name: 'Stay' })).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(form).toBeHidden();

      await runExact(page, 'Change language…', 'change language');
      await page.keyboard.type('fran');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Rechercher ou exécuter une commande' })).toBeVisible();
      await openAddForm(page, 'department', 'Services hospitaliers');
      const fr = page.getByRole('dialog', { name: 'Ajouter Service hospitalier' });
      await expect(fr).toBeVisible();
      await page.keyboard.press('Control+Enter');
      await expect(fr.locator('#f-name-error')).toHaveText('Le champ « Nom » est obligatoire');
      await expect(fr.locator('#f-code-error')).toHaveText('Le champ « Code » est obligatoire');
    } finally {
      await api.put('/api/me/prefs', { lang: 'en' }); // the language is kept on the server: leave admin in English
    }
  });

  test('a duplicate code is refused by the server (409) and named on its field', async ({ page }) => {
    await signInAs(page, 'superadmin');
    const api = await apiOf(page);
    const code = `DUP${Date.now().toString().slice(-6)}`;
    await api.create('department', { name: unique('Radiology'), code, status: 'active' });
    await openAddForm(page, 'department', 'Departments');
    const form = page.getByRole('dialog', { name: 'Add Department' });
    await expect(field(form, 'Name')).toBeFocused();
    await page.keyboard.type(unique('Radiology annex'));
    await page.keyboard.press('Tab');
    await page.keyboard.type(code);
    await page.keyboard.press('Control+Enter');
    await expect(form.locator('#f-code-error')).toHaveText('Another record already has this Code');
    await expect(field(form, 'Code')).toBeFocused();
  });
});

test.describe('content pages in a rich-text editor', () => {
  test('the editor loads only with the form; Ctrl+B makes bold; the page shows the text sanitised', async ({ page }) => {
    const scripts = scriptsOf(page);
    const chunks = editorChunks();
    expect(chunks.length, 'TipTap is in a chunk of its own').toBeGreaterThan(0);
    await signInAs(page, 'superadmin');
    expect(scripts.filter((s) => chunks.includes(s)), 'the first load fetches no editor code').toEqual([]);

    // A page whose body came in with a script and an event handler (through the API: the editor cannot write them).
    const api = await apiOf(page);
    const title = unique('About us');
    const made = await api.create('about', {
      title, audience: 'all', published: true,
      body: '<p>We care for every patient.</p><script>window.__xss = 1</script><p><img src="x" onerror="window.__xss = 2">Open daily.</p>',
    });
    expect(String(made.body)).not.toMatch(/<script|onerror/i);

    await openRecordFromPalette(page, title.slice(0, 10), title, 'About page');
    await page.waitForURL(/\/dashboard\/about\/details\/\d+$/);
    const id = idInUrl(page);
    await expect(page.getByRole('heading', { name: `About page: ${title}` })).toBeVisible();
    await page.keyboard.press('e');
    const form = page.getByRole('dialog', { name: 'Edit About page' });
    const editor = form.getByRole('textbox', { name: /^Content/ });
    await expect(editor).toBeVisible();
    expect(scripts.some((s) => chunks.includes(s)), 'the form fetched the editor').toBe(true);
    await expect(editor).toContainText('We care for every patient.');
    await expect(form.getByRole('toolbar', { name: 'Formatting of Content' })).toBeVisible();

    // Title → the toolbar (one Tab stop) → the text.
    await tabTo(page, field(form, 'Title'));
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Bold' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(editor).toBeFocused();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Call us ');
    await page.keyboard.press('Control+b');
    await expect(form.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('any time');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('.');
    // Tab leaves the text (no keyboard trap), Shift+Tab comes back.
    await page.keyboard.press('Tab');
    await expect(editor).not.toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(editor).toBeFocused();
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'About page saved')).toBeVisible();

    await expect(form).toBeHidden();
    await openRecordFromPalette(page, title.slice(0, 10), title, 'About page');
    await page.waitForURL(new RegExp(`/dashboard/about/details/${id}$`));
    const content = detail(page, 'Content').locator('.rich');
    await expect(content.locator('strong')).toHaveText('any time');
    await expect(content).toContainText('Call us any time.');
    await expect(content.locator('script')).toHaveCount(0);
    await expect(content.locator('[onerror]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    const stored = String((await api.get(`/api/about/${id}`)).body.data.body);
    expect(stored).toContain('<strong>any time</strong>');
    expect(stored).not.toMatch(/<script|onerror/i);
  });

  test('a required rich text left empty names its field', async ({ page }) => {
    await signInAs(page, 'superadmin');
    await openAddForm(page, 'about', 'About pages');
    const form = page.getByRole('dialog', { name: 'Add About page' });
    await expect(field(form, 'Title')).toBeFocused();
    await page.keyboard.type(unique('Vision'));
    await expect(form.getByRole('textbox', { name: /^Content/ })).toBeVisible();
    await page.keyboard.press('Control+Enter');
    await expect(form.locator('#f-body-error')).toHaveText('Content is required');
    await expect(form.getByRole('textbox', { name: /^Content/ })).toBeFocused();
  });
});

test.describe('sign-in', () => {
  test('the hosted login is offered only when the server has it configured; PASSWORD_SIGNIN=0 leaves it alone', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Sign in with/ })).toHaveCount(0);

    // A server with hosted login set up (its answer stood in for: this test server has none; hosted-login.spec.ts
    // signs in through a real provider).
    await page.route('**/api/auth/config', (route) => route.fulfill({ json: { data: { hostedLogin: { name: 'Hospital ID' }, passwordSignIn: true, firebase: null, contentBase: '/content/' } } }));
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in with Hospital ID' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();

    // Hosted login only: no password form, the provider's button takes the focus.
    await page.unroute('**/api/auth/config');
    await page.route('**/api/auth/config', (route) => route.fulfill({ json: { data: { hostedLogin: { name: 'Hospital ID' }, passwordSignIn: false, firebase: null, contentBase: '/content/' } } }));
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in with Hospital ID' })).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveCount(0);
  });
});

test.describe('with the demo data', () => {
  test.use({ dataset: 'demo' });

  test("a worklist's item has a translated title with its count and opens its worklist", async ({ page }) => {
    await signInAs(page, 'superadmin');
    await page.keyboard.press('Tab'); // from the page to the shell's controls
    // Where home puts the focus on arrival (its heading, or a tile when the screen's main control has come) decides
    // how many stops lie before the banner: past every tile at most.
    await tabTo(page, page.getByRole('banner').getByRole('button', { name: /^Notifications/ }), 150);
    await page.keyboard.press('Enter');
    const panel = page.locator('#notification-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByText('doctorNotAddedPrescription')).toHaveCount(0);
    const notice = panel.getByRole('button', { name: /Doctors: prescriptions missing \(\d+\)$/ });
    await expect(notice).toBeVisible();
    for (let i = 0; i < 20 && !(await notice.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
    await expect(notice).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/notifications\/doctorNotAddedPrescription$/);
    await expect(page.getByRole('heading', { name: 'Doctors: prescriptions missing' })).toBeVisible();
    await expect(panel).toBeHidden();
  });

  test("a patient's History says who completed an appointment: Status Confirmed → Completed", async ({ page }) => {
    await signInAs(page, 'superadmin');
    const api = await apiOf(page);
    // One whose time has come: an appointment is completed from its day on.
    const list = await api.get(begunConfirmedQuery(1));
    const appt = list.body.data[0] as { id: number; version: number; patient: number };
    const token = await page.evaluate(() => localStorage.getItem('id_token'));
    const moved = await page.request.post(`/api/appointments/${appt.id}/transition`, { headers: { Authorization: `Bearer ${token}` }, data: { to: 'completed', version: appt.version } });
    expect(moved.status(), await moved.text()).toBe(200);
    const me = (await api.get('/api/admin-user?q=superadmin%40demo.test')).body.data[0] as { firstName: string; lastName: string };

    await page.goto(`/dashboard/patients/view/${appt.patient}`);
    const history = page.getByRole('link', { name: 'History' });
    await tabTo(page, history);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/dashboard/patients/timeline/${appt.patient}$`));
    const line = page.locator('li', { hasText: 'Status changed' }).filter({ hasText: `by ${me.firstName} ${me.lastName}` }).first();
    await expect(line).toBeVisible();
    await expect(line.locator('dt', { hasText: /^Status$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('Confirmed → Completed');
    await expect(page.getByText('read_timeline')).toHaveCount(0);
  });
});
