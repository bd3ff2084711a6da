import { base, en, en_IN, Faker } from '@faker-js/faker';
import { getEntity, type EntityDef } from '../src/registry';
import { fakeRecord } from '../src/server/db/fake';

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

  let batch: GeneratedRow[] = [];
  for (let i = 0; i < job.count; i++) {
    const id = job.firstId + i;
    const values = uniqueRecord(def, { faker, refIds, seq: id }, uniqueFields, seen);
    const created = start + ((i + faker.number.float()) / job.count) * SPAN_DAYS * DAY;
    const updated = faker.number.int(9) < 3 ? created + faker.number.float() * (now - created) : created;
    batch.push({ id, values, createdAt: new Date(created).toISOString(), updatedAt: new Date(updated).toISOString() });
    if (batch.length >= job.batchRows) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
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
