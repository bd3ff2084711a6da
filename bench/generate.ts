import { base, en, en_IN, Faker } from '@faker-js/faker';
import { getEntity, inputSchema, ownedFields, ownedStart, type EntityDef } from '../src/registry';
import { fakeRecord } from '../src/server/seed/fake';
import { CARE_GENERATORS, statusFor, type CareGenerator } from './care';

/** One entity's share of the data set. Ids are assigned up front so that later entities can refer to them. */
export interface Job { name: string; count: number; firstId: number; batchRows: number }
/** Ids an entity's references may take: the rows already there, or the range about to be inserted. */
export type RefIds = Record<string, number[] | { first: number; count: number }>;
export interface GeneratedRow { id: number; values: Record<string, unknown>; createdAt: string; updatedAt: string }

const DAY = 86_400_000;
/** Rows were created over the last two years, in id order, and a third were edited since. */
const SPAN_DAYS = 730;

function seedOf(name: string): number {
  let h = 20_261_122;
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return Math.abs(h);
}

/**
 * Rows of fakeRecord, with unique fields kept unique: a value that collides is drawn again, and after a
 * few draws the row number is appended to it.
 */
export function* generateRows(job: Job, refs: RefIds, now: number): Generator<GeneratedRow[]> {
  const def = getEntity(job.name);
  const faker = new Faker({ locale: [en_IN, en, base], seed: seedOf(job.name) });
  const cache = new Map<string, number[]>();
  const refIds = (entity: string): readonly number[] => {
    let ids = cache.get(entity);
    if (!ids) {
      const r = refs[entity];
      ids = !r ? [] : Array.isArray(r) ? r : Array.from({ length: r.count }, (_, i) => r.first + i);
      cache.set(entity, ids);
    }
    return ids;
  };
  const uniqueFields = Object.entries(def.fields).filter(([, fd]) => fd.unique).map(([k]) => k);
  const seen = new Map(uniqueFields.map((k) => [k, new Set<string>()]));
  const start = now - SPAN_DAYS * DAY;

  const care = CARE_GENERATORS[def.name];
  const wf = def.workflow;

  let batch: GeneratedRow[] = [];
  for (let i = 0; i < job.count; i++) {
    const id = job.firstId + i;
    if (care) {
      batch.push(careRow(def, care, i, id, { now, refIds }));
    } else {
      const values = uniqueRecord(def, { faker, refIds, seq: id }, uniqueFields, seen);
      // fakeRecord leaves the owned fields to the server: the bulk insert writes where a new record starts, and a
      // workflow's status as it stands.
      Object.assign(values, ownedStart(def));
      if (wf) values[wf.field] = statusFor(def.name, def.fields[wf.field].values!, faker.number.float());
      const created = start + ((i + faker.number.float()) / job.count) * SPAN_DAYS * DAY;
      const updated = faker.number.int(9) < 3 ? created + faker.number.float() * (now - created) : created;
      batch.push({ id, values, createdAt: new Date(created).toISOString(), updatedAt: new Date(updated).toISOString() });
    }
    if (batch.length >= job.batchRows) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** Rows checked against the entity's create schema (all of the first ones, then one in a thousand): a made-up row is still a valid one. */
const CHECK_FIRST = 200;
const CHECK_EVERY = 1000;

function careRow(def: EntityDef, care: CareGenerator, position: number, id: number, world: Parameters<CareGenerator>[1]): GeneratedRow {
  const row = care(position, world);
  if (position < CHECK_FIRST || position % CHECK_EVERY === 0) {
    const status = def.workflow ? row.values[def.workflow.field] : undefined;
    // The fields the server owns are written as its moves would have; the rest is a valid create payload.
    const input = Object.fromEntries(Object.entries(row.values).filter(([k]) => !(k in ownedFields(def))));
    const parsed = inputSchema(def, 'create').safeParse(input);
    if (!parsed.success) throw new Error(`${def.name} #${id} is invalid: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
    const field = def.workflow?.field ?? 'status';
    const values = def.fields[field]?.values;
    if (values && !values.includes(String(def.workflow ? status : row.values[field]))) throw new Error(`${def.name} #${id}: status ${String(status)} is not one of ${values.join(', ')}`);
  }
  return { id, values: row.values, createdAt: new Date(row.createdAt).toISOString(), updatedAt: new Date(row.updatedAt).toISOString() };
}

function uniqueRecord(def: EntityDef, ctx: Parameters<typeof fakeRecord>[1], fields: string[], seen: Map<string, Set<string>>) {
  const key = (v: unknown) => String(v).toLowerCase();
  const clashes = (rec: Record<string, unknown>) => fields.filter((k) => rec[k] !== null && rec[k] !== undefined && seen.get(k)!.has(key(rec[k])));
  let rec = fakeRecord(def, ctx);
  for (let attempt = 0; attempt < 5 && clashes(rec).length; attempt++) rec = fakeRecord(def, ctx);
  for (const k of clashes(rec)) rec[k] = `${rec[k]}-${ctx.seq}`;
  for (const k of fields) {
    if (rec[k] === null || rec[k] === undefined) continue;
    const set = seen.get(k)!;
    if (set.has(key(rec[k]))) throw new Error(`${def.name}.${k}: cannot make ${String(rec[k])} unique`);
    set.add(key(rec[k]));
  }
  return rec;
}
