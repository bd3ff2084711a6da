import { expect, test } from './fixtures';
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
