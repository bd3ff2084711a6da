import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { can, ENTITIES, getEntity, ownedFields } from '../../src/registry';
import { setupApi, type Reply } from './harness';

/**
 * Import in bulk (issue 38 §1, §4): the dry run validates every row as a form is validated and writes nothing; the
 * import writes batches, matches key columns (a re-run adds nothing twice), is refused to a role that may not add,
 * can be downloaded with an "error" column and undone as one unit.
 */
const api = setupApi();
const state = getEntity('state');
const csv = (rows: string[][]) => rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n');
const post = (who: Parameters<typeof api.call>[0], url: string, body: string | Uint8Array, type = 'text/csv') => api.call(who, 'POST', url, body, { 'content-type': type });

/** Waits for the run to leave `running` (no timer: each read is a request). */
async function finished(id: number): Promise<Reply> {
  for (;;) {
    const r = await api.call('superadmin', 'GET', `/api/imports/${id}`);
    if (!['running', 'stopping'].includes(r.body.data.state)) return r;
    await new Promise((res) => setImmediate(res));
  }
}

describe('dry run', () => {
  test('counts adds, updates and skips; names each error kind by row and field; writes nothing', async () => {
    const before = await api.count(state);
    const file = csv([
      ['Name', 'Code', 'GST state code', 'Country'],
      ['Importland', 'IQA', '91', 'India'],
      ['', 'IQB', '', 'India'],
      ['Badcode', 'lower', '', 'India'],
      ['Dupe one', 'IQC', '', 'India'],
      ['Dupe two', 'IQC', '', 'India'],
    ]);
    const r = await post('superadmin', '/api/state/import?dryRun=1', file);
    expect(r.status).toBe(200);
    // The second row with IQC finds the first by its key: an update of it, as the import itself would do.
    expect(r.body.data).toMatchObject({ add: 2, update: 1, skip: 0 });
    const errs = r.body.data.errors as { row: number; field: string }[];
    expect(errs.map((e) => [e.row, e.field])).toEqual(expect.arrayContaining([[3, 'name'], [4, 'code']]));
    expect(await api.count(state)).toBe(before);
  });

  test('an owned field is refused as a form refuses it; a reference by title; labels in another language', async () => {
    const s = await api.insert(state);
    const r = await post('superadmin', '/api/city/import?dryRun=1', csv([['Nom', 'État', 'Statut'], ['Villeneuve', String(s!.name), 'active'], ['Nowhere', 'No such state', 'active']]));
    expect(r.status).toBe(200);
    expect(r.body.data.add).toBe(1);
    expect(r.body.data.errors).toEqual([expect.objectContaining({ row: 3, field: 'state' })]);
  });

  test('a role that may not add → 403; not a table, wrong encoding, too many columns unknown → 400', async () => {
    expect((await post('railway', '/api/state/import?dryRun=1', 'Name\nX')).status).toBe(403);
    expect((await post('superadmin', '/api/state/import?dryRun=1', new Uint8Array([0x4e, 0x61, 0xff, 0xfe, 0x0a]))).body.errors[0].code).toBe('encoding');
    expect((await post('superadmin', '/api/state/import?dryRun=1', 'foo,bar\n1,2')).body.errors[0].code).toBe('no_columns');
    expect((await post('superadmin', '/api/state/import?dryRun=1', '{"json": 1}', 'application/json')).status).toBe(415);
    expect((await post('superadmin', '/api/state/import?dryRun=1&mapping=%7B%22Name%22%3A%22nope%22%7D', 'Name\nX')).status).toBe(400);
  });
});

/** A workbook of one sheet; `formula`: a cell holding a formula (with a cached result that must not be trusted). */
async function workbook(rows: string[][], formula?: string): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('States');
  for (const r of rows) sheet.addRow(r);
  if (formula) sheet.getCell('A3').value = { formula, result: 'Sumland' } as ExcelJS.CellFormulaValue;
  return new Uint8Array(await book.xlsx.writeBuffer());
}
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('scope', () => {
  test("a centre's staff importing a row of another centre: judged as the form judges it", async () => {
    const def = ENTITIES.find((e) => e.scope && e.scope !== 'id' && can('fmc', e.name, 'add'))!;
    const other = await api.insert(getEntity('fmc'));
    const owned = ownedFields(def);
    const row = { ...(await api.payload(def)) } as Record<string, unknown>;
    const cols = Object.keys(row).filter((k) => !(k in owned) && !Array.isArray(row[k]) && typeof row[k] !== 'object');
    const file = (centre: number) => csv([cols, cols.map((k) => (k === def.scope ? String(centre) : String(row[k] ?? '')))]);
    const home = await post('fmc', `/api/${def.api}/import?dryRun=1`, file(api.homeCentre));
    expect(home.body.data.errors.filter((e: { field: string }) => e.field === def.scope)).toEqual([]);
    // The form's verdict on the same record is the import's: refused naming the centre where the form refuses it.
    const away = await post('fmc', `/api/${def.api}/import?dryRun=1`, file(Number(other!.id)));
    const form = await api.call('fmc', 'POST', `/api/${def.api}`, { ...row, [def.scope!]: Number(other!.id) });
    if (form.status === 201) expect(away.body.data).toMatchObject({ add: 1, errors: [] });
    else expect(away.body.data.errors).toEqual(expect.arrayContaining([expect.objectContaining({ row: 2, field: form.body.errors[0].field })]));
  });
});

describe('excel', () => {
  test('a workbook is read as a table; a formula cell is refused, never evaluated', async () => {
    const ok = await post('superadmin', '/api/state/import?dryRun=1', await workbook([['Name', 'Code'], ['Xlsland', 'XQA']]), XLSX);
    expect(ok.body.data).toMatchObject({ add: 1, errors: [] });
    const bad = await post('superadmin', '/api/state/import?dryRun=1', await workbook([['Name', 'Code'], ['Xlsland', 'XQA'], ['', 'XQB']], 'CONCAT("Sum","land")'), XLSX);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('formula');
    expect((await post('superadmin', '/api/state/import?dryRun=1', new Uint8Array([1, 2, 3]), XLSX)).body.errors[0].code).toBe('not_a_table');
  });
});

describe('import', () => {
  test('writes, re-run adds nothing twice, result with an error column, undo removes what it added', async () => {
    const before = await api.count(state);
    const file = csv([['name', 'code'], ['Runland', 'RQA'], ['Runland two', 'RQB'], ['Broken', 'x1']]);
    const first = await post('superadmin', '/api/state/import', file);
    expect(first.status).toBe(202);
    const done = await finished(first.body.data.id);
    expect(done.body.data).toMatchObject({ state: 'done', added: 2, failed: 1, total: 3 });
    expect(await api.count(state)).toBe(before + 2);
    const again = await finished((await post('superadmin', '/api/state/import', file)).body.data.id);
    expect(again.body.data).toMatchObject({ added: 0, skipped: 2, failed: 1 });
    expect(await api.count(state)).toBe(before + 2);
    const result = await api.call('superadmin', 'GET', `/api/imports/${first.body.data.id}/result`);
    const lines = result.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('name,code,error');
    expect(lines[3]).toMatch(/^Broken,x1,"?code: /);
    expect(lines[1]).toBe('Runland,RQA,');
    expect((await api.call('admin', 'GET', `/api/imports/${first.body.data.id}`)).status).toBe(404);
    const undo = await api.call('superadmin', 'POST', `/api/imports/${first.body.data.id}/undo`);
    expect(undo.body.data.state).toBe('undone');
    expect(await api.count(state)).toBe(before);
  });
});

describe('the console\'s mapping step and dry-run table', () => {
  test("the file's columns and their match, even when none matches; the mapping given wins; refused as the import is", async () => {
    const cols = await post('superadmin', '/api/state/import/columns', csv([['Nom', 'Kode', 'Code'], ['A', 'B', 'C']]));
    expect(cols.status).toBe(200);
    expect(cols.body.data).toEqual({ rows: 1, columns: [{ header: 'Nom', field: 'name' }, { header: 'Kode', field: null }, { header: 'Code', field: 'code' }] });
    const none = await post('superadmin', '/api/state/import/columns', csv([['foo', 'bar'], ['1', '2']]));
    expect(none.body.data.columns).toEqual([{ header: 'foo', field: null }, { header: 'bar', field: null }]);
    const mapped = await post('superadmin', `/api/state/import/columns?mapping=${encodeURIComponent(JSON.stringify({ foo: 'name', Code: '' }))}`, csv([['foo', 'Code'], ['1', '2']]));
    expect(mapped.body.data.columns).toEqual([{ header: 'foo', field: 'name' }, { header: 'Code', field: null }]);
    expect((await post('railway', '/api/state/import/columns', 'Name\nX')).status).toBe(403);
    expect((await post('superadmin', '/api/state/import/columns', new Uint8Array([0xff, 0xfe, 0x41]))).body.errors[0].code).toBe('encoding');
  });

  test('the dry run answers the header and each refused row with its cells', async () => {
    const r = await post('superadmin', '/api/state/import?dryRun=1', csv([['Name', 'Code'], ['Fineland', 'FQA'], ['Badland', 'bad code']]));
    expect(r.body.data.header).toEqual(['Name', 'Code']);
    expect(r.body.data.rows).toEqual([{ row: 3, cells: ['Badland', 'bad code'] }]);
    expect(r.body.data.errors.every((e: { row: number }) => e.row === 3)).toBe(true);
  });
});
