import { can } from '../src/registry';
import type { Command } from './define';

/**
 * "Set field…" and "Delete…" on the selected rows of the list in view (moves/bulk-edit.tsx registers the screen
 * actions): offered only while rows are selected, and to a role that may edit, or delete, the list's entity.
 */
const onSelection = (action: 'edit' | 'delete'): NonNullable<Command['when']> => (ctx) => {
  const view = ctx.inView();
  return Boolean(view.entity) && !view.record && view.selected > 0 && ctx.session.role !== null && can(ctx.session.role, view.entity!, action);
};

export const bulkCommands: Command[] = [
  {
    id: 'list.bulkSet', category: 'list', keywords: ['set', 'change', 'bulk', 'many', 'selected', 'field', 'edit'],
    title: (t) => t('bulk.setCommand'),
    when: onSelection('edit'),
    run: (ctx) => { ctx.ui.screenAction('bulkSet'); },
  },
  {
    id: 'list.bulkDelete', category: 'list', keywords: ['delete', 'remove', 'bulk', 'many', 'selected'],
    title: (t) => t('bulk.deleteCommand'),
    when: onSelection('delete'),
    run: (ctx) => { ctx.ui.screenAction('bulkDelete'); },
  },
];
