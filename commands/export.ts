import type { Command } from './define';

/**
 * The list's CSV export from the palette: the list in view runs it (export/export-csv.tsx contributes `export`),
 * with its search, sort, filters and columns. Offered wherever a list says it is in view and no record
 * is shown; "the selected rows" only while some are selected.
 */
const onList: NonNullable<Command['when']> = (ctx) => Boolean(ctx.inView().entity) && !ctx.inView().record;

export const exportCommands: Command[] = [
  {
    id: 'list.exportCsv', category: 'list', keywords: ['export', 'csv', 'download', 'excel', 'spreadsheet'],
    title: (t) => t('exportCsv.command'),
    when: onList,
    run: (ctx) => { ctx.screen.get('export')?.run('all'); },
  },
  {
    id: 'list.exportSelected', category: 'list', keywords: ['export', 'csv', 'download', 'selected', 'excel'],
    title: (t) => t('exportCsv.commandSelected'),
    when: (ctx) => onList(ctx) && ctx.inView().selected > 0,
    run: (ctx) => { ctx.screen.get('export')?.run('selected'); },
  },
];
