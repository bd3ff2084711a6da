import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * 0013's triggers delete a statement's old `search_starts` entries by joining the transition table to the entries'
 * index through a function scan of each row's starts. The planner probes the index with every key column but `start`
 * (which comes from the function scan above the probe), so each row skips through every entry of its entity: a bulk
 * update of N search rows of one entity costs N × (the entity's entries), quadratic. 12,800 specialities given their
 * sort keys in one statement took about a minute. Here the entries to delete are made first (a materialised CTE) and
 * joined on all seven columns: a few rows probe the unique index, many are hashed, linear either way.
 */
export async function up(db: DB): Promise<void> {
  const deleteOf = (gone: string) => `with due as materialized (
      select r.* from ${gone} g, lateral search_start_rows(g.entity, g.record_id, g.doc, g.sort_text, g.sort_num) r)
    delete from search_starts p using due r
    where p.entity = r.entity and p.start = r.start and p.text_null = r.text_null and p.text_key = r.text_key
      and p.num_null = r.num_null and p.num_key = r.num_key and p.record_id = r.record_id`;
  const insertOf = (added: string) => `insert into search_starts select r.* from ${added} a,
    lateral search_start_rows(a.entity, a.record_id, a.doc, a.sort_text, a.sort_num) r`;
  // An update changes the entries of the rows whose text or key changed only (a title's change, none).
  const changed = (from: string, to: string) => `(select entity, record_id, doc, sort_text, sort_num from ${from}
    except select entity, record_id, doc, sort_text, sort_num from ${to})`;
  await sql.raw(`create or replace function search_starts_changed() returns trigger language plpgsql as $$
    begin ${deleteOf(changed('before_rows', 'after_rows'))}; ${insertOf(changed('after_rows', 'before_rows'))}; return null; end $$`).execute(db);
  await sql.raw(`create or replace function search_starts_removed() returns trigger language plpgsql as $$
    begin ${deleteOf('removed')}; return null; end $$`).execute(db);
}
