import { entityPath, rolesFor, viewActionFor, type EntityDef } from '../src/registry';
import type { Command, Translate } from './define';

const label = (t: Translate, def: EntityDef, n: 'one' | 'other') => t(`${def.name}.${n}`, { ns: 'entities' });

/** Which read action a command opens: the first of details/view/profile that the policy defines. */
function viewAction(def: EntityDef): string | undefined {
  return viewActionFor(def, () => true);
}

/** The commands of one entity, generated: open list, add, import…, edit…, view…, delete…. */
export function entityCommands(def: EntityDef): Command[] {
  const keywords = [def.name, def.api];
  const record = (prompt: string) => [{ name: 'record', kind: 'record' as const, entity: def.name, prompt: (t: Translate) => t(prompt, { name: label(t, def, 'one') }) }];
  const out: Command[] = [];
  // An entity with views lists by view: commands/workflow.ts makes one list command per view.
  if (rolesFor(def.name, 'list') && !def.views?.length) {
    out.push({
      id: `${def.name}.list`, category: 'entity', keywords,
      title: (t) => t('cmd.openList', { name: label(t, def, 'other') }),
      access: { resource: def.name, action: 'list' },
      menu: def.nav,
      href: entityPath(def),
      menuLabel: (t) => label(t, def, 'other'),
      run: (ctx) => ctx.navigate(entityPath(def)),
    });
  }
  if (rolesFor(def.name, 'add')) {
    out.push({
      id: `${def.name}.add`, category: 'entity', keywords: [...keywords, 'new', 'create'],
      title: (t) => t('cmd.add', { name: label(t, def, 'one') }),
      access: { resource: def.name, action: 'add' },
      run: (ctx) => ctx.navigate(entityPath(def, 'add')),
    });
  }
  // Whoever may add a record may add many from a file; the server asks the same (crud/import-routes.ts).
  if (rolesFor(def.name, 'add')) {
    out.push({
      id: `${def.name}.import`, category: 'entity', keywords: [...keywords, 'import', 'upload', 'csv', 'excel', 'xlsx', 'bulk', 'file'],
      title: (t) => t('cmd.import', { name: label(t, def, 'other') }),
      access: { resource: def.name, action: 'add' },
      run: (ctx) => ctx.ui.openImport(def.name),
    });
  }
  // Raised by those who use it (a centre's staff raise a support ticket), who may have no screen of it: a form, and
  // what they raised with its conversation, both in the palette.
  if (rolesFor(def.name, 'raise')) {
    out.push({
      id: `${def.name}.raise`, category: 'entity', keywords: [...keywords, 'raise', 'new', 'help', 'problem', 'support'],
      title: (t) => t('cmd.raise', { name: label(t, def, 'one') }),
      access: { resource: def.name, action: 'raise' },
      run: (ctx) => ctx.ui.openRaise(def.name),
    });
    out.push({
      id: `${def.name}.mine`, category: 'entity', keywords: [...keywords, 'mine', 'my', 'raised', 'status', 'comments'],
      title: (t) => t('cmd.mine', { name: label(t, def, 'other') }),
      access: { resource: def.name, action: 'raise' },
      run: (ctx) => ctx.ui.openMine(def.name),
    });
  }
  if (rolesFor(def.name, 'edit')) {
    out.push({
      id: `${def.name}.edit`, category: 'entity', keywords: [...keywords, 'change', 'update'],
      title: (t) => t('cmd.edit', { name: label(t, def, 'one') }),
      access: { resource: def.name, action: 'edit' },
      params: record('cmd.pickRecord'),
      run: (ctx, args) => ctx.navigate(entityPath(def, 'edit', args.record.value)),
    });
  }
  const view = viewAction(def);
  if (view) {
    out.push({
      id: `${def.name}.view`, category: 'entity', keywords: [...keywords, 'open', 'show', 'details'],
      title: (t) => t('cmd.view', { name: label(t, def, 'one') }),
      access: { resource: def.name, action: view },
      params: record('cmd.pickRecord'),
      run: (ctx, args) => ctx.navigate(entityPath(def, view, args.record.value)),
    });
  }
  if (rolesFor(def.name, 'delete')) {
    out.push({
      id: `${def.name}.delete`, category: 'entity', keywords: [...keywords, 'remove'],
      title: (t) => t('cmd.delete', { name: label(t, def, 'one') }),
      access: { resource: def.name, action: 'delete' },
      params: record('cmd.pickRecord'),
      run: (ctx, args) => ctx.ui.confirmDelete(def.name, Number(args.record.value)),
    });
  }
  return out;
}
