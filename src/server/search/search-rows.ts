import { sql } from 'kysely';
import { referrersOf, subtitleOf, titleOf, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { col, selectList, toRecord } from '../records/columns';
import { referenceFields, referencePhoneFields, referenceTexts } from './reference-text';
import { keyColumns, sortKeyValues } from './sort-key';

/**
 * The text a record is found by: its title, subtitle and searchable fields, then the titles (and, where allowed,
 * phones) of the records it refers to (`refs`, reference-text.ts), lower-cased. Title and subtitle are the record's
 * own values, language-neutral: the client says them as a sentence (palette hits, pickers).
 */
export function searchDoc(def: EntityDef, row: Record<string, unknown>, refs: readonly string[] = []): { title: string; subtitle: string; doc: string } {
  const title = titleOf(def, row) || `#${row.id}`;
  const subtitle = subtitleOf(def, row);
  const extra = Object.entries(def.fields).filter(([, fd]) => fd.searchable && !fd.writeOnly).map(([k]) => row[k]).filter((v) => v !== null && v !== undefined && v !== '');
  const doc = [title, subtitle, ...extra, ...refs].join(' ').toLowerCase().slice(0, 2000);
  return { title: title.slice(0, 300), subtitle: subtitle.slice(0, 300), doc };
}

/** Records' search texts with their references' texts read (one statement per entity referred to). */
export async function searchDocs(db: DB, def: EntityDef, rows: readonly Record<string, unknown>[]) {
  const refs = await referenceTexts(db, def, rows);
  return rows.map((row) => searchDoc(def, row, refs.get(Number(row.id))));
}

/** Kept in the same transaction as the write it reflects; the sort key read from the record as stored (search/sort-key.ts). */
export async function upsertSearchRow(db: DB, def: EntityDef, row: Record<string, unknown>) {
  const [{ title, subtitle, doc }] = await searchDocs(db, def, [row]);
  const key = sortKeyValues(def, Number(row.id));
  await sql`insert into search_index (entity, record_id, title, subtitle, doc, sort_text, sort_num)
    values (${def.name}, ${row.id}, ${title}, ${subtitle}, ${doc}, ${key.text}, ${key.num})
    on conflict (entity, record_id) do update set title = excluded.title, subtitle = excluded.subtitle, doc = excluded.doc,
      sort_text = excluded.sort_text, sort_num = excluded.sort_num`.execute(db);
}

/**
 * upsertSearchRow for many records of one entity in one statement (an import's batch): one row each, its sort key read
 * from the record as stored. The search starts' trigger is statement-level (migration 0013): it runs once for them all.
 */
export async function upsertSearchRows(db: DB, def: EntityDef, rows: readonly Record<string, unknown>[]) {
  if (!rows.length) return;
  const docs = await searchDocs(db, def, rows);
  const { text, num } = keyColumns(def, 't');
  await sql`insert into search_index (entity, record_id, title, subtitle, doc, sort_text, sort_num)
    select ${def.name}, v.id, v.title, v.subtitle, v.doc, ${text}, ${num}
    from unnest(${rows.map((r) => Number(r.id))}::int[], ${docs.map((d) => d.title)}::text[], ${docs.map((d) => d.subtitle)}::text[], ${docs.map((d) => d.doc)}::text[]) as v(id, title, subtitle, doc)
    join ${sql.raw(ident(def.table))} t on t.id = v.id
    on conflict (entity, record_id) do update set title = excluded.title, subtitle = excluded.subtitle, doc = excluded.doc,
      sort_text = excluded.sort_text, sort_num = excluded.sort_num`.execute(db);
}

export async function deleteSearchRow(db: DB, def: EntityDef, id: number) {
  await sql`delete from search_index where entity = ${def.name} and record_id = ${id}`.execute(db);
}

/** Records whose search texts are rewritten in one statement. */
const REFRESH_BATCH = 1_000;

/** Rewrites the search texts of these records of one entity (one update; titles and keys are their own, unchanged). */
export async function rewriteSearchDocs(db: DB, def: EntityDef, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  const docs = await searchDocs(db, def, rows);
  await sql`update search_index s set doc = v.doc from unnest(${rows.map((r) => Number(r.id))}::int[], ${docs.map((d) => d.doc)}::text[]) as v(id, doc)
    where s.entity = ${def.name} and s.record_id = v.id and s.doc is distinct from v.doc`.execute(db);
}

/** The fields of a record that are in its referrers' search texts: its title's, and any phone a referrer may show. */
function referredFields(target: EntityDef): string[] {
  const phones = referrersOf(target.name).filter((r) => !r.itemField).flatMap((r) => referencePhoneFields(r.entity, target));
  return [...new Set([...target.titleFields, ...phones])];
}

/**
 * After a record's title (or a phone its referrers are found by) changed: the search texts of the records that refer
 * to it, in the same transaction as the change (a patient renamed, their appointments found by the new name at once).
 * Each referring entity's records are read by the reference's index (every reference column has one) in batches of
 * REFRESH_BATCH by id, and their texts rewritten one update a batch. Nothing is read when nothing referred to changed.
 */
export async function refreshReferrers(db: DB, target: EntityDef, before: Record<string, unknown>, after: Record<string, unknown>): Promise<number> {
  if (referredFields(target).every((k) => String(before[k] ?? '') === String(after[k] ?? ''))) return 0;
  const id = Number(after.id);
  let rewritten = 0;
  for (const ref of referrersOf(target.name)) {
    if (ref.itemField || !referenceFields(ref.entity).some((f) => f.field === ref.field)) continue;
    const def = ref.entity;
    const c = sql.raw(col(def, ref.field));
    const refers = ref.many ? sql`${id} = any(${c})` : sql`${c} = ${id}`;
    for (let from = 0; ;) {
      const res = await sql<Record<string, unknown>>`select ${selectList(def)} from ${sql.raw(ident(def.table))} t
        where ${refers} and t.id > ${from} order by t.id limit ${REFRESH_BATCH}`.execute(db);
      const rows = res.rows.map((r) => toRecord(def, r));
      await rewriteSearchDocs(db, def, rows);
      rewritten += rows.length;
      if (rows.length < REFRESH_BATCH) break;
      from = Number(rows[rows.length - 1].id);
    }
  }
  return rewritten;
}
