import type { Faker } from '@faker-js/faker';
import { sql } from 'kysely';
import { ENTITIES, getEntity, inputSchema } from '../../registry';
import { createRecord, SYSTEM_ACTOR } from '../crud/write';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { fakeRecord } from './fake';

const SYSTEM = SYSTEM_ACTOR;

type Row = Record<string, unknown>;

/**
 * Demo records of any entity through the API's own write path (search rows and audit included): fakeRecord
 * makes a valid payload, `fixed` may pin values the generator cannot know (a reference that must match a
 * name, an exact code), and the result is validated again before it is written.
 */
export class DemoSeeder {
  private readonly ids = new Map<string, number[]>();
  readonly counts: Record<string, number> = {};

  constructor(private readonly db: DB, private readonly faker: Faker, private readonly scryptLogN: number) {}

  /** Loads the ids of the records already there (reference data, earlier demo rows). */
  async loadExisting() {
    for (const e of ENTITIES) {
      const res = await sql<{ id: number }>`select id from ${sql.raw(ident(e.table))} order by id`.execute(this.db);
      this.ids.set(e.name, res.rows.map((r) => Number(r.id)));
    }
  }

  refIds = (entity: string): readonly number[] => this.ids.get(entity) ?? [];

  async add(entity: string, count: number, fixed?: (i: number, rec: Row) => Row): Promise<Row[]> {
    const def = getEntity(entity);
    const schema = inputSchema(def, 'create');
    const out: Row[] = [];
    for (let i = 0; i < count; i++) {
      let rec = fakeRecord(def, { faker: this.faker, refIds: this.refIds, seq: i });
      if (fixed) rec = schema.parse({ ...rec, ...fixed(i, rec) });
      const created = await createRecord(this.db, def, rec, { actor: SYSTEM, scryptLogN: this.scryptLogN });
      this.ids.set(entity, [...this.refIds(entity), Number(created.id)]);
      out.push(created);
    }
    this.counts[entity] = (this.counts[entity] ?? 0) + count;
    return out;
  }
}
