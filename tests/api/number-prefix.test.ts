import { sql, type RawBuilder } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { ENTITIES, getEntity, type EntityDef } from '../../src/registry';
import { col } from '../../src/server/records/columns';
import { listOptions } from '../../src/server/crud/options';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { ident } from '../../src/server/db/entity-table';
import { docContains, upsertSearchRow } from '../../src/server/search';
import { orderBy, selectPage } from '../../src/server/search/list-order';
import { numberLetters, numberSeries } from '../../src/server/search/number-prefix';
import { setupApi } from './harness';

/**
 * A number typed from its start with its year (`apt-2031-`, `apt-2031-0005`) is read as ranges (search/number-prefix.ts,
 * migration 0024) instead of through the trigram index. The picker's answer stays its definition: the first records in
 * the default order whose search text holds the term, checked here against that definition read directly; among them
 * records that name a number of their own kind elsewhere in their text (a reference's title, a gateway's reference).
 */
const api = setupApi();
const appointments = getEntity('appointments');
const payment = getEntity('payment');

/** The first `limit` records of `def` whose search text holds `q`, in its default order (and `scope`). */
async function expected(def: EntityDef, q: string, limit: number, scope: RawBuilder<unknown>[] = []): Promise<number[]> {
  const matching = sql`t.id in (select s.record_id from search_index s where s.entity = ${def.name} and ${docContains(q, sql`s.doc`)})`;
  return (await selectPage(api.db, def, [matching, ...scope], orderBy(def, def.defaultSort), limit)).rows.map((r) => Number(r.id));
}

async function picker(who: 'superadmin', def: EntityDef, q: string, limit: number): Promise<number[]> {
  const r = await api.call(who, 'GET', `/api/${def.api}/options?${new URLSearchParams({ q, limit: String(limit) })}`);
  expect(r.status, r.text).toBe(200);
  return r.body.data.map((o: { id: number }) => o.id);
}

/** Appointments numbered APT-2031-000001… in bulk (more than MATCH_COUNT_CAP), copies of one made by the API. */
const BULK = 1_050;

beforeAll(async () => {
  const template = await createRecord(api.db, appointments, { ...(await api.payload(appointments))!, slot: null, fmc: api.homeCentre }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
  const columns = (await sql<{ c: string }>`select column_name as c from information_schema.columns
    where table_schema = current_schema() and table_name = 'appointment' and column_name not in ('id', 'number', 'scheduled_at')`.execute(api.db)).rows.map((r) => sql.raw(ident(r.c)));
  const list = sql.join(columns);
  // Scheduled out of the order they are numbered in, so that the list's order is neither the numbers' nor the ids'.
  // And as many again numbered from 900001, so that the numbers from 0 are about a third of their year's.
  await sql`insert into appointment (number, scheduled_at, ${list})
    select 'APT-2031-' || case when g <= ${BULK} then lpad(g::text, 6, '0') else (900000 + g)::text end,
      timestamptz '2031-01-01 00:00Z' + ((g * 7919) % ${3 * BULK}) * interval '1 hour', ${list}
    from appointment, generate_series(1, ${3 * BULK}) g where id = ${template.id}`.execute(api.db);
  // A third in another centre, so that a scope to one centre leaves gaps in each range.
  const fmcDef = getEntity('fmc');
  const other = await createRecord(api.db, fmcDef, (await api.payload(fmcDef))!, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
  const fmcColumn = sql.raw(ident(col(appointments, 'fmc').slice(2).replaceAll('"', '')));
  await sql`update appointment set ${fmcColumn} = ${other.id} where number like 'APT-2031-%' and right(number, 6)::int % 3 = 0`.execute(api.db);
  const made = await selectPage(api.db, appointments, [sql`t.number like 'APT-2031-%'`], sql`t.id`, 3 * BULK);
  for (const row of made.rows) await upsertSearchRow(api.db, appointments, row);
  // An add-on service whose name quotes a number: the appointment booked with it names that number in its text.
  const addonDef = getEntity('addonservices');
  const addon = await createRecord(api.db, addonDef, { ...(await api.payload(addonDef))!, name: 'Follow-up of APT-2031-000777' }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
  await createRecord(api.db, appointments, { ...(await api.payload(appointments))!, slot: null, fmc: api.homeCentre, addons: [addon.id], scheduledAt: '2031-03-03T10:00:00.000Z' }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
  // Payments, one of them with a gateway's reference that quotes another's number, one glued to more digits.
  const made2: string[] = [];
  for (let i = 0; i < 12; i++) {
    const rec = await createRecord(api.db, payment, (await api.payload(payment))!, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    made2.push(String(rec.number));
  }
  await createRecord(api.db, payment, { ...(await api.payload(payment))!, gatewayRef: made2[3] }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
  await createRecord(api.db, payment, { ...(await api.payload(payment))!, gatewayRef: `${made2[5]}7` }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
});

describe('a number typed from its start with its year, in a picker', () => {
  test('only a start of the entity\'s own numbers up to its year is read as a range', () => {
    expect(numberSeries(appointments, 'APT-2031-00')).toBe('apt-2031-');
    expect(numberSeries(appointments, 'apt-2031')).toBe('apt-2031-');
    expect(numberSeries(appointments, 'apt-203')).toBeNull();
    expect(numberSeries(appointments, 'pay-2031-')).toBeNull();
    expect(numberSeries(appointments, 'apt-2031-00 x')).toBeNull();
    expect(numberSeries(payment, 'pay-2031-1')).toBe('pay-2031-');
    expect(numberSeries(getEntity('patients'), 'apt-2031-')).toBeNull();
  });

  test('every entity numbered so has its series index (a new one needs a migration like 0024)', async () => {
    const numbered = ENTITIES.filter((e) => numberLetters(e));
    expect(numbered.map((e) => e.name)).toContain('appointments');
    const indexes = new Set((await sql<{ name: string }>`select indexname as name from pg_indexes`.execute(api.db)).rows.map((r) => r.name));
    for (const e of numbered) expect(indexes.has(`${e.table}__number_series__ix`), e.name).toBe(true);
  });

  const appointmentCases = [
    ['a year: more numbers than the cap', 'apt-2031-', 10],
    ['a year without its dash', 'APT-2031', 25],
    ['a year and a digit: more numbers than the cap, a third of the year\'s', 'apt-2031-0', 10],
    ['the same, a page further than one step of the walk', 'apt-2031-0', 100],
    ['a year and four digits: a range past the first thousand', 'apt-2031-0010', 60],
    ['a year and four digits: a few numbers', 'apt-2031-0007', 50],
    ['a number named by an add-on service too', 'apt-2031-000777', 10],
    ['a start no number has', 'apt-2030-99', 10],
  ] as const;

  test.each(appointmentCases)('appointments, %s (%s)', async (_what, q, limit) => {
    const want = await expected(appointments, q, limit);
    expect(await picker('superadmin', appointments, q, limit)).toEqual(want);
    if (q === 'apt-2031-000777') expect(want.length).toBe(2);
    if (q === 'apt-2031-') expect(want.length).toBe(limit);
  });

  test('under a scope (one centre\'s records), the scope\'s first matches', async () => {
    const scope = [sql`${sql.raw(col(appointments, 'fmc'))} = ${api.homeCentre}`];
    for (const q of ['apt-2031-', 'apt-2031-0007', 'apt-2031-000777']) {
      const got = await listOptions(api.db, appointments, { q, limit: 10, role: 'superadmin', scope });
      expect(got.options.map((o) => o.id), q).toEqual(await expected(appointments, q, 10, scope));
    }
  });

  test('payments: their numbers, and the ones a gateway\'s reference quotes', async () => {
    const numbers = (await sql<{ n: string }>`select number as n from payment order by id`.execute(api.db)).rows.map((r) => r.n.toLowerCase());
    const year = numbers[0].slice(0, 9);
    for (const [q, limit] of [[year, 5], [year, 100], [numbers[3], 10], [numbers[5], 10], [`${numbers[5]}7`, 10], [numbers[3].slice(0, 13), 10]] as const) {
      const want = await expected(payment, q, limit);
      expect(await picker('superadmin', payment, q, limit), q).toEqual(want);
      if (q === numbers[3] || q === numbers[5]) expect(want.length, q).toBeGreaterThan(1);
    }
  });
});
