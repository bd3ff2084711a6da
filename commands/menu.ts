import type { Role } from '../src/registry';
import { isAllowed, type Command } from './define';

/**
 * The sidebar's groups (spec §2 Shell), in order. Items are the commands that declare `menu: { group }`,
 * so an entity's entry comes from its own declaration; a group shows when any child shows (docs/decisions.md#the-sidebars-groups).
 */
export const MENU_GROUPS = [
  'master', 'location', 'people', 'appointments', 'fmc', 'addons', 'medicine', 'atm', 'imaging', 'tests',
  'membership', 'invoices', 'payments', 'notifications', 'campaigns', 'support', 'content', 'reviews', 'verification',
] as const;

export interface MenuNode {
  group: string;
  items: Command[];
}

/** The role's sidebar: only the commands it may run, groups without items left out. */
export function menuTree(commands: Iterable<Command>, role: Role | null): MenuNode[] {
  const byGroup = new Map<string, Command[]>();
  for (const c of commands) {
    if (!c.menu || !isAllowed(c, role)) continue;
    if (!(MENU_GROUPS as readonly string[]).includes(c.menu.group)) throw new Error(`command ${c.id} names unknown menu group ${c.menu.group}`);
    byGroup.set(c.menu.group, [...(byGroup.get(c.menu.group) ?? []), c]);
  }
  return MENU_GROUPS.filter((g) => byGroup.has(g)).map((group) => ({
    group,
    items: byGroup.get(group)!.sort((a, b) => a.menu!.order - b.menu!.order),
  }));
}
