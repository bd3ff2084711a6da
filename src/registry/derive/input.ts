import { z } from 'zod';
import type { EntityDef } from '../entity';
import { memberSchema, type FieldDef } from '../fields';
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
    if (mode === 'update' && def.immutable?.includes(k)) { shape[k] = memberSchema(fd, 'update').optional(); continue; }
    shape[k] = memberSchema(fd, mode);
  }
  if (mode === 'update') shape.version = z.number().int().min(1);
  const base = z.strictObject(shape);
  return (def.refine ? base.superRefine((v, ctx) => def.refine!(v as Record<string, unknown>, ctx)) : base) as z.ZodType<Record<string, unknown>>;
}
