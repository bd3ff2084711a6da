import { sql } from 'kysely';
import { getEntity, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { HttpError, type ErrorItem } from '../http';

/**
 * References the database cannot hold to account: id arrays (`refs`) and references inside nested list items
 * (jsonb) have no foreign key. Every id a payload names must exist, else 400 naming the member (a single `ref`
 * is a foreign key, mapped to the same 400 by the write). One query per referenced entity.
 */
export async function checkReferences(db: DB, def: EntityDef, input: Record<string, unknown>): Promise<void> {
  const wanted = new Map<string, Map<number, string>>();
  const want = (entity: string, id: unknown, field: string) => {
    if (typeof id !== 'number') return;
    const m = wanted.get(entity) ?? new Map<number, string>();
    if (!m.has(id)) m.set(id, field);
    wanted.set(entity, m);
  };
  for (const [k, fd] of Object.entries(def.fields)) {
    const v = input[k];
    if (fd.kind === 'refs' && Array.isArray(v)) v.forEach((id, i) => want(fd.ref!, id, `${k}.${i}`));
    if (fd.kind === 'list' && Array.isArray(v)) {
      v.forEach((item, i) => {
        for (const [ik, ifd] of Object.entries(fd.item ?? {})) {
          const iv = (item as Record<string, unknown> | null)?.[ik];
          if (ifd.kind === 'ref') want(ifd.ref!, iv, `${k}.${i}.${ik}`);
          if (ifd.kind === 'refs' && Array.isArray(iv)) iv.forEach((id, j) => want(ifd.ref!, id, `${k}.${i}.${ik}.${j}`));
        }
      });
    }
  }
  const problems: ErrorItem[] = [];
  for (const [entity, ids] of wanted) {
    const found = await sql<{ id: number }>`select id from ${sql.raw(ident(getEntity(entity).table))} where id = any(${[...ids.keys()]}::int[])`.execute(db);
    const present = new Set(found.rows.map((r) => Number(r.id)));
    for (const [id, field] of ids) if (!present.has(id)) problems.push({ message: 'The chosen record does not exist', field, code: 'not_found' });
  }
  if (problems.length) throw new HttpError(400, problems);
}
