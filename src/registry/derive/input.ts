import { z } from 'zod';
import type { EntityDef } from '../entity';
import { memberSchema, withoutInvisible, type FieldDef } from '../fields';
import { ownedFields } from '../owned';

/** The fields an add or edit payload may write: every field but those the server owns (owned.ts). */
export function inputFields(def: EntityDef): Record<string, FieldDef> {
  const owned = ownedFields(def);
  return Object.fromEntries(Object.entries(def.fields).filter(([k]) => !(k in owned)));
}

/** The payload schema shared by the form resolver and the server's validator. Unknown keys are refused. */
export function inputSchema(def: EntityDef, mode: 'create' | 'update'): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, fd] of Object.entries(inputFields(def))) {
    // A record's title (a person's name, a speciality's) is what others find and read it by: nothing invisible in it.
    const member = (m: 'create' | 'update') => (def.titleFields.includes(k) ? withoutInvisible(memberSchema(fd, m)) : memberSchema(fd, m));
    if (mode === 'update' && def.immutable?.includes(k)) { shape[k] = member('update').optional(); continue; }
    shape[k] = member(mode);
  }
  if (mode === 'update') shape.version = z.number().int().min(1);
  const base = z.strictObject(shape);
  return (def.refine ? base.superRefine((v, ctx) => def.refine!(v as Record<string, unknown>, ctx)) : base) as z.ZodType<Record<string, unknown>>;
}
