import { expect, networkQuiet, type Locator, type Page } from './fixtures';
import { openPalette } from './helpers';
import { tabTo } from './workflow-helpers';

export { tabTo };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's label, with or without the "(required)" hint in the user's language. */
const labelled = (label: string) => new RegExp(`^${escape(label)}( \\([^)]+\\))?$`);

/** A short suffix that keeps names unique within a run (the database is fresh for every run). */
let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36).slice(-4)}${counter}`;
}

/** `n` digits that change from call to call, for codes and numbers that must be unique. */
export function digits(n: number): string {
  counter += 1;
  return `${Date.now()}${counter}${Math.floor(Math.random() * 1e9)}`.slice(-n).padStart(n, '1');
}

/** The signed-in user's API (bearer token from localStorage), for setting up what a form refers to. */
export async function apiOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  expect(token, 'signed in').toBeTruthy();
  const headers = { Authorization: `Bearer ${token}` };
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => {
    const res = await page.request.fetch(url, { method, headers, data });
    return { status: res.status(), body: await res.json().catch(() => null) };
  };
  return {
    get: (url: string) => call('GET', url),
    put: (url: string, data: unknown) => call('PUT', url, data),
    /** Creates a record and returns it; fails the test when the server refuses. */
    create: async (resource: string, data: Record<string, unknown>) => {
      const res = await call('POST', `/api/${resource}`, data);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as Record<string, unknown> & { id: number };
    },
  };
}

/**
 * Moves the focus into `target` afresh with Tab, so typing starts at its first part: a date or time input
 * keeps the part last typed in (Tab moves between its parts), so the focus leaves it first and comes back
 * round (the dialog keeps Tab inside).
 */
export async function tabInto(page: Page, target: Locator) {
  for (let i = 0; i < 60 && (await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await tabTo(page, target);
}

/** Moves the palette's highlight with ArrowDown until it is on `item`. */
export async function arrowTo(page: Page, item: Locator, max = 60) {
  await expect(item).toBeVisible();
  for (let i = 0; i < max; i++) {
    if ((await item.getAttribute('data-selected')) === 'true') return;
    await page.keyboard.press('ArrowDown');
  }
  await expect(item).toHaveAttribute('data-selected', 'true');
}

/** Runs the command titled exactly `title` from the palette, after typing `typed` (its title by default). */
export async function runExact(page: Page, title: string, typed = title) {
  await openPalette(page);
  await page.keyboard.type(typed);
  const item = page.locator('[data-palette-item]').filter({ has: page.getByText(title, { exact: true }) });
  await arrowTo(page, item.first());
  await page.keyboard.press('Enter');
  // A command that asks for something ("Delete City…") keeps the palette open on its question.
  if (!title.endsWith('…')) await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeHidden();
  // The screen a command opens may still be loading its code, and its form takes the focus once it is there: a
  // person sees it appear before typing on (keys typed before would reach the page behind, as its shortcuts).
  if (title.startsWith('Add ')) {
    const form = page.getByRole('dialog', { name: title });
    await expect(form).toBeVisible();
    await expect.poll(() => form.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await networkQuiet(page);
}

/**
 * Types part of a record's name into the palette and opens the record match that shows `title` and the
 * entity's label (the match of another entity with the same text is not taken).
 */
export async function openRecordFromPalette(page: Page, typed: string, title: string, entityLabel: string) {
  await openPalette(page);
  await page.keyboard.type(typed);
  // Records and commands are ranked in one list: a record's line ends with its entity's label.
  const hit = page.locator('[data-palette-item]')
    .filter({ hasText: title }).filter({ has: page.locator('.sub', { hasText: new RegExp(`^${escape(entityLabel)}$`) }) });
  await arrowTo(page, hit.first());
  await page.keyboard.press('Enter');
}

/** Deletes a record with the palette's "Delete <singular>…" command: pick it by typing, then confirm. */
export async function deleteFromPalette(page: Page, singular: string, typed: string, title: string) {
  await runExact(page, `Delete ${singular}…`, `delete ${singular}`);
  await expect(page.locator('.crumb')).toContainText(`Delete ${singular}…`);
  await page.keyboard.type(typed);
  await arrowTo(page, page.locator('[data-palette-item]', { hasText: title }).first());
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: `Delete ${singular}?` });
  await expect(confirm).toContainText(title);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab'); // from Cancel to Delete
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, `${singular} deleted`)).toBeVisible();
  await expect(confirm).toBeHidden();
}

/** The value shown beside a label on a details page. */
export function detail(page: Page, label: string): Locator {
  return page.locator('dl.details dt', { hasText: new RegExp(`^${escape(label)}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** The record id at the end of the current address (details or edit page). */
export function idInUrl(page: Page): number {
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** A 1×1 PNG, for uploads. */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A form field by its label. */
export function field(scope: Locator, label: string): Locator {
  return scope.getByLabel(labelled(label)).and(scope.locator(':not([role="listbox"])'));
}

/** The box of one form field (label, control, hint, error), by the field's label. */
export function fieldBox(scope: Locator, label: string): Locator {
  return scope.locator('.field').filter({ has: scope.page().getByLabel(labelled(label)) });
}

/** A toast (the latest, when an earlier one with the same text is still fading). */
export function toast(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true }).last();
}

/** A reference select (combobox) by its label. */
export function combo(scope: Locator, label: string): Locator {
  return scope.getByRole('combobox', { name: labelled(label) });
}
