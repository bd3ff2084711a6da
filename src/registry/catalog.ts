import type { EntityDef } from './entity';
import { ENTITIES } from './entities';
import { POLICY } from './policy';

/** Lookups over the declared entities, checked once at load: a broken declaration fails at start-up. */
const byName = new Map<string, EntityDef>();
const byApi = new Map<string, EntityDef>();

for (const e of ENTITIES) {
  if (byName.has(e.name) || byApi.has(e.api)) throw new Error(`entity ${e.name} is declared twice`);
  if (!(e.name in POLICY)) throw new Error(`entity ${e.name} has no row in the policy`);
  byName.set(e.name, e);
  byApi.set(e.api, e);
}
for (const e of ENTITIES) {
  for (const [k, fd] of Object.entries(e.fields)) {
    if (fd.ref && !byName.has(fd.ref)) throw new Error(`entity ${e.name}: field ${k} refers to unknown entity ${fd.ref}`);
  }
}

export function entityByName(name: string): EntityDef | undefined {
  return byName.get(name);
}

export function entityByApi(api: string): EntityDef | undefined {
  return byApi.get(api);
}

export function getEntity(name: string): EntityDef {
  const e = byName.get(name);
  if (!e) throw new Error(`unknown entity ${name}`);
  return e;
}

/** Who refers to `target`: every (entity, field) whose ref or refs points at it. Read by delete integrity and the label loader. */
export function referrersOf(target: string): { entity: EntityDef; field: string; many: boolean }[] {
  const out: { entity: EntityDef; field: string; many: boolean }[] = [];
  for (const e of ENTITIES) {
    for (const [k, fd] of Object.entries(e.fields)) {
      if (fd.ref === target) out.push({ entity: e, field: k, many: fd.kind === 'refs' });
    }
  }
  return out;
}
