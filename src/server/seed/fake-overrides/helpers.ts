import type { FakeContext } from '../fake';
import { BUILDINGS, CITY_NAMES, CITY_PLACES, ROADS, type Locality } from '../fake-data/places';

/** A per-entity correction to the generic fake values: realistic names, and values that meet cross-field rules. */
export type Override = (ctx: FakeContext, base: Record<string, unknown>) => Record<string, unknown>;

const DAY = 86_400_000;

export const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The date `days` from today (negative = past): demo data stays current whenever it is seeded. */
export const fromToday = (days: number) => iso(new Date(Date.now() + days * DAY));

export const addDays = (date: string, days: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY));

export const today = () => fromToday(0);

/** The seq-th item, cycling: a run of seq 0…n-1 yields every item once. */
export const bySeq = <T>(list: readonly T[], seq: number): T => list[((seq % list.length) + list.length) % list.length];

/** A suffix that keeps a unique code unique across runs and seeds: the running number and three random characters. */
export const uniqueSuffix = (ctx: FakeContext) => `${ctx.seq}${ctx.faker.string.alphanumeric({ length: 3, casing: 'upper' })}`;

export const dateBetween = (ctx: FakeContext, fromDays: number, toDays: number) => fromToday(ctx.faker.number.int({ min: fromDays, max: toDays }));

/** An Indian mobile number: +91 and ten digits starting 6–9. */
export const mobile = (ctx: FakeContext) => `+91 ${ctx.faker.helpers.arrayElement(['6', '7', '8', '9'])}${ctx.faker.string.numeric(9)}`;

export function person(ctx: FakeContext) {
  const gender = ctx.faker.helpers.arrayElement(['male', 'female'] as const);
  return { gender, firstName: ctx.faker.person.firstName(gender), lastName: ctx.faker.person.lastName() };
}

export interface Place extends Locality { city: string; lat: number; lng: number }

export function place(ctx: FakeContext, city = ctx.faker.helpers.arrayElement(CITY_NAMES)): Place {
  const c = CITY_PLACES[city];
  return { city, lat: c.lat, lng: c.lng, ...ctx.faker.helpers.arrayElement(c.localities) };
}

/** A street address as Indians write it: flat, building, road, locality. */
export function streetAddress(ctx: FakeContext, p: Place) {
  const { faker } = ctx;
  return `${faker.number.int({ min: 1, max: 40 })}${faker.helpers.arrayElement(['', '/A', '/B'])}, ${faker.helpers.arrayElement(BUILDINGS)}, ${faker.helpers.arrayElement(ROADS)}, ${p.area}`;
}

/** A few distinct ids of an entity (empty when there are none). */
export function someIds(ctx: FakeContext, entity: string, min: number, max: number): number[] {
  const ids = ctx.refIds(entity);
  return ids.length ? ctx.faker.helpers.arrayElements(ids, { min: Math.min(min, ids.length), max: Math.min(max, ids.length) }) : [];
}

export const oneId = (ctx: FakeContext, entity: string): number | null => {
  const ids = ctx.refIds(entity);
  return ids.length ? ctx.faker.helpers.arrayElement(ids) : null;
};

export const weighted = <T>(ctx: FakeContext, pairs: [T, number][]): T =>
  ctx.faker.helpers.weightedArrayElement(pairs.map(([value, weight]) => ({ value, weight })));

/** Rich text from paragraphs (sanitised again by the server on save). */
export const paragraphs = (list: readonly string[]) => list.map((p) => `<p>${p}</p>`).join('');
