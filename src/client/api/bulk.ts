import type { EntityDef } from '../../registry';
import type { Row } from './entities';
import { http, type Page } from './client';
import { listsChanged } from './writes';

/**
 * "Set field…" and "Delete…" on many records (POST /api/{resource}/bulk) and the Undo of the whole action
 * (POST /api/bulk/{id}/undo). Rows are sent in parts of BULK_PART, each adding to the action the first began
 * (`continues`), so the console can show how far it is and one Undo still takes it all back. "All matching the
 * filter" is first read from the list itself, page after page beyond the loaded one (the count found so far shown),
 * then sent as those rows with the versions read, so a record changed since is a conflict, never overwritten.
 */
export const BULK_PART = 100;

/** Rows read a page while finding all that match: the list's largest page (registry/derive/list-query.ts MAX_LIMIT). */
const MATCHING_PAGE = 200;

/** How far an action is: its matching rows being found (`selecting`), or its parts being sent (`running`). */
export interface BulkProgress { phase: 'selecting' | 'running'; done: number }

export type BulkStatus = 'done' | 'conflict' | 'refused' | 'in_use';
export interface BulkResult { id: number; status: BulkStatus; message: string; code?: string }
export interface BulkAnswer { id: number; results: BulkResult[] }

export type BulkTargets = { ids: number[]; versions: Record<string, number> } | { filter: string; count: number };
export type BulkOp = { op: 'set'; field: string; value: unknown } | { op: 'delete' };

const post = (def: EntityDef, body: Record<string, unknown>) => http.post<{ data: BulkAnswer }>(`/api/${def.api}/bulk`, body).then((r) => r.data);

type Picked = { ids: number[]; versions: Record<string, number> };

/** Every row the list's query matches, as the list reads them (its scope, words, search, order); `found` after each page. */
async function matchingRows(def: EntityDef, filter: string, signal: AbortSignal, found: (n: number) => void): Promise<Picked> {
  const picked: Picked = { ids: [], versions: {} };
  let cursor: string | null = null;
  do {
    const page: Page<Row> = await http.get<Page<Row>>(`/api/${def.api}?${filter}&limit=${MATCHING_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });
    for (const row of page.data) {
      if (row.id in picked.versions) continue;
      picked.ids.push(row.id);
      picked.versions[row.id] = row.version;
    }
    found(picked.ids.length);
    cursor = page.nextCursor;
  } while (cursor && !signal.aborted);
  if (signal.aborted) throw signal.reason;
  return picked;
}

/**
 * Runs the action on its targets; `progress` after each page found and each part sent. `signal` stops it: while the
 * matching rows are found nothing is written (it throws the signal's reason); while parts are sent, after the part
 * under way (what was done is answered, and undone as one). The entity's lists and pickers are read again at the end.
 */
export async function runBulk(def: EntityDef, targets: BulkTargets, op: BulkOp, progress: (p: BulkProgress) => void, signal: AbortSignal = new AbortController().signal): Promise<BulkAnswer> {
  try {
    const picked = 'filter' in targets ? await matchingRows(def, targets.filter, signal, (done) => progress({ phase: 'selecting', done })) : targets;
    let id: number | undefined;
    const results: BulkResult[] = [];
    for (let start = 0; start < picked.ids.length && !(signal.aborted && id !== undefined); start += BULK_PART) {
      const ids = picked.ids.slice(start, start + BULK_PART);
      const versions = Object.fromEntries(ids.filter((x) => picked.versions[x] !== undefined).map((x) => [x, picked.versions[x]]));
      const answer = await post(def, { ids, versions, ...op, ...(id !== undefined ? { continues: id } : {}) });
      id = answer.id;
      results.push(...answer.results);
      progress({ phase: 'running', done: results.length });
    }
    return { id: id!, results };
  } finally {
    listsChanged(def);
  }
}

/** Takes the whole action back; each record's outcome (a record changed since is left, a conflict). */
export async function undoBulk(def: EntityDef, id: number): Promise<BulkResult[]> {
  try {
    return (await http.post<{ data: BulkAnswer }>(`/api/bulk/${id}/undo`)).data.results;
  } finally {
    listsChanged(def);
  }
}
