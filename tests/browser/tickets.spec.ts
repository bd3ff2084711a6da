import { expect, test } from './fixtures';
import { apiOf, tabTo } from './catalogue-helpers';
import { runCommand } from './helpers';
import { signInReady } from './workflow-helpers';

/**
 * Issue 19, tickets, in the browser with the keyboard alone: a centre's staff member, who has no ticket screens,
 * raises a ticket from the palette (a form of its raise fields), then finds it under "My Support tickets" with its
 * status and adds a comment, which the server signs with their name.
 */
test.use({ dataset: 'demo' });

test('fmc staff raise a ticket from the palette and comment on it from "My Support tickets"', async ({ page }) => {
  await signInReady(page, 'fmc');
  const subject = `Printer jams at the front desk ${Date.now()}`;

  await runCommand(page, 'Raise a Support ticket');
  const form = page.getByRole('dialog', { name: 'Raise a Support ticket' });
  await expect(form).toBeVisible();
  // The raise fields only: no assignee, status or raiser to fill in.
  await expect(form.getByLabel(/^Assignee/)).toHaveCount(0);
  await expect(form.getByLabel(/^Subject/)).toBeFocused();
  await page.keyboard.type(subject);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Paper jams on every second page since this morning.');
  // The centre: the first of the caller's own, chosen with the arrows.
  const centre = form.getByRole('combobox', { name: /^Centre/ });
  await centre.focus();
  await page.keyboard.press('ArrowDown');
  const listbox = page.locator(`#${await centre.getAttribute('aria-controls')}`);
  await expect(listbox.getByRole('option').first()).toBeVisible();
  // A centre is said by its name, never by its owner's ("Dr … · Active").
  await expect(listbox.getByRole('option').filter({ hasText: /^Dr / })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await form.getByLabel(/^Priority/).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Support ticket raised')).toBeVisible();
  await expect(form).toHaveCount(0);

  await runCommand(page, 'My Support tickets');
  const mine = page.getByRole('dialog', { name: 'My Support tickets' });
  const ticket = mine.getByRole('article', { name: subject });
  await expect(ticket).toBeVisible();
  await expect(ticket).toContainText('Open');
  await expect(ticket).toContainText('No comments yet.');
  await ticket.getByLabel('Add a comment').focus();
  await page.keyboard.type('It is the tray: a new one is on its way?');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Comment added')).toBeVisible();
  const comment = ticket.getByRole('listitem').filter({ hasText: 'It is the tray' });
  await expect(comment).toBeVisible();
  await expect(ticket.getByLabel('Add a comment')).toHaveValue('');
});

test('the assignee picker offers only active users who may open the ticket; the server refuses another', async ({ page }) => {
  await signInReady(page, 'superadmin');
  const api = await apiOf(page);
  const ticket = (await api.get('/api/supportTicket?limit=1')).body.data[0] as Record<string, unknown> & { id: number };
  const users = (await api.get('/api/admin-user?limit=100')).body.data as { id: number; email: string; firstName: string; lastName: string }[];
  const nameOf = (email: string) => { const u = users.find((x) => x.email === email)!; return `${u.firstName} ${u.lastName}`; };
  await page.evaluate((u) => { history.pushState(null, '', u); dispatchEvent(new PopStateEvent('popstate')); }, `/dashboard/fmc/support/ticket/edit/${ticket.id}`);
  const form = page.getByRole('dialog', { name: 'Edit Support ticket' });
  const assignee = form.getByRole('combobox', { name: /^Assignee/ });
  await tabTo(page, assignee);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  const listbox = page.locator(`#${await assignee.getAttribute('aria-controls')}`);
  await expect(listbox.getByRole('option').filter({ hasText: nameOf('superadmin@demo.test') })).toHaveCount(1);
  for (const email of ['admin@demo.test', 'railway@demo.test', 'fmc@demo.test', 'doctor@demo.test']) {
    await expect(listbox.getByRole('option').filter({ hasText: nameOf(email) }), email).toHaveCount(0);
  }
  await page.keyboard.press('Escape');
  // Past the picker, the server is the guard: an admin is refused on the field, in words.
  const { id, version, subject, description, fmc, priority } = (await api.get(`/api/supportTicket/${ticket.id}`)).body.data;
  const put = await api.put(`/api/supportTicket/${id}`, { id, version, subject, description, fmc, priority, assignee: users.find((u) => u.email === 'admin@demo.test')!.id });
  expect(put.status).toBe(400);
  expect(put.body.errors[0]).toMatchObject({ field: 'assignee', code: 'not_assignable' });
});
