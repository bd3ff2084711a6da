import { sql, type RawBuilder } from 'kysely';
import { isCentreScoped, type EntityDef, type Role } from '../../registry';
import { col } from './columns';

/** Who is asking, as far as centre scope goes: fmc staff and doctors carry their centres (admin-user `centres`). */
export interface ScopeOwner { role: Role | null; centres?: readonly number[] }

/** Whether `who` sees only some centres' records of `def` (the entity declares `scope` and the role is scoped). */
export function scoped(def: EntityDef, who: ScopeOwner): boolean {
  return !!def.scope && isCentreScoped(who.role);
}

/** The centre a record (or payload) belongs to, by the entity's scope field. */
export function centreOf(def: EntityDef, record: Record<string, unknown>): number | null {
  const v = def.scope === 'id' ? record.id : def.scope ? record[def.scope] : null;
  return v === null || v === undefined ? null : Number(v);
}

/** SQL conditions (alias `t`) that keep a scoped caller to their centres; none for everyone else. */
export function scopeWhere(def: EntityDef, who: ScopeOwner): RawBuilder<unknown>[] {
  if (!scoped(def, who)) return [];
  return [sql`${sql.raw(col(def, def.scope!))} = any(${[...(who.centres ?? [])]}::int[])`];
}

/** Whether a record is within the caller's centres (always, for a caller who is not scoped). */
export function inScope(def: EntityDef, who: ScopeOwner, record: Record<string, unknown>): boolean {
  if (!scoped(def, who)) return true;
  const centre = centreOf(def, record);
  return centre !== null && (who.centres ?? []).includes(centre);
}
