import { z } from 'zod';
import type { EntityDef } from '../entity';
import { memberSchema, withoutInvisible, type FieldDef } from '../fields';
import { ownedFields } from '../owned';

/**
 * How a payload writes a record: `create` and `update` by roles that may add and edit it, `raise` by a role that may
 * only raise it (entity.raiseFields).
 */
export type InputMode = 'create' | 'update' | 'raise';

/** The fields a payload may write: every field but those the server owns (owned.ts); on `raise`, the raise fields. */
export function inputFields(def: EntityDef, mode: InputMode = 'create'): Record<string, FieldDef> {
  const owned = ownedFields(def);
  return Object.fromEntries(Object.entries(def.fields).filter(([k]) => !(k in owned) && (mode !== 'raise' || def.raiseFields?.includes(k))));
}

/**
 * Made once per entity and mode: an entity's definition never changes while the process runs, and zod compiles a
 * schema on its first parse, which cost an import milliseconds a row when each row built its own.
 */
const made = new WeakMap<EntityDef, Map<InputMode, z.ZodType<Record<string, unknown>>>>();

/** The payload schema shared by the form resolver and the server's validator. Unknown keys are refused. */
export function inputSchema(def: EntityDef, as: InputMode): z.ZodType<Record<string, unknown>> {
  const byMode = made.get(def) ?? new Map<InputMode, z.ZodType<Record<string, unknown>>>();
  made.set(def, byMode);
  const known = byMode.get(as);
  if (known) return known;
  const schema = buildInputSchema(def, as);
  byMode.set(as, schema);
  return schema;
}

function buildInputSchema(def: EntityDef, as: InputMode): z.ZodType<Record<string, unknown>> {
  const mode = as === 'update' ? 'update' : 'create';
  const shape: Record<string, z.ZodType> = {};
  for (const [k, fd] of Object.entries(inputFields(def, as))) {
    // A record's title (a person's name, a speciality's) is what others find and read it by: nothing invisible in it.
    const member = (m: 'create' | 'update') => (def.titleFields.includes(k) ? withoutInvisible(memberSchema(fd, m)) : memberSchema(fd, m));
    if (mode === 'update' && def.immutable?.includes(k)) { shape[k] = member('update').optional(); continue; }
    shape[k] = member(mode);
  }
  if (mode === 'update') shape.version = z.number().int().min(1);
  const base = z.strictObject(shape);
  return (def.refine ? base.superRefine((v, ctx) => def.refine!(v as Record<string, unknown>, ctx)) : base) as z.ZodType<Record<string, unknown>>;
}
