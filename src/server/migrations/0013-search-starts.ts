import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * The list search box's first page for a term of two letters, read in list order from the words' starts themselves.
 * 0011's walk reads the list-order index alone, but a term whose matches are few or lie late in the list (patients
 * "jh", "kh") is gathered from the trigram index: every match's row read for its sort key, 1,000–4,500 pages all over
 * the table, ~25–35 ms when they are not in the page cache. `search_starts` holds, for each search row, each distinct
 * first two letters of its text's words (" maria gomez" → "ma", "go"), with the row's list-order key, in one index:
 * a term's page is the first entries of its range (a page or two) and its count up to the cap a few pages more,
 * whatever the cache holds.
 *
 * The key's nulls become flags so that every column is set and a row's entries are deleted by equality (the list's
 * order `sort_text asc nulls last, sort_num asc nulls last, record_id` is `text_null, text_key, num_null, num_key,
 * record_id` ascending; descending, the same backwards). Triggers on `search_index` keep the entries, a statement at a
 * time (transition tables: a bulk write is one insert and one delete), whatever writes the search rows: a record's
 * write, a sort key's own trigger (search/sort-key.ts), a bulk fill. `search_starts_due` is what the table must hold:
 * the fill here and in the bench's seed, and the tests' check. ~19.5M entries at the bench's 6.4M search rows.
 */
export const rewrites = ['search_starts'];

export async function up(db: DB): Promise<void> {
  // The distinct first two letters of the words of a search text (split at single blanks, as docMatches's LIKEs read it).
  await sql`create function search_start_pairs(doc text) returns text[] language sql immutable strict parallel safe
    as $$ select coalesce(array_agg(distinct left(w, 2)), '{}') from regexp_split_to_table(doc, ' ') w where char_length(w) >= 2 $$`.execute(db);
  await sql`create table search_starts (
    entity text not null, start text not null,
    text_null boolean not null, text_key text not null, num_null boolean not null, num_key numeric not null,
    record_id integer not null)`.execute(db);
  await sql`create function search_start_rows(entity text, record_id integer, doc text, sort_text text, sort_num numeric)
    returns setof search_starts language sql immutable parallel safe
    as $$ select entity, p.start, sort_text is null, coalesce(sort_text, ''), sort_num is null, coalesce(sort_num, 0), record_id
      from unnest(search_start_pairs(doc)) p(start) $$`.execute(db);
  await sql`create view search_starts_due as select r.* from search_index s,
    lateral search_start_rows(s.entity, s.record_id, s.doc, s.sort_text, s.sort_num) r`.execute(db);
  await sql`insert into search_starts select * from search_starts_due`.execute(db);
  await sql`create unique index search_starts__list__ix on search_starts (entity, start, text_null, text_key, num_null, num_key, record_id)`.execute(db);

  // A row's entries, deleted by the whole key (the unique index's), for each row of the transition table `gone`.
  const deleteOf = (gone: string) => `delete from search_starts p using ${gone} g, lateral search_start_rows(g.entity, g.record_id, g.doc, g.sort_text, g.sort_num) r
    where p.entity = r.entity and p.start = r.start and p.text_null = r.text_null and p.text_key = r.text_key
      and p.num_null = r.num_null and p.num_key = r.num_key and p.record_id = r.record_id`;
  const insertOf = (added: string) => `insert into search_starts select r.* from ${added} a,
    lateral search_start_rows(a.entity, a.record_id, a.doc, a.sort_text, a.sort_num) r`;
  // An update changes the entries of the rows whose text or key changed only (a title's change, none).
  const changed = (from: string, to: string) => `(select entity, record_id, doc, sort_text, sort_num from ${from}
    except select entity, record_id, doc, sort_text, sort_num from ${to})`;
  await sql.raw(`create function search_starts_added() returns trigger language plpgsql as $$
    begin ${insertOf('added')}; return null; end $$`).execute(db);
  await sql.raw(`create function search_starts_changed() returns trigger language plpgsql as $$
    begin ${deleteOf(changed('before_rows', 'after_rows'))}; ${insertOf(changed('after_rows', 'before_rows'))}; return null; end $$`).execute(db);
  await sql.raw(`create function search_starts_removed() returns trigger language plpgsql as $$
    begin ${deleteOf('removed')}; return null; end $$`).execute(db);
  await sql`create function search_starts_cleared() returns trigger language plpgsql as $$ begin truncate search_starts; return null; end $$`.execute(db);
  await sql`create trigger search_index__starts_added after insert on search_index referencing new table as added
    for each statement execute function search_starts_added()`.execute(db);
  await sql`create trigger search_index__starts_changed after update on search_index referencing old table as before_rows new table as after_rows
    for each statement execute function search_starts_changed()`.execute(db);
  await sql`create trigger search_index__starts_removed after delete on search_index referencing old table as removed
    for each statement execute function search_starts_removed()`.execute(db);
  await sql`create trigger search_index__starts_cleared after truncate on search_index
    for each statement execute function search_starts_cleared()`.execute(db);
}
