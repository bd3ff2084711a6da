import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * PL/pgSQL plans a trigger's statement at its first call in a session and keeps the plan until the table's statistics
 * change. A console whose first writes met small tables (a first start's seed, a new deployment) kept plans that read
 * a whole table on every later write, so that a write cost in proportion to everything written before it:
 *
 * - the audit chain (0015) found the last entry by sorting the whole log instead of reading the end of its `seq`
 *   index;
 * - 0014's triggers deleted a statement's old `search_starts` entries in a hash join that read the whole table, even
 *   for a statement that changes no entry: an `insert … on conflict do update` fires the update trigger with empty
 *   transition tables.
 *
 * Here the chain's trigger may not scan the log (its one statement has one good plan, the index read backwards), and a
 * statement's `search_starts` entries are deleted one at a time by the unique index's seven columns: an equality on
 * parameters, whose plan reads one entry whatever the table holds. A statement of more than BULK_ROWS search rows (a
 * sort key filled for a whole entity, a bulk delete) keeps 0014's one join, planned afresh on each such call
 * (EXECUTE) with the transition tables' real sizes: many rows hashed, linear.
 */
const BULK_ROWS = 200;

const due = (gone: string) => `select r.* from ${gone} g, lateral search_start_rows(g.entity, g.record_id, g.doc, g.sort_text, g.sort_num) r`;
const bulkDelete = (gone: string) => `with due as materialized (${due(gone)})
  delete from search_starts p using due r
  where p.entity = r.entity and p.start = r.start and p.text_null = r.text_null and p.text_key = r.text_key
    and p.num_null = r.num_null and p.num_key = r.num_key and p.record_id = r.record_id`;
const deleteOf = (gone: string, rows: string) => `
  if (select count(*) from ${rows}) > ${BULK_ROWS} then
    execute ${quote(bulkDelete(gone))};
  else
    for e in ${due(gone)} loop
      delete from search_starts p
      where p.entity = e.entity and p.start = e.start and p.text_null = e.text_null and p.text_key = e.text_key
        and p.num_null = e.num_null and p.num_key = e.num_key and p.record_id = e.record_id;
    end loop;
  end if;`;
const insertOf = (added: string) => `insert into search_starts select r.* from ${added} a,
  lateral search_start_rows(a.entity, a.record_id, a.doc, a.sort_text, a.sort_num) r`;
const changed = (from: string, to: string) => `(select entity, record_id, doc, sort_text, sort_num from ${from}
  except select entity, record_id, doc, sort_text, sort_num from ${to})`;
/** A statement's text as a PL/pgSQL string literal. */
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

export async function up(db: DB): Promise<void> {
  // Its body stays 0015's; the setting is the function's own, in force at each call.
  await sql`alter function audit_chain() set enable_seqscan = off`.execute(db);
  await sql.raw(`create or replace function search_starts_changed() returns trigger language plpgsql as $$
    declare e search_starts;
    begin ${deleteOf(changed('before_rows', 'after_rows'), 'before_rows')} ${insertOf(changed('after_rows', 'before_rows'))}; return null; end $$`).execute(db);
  await sql.raw(`create or replace function search_starts_removed() returns trigger language plpgsql as $$
    declare e search_starts;
    begin ${deleteOf('removed', 'removed')} return null; end $$`).execute(db);
}
