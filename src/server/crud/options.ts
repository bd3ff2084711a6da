import { sql, type RawBuilder } from 'kysely';
import { canAccess, ENTITIES, fieldRulesOf, hitFields, hitPartsOf, subtitleOf, titleOf, type EntityDef, type HitParts, type ReservedValues, type Role } from '../../registry';
import { attachLabels } from '../records/labels';
import { col } from '../records/columns';
import type { DB } from '../db/connection';
import { docContains, numberPrefixPage, orderBy, pageInListOrder, pickerPage, selectPage } from '../search';

export interface Option { id: number; title: string; subtitle: string; parts?: HitParts }

/**
 * Ids and titles only, for reference pickers: by ids (labels of chosen values), or by typed text in the
 * entity's default order, found the way the list's search box finds it (so a common term on a large table
 * reads a page in list order instead of every match).
 */
export async function listOptions(db: DB, def: EntityDef, opts: { q?: string; ids?: number[]; limit: number; role: Role; scope: RawBuilder<unknown>[]; titleOnly?: boolean }): Promise<Picked> {
  const scope = [...opts.scope, ...(opts.ids ? [sql`t.id = any(${opts.ids}::int[])`] : [])];
  // Values a field-level rule reserves to other roles are not offered (an admin is not offered the superadmin role).
  for (const rule of reservedTargets(def.name)) {
    if (canAccess(rule.roles, opts.role)) continue;
    scope.push(sql`${sql.raw(col(def, rule.key))} <> all(${[...rule.values]}::text[])`);
  }
  const order = orderBy(def, def.defaultSort);
  if (opts.titleOnly && opts.q) {
    const records = (await selectPage(db, def, [...scope, titleMatches(def, opts.q)], order, opts.limit)).rows;
    return { options: records.map(optionOf(def)), records };
  }
  const numbered = !opts.ids && opts.q ? await numberPrefixPage(db, def, scope, order, opts.limit, opts.q) : null;
  if (numbered) return withParts(db, def, numbered);
  if (!opts.ids && opts.q) return withParts(db, def, await pickerPage(db, def, scope, order, opts.limit, opts.q));
  return withParts(db, def, (await pageInListOrder(db, def, scope, order, opts.limit, null)).rows);
}

/** The options, and the records they were made from (what the read's audit entry names). */
export interface Picked { options: Option[]; records: Record<string, unknown>[] }

/** Options with the parts the client says them by (registry/hit-parts.ts), the references' titles read in one statement. */
async function withParts(db: DB, def: EntityDef, records: Record<string, unknown>[]): Promise<Picked> {
  await attachLabels(db, def, records);
  const fields = hitFields(def);
  return { options: records.map((r) => ({ ...optionOf(def)(r), parts: hitPartsOf(fields, r) })), records };
}

/**
 * "Record t's title contains q", for a caller who may not list the entity: the rest of its search text (phones, e-mail
 * addresses) must not answer, or a picker would tell whose number a typed one is. The title is the start of the search
 * text, so the text's trigram index finds every candidate, and each is kept if its title holds the term.
 */
function titleMatches(def: EntityDef, q: string): RawBuilder<unknown> {
  return sql`t.id in (select record_id from search_index where entity = ${def.name} and ${docContains(q)} and ${docContains(q, sql`lower(title)`)})`;
}

const optionOf = (def: EntityDef) => (r: Record<string, unknown>): Option => ({ id: Number(r.id), title: titleOf(def, r) || `#${r.id}`, subtitle: subtitleOf(def, r) });

/** The field-level rules whose reserved values are records of `target` (roles, for admin-user's role). */
function reservedTargets(target: string): ReservedValues[] {
  return ENTITIES.flatMap((e) => fieldRulesOf(e.name).filter((r) => e.fields[r.field].ref === target));
}
