import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { can, ENTITIES, getEntity, type EntityDef } from '../../registry';
import { ident } from '../db/entity-table';
import { fieldErrors, forbidden } from '../http';
import { col } from '../records/columns';
import { scoped, type ScopeOwner } from '../records/scope';

/**
 * A picker's filters besides its text (GET /api/{resource}/options), each validated against the registry and each a
 * condition on the picked record (alias `t`), added to the caller's scope:
 *  - `status=requested,pending`: records in one of these states of the entity's workflow. A move's picker offers only
 *    the records the move applies to (commands/workflow.ts: "Approve verification…" lists the requests awaiting review);
 *  - `referredBy=payment.doctor`: records that some record of that entity refers to through that reference field, for
 *    a caller who may list that entity, within their centres where it is scoped. The palette's sentence "payments
 *    varman" looks for the Varmans who have payments (palette/reading/use-reading.ts). An exists probe of the
 *    reference's index per candidate (every reference column has one).
 */
export function optionFilters(def: EntityDef, params: URLSearchParams, who: ScopeOwner): RawBuilder<unknown>[] {
  const parsed = schemaOf(def).safeParse({ status: params.get('status') ?? undefined, referredBy: params.get('referredBy') ?? undefined });
  if (!parsed.success) throw fieldErrors(parsed.error.issues);
  const out: RawBuilder<unknown>[] = [];
  const { status, referredBy } = parsed.data;
  if (status) out.push(sql`${sql.raw(col(def, def.workflow!.field))} = any(${status}::text[])`);
  if (referredBy) {
    const [entity, field] = referredBy.split('.');
    const by = getEntity(entity);
    if (!can(who.role, by.name, 'list')) throw forbidden();
    out.push(referredThrough(by, field, who));
  }
  return out;
}

const schemas = new Map<string, z.ZodType<{ status?: string[]; referredBy?: string }>>();

function schemaOf(def: EntityDef) {
  let schema = schemas.get(def.name);
  if (!schema) {
    const statuses = def.workflow ? def.fields[def.workflow.field].values ?? [] : [];
    // Every reference field of another entity that points here, as `entity.field`.
    const referrers = ENTITIES.flatMap((e) => Object.entries(e.fields).filter(([, fd]) => fd.kind === 'ref' && fd.ref === def.name).map(([k]) => `${e.name}.${k}`));
    schema = z.object({
      status: (statuses.length
        ? z.string().max(500).transform((s) => s.split(',')).pipe(z.array(z.enum(statuses as [string, ...string[]])).min(1).max(statuses.length))
        : z.undefined()).optional(),
      referredBy: (referrers.length ? z.enum(referrers as [string, ...string[]]) : z.undefined()).optional(),
    });
    schemas.set(def.name, schema);
  }
  return schema;
}

/** "A record of `by` refers to t through `field`", within the caller's centres where `by` is scoped. */
function referredThrough(by: EntityDef, field: string, who: ScopeOwner): RawBuilder<unknown> {
  // col() names a column under the alias `t`, which is the picked record here: the referring one is `r`.
  const column = (k: string) => sql.raw(col(by, k).replace(/^t\./, 'r.'));
  const scope = scoped(by, who) ? sql` and ${column(by.scope === 'id' ? 'id' : by.scope!)} = any(${[...(who.centres ?? [])]}::int[])` : sql``;
  return sql`exists (select 1 from ${sql.raw(ident(by.table))} r where ${column(field)} = t.id${scope})`;
}
