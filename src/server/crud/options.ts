import { sql, type RawBuilder } from 'kysely';
import { canAccess, ENTITIES, fieldRulesOf, subtitleOf, titleOf, type EntityDef, type ReservedValues, type Role } from '../../registry';
import { col } from './columns';
import type { DB } from '../db/connection';
import { orderBy, pageRows, shortTermHead, textSearch, withHead } from './list';

export interface Option { id: number; title: string; subtitle: string }

/**
 * Ids and titles only, for reference pickers: by ids (labels of chosen values), or by typed text in the
 * entity's default order, found the way the list's search box finds it (so a common term on a large table
 * reads a page in list order instead of every match).
 */
export async function listOptions(db: DB, def: EntityDef, opts: { q?: string; ids?: number[]; limit: number; role: Role; scope: RawBuilder<unknown>[] }): Promise<Option[]> {
  const scope = [...opts.scope, ...(opts.ids ? [sql`t.id = any(${opts.ids}::int[])`] : [])];
  // Values a field-level rule reserves to other roles are not offered (an admin is not offered the superadmin role).
  for (const rule of reservedTargets(def.name)) {
    if (canAccess(rule.roles, opts.role)) continue;
    scope.push(sql`${sql.raw(col(def, rule.key))} <> all(${[...rule.values]}::text[])`);
  }
  const order = orderBy(def, def.defaultSort);
  const head = !opts.ids && opts.q ? await shortTermHead(db, def, scope, order, opts.limit, opts.q) : null;
  if (head && head.length >= opts.limit) return head.map(optionOf(def));
  const search = !opts.ids && opts.q ? withHead(await textSearch(db, def, opts.q), head) : null;
  return (await pageRows(db, def, scope, order, opts.limit, search)).map(optionOf(def));
}

const optionOf = (def: EntityDef) => (r: Record<string, unknown>): Option => ({ id: Number(r.id), title: titleOf(def, r) || `#${r.id}`, subtitle: subtitleOf(def, r) });

/** The field-level rules whose reserved values are records of `target` (roles, for admin-user's role). */
function reservedTargets(target: string): ReservedValues[] {
  return ENTITIES.flatMap((e) => fieldRulesOf(e.name).filter((r) => e.fields[r.field].ref === target));
}
