import { expect, test } from './fixtures';
import { COMMANDS, menuTree } from '../../commands';
import { ENTITIES, ROLES, can, entityPath } from '../../src/registry';
import en from '../../src/client/i18n/locales/ui/en';
import entitiesEn from '../../src/client/i18n/locales/entities/en';
import { signInAs } from './helpers';

const groupLabel = (g: string) => (en.nav.group as Record<string, string>)[g];
/** The English text of a key, from the locale files themselves (this file runs in Node, without i18next). */
const lookup = (tree: unknown, key: string): unknown => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], tree);
const tEn = (key: string, opts?: Record<string, unknown>) => String(lookup(opts?.ns === 'entities' ? entitiesEn : en, key) ?? (opts && 'defaultValue' in opts ? opts.defaultValue : key));
/** A sidebar item's label as the sidebar shows it: the command's menu label (a list, a list by status, a bespoke screen). */
const itemLabel = (id: string) => {
  const cmd = COMMANDS.get(id)!;
  return cmd.menuLabel?.(tEn) ?? cmd.title(tEn);
};

for (const role of ROLES) {
  test(`${role} sees exactly the menu the policy allows, and not-found elsewhere`, async ({ page }) => {
    await signInAs(page, role);
    const sidebar = page.getByRole('navigation', { name: 'Main menu' });
    const tree = menuTree(COMMANDS.values(), role);
    const groups = sidebar.locator('.group-btn');
    await expect(groups).toHaveText(tree.map((n) => new RegExp(`^${groupLabel(n.group)}`)));
    for (const node of tree) {
      const button = sidebar.getByRole('button', { name: groupLabel(node.group) });
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
      // Within its group: two groups may have an item of the same name (Appointments and Payments: Completed).
      const group = sidebar.locator('li').filter({ has: page.getByRole('button', { name: groupLabel(node.group) }) });
      for (const cmd of node.items) await expect(group.getByRole('link', { name: itemLabel(cmd.id), exact: true })).toBeVisible();
    }
    const items = await sidebar.locator('a.item').count();
    expect(items).toBe(tree.reduce((n, g) => n + g.items.length, 0));

    // A list this role may not open shows the not-found page.
    const forbidden = ENTITIES.find((e) => !can(role, e.name, 'list'));
    if (forbidden) {
      await page.goto(entityPath(forbidden));
      await expect(page.getByText('does not exist or has been moved')).toBeVisible();
    }
  });
}
