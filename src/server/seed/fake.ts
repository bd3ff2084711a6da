import type { Faker } from '@faker-js/faker';
import { inputFields, inputSchema, isInput, type EntityDef, type FieldDef } from '../../registry';
import { ENTITY_OVERRIDES, type Override } from './fake-overrides';

/**
 * Realistic values for any declared entity, from its field kinds and names: used by the demo seed, the
 * registry-driven tests and the bench. What a kind cannot know (a maximum above a minimum, a date range)
 * an entity states in OVERRIDES.
 */
export interface FakeContext {
  faker: Faker;
  /** Ids of existing records of an entity, for references. */
  refIds: (entity: string) => readonly number[];
  /** A running number that makes unique values unique. */
  seq: number;
}

/** Per-entity corrections to the generic values (cross-field rules, meaningful names): fake-overrides/. */
export const OVERRIDES: Record<string, Override> = ENTITY_OVERRIDES;

const iso = (d: Date) => d.toISOString().slice(0, 10);

function byName(field: string, ctx: FakeContext): string | undefined {
  const { faker } = ctx;
  const n = field.toLowerCase();
  if (n === 'firstname') return faker.person.firstName();
  if (n === 'lastname') return faker.person.lastName();
  if (n.endsWith('name') && n.includes('contact')) return faker.person.fullName();
  if (n.includes('address')) return faker.location.streetAddress();
  if (n === 'manufacturer' || n === 'operator' || n === 'provider') return faker.company.name();
  if (n === 'model') return `${faker.string.alpha({ length: 2, casing: 'upper' })}-${faker.string.numeric(3)}`;
  if (n.includes('title') || n === 'label' || n === 'subject' || n === 'question') return faker.lorem.sentence({ min: 3, max: 6 }).replace(/\.$/, '');
  if (n === 'name' || n.endsWith('name')) return `${faker.commerce.productAdjective()} ${faker.commerce.productName()}`.slice(0, 80);
  return undefined;
}

function fakeValue(field: string, fd: FieldDef, ctx: FakeContext): unknown {
  const { faker } = ctx;
  switch (fd.kind) {
    case 'text': {
      const v = byName(field, ctx) ?? faker.lorem.words({ min: 1, max: 3 });
      return (fd.unique ? `${v} ${ctx.seq}` : v).slice(0, fd.max ?? 200);
    }
    case 'longText': return faker.lorem.sentences({ min: 1, max: 2 }).slice(0, fd.max ?? 4000);
    case 'richText': return `<p>${faker.lorem.paragraph()}</p><ul><li>${faker.lorem.sentence()}</li></ul>`;
    case 'email': return `${faker.internet.username().toLowerCase().replace(/[^a-z0-9._-]/g, '')}.${ctx.seq}@example.in`;
    case 'phone': return `+91 9${faker.string.numeric(9)}`;
    case 'url': return `https://www.example.in/${faker.lorem.slug(2)}`;
    case 'code': {
      if (fd.pattern) return faker.helpers.fromRegExp(fd.pattern.source.replace(/^\^|\$$/g, ''));
      return `${faker.string.alpha({ length: 3, casing: 'upper' })}-${String(ctx.seq).padStart(5, '0')}`;
    }
    case 'int': return faker.number.int({ min: fd.min ?? 0, max: Math.min(fd.max ?? 1000, (fd.min ?? 0) + 1000) });
    case 'decimal': return faker.number.float({ min: Math.max(fd.min ?? 0, 0), max: Math.min(fd.max ?? 100, 100), fractionDigits: 1 });
    case 'money': return faker.number.float({ min: 50, max: 5000, fractionDigits: 2 });
    case 'date': return iso(faker.date.between({ from: '2024-01-01', to: '2027-12-31' }));
    case 'datetime': return faker.date.between({ from: '2025-01-01', to: '2027-06-30' }).toISOString();
    case 'time': return `${String(faker.number.int({ min: 7, max: 20 })).padStart(2, '0')}:${faker.helpers.arrayElement(['00', '15', '30', '45'])}`;
    case 'bool': return faker.datatype.boolean();
    case 'enum': return faker.helpers.arrayElement(fd.values!);
    case 'ref': {
      const ids = ctx.refIds(fd.ref!);
      return ids.length ? faker.helpers.arrayElement(ids) : null;
    }
    case 'refs': {
      const ids = ctx.refIds(fd.ref!);
      return ids.length ? [...new Set(faker.helpers.arrayElements(ids, { min: 1, max: Math.min(3, ids.length) }))] : [];
    }
    case 'image': case 'file': return null;
    case 'secret': return fd.pattern ? faker.helpers.fromRegExp(fd.pattern.source.replace(/^\^|\$$/g, '')) : faker.string.numeric(6);
    case 'password': return faker.internet.password({ length: 16 });
    case 'list': {
      const n = faker.number.int({ min: 1, max: 3 });
      return Array.from({ length: n }, () => fakeFields(fd.item!, ctx));
    }
    case 'computed': return undefined;
  }
}

function fakeFields(fields: Record<string, FieldDef>, ctx: FakeContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, fd] of Object.entries(fields)) {
    if (!isInput(fd)) continue;
    // Optional fields are left blank now and then, as people do.
    if (!fd.required && fd.kind !== 'refs' && fd.kind !== 'list' && ctx.faker.number.int(9) === 0) { out[k] = null; continue; }
    out[k] = fakeValue(k, fd, ctx);
  }
  return out;
}

/** A create payload that passes the entity's own schema; throws when it cannot make one. */
export function fakeRecord(def: EntityDef, ctx: FakeContext): Record<string, unknown> {
  // The fields the server owns (a workflow's status, what its moves write, computed values) are never in a payload.
  let rec = fakeFields(inputFields(def), ctx);
  const override = OVERRIDES[def.name];
  if (override) rec = { ...rec, ...override(ctx, rec) };
  const parsed = inputSchema(def, 'create').safeParse(rec);
  if (!parsed.success) {
    throw new Error(`fake ${def.name} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}
