import { ENTITIES, entityPath, getEntity, rolesFor, WORKLISTS } from '../src/registry';
import type { Command } from './define';
import { worklistPath } from './repeat';

/**
 * What is asked for with no list in view: "export" asks which list (of those the role may list), opens it and starts
 * its CSV export; "remind" asks which worklist and opens it, where the reminders are sent to the rows chosen.
 */
const onList: NonNullable<Command['when']> = (ctx) => Boolean(ctx.inView().entity) && !ctx.inView().record;

function exportAList(): Command {
  const lists = ENTITIES.filter((def) => rolesFor(def.name, 'list'));
  return {
    id: 'list.exportPick', category: 'list', keywords: ['export', 'csv', 'download', 'excel', 'spreadsheet'],
    title: (t) => t('cmd.exportWhich'),
    // On a list its own export is offered (commands/export.ts).
    when: (ctx) => !onList(ctx),
    params: [{
      name: 'list', kind: 'choice', prompt: (t) => t('cmd.pickList'),
      choices: () => lists.map((def) => ({ value: def.name, label: (t) => t(`${def.name}.other`, { ns: 'entities' }), access: { resource: def.name, action: 'list' } })),
    }],
    run: (ctx, args) => {
      ctx.navigate(entityPath(getEntity(String(args.list.value))));
      ctx.screen.next('export', (list) => list.run('all'), String(args.list.value));
    },
  };
}

function remindAList(): Command {
  return {
    id: 'notifications.remindPick', category: 'navigation', keywords: ['remind', 'reminder', 'reminders', 'send', 'incomplete', 'profile'],
    title: (t) => t('cmd.remindWhich'),
    access: { resource: 'notifications', action: 'worklist' },
    when: (ctx) => !WORKLISTS.some((w) => ctx.location() === worklistPath(w.id)),
    params: [{ name: 'list', kind: 'choice', prompt: (t) => t('cmd.pickWorklist'), choices: () => WORKLISTS.map((w) => ({ value: w.id, label: (t) => t(`screen.${w.id}.title`) })) }],
    run: (ctx, args) => ctx.navigate(worklistPath(String(args.list.value))),
  };
}

export const intentCommands: Command[] = [exportAList(), remindAList()];
