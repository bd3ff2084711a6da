import type { EntityDef } from './entity';
import { ENTITIES } from './entities';

/**
 * Why a field is the server's: moved by the entity's workflow (`workflow`), written by one of its moves (`move`: a
 * transition's `sets`), following another record's workflow (`mirror`: a verification request's status is its doctor's
 * verificationStatus), computed on every write (`computed`), the user who made the record (`creator`), a thread
 * appended to by its own call (`thread`), or counted by a job as it works (`progress`: a campaign's sent).
 */
export type Ownership = 'workflow' | 'move' | 'mirror' | 'computed' | 'creator' | 'thread' | 'progress';

const cache = new WeakMap<EntityDef, Record<string, Ownership>>();

/**
 * The fields no add or edit may write (docs/decisions.md#fields-the-server-owns: a field a workflow or hook owns moves only through it), derived
 * from the declarations that write them: forms leave them out, the server refuses them on add and, changed, on edit.
 */
export function ownedFields(def: EntityDef): Record<string, Ownership> {
  const known = cache.get(def);
  if (known) return known;
  const owned: Record<string, Ownership> = {};
  for (const [k, fd] of Object.entries(def.fields)) {
    if (fd.kind === 'computed') owned[k] = 'computed';
    if (fd.server) owned[k] = fd.server;
  }
  for (const e of ENTITIES) {
    const mirror = e.workflow?.mirror;
    if (mirror && e.fields[mirror.ref]?.ref === def.name) owned[mirror.field] = 'mirror';
  }
  const wf = def.workflow;
  if (wf) {
    for (const t of wf.transitions) for (const k of Object.keys(t.sets ?? {})) owned[k] = 'move';
    owned[wf.field] = 'workflow';
  }
  cache.set(def, owned);
  return owned;
}

/**
 * What a new record holds in the owned fields that are never empty: its workflow's initial status, and a mirrored
 * field the initial status of the workflow it follows (a new doctor is pending verification).
 */
export function ownedStart(def: EntityDef): Record<string, string> {
  const out: Record<string, string> = {};
  if (def.workflow) out[def.workflow.field] = def.workflow.initial;
  for (const e of ENTITIES) {
    const mirror = e.workflow?.mirror;
    if (mirror && e.fields[mirror.ref]?.ref === def.name) out[mirror.field] = e.workflow!.initial;
  }
  return out;
}

/** The records every workflow's `mirror` writes to exist and hold the field, as an enum of the workflow's statuses. */
for (const e of ENTITIES) {
  const mirror = e.workflow?.mirror;
  if (!mirror) continue;
  const target = ENTITIES.find((t) => t.name === e.fields[mirror.ref]?.ref);
  const field = target?.fields[mirror.field];
  const statuses = e.fields[e.workflow!.field].values ?? [];
  if (!field || field.kind !== 'enum' || statuses.some((s) => !field.values!.includes(s))) {
    throw new Error(`entity ${e.name}: its workflow's mirror ${mirror.ref}.${mirror.field} is not an enum of its statuses`);
  }
}
