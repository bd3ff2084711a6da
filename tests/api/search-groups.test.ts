import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { columnName, getEntity, type EntityDef } from '../../src/registry';
import { ident } from '../../src/server/db/entity-table';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { HITS_PER_KIND, KIND_COUNT_CAP, searchRecords } from '../../src/server/search/palette';
import { setupApi } from './harness';

/**
 * The palette's search answers by kind (search/palette.ts): a few records of each kind with the kind's count, so that
 * a surname many people share (six doctors named Varmanzq, with more appointments between them than a search that
 * ranked the first matches of every kind together would read) still shows the payments of the one patient of that
 * name; and a kind's count tells a scoped caller nothing of other centres.
 */
const api = setupApi();
const doctors: number[] = [];
/**
 * More than the search reads of any kind (KIND_COUNT_CAP + 1) and than the candidates it ranks (palette.ts CANDIDATES,
 * 200), made before the payments: the first matches of all kinds together could all be appointments.
 */
const APPOINTMENTS = 212;
const payments: number[] = [];
let patient = 0;

async function make(def: EntityDef, fields: Record<string, unknown>) {
  return createRecord(api.db, def, { ...(await api.payload(def))!, ...fields }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
}

beforeAll(async () => {
  for (let i = 0; i < 6; i++) doctors.push(Number((await make(getEntity('doctor'), { firstName: `Dr${'abcdef'[i]}`, lastName: 'Varmanzq' })).id));
  const other = Number((await make(getEntity('patients'), { firstName: 'Ila', lastName: 'Nakamura' })).id);
  for (let i = 0; i < APPOINTMENTS; i++) await make(getEntity('appointments'), { doctor: doctors[i % 6], patient: other, fmc: api.homeCentre, slot: null });
  patient = Number((await make(getEntity('patients'), { firstName: 'Rohit', lastName: 'Varmanzq' })).id);
  for (let i = 0; i < 2; i++) payments.push(Number((await make(getEntity('payment'), { patient, doctor: doctors[0] })).id));
});

type Answer = { data: { entity: string; id: number }[]; groups: { entity: string; count: number; more: boolean }[] };
const search = async (who: Parameters<typeof api.call>[0], q: string): Promise<Answer> => {
  const r = await api.call(who, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
  expect(r.status, r.text).toBe(200);
  return r.body as Answer;
};

describe('GET /api/search answers by kind', () => {
  test('a surname many share: a few of each kind, the payments of the patient among them, each kind counted', async () => {
    const { data, groups } = await search('superadmin', 'varmanzq');
    const of = (entity: string) => data.filter((h) => h.entity === entity).map((h) => h.id);
    expect(of('payment').sort()).toEqual([...payments].sort());
    expect(of('patients')).toEqual([patient]);
    expect(of('doctor')).toHaveLength(HITS_PER_KIND);
    expect(of('appointments')).toHaveLength(HITS_PER_KIND);
    const count = Object.fromEntries(groups.map((g) => [g.entity, { count: g.count, more: g.more }]));
    expect(count).toMatchObject({
      doctor: { count: 6, more: false },
      patients: { count: 1, more: false },
      payment: { count: 2, more: false },
      // Counted up to the cap, then "more than".
      appointments: { count: KIND_COUNT_CAP, more: true },
    });
    // One group a kind, in the order of the kinds' best hits; every hit of a kind that has a group.
    expect(new Set(groups.map((g) => g.entity)).size).toBe(groups.length);
    expect(data.every((h) => groups.some((g) => g.entity === h.entity))).toBe(true);
  });

  test('a name few records hold: every kind that holds it, counted exactly', async () => {
    const answer = await searchRecords(api.db, { role: 'superadmin' }, 'drc varmanzq');
    // Doctor c's own record, every sixth appointment, and any slot of doctor c the fixtures made along the way (the
    // payments' references are made at random): every kind that holds the name, each counted exactly.
    const slots = getEntity('fmcslots');
    const slotsOfC = Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(ident(slots.table))}
      where ${sql.raw(ident(columnName('doctor', slots.fields.doctor)))} = ${doctors[2]}`.execute(api.db)).rows[0].n);
    const expected = [
      { entity: 'doctor', count: 1, more: false },
      { entity: 'appointments', count: Array.from({ length: APPOINTMENTS }, (_, i) => i % 6).filter((d) => d === 2).length, more: false },
      ...(slotsOfC ? [{ entity: 'fmcslots', count: slotsOfC, more: false }] : []),
    ];
    expect(answer.groups).toHaveLength(expected.length);
    expect(answer.groups).toEqual(expect.arrayContaining(expected));
  });

  test("the search and the hits' parts keep their plans on a connection; the setting ends with the search", async () => {
    // On one connection: its prepared statements and their plans are its own (db/prepared.ts, db/pglite-prepared.ts).
    const { plans, mode } = await api.db.connection().execute(async (conn) => {
      const counts = async () => new Map((await sql<{ name: string; text: string; generic: number; custom: number }>`select name,
          left(regexp_replace(statement, '^\\s+', ''), 14) as text, generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements where statement ~ '^\\s*with (x|starting) as'`.execute(conn)).rows.map((r) => [r.name, r]));
      const before = await counts();
      for (let i = 0; i < 3; i++) expect((await searchRecords(conn, { role: 'superadmin' }, 'drc varmanzq')).groups.length).toBeGreaterThan(0);
      // What these three searches planned: each statement's plans made since, by the start of its text.
      const made = [...(await counts()).values()].map((r) => ({ text: r.text, generic: r.generic - (before.get(r.name)?.generic ?? 0), custom: r.custom - (before.get(r.name)?.custom ?? 0) }))
        .filter((r) => r.generic + r.custom > 0);
      return { plans: made, mode: (await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(conn)).rows[0].plan_cache_mode };
    });
    // Named at their second use (or earlier in this file): planned at least at the third, as the statement's mode says.
    expect(plans.map((p) => p.text).sort()).toEqual(['with starting ', 'with x as mate']);
    for (const text of ['with x', 'with starting']) {
      expect(plans.find((p) => p.text.startsWith(text)), text).toMatchObject({ custom: 0, generic: expect.toSatisfy((n: number) => n > 0) });
    }
    // The generic plan's setting ended with its transaction.
    expect(mode).toBe('force_custom_plan');
  });

  test('a kind’s count is of the caller’s centres alone', async () => {
    const slots = getEntity('fmcslots');
    const away = Number((await make(getEntity('fmc'), {})).id);
    for (const fmc of [api.homeCentre, api.homeCentre, away, away, away]) await make(slots, { doctor: doctors[1], fmc });
    const mine = (await search('fmc', 'drb varmanzq')).groups.find((g) => g.entity === 'fmcslots');
    expect(mine).toEqual({ entity: 'fmcslots', count: 2, more: false });
    const all = (await search('superadmin', 'drb varmanzq')).groups.find((g) => g.entity === 'fmcslots');
    expect(all).toEqual({ entity: 'fmcslots', count: 5, more: false });
  });
});
