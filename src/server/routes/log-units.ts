import { sql } from 'kysely';
import type { LogUnit } from '../../registry';
import type { DB } from '../db/connection';
import { UNDO_WINDOW_MINUTES } from '../crud/transition-undo';

/**
 * The units (an import, a bulk action) that a page of the activity log names by their one entry (action `import`:
 * `changes.run`; `bulk`: `changes.action`), as they stand now: the entry was written when the unit began, its counts and
 * state move after (import_run, bulk_action). Two queries a page, never one per entry.
 */
interface Entry { id: number; action: string; changes: Record<string, unknown> | null }

const unitId = (e: Entry, key: string) => (Number.isInteger(e.changes?.[key]) ? Number(e.changes![key]) : null);

/** Until when an undo is offered: within the window from the unit's start, and only in a state it can be undone from. */
function undoUntil(createdAt: string, undoable: boolean): string | null {
  const until = new Date(new Date(createdAt).getTime() + UNDO_WINDOW_MINUTES * 60_000);
  return undoable && until.getTime() > Date.now() ? until.toISOString() : null;
}

export async function unitsOf(db: DB, page: readonly Entry[]): Promise<Map<number, LogUnit>> {
  const out = new Map<number, LogUnit>();
  const imports = page.flatMap((e) => (e.action === 'import' && unitId(e, 'run') !== null ? [[e.id, unitId(e, 'run')!] as const] : []));
  const bulks = page.flatMap((e) => (e.action === 'bulk' && unitId(e, 'action') !== null ? [[e.id, unitId(e, 'action')!] as const] : []));
  if (imports.length) {
    const runs = new Map((await sql<{ id: number; state: string; created_at: string; total: number; done_rows: number; added: number; updated: number; skipped: number; failed: number }>`
      select id, state, created_at, total, done_rows, added, updated, skipped, failed from import_run where id = any(${imports.map(([, id]) => id)}::int[])`.execute(db)).rows.map((r) => [Number(r.id), r]));
    for (const [entry, id] of imports) {
      const r = runs.get(id);
      if (!r) continue;
      out.set(entry, {
        kind: 'import', id, state: r.state, counts: { total: r.total, done: r.done_rows, added: r.added, updated: r.updated, skipped: r.skipped, failed: r.failed },
        undoUntil: undoUntil(r.created_at, !['running', 'stopping', 'undone'].includes(r.state)),
      });
    }
  }
  if (bulks.length) {
    const actions = new Map((await sql<{ id: number; op: 'set' | 'delete'; field: string | null; state: string; created_at: string; counts: Record<string, number> }>`
      select b.id, b.op, b.field, b.state, b.created_at,
        coalesce((select jsonb_object_agg(s.status, s.n) from (select r ->> 'status' as status, count(*)::int as n from jsonb_array_elements(b.results) r group by 1) s), '{}'::jsonb) as counts
      from bulk_action b where b.id = any(${bulks.map(([, id]) => id)}::int[])`.execute(db)).rows.map((r) => [Number(r.id), r]));
    for (const [entry, id] of bulks) {
      const b = actions.get(id);
      if (!b) continue;
      const counts = Object.fromEntries(['done', 'conflict', 'refused', 'in_use'].map((k) => [k, Number(b.counts[k] ?? 0)]));
      out.set(entry, { kind: 'bulk', id, state: b.state, counts, op: b.op, field: b.field, undoUntil: undoUntil(b.created_at, b.state === 'done') });
    }
  }
  return out;
}
