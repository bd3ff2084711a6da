import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { getEntity, type EntityDef } from '../../src/registry';
import { col } from '../../src/server/records/columns';
import { listOptions } from '../../src/server/crud/options';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { ident } from '../../src/server/db/entity-table';
import { docContains } from '../../src/server/search';
import { orderBy } from '../../src/server/search/list-order';
import { setupApi } from './harness';

/**
 * A picker's page (GET /api/{resource}/options?q=) is the first records in the list's default order whose search text
 * holds the term, however it is found: from the head of the list for a term most records share (a number's start,
 * `apt-`), through the trigram index for a rarer one, by words' starts for a short one. Each answer here is checked
 * against that definition, read directly.
 */
const api = setupApi();
const def = getEntity('appointments');

/** The picker's answer by definition: the first `limit` matches in the default order (of one centre's, for fmc staff). */
async function expected(q: string, limit: number, of: EntityDef = def, centre?: number): Promise<number[]> {
  const t = sql.raw(ident(of.table));
  const res = await sql<{ id: number }>`select t.id from ${t} t
    where t.id in (select s.record_id from search_index s where s.entity = ${of.name} and ${docContains(q, sql`s.doc`)})
    ${centre === undefined ? sql`` : sql`and ${sql.raw(col(of, 'fmc'))} = ${centre}`}
    order by ${orderBy(of, of.defaultSort)} limit ${limit}`.execute(api.db);
  return res.rows.map((r) => Number(r.id));
}

const numbers: string[] = [];

beforeAll(async () => {
  // Scheduled out of the order they are made in, so that the list's order (scheduledAt) is not the ids'.
  for (let i = 0; i < 40; i++) {
    const day = new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % 40) * 86_400_000 + i * 60_000).toISOString();
    const rec = await createRecord(api.db, def, { ...(await api.payload(def))!, slot: null, fmc: api.homeCentre, scheduledAt: day }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    numbers.push(String(rec.number).toLowerCase());
  }
});

describe('GET /api/appointments/options?q=', () => {
  const cases = () => [
    ['a number\'s start every record shares', 'apt-', 5],
    ['the same, a page larger than the matches', 'apt-', 100],
    ['a number\'s start and its year', numbers[0].slice(0, 9), 7],
    ['a whole number', numbers[17], 5],
    ['the end of a number (not its start)', numbers[23].slice(-5), 5],
    ['two letters', 'ap', 6],
    ['no match', 'zzzq-0', 5],
  ] as const;

  test.each([0, 1, 2, 3, 4, 5, 6])('case %i: the first matches in list order', async (i) => {
    const [what, q, limit] = cases()[i];
    const r = await api.call('superadmin', 'GET', `/api/${def.api}/options?${new URLSearchParams({ q, limit: String(limit) })}`);
    expect(r.status, r.text).toBe(200);
    const want = await expected(q, limit);
    expect(r.body.data.map((o: { id: number }) => o.id), what).toEqual(want);
    if (q === 'apt-') expect(want.length).toBe(Math.min(limit, numbers.length));
  });
});

describe('under a scope (one centre\'s records), the scope\'s first matches', () => {
  test.each([['apt-', 5], ['ap', 3], ['the end of a number', 4]] as const)('%s, %i', async (term, limit) => {
    const q = term === 'the end of a number' ? numbers[11].slice(-5) : term;
    const scope = [sql`${sql.raw(col(def, 'fmc'))} = ${api.homeCentre}`];
    const got = await listOptions(api.db, def, { q, limit, role: 'superadmin', scope });
    const want = await expected(q, limit, def, api.homeCentre);
    expect(got.options.map((o) => o.id)).toEqual(want);
    expect(want.length).toBeGreaterThan(0);
  });
});

/**
 * Patients are listed by last name, which their search rows hold as their key: the picker walks them in that order for
 * a term the sample says is common, and gathers every match of a rarer one (or when the walk falls short).
 */
describe('GET /api/patients/options?q= (in key order)', () => {
  const patients = getEntity('patients');
  const rare: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 24; i++) {
      const firstName = `Yxolin${String.fromCharCode(97 + i)}${String.fromCharCode(122 - i)}`;
      await createRecord(api.db, patients, { ...(await api.payload(patients))!, firstName, lastName: `Quorvale${(i * 7) % 24}` }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
      rare.push(firstName.toLowerCase());
    }
  });
  const cases = () => [
    ['a term many share, the page within the walk', 'quorv', 5],
    ['the same, a page larger than the matches (the walk falls short)', 'quorv', 60],
    ['a term one record has', rare[9], 5],
    ['a term in no record', 'qqzxv', 5],
  ] as const;
  test.each([0, 1, 2, 3])('case %i: the first matches in list order', async (i) => {
    const [what, q, limit] = cases()[i];
    const r = await api.call('superadmin', 'GET', `/api/${patients.api}/options?${new URLSearchParams({ q, limit: String(limit) })}`);
    expect(r.status, r.text).toBe(200);
    const want = await expected(q, limit, patients);
    expect(r.body.data.map((o: { id: number }) => o.id), what).toEqual(want);
    expect(want.length, what).toBe([5, 24, 1, 0][i]);
  });
});
