import type { EntityDef } from './entity';
import { ENTITIES } from './entities';
import { can, POLICY } from './policy';
import type { Role } from './roles';

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

export interface Referrer {
  entity: EntityDef;
  field: string;
  many: boolean;
  /** Set when the reference sits in the items of a nested list: the item's field. */
  itemField?: string;
}

const referrers = new Map<string, readonly Referrer[]>();

/**
 * Who refers to `target`: every (entity, field) whose ref or refs points at it, nested list items included. Read by
 * delete integrity, the timeline, the pickers and the audit of patient data (on most requests): found once per
 * target, since the entities never change.
 */
export function referrersOf(target: string): readonly Referrer[] {
  let known = referrers.get(target);
  if (!known) referrers.set(target, (known = findReferrers(target)));
  return known;
}

function findReferrers(target: string): Referrer[] {
  const out: Referrer[] = [];
  for (const e of ENTITIES) {
    for (const [k, fd] of Object.entries(e.fields)) {
      if (fd.ref === target) out.push({ entity: e, field: k, many: fd.kind === 'refs' });
      for (const [ik, ifd] of Object.entries(fd.item ?? {})) {
        if (ifd.ref === target) out.push({ entity: e, field: k, many: ifd.kind === 'refs', itemField: ik });
      }
    }
  }
  return out;
}

/** Characters a picker needs typed before it answers a caller who may not list its entity (titles only, never by ids). */
export const MIN_BLIND_PICK = 3;

/**
 * Whether a role may pick records of `target` in a form: it may list them, or it may add or edit a record
 * that refers to them (an fmc user filling in an fmc's city). Pickers see only ids and titles.
 */
export function canPickFrom(role: Role | null | undefined, target: string): boolean {
  if (can(role, target, 'list')) return true;
  return referrersOf(target).some((r) => can(role, r.entity.name, 'add') || can(role, r.entity.name, 'edit'));
}

/** Where an entity keeps uploaded files and images: its own fields and its lists' items, as [field, item field?, kind]. */
export function fileFieldsOf(def: EntityDef): { field: string; itemField?: string; kind: 'image' | 'file' }[] {
  return Object.entries(def.fields).flatMap(([k, fd]) => [
    ...(fd.kind === 'image' || fd.kind === 'file' ? [{ field: k, kind: fd.kind }] : []),
    ...Object.entries(fd.item ?? {}).filter(([, ifd]) => ifd.kind === 'image' || ifd.kind === 'file').map(([ik, ifd]) => ({ field: k, itemField: ik, kind: ifd.kind as 'image' | 'file' })),
  ]);
}

/** Whether a role may upload: it adds or edits some entity that holds an uploaded file or image. */
export function mayUpload(role: Role | null | undefined): boolean {
  return ENTITIES.some((e) => fileFieldsOf(e).length > 0 && (can(role, e.name, 'add') || can(role, e.name, 'edit')));
}

/** The entity whose records are a person's health data: every read of it, or of a record that refers to it, is audited. */
export const PATIENT_ENTITY = 'patients';

/** The fields of `def` that name patients (references, lists of them, items of its lists). */
export function patientFieldsOf(def: EntityDef): { field: string; itemField?: string; many: boolean }[] {
  return referrersOf(PATIENT_ENTITY).filter((r) => r.entity.name === def.name).map((r) => ({ field: r.field, itemField: r.itemField, many: r.many }));
}

/** Whether a record of `def` is patient data: a patient, or a record that refers to one (an appointment, a payment…). */
export function holdsPatientData(def: EntityDef): boolean {
  return def.name === PATIENT_ENTITY || patientFieldsOf(def).length > 0;
}
