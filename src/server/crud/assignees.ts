import { sql, type RawBuilder } from 'kysely';
import { assignableRoles, CENTRE_SCOPED_ROLES, columnName, getEntity, USERS, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { fail } from '../http';
import { centreOf } from '../records/scope';

/**
 * Who may be given a record (FieldDef.assigned: a ticket's assignee): an active user whose role may open the record
 * (assignableRoles, from the policy) and, for a centre-scoped role, who works at the record's centre. The picker offers
 * only them (GET /api/admin-user/options?for=…) and every write refuses anyone else, so nobody is told of a record in
 * their inbox that answers 403 when they open it.
 */
export const NOT_ASSIGNABLE = 'This person cannot be given this record: choose an active user who may open it';

/** The `assigned` fields of an entity. */
export const assignedFields = (def: EntityDef) => Object.keys(def.fields).filter((k) => def.fields[k].assigned);

const users = () => getEntity(USERS);
const userCol = (field: string) => sql.raw(`t.${ident(columnName(field, users().fields[field]))}`);

/**
 * SQL conditions on user rows (alias `t`) keeping those who may be given a record of `def` at `centre` (null: a record
 * of no centre yet, which no centre-scoped user may be given).
 */
export function assignableWhere(def: EntityDef, centre: number | null): RawBuilder<unknown>[] {
  const roles = getEntity(users().fields.role.ref!);
  const key = sql.raw(`r.${ident(columnName('key', roles.fields.key))}`);
  const allowed = assignableRoles(def.name);
  const scoped = allowed.filter((r) => CENTRE_SCOPED_ROLES.includes(r));
  return [
    sql`${userCol('status')} = 'active'`,
    sql`exists (select 1 from ${sql.raw(ident(roles.table))} r where r.id = ${userCol('role')} and ${key} = any(${allowed}::text[])
      and (${key} <> all(${scoped}::text[]) or ${centre}::int = any(coalesce(${userCol('centres')}, '{}'))))`,
  ];
}

/**
 * Refuses (400 on the field) a user the record may not be given, as it will be after the write: checked when the field
 * is written, or when the record moves to another centre while someone holds it.
 */
export async function checkAssignees(db: DB, def: EntityDef, input: Record<string, unknown>, existing: Record<string, unknown> | null): Promise<void> {
  for (const field of assignedFields(def)) {
    const moved = existing && def.scope && def.scope in input && input[def.scope] !== existing[def.scope];
    if (!(field in input) && !moved) continue;
    const after = { ...existing, ...input };
    const user = after[field];
    if (user === null || user === undefined) continue;
    if (existing && !moved && existing[field] === user) continue;
    const found = await sql<{ id: number }>`select t.id from ${sql.raw(ident(users().table))} t
      where ${sql.join([sql`t.id = ${Number(user)}`, ...assignableWhere(def, centreOf(def, after))], sql` and `)}`.execute(db);
    if (!found.rows.length) throw fail(400, NOT_ASSIGNABLE, { field, code: 'not_assignable' });
  }
}
