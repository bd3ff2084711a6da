import { checkViewAddress, type Role, type SavedView } from '../src/registry';
import type { Command, CommandContext } from './define';

/**
 * Saved views as commands: each of the user's views (their own, and those shared with their role) is one, in the
 * palette's "Views", in the sidebar under its entity's lists, and bindable to a shortcut (its id is `view.{id}`).
 * "Save this view…" is a command on every list.
 */
export const viewCommandId = (id: number) => `view.${id}`;

/** What the notice names when a view cannot open as saved: the parameters the list no longer reads (`filter[x]` → x). */
const readable = (field: string) => field.replace(/^filter\[(.+)\]$/, '$1');

/**
 * Opens a view: its address when the list still reads all of it; else the plain list, saying why (a field removed
 * or renamed since it was saved); else, when it is no list the role may open, only the notice.
 */
export function openSavedView(ctx: Pick<CommandContext, 'navigate' | 'session' | 'ui'>, view: Pick<SavedView, 'name' | 'address'>) {
  const checked = checkViewAddress(view.address, ctx.session.role);
  if (checked.ok) { ctx.navigate(view.address); return; }
  if (checked.path) {
    ctx.navigate(checked.path);
    ctx.ui.notice('views.notParsed', { name: view.name, what: checked.issues.map((i) => readable(i.field)).join(', ') });
    return;
  }
  ctx.ui.notice('views.notOpened', { name: view.name });
}

/** A view's command, or none for one whose list the role may not open (a view shared before the roles changed). */
export function viewCommand(view: SavedView, role: Role | null): Command | null {
  const checked = checkViewAddress(view.address, role);
  const def = checked.def;
  if (!def || !checked.path) return null;
  return {
    id: viewCommandId(view.id),
    category: 'views',
    keywords: [def.name, def.api, 'view', 'saved'],
    title: () => view.name,
    revision: () => `${view.version} ${view.name}`,
    access: { resource: def.name, action: 'list' },
    // Under the entity's own lists: after its last list by status, before the next entry of its group.
    menu: def.nav && { group: def.nav.group, order: def.nav.order + Math.max(1, def.views?.length ?? 1) - 0.5 },
    menuLabel: () => view.name,
    href: checked.ok ? view.address : checked.path,
    run: (ctx) => openSavedView(ctx, view),
  };
}

export function viewCommands(views: readonly SavedView[], role: Role | null): Command[] {
  return views.flatMap((v) => viewCommand(v, role) ?? []);
}

/** On a list of an entity (the list in view says so): no record shown. */
const onList: NonNullable<Command['when']> = (ctx) => Boolean(ctx.inView().entity) && !ctx.inView().record;

/**
 * The views the user has, as the client last read them: the management commands offer the user's own. Set by the
 * client's store (state/saved-views.ts); commands hold no other state.
 */
let known: readonly SavedView[] = [];
export function knowSavedViews(views: readonly SavedView[]) {
  known = views;
}
const ownViews = () => known.filter((v) => v.mine).map((v) => ({ value: String(v.id), label: () => v.name }));

/** "Rename or share a saved view…" and "Delete a saved view…": the view asked for on the palette's sub-page. */
export const manageViewCommands: Command[] = [
  {
    id: 'views.edit',
    category: 'settings',
    keywords: ['saved view', 'rename', 'share', 'shortcut', 'edit view'],
    title: (t) => t('views.edit'),
    when: () => known.some((v) => v.mine),
    params: [{ name: 'view', kind: 'choice', prompt: (t) => t('views.pick'), choices: ownViews }],
    run: (ctx, args) => ctx.ui.saveView(Number(args.view.value)),
  },
  {
    id: 'views.delete',
    category: 'settings',
    keywords: ['saved view', 'remove', 'delete view', 'forget'],
    title: (t) => t('views.delete'),
    when: () => known.some((v) => v.mine),
    params: [{ name: 'view', kind: 'choice', prompt: (t) => t('views.pick'), choices: ownViews }],
    run: (ctx, args) => ctx.ui.deleteView(Number(args.view.value)),
  },
];

export const saveViewCommand: Command = {
  id: 'list.saveView',
  category: 'list',
  keywords: ['save', 'view', 'bookmark', 'remember', 'filter', 'share'],
  title: (t) => t('views.save'),
  when: (ctx) => onList(ctx) && checkViewAddress(ctx.location(), ctx.session.role).path !== undefined,
  run: (ctx) => ctx.ui.saveView(),
};
