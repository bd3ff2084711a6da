import { z } from 'zod';
import { MAX_ID, parseListQuery, type EntityDef, type ListQuery, type QueryIssue } from '../../registry';
import { exportable } from './export-values';

/** At most this many selected rows by `ids=` (a list selects the rows it has loaded, a page or a few at a time). */
export const MAX_EXPORT_IDS = 1000;
/** At most this many columns (the widest list has a dozen; every readable field of the widest entity fits). */
export const MAX_EXPORT_COLUMNS = 80;

/** What to export: the list's search, sort and filters, the columns in order with their header titles, or the selected rows. */
export interface ExportRequest {
  list: Pick<ListQuery, 'q' | 'sort' | 'filters' | 'tz'>;
  columns: string[];
  headers: string[];
  ids?: number[];
}

/** The export's own parameters; the rest are the list's, read by the list's parser (so `q`, `sort` and `filter[…]` mean the same). */
const OWN = ['columns', 'header', 'ids'];
/** The list's paging has no meaning here: the export reads every row itself. */
const PAGING = ['limit', 'cursor'];

function ownSchema(def: EntityDef) {
  return z.strictObject({
    columns: z.string().max(4000).transform((s) => s.split(','))
      .pipe(z.array(z.string().refine((f) => exportable(def, f), { message: 'Not a readable field of this list' })).min(1).max(MAX_EXPORT_COLUMNS)
        .refine((cs) => new Set(cs).size === cs.length, { message: 'A column is named twice' }))
      .optional(),
    // One title per column, in the user's language (the client has the translations): any text, CSV-quoted and injection-safe.
    header: z.array(z.string().trim().min(1).max(200)).max(MAX_EXPORT_COLUMNS).optional(),
    ids: z.string().max(12_000).regex(/^\d{1,10}(,\d{1,10})*$/, { message: 'ids must be record ids separated by commas' })
      .transform((s) => s.split(',').map(Number))
      .pipe(z.array(z.number().int().min(1).max(MAX_ID)).max(MAX_EXPORT_IDS, { message: `At most ${MAX_EXPORT_IDS} selected rows` }))
      .optional(),
  });
}

/**
 * `GET /api/{resource}/export?…`: the list's query (q, sort, filter[…]) and the export's own (columns=a,b,c, one
 * header=… per column, ids=1,2,3), checked before a byte is sent: a bad parameter answers 400 naming it, never a
 * 500 and never a half-written file. A parameter neither knows, or one given twice, is refused.
 */
export function parseExportQuery(def: EntityDef, params: URLSearchParams): { request: ExportRequest } | { issues: QueryIssue[] } {
  const issues: QueryIssue[] = [];
  const listParams = new URLSearchParams();
  for (const [k, v] of params) {
    if (PAGING.includes(k)) issues.push({ field: k, message: `Unknown parameter ${k}` });
    else if (!OWN.includes(k)) listParams.append(k, v);
  }
  for (const k of [...OWN.filter((k) => k !== 'header'), 'q', 'sort']) if (params.getAll(k).length > 1) issues.push({ field: k, message: `${k} is given more than once` });

  const own = ownSchema(def).safeParse({
    columns: params.get('columns') ?? undefined,
    header: params.has('header') ? params.getAll('header') : undefined,
    ids: params.get('ids') ?? undefined,
  });
  if (!own.success) for (const i of own.error.issues) issues.push({ field: String(i.path[0] ?? 'query'), message: i.message });
  const list = parseListQuery(def, listParams);
  if ('issues' in list) issues.push(...list.issues);
  if (issues.length || !own.success || 'issues' in list) return { issues: dedupe(issues) };

  const columns = own.data.columns ?? def.columns.filter((c) => exportable(def, c));
  const headers = own.data.header ?? columns;
  if (headers.length !== columns.length) return { issues: [{ field: 'header', message: `Give one header per column (${columns.length})` }] };
  const { q, sort, filters, tz } = list.query;
  return { request: { list: { q, sort, filters, tz }, columns, headers, ids: own.data.ids && [...new Set(own.data.ids)] } };
}

const dedupe = (issues: QueryIssue[]) => issues.filter((i, n) => issues.findIndex((j) => j.field === i.field) === n);
