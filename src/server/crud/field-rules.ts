import { sql } from 'kysely';
import { canAccess, columnName, fieldRulesOf, getEntity, type EntityDef, type Role } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { fail } from '../http';

/**
 * The registry's field-level rules (policy.ts FIELD_RULES), enforced inside the write's transaction: a reserved
 * value (the superadmin role) may be given, and a record holding one (a superadmin's account) changed or
 * deleted, only by the roles the rule names. `actorRole` null is the system (first-start seeding).
 */
export async function enforceFieldRules(
  db: DB, def: EntityDef, actorRole: Role | null,
  existing: Record<string, unknown> | null, incoming: Record<string, unknown> | null,
): Promise<void> {
  if (actorRole === null) return;
  for (const rule of fieldRulesOf(def.name)) {
    if (canAccess(rule.roles, actorRole)) continue;
    const target = getEntity(def.fields[rule.field].ref!);
    const keyCol = ident(columnName(rule.key, target.fields[rule.key]));
    const reserved = async (id: unknown) => {
      if (id === null || id === undefined) return false;
      const r = await sql<{ k: string }>`select ${sql.raw(keyCol)} as k from ${sql.raw(ident(target.table))} where id = ${Number(id)}`.execute(db);
      return r.rows.length > 0 && rule.values.includes(String(r.rows[0].k));
    };
    if (existing && (await reserved(existing[rule.field]))) {
      throw fail(403, 'Only a superadmin may change or delete this account', { code: 'reserved', field: rule.field });
    }
    if (incoming && rule.field in incoming && (await reserved(incoming[rule.field]))) {
      throw fail(403, 'You may not give this role', { code: 'reserved', field: rule.field });
    }
  }
}
