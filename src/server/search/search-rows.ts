import { sql } from 'kysely';
import { subtitleOf, titleOf, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { sortKeyValues } from './sort-key';

/** The text a record is found by: its title, subtitle and searchable fields, lower-cased. */
export function searchDoc(def: EntityDef, row: Record<string, unknown>): { title: string; subtitle: string; doc: string } {
  const title = titleOf(def, row) || `#${row.id}`;
  const subtitle = subtitleOf(def, row);
  const extra = Object.entries(def.fields).filter(([, fd]) => fd.searchable && !fd.writeOnly).map(([k]) => row[k]).filter((v) => v !== null && v !== undefined && v !== '');
  const doc = [title, subtitle, ...extra].join(' ').toLowerCase().slice(0, 2000);
  return { title: title.slice(0, 300), subtitle: subtitle.slice(0, 300), doc };
}

/** Kept in the same transaction as the write it reflects; the sort key read from the record as stored (search/sort-key.ts). */
export async function upsertSearchRow(db: DB, def: EntityDef, row: Record<string, unknown>) {
  const { title, subtitle, doc } = searchDoc(def, row);
  const key = sortKeyValues(def, Number(row.id));
  await sql`insert into search_index (entity, record_id, title, subtitle, doc, sort_text, sort_num)
    values (${def.name}, ${row.id}, ${title}, ${subtitle}, ${doc}, ${key.text}, ${key.num})
    on conflict (entity, record_id) do update set title = excluded.title, subtitle = excluded.subtitle, doc = excluded.doc,
      sort_text = excluded.sort_text, sort_num = excluded.sort_num`.execute(db);
}

export async function deleteSearchRow(db: DB, def: EntityDef, id: number) {
  await sql`delete from search_index where entity = ${def.name} and record_id = ${id}`.execute(db);
}

