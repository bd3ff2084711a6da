import { expect, test } from './fixtures';
import { DEMO_PASSWORD } from './consoles';
import { axeViolations, SERIOUS } from './axe';
import { apiOf, combo, detail, field, openRecordFromPalette, runExact, tabTo, toast, unique } from './catalogue-helpers';
import { signInAs } from './helpers';

/**
 * Rules by keyboard (issue 37 §4): the demo ships "a ticket is raised: tell the superadmins" switched off; the
 * superadmin finds it from the palette, switches it on in its edit form, and the next ticket a centre raises reaches
 * their inbox by itself, with the ticket's subject in it and a link to the ticket.
 */
test.use({ dataset: 'demo' });

test('a superadmin switches on the demo\'s ticket rule by keyboard; the next ticket raised reaches their inbox', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await runExact(page, 'Open Rules');
  await page.waitForURL(/\/dashboard\/automation$/);
  await expect(page.getByRole('row').filter({ hasText: 'A ticket is raised' })).toContainText('No');

  const title = 'A ticket is raised: tell the superadmins';
  await openRecordFromPalette(page, 'ticket is raised', title, 'Rule');
  await expect(detail(page, 'Record kind')).toHaveText('Support tickets');
  await expect(detail(page, 'Tell')).toHaveText('Staff of the roles');
  await page.keyboard.press('e');
  const edit = page.getByRole('dialog', { name: 'Edit Rule' });
  await expect(field(edit, 'Switched on')).not.toBeChecked();
  await tabTo(page, field(edit, 'Switched on'));
  await page.keyboard.press('Space');
  await page.keyboard.press('Control+Enter');
  await expect(toast(page, 'Rule saved')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'A ticket is raised' })).toContainText('Yes');

  // A centre raises a ticket (through the API, as its console would).
  const subject = `Kiosk printer out of paper ${Date.now()}`;
  const login = await page.request.post('/api/adminUser/login', { data: { email: 'fmc@demo.test', password: DEMO_PASSWORD } });
  const token = (await login.json()).data.token as string;
  const headers = { Authorization: `Bearer ${token}` };
  const centres = (await (await page.request.get('/api/fmc?limit=1', { headers })).json()).data as { id: number }[];
  const raised = await page.request.post('/api/supportTicket', { headers, data: { subject, description: 'Out of paper.', fmc: centres[0].id, priority: 'urgent' } });
  expect(raised.status(), await raised.text()).toBe(201);
  const ticket = (await raised.json()).data as { id: number };

  // The scheduler runs the rule; the superadmin's inbox hears of it without a reload. On the rows first (j): on
  // arrival, letters typed on a list search it.
  await page.keyboard.press('j');
  await page.keyboard.press('g');
  await page.keyboard.press('n');
  const panel = page.locator('#notification-panel');
  await expect(panel).toBeVisible();
  // Beside the console's own "New ticket at …" item: the rule's, in its words, with the ticket's fields.
  const item = panel.locator('[data-notice]').filter({ hasText: `${title}: New ticket from` });
  await expect(item).toContainText(subject);
  await item.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/dashboard/fmc/support/ticket/details/${ticket.id}`);
});

test('the rule form asks only what applies: a status of the chosen kind, the roles or the person told', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await runExact(page, 'Add Rule');
  const form = page.getByRole('dialog', { name: 'Add Rule' });
  // Waiting for a record to be created: no status to choose.
  await tabTo(page, field(form, 'Record kind'));
  await form.getByLabel(/^Record kind/).selectOption('appointments');
  await form.getByLabel(/^When/).selectOption('created');
  await expect(field(form, 'Moves to')).toHaveCount(0);
  // Waiting for a move: the statuses are the appointment's own, and another kind's once it is chosen.
  await form.getByLabel(/^When/).selectOption('moved');
  const status = field(form, 'Moves to');
  await expect(status.locator('option')).toHaveText(['Choose the status', 'Confirmed', 'Completed', 'Missed', 'Cancelled', 'Rescheduled']);
  await tabTo(page, status);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(status).toHaveValue('missed');
  await form.getByLabel(/^Record kind/).selectOption('supportTicket');
  await expect(status.locator('option', { hasText: 'Missed' })).toHaveCount(0);
  await expect(status).toHaveValue('');
  // The roles only for "Staff of the roles", the person only for "One person".
  await form.getByLabel(/^Tell/).selectOption('roles');
  await expect(combo(form, 'Roles')).toBeVisible();
  await expect(combo(form, 'Person')).toHaveCount(0);
  await form.getByLabel(/^Tell/).selectOption('person');
  await expect(combo(form, 'Person')).toBeVisible();
  await expect(combo(form, 'Roles')).toHaveCount(0);
  await form.getByLabel(/^Tell/).selectOption('patients');
  await expect(combo(form, 'Person')).toHaveCount(0);
  await expect(combo(form, 'Roles')).toHaveCount(0);
});

test('a rule\'s page lists its last runs as they happen, each leading to the Runs screen narrowed to it', async ({ page }, testInfo) => {
  await signInAs(page, 'superadmin');
  const api = await apiOf(page);
  // Told as the demo's ticket rule tells (the superadmins), switched on from the start.
  const demo = ((await api.get('/api/automation?limit=50')).body.data as { name: string; roles: number[] }[]).find((r) => r.name.startsWith('A ticket is raised'))!;
  const name = unique('Tickets to the superadmins');
  const rule = await api.create('automation', { name, entity: 'supportTicket', when: 'created', notify: 'roles', roles: demo.roles, channel: 'inbox', message: 'Ticket {subject}', enabled: true });
  await openRecordFromPalette(page, name.slice(0, 14), name, 'Rule');
  const runs = page.getByRole('region', { name: 'Last runs (up to 10)' });
  await expect(runs).toContainText('This rule has not run yet.');

  // A centre raises a ticket while the page is open: its run arrives and ends Done over the change stream.
  const login = await page.request.post('/api/adminUser/login', { data: { email: 'fmc@demo.test', password: DEMO_PASSWORD } });
  const headers = { Authorization: `Bearer ${(await login.json()).data.token as string}` };
  const centres = (await (await page.request.get('/api/fmc?limit=1', { headers })).json()).data as { id: number }[];
  const raised = await page.request.post('/api/supportTicket', { headers, data: { subject: unique('Scanner offline'), description: 'No light.', fmc: centres[0].id, priority: 'high' } });
  expect(raised.status(), await raised.text()).toBe(201);
  const row = runs.getByRole('row').nth(1);
  await expect(row.getByText('Done', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).not.toHaveText('0');

  // Each width from a fresh load (a narrow window opened wide keeps the menu drawn over the page).
  const address = page.url();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(address);
    await expect(row.getByText('Done', { exact: true })).toBeVisible();
    expect((await axeViolations(page)).filter((v) => SERIOUS.has(v.impact ?? ''))).toEqual([]);
    // The page scrolls inside the console's main area: the runs are brought into view for the picture.
    await runs.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`rule-runs-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // By keyboard, the run's link opens the Runs screen narrowed to this rule and that run.
  const link = row.getByRole('link');
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/dashboard/system/runs\\?rule=${rule.id}&q=rule%3A${rule.id}%3AsupportTicket%3A`));
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row')).toHaveCount(2);
  await expect(grid.getByRole('row').nth(1).getByText('Done', { exact: true })).toBeVisible();
  // The rule's filter is said, and let go by its button: every rule's runs again.
  await page.getByRole('button', { name: `Show the runs of every rule, not only rule ${rule.id}` }).click();
  await expect(page).not.toHaveURL(/rule=/);
});
