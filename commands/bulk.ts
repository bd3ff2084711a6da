import { can } from '../src/registry';
import type { Command } from './define';

/**
 * "Set field…" and "Delete…" on the selected rows of the list in view (moves/bulk-edit.tsx contributes `bulk`):
 * offered only while rows are selected, and to a role that may edit, or delete, the list's entity. While an action is
 * under way the list makes no other: the key says so rather than do nothing.
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
    run: (ctx) => {
      const open = ctx.screen.get('bulk', ctx.inView().entity)?.openSet;
      if (open) open(); else ctx.ui.notice('bulk.busy');
    },
  },
  {
    id: 'list.bulkDelete', category: 'list', keywords: ['delete', 'remove', 'bulk', 'many', 'selected'],
    title: (t) => t('bulk.deleteCommand'),
    when: onSelection('delete'),
    run: (ctx) => {
      const open = ctx.screen.get('bulk', ctx.inView().entity)?.openDelete;
      if (open) open(); else ctx.ui.notice('bulk.busy');
    },
  },
];
