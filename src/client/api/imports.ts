import type { EntityDef } from '../../registry';
import { download } from './download';
import { http } from './transport';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Column header → field name ('' leaves the column out), as the server takes it (crud/import-routes.ts). */
export type Mapping = Record<string, string>;

export interface ImportIssue { row: number; field: string | null; message: string }

/** Each column of the file and the field the server matched it to (by the mapping given, else by name or label). */
export interface Columns { columns: { header: string; field: string | null }[]; rows: number }

export interface DryRun {
  add: number; update: number; skip: number; errors: ImportIssue[];
  header: string[];
  /** The refused rows' cells (the first 200), by their row number in the file (the header is row 1). */
  rows: { row: number; cells: string[] }[];
}

export interface ImportRun {
  id: number; entity: string; state: 'running' | 'stopping' | 'stopped' | 'done' | 'interrupted' | 'undone';
  total: number; done: number; added: number; updated: number; skipped: number; failed: number; createdAt: string; errors: ImportIssue[];
}

/** The file with the type the server reads it by: a spreadsheet's own type, else CSV (a browser may give none, or Excel's CSV type). */
export const asTable = (file: File) => new Blob([file], { type: /\.xlsx$/i.test(file.name) ? XLSX_TYPE : 'text/csv' });

const importUrl = (def: EntityDef, mapping: Mapping | null, dry: boolean, path = '') => {
  const q = new URLSearchParams();
  if (dry) q.set('dryRun', '1');
  if (mapping) q.set('mapping', JSON.stringify(mapping));
  const qs = q.toString();
  return `/api/${def.api}/import${path}${qs ? `?${qs}` : ''}`;
};

export const imports = {
  columns: (def: EntityDef, file: File, mapping: Mapping | null) => http.upload<{ data: Columns }>(importUrl(def, mapping, false, '/columns'), asTable(file)).then((r) => r.data),
  dryRun: (def: EntityDef, file: File, mapping: Mapping | null) => http.upload<{ data: DryRun }>(importUrl(def, mapping, true), asTable(file)).then((r) => r.data),
  start: (def: EntityDef, file: File, mapping: Mapping | null) => http.upload<{ data: { id: number } }>(importUrl(def, mapping, false), asTable(file)).then((r) => r.data.id),
  read: (id: number) => http.get<{ data: ImportRun }>(`/api/imports/${id}`).then((r) => r.data),
  stop: (id: number) => http.post<{ data: ImportRun }>(`/api/imports/${id}/stop`).then((r) => r.data),
  undo: (id: number) => http.post<{ data: ImportRun }>(`/api/imports/${id}/undo`).then((r) => r.data),
  /** The file as sent with an "error" column (the failed rows' reasons). */
  result: async (id: number) => (await download(`/api/imports/${id}/result`)).blob(),
};

/** Whether the run is still writing (its counts still grow). */
export const isRunning = (run: ImportRun) => run.state === 'running' || run.state === 'stopping';
