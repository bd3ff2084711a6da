import type { EntityDef } from '../../registry';
import { http } from './client';
import { listsChanged } from './writes';

/**
 * "Set field…" and "Delete…" on many records (POST /api/{resource}/bulk) and the Undo of the whole action
 * (POST /api/bulk/{id}/undo). Rows picked one by one are sent in parts of BULK_PART, each adding to the action the first
 * began (`continues`), so the console can show how far it is and one Undo still takes it all back; "all matching the
 * filter" is one request, resolved by the server beyond the loaded page.
 */
export const BULK_PART = 100;

export type BulkStatus = 'done' | 'conflict' | 'refused' | 'in_use';
export interface BulkResult { id: number; status: BulkStatus; message: string; code?: string }
export interface BulkAnswer { id: number; results: BulkResult[] }

export type BulkTargets = { ids: number[]; versions: Record<string, number> } | { filter: string; count: number };
export type BulkOp = { op: 'set'; field: string; value: unknown } | { op: 'delete' };

const post = (def: EntityDef, body: Record<string, unknown>) => http.post<{ data: BulkAnswer }>(`/api/${def.api}/bulk`, body).then((r) => r.data);

/** Runs the action on its targets; `progress` after each part. The entity's lists and pickers are read again at the end. */
export async function runBulk(def: EntityDef, targets: BulkTargets, op: BulkOp, progress: (done: number) => void): Promise<BulkAnswer> {
  try {
    if ('filter' in targets) return await post(def, { filter: targets.filter, ...op });
    let id: number | undefined;
    const results: BulkResult[] = [];
    for (let start = 0; start < targets.ids.length; start += BULK_PART) {
      const ids = targets.ids.slice(start, start + BULK_PART);
      const versions = Object.fromEntries(ids.filter((x) => targets.versions[x] !== undefined).map((x) => [x, targets.versions[x]]));
      const answer = await post(def, { ids, versions, ...op, ...(id !== undefined ? { continues: id } : {}) });
      id = answer.id;
      results.push(...answer.results);
      progress(results.length);
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
