import { sql, type RawBuilder } from 'kysely';
import type { EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import type { SessionUser } from '../http';
import { BOM, csvCell, csvRecord } from './csv';
import type { ExportRequest } from './export-query';
import { cellValue } from './export-values';
import { attachLabels } from '../records/labels';
import { pageReader } from './export-pages';
import { RECORD_COUNT_CAP, textSearch, whereOf } from '../search';
import { filterSql } from '../records/list-filter';
import { scopeWhere } from '../records/scope';
import { auditReads } from '../audit/audit';
import { logger, scrub } from '../ops/logger';

/**
 * CSV export of a list (issue 10.5), streamed: `GET /api/{resource}/export` answers at once with the header row and
 * the total, then reads the rows in keyset pages of EXPORT_PAGE in the list's own order (the list's sort, id last)
 * and writes each page as it comes. The stream is pulled: the next page is read only when the client has taken the
 * last one (Node's socket backpressure), so the server holds one page however many rows there are, and between
 * pages other requests get the database (the embedded database is one connection). A client that goes away cancels
 * the stream and no further page is read. Nothing runs in one long transaction: a row written during the export may
 * or may not be in it, as in a list scrolled for that long.
 */
export { EXPORT_PAGE } from './export-pages';

/** The rows to export: everything the list shows the caller for this query (scope and filters as the list applies them). */
export interface ExportPlan {
  /** The number of rows, exact up to RECORD_COUNT_CAP; past it the planner's estimate, flagged. */
  total: number;
  estimate: boolean;
  body: ReadableStream<Uint8Array>;
}

/** The planner's estimate of a query's rows: a count read from statistics, never a scan. */
async function estimateRows(db: DB, query: RawBuilder<unknown>): Promise<number> {
  const res = await sql<Record<string, unknown>>`explain (format json) ${query}`.execute(db);
  const raw = Object.values(res.rows[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
}

/**
 * Checks the whole request against the database's terms (filter values answer 400 here, before the answer starts),
 * counts it, and returns the stream that writes it. `user` is the caller: their centres keep a scoped role to its
 * own rows, and a patient read is audited in their name.
 */
export async function planExport(db: DB, def: EntityDef, request: ExportRequest, user: SessionUser): Promise<ExportPlan> {
  const table = sql.raw(ident(def.table));
  const where: RawBuilder<unknown>[] = [...scopeWhere(def, user)];
  for (const [k, v] of Object.entries(request.list.filters)) where.push(filterSql(def, k, v));
  if (request.ids) where.push(sql`t.id = any(${request.ids}::int[])`);
  const search = request.list.q ? await textSearch(db, def, request.list.q) : null;
  // Up to MATCH_COUNT_CAP matches are known by id; more are checked row by row as the pages walk the list order
  // (export-pages.ts), and counted by the semi-join the list counts with.
  const countWhere = search ? [...where, search.ids ? sql`t.id = any(${search.ids}::int[])` : search.semiJoin] : where;

  const counted = await sql<{ n: number }>`select count(*)::int as n from (select 1 from ${table} t ${whereOf(countWhere)} limit ${RECORD_COUNT_CAP + 1}) x`.execute(db);
  let total = Number(counted.rows[0]?.n ?? 0);
  const estimate = total > RECORD_COUNT_CAP;
  if (estimate) total = Math.max(RECORD_COUNT_CAP + 1, await estimateRows(db, sql`select 1 from ${table} t ${whereOf(countWhere)}`));

  const pages = pageReader(db, def, search?.ids ? [...where, sql`t.id = any(${search.ids}::int[])`] : where, request.list.sort, search && !search.ids ? search.rowMatches : null);
  let done = false;
  let cancelled = false;

  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + csvRecord(request.headers.map((h) => csvCell(h)))));
    },
    async pull(controller) {
      if (done || cancelled) return;
      try {
        // Until a page has rows (a walk for a rare search term may find none) or the rows are over: a pull that gave
        // nothing would not be called again, and the client would wait for ever.
        while (!done && !cancelled) {
          // A turn of the event loop before each page: the embedded database answers through promises alone, so without
          // it one export would run page after page without letting the socket, the compressor (gzip runs on libuv's
          // threads) or anyone else's request in until it ended, and its whole file would queue in memory.
          await new Promise((resolve) => setImmediate(resolve));
          if (cancelled) return;
          const page = await pages.next();
          if (cancelled) return;
          done = page.done;
          if (!page.rows.length) continue;
          // Health data: each exported record is in the audit log before its row leaves, as a read of it would be.
          await auditReads(db, user, def, page.rows.map((r) => Number(r.id)), 'read_export');
          await attachLabels(db, def, page.rows);
          controller.enqueue(encoder.encode(page.rows.map((r) => csvRecord(request.columns.map((c) => {
            const { text, numeric } = cellValue(def, c, r);
            return csvCell(text, numeric);
          }))).join('')));
          break;
        }
        if (done) controller.close();
      } catch (err) {
        // The answer has started: the only way to say so is to break it off, so the client never keeps a cut file.
        const e = err as { message?: string; code?: string };
        logger.error({ code: e.code }, `export of ${def.name} broken off: ${scrub(e.message ?? String(err))}`);
        done = true;
        controller.error(new Error('export failed'));
      }
    },
    cancel() {
      cancelled = true;
    },
  });
  return { total, estimate, body };
}

/** `patients-2026-11-23.csv`: the entity and the day (UTC) it was exported. */
export const exportFileName = (def: EntityDef, now = new Date()) => `${def.name}-${now.toISOString().slice(0, 10)}.csv`;
