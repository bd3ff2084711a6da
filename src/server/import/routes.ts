import { Hono } from 'hono';
import { z } from 'zod';
import { can, ENTITIES, mayCreate, type EntityDef } from '../../registry';
import { fail, forbidden, recordIdParam, type AppEnv, type Ctx } from '../http';
import { dryRun } from './run';
import { loadRun, resultCsv, runImport, runView, undoImport } from './job';
import { matchColumns } from './rows';
import { readTable } from './table';
import { sql } from 'kysely';
import { requireFreshProof, ROLE_FIELD } from '../auth/step-up';
import { logger, scrub } from '../ops/logger';
import { writeEntries } from '../audit/audit';

/** The refused rows a dry run answers with their cells (every error is still listed). */
const ERROR_ROWS_SHOWN = 200;

/** A mapping: column header → field name ('' ignores the column). In the query (`mapping=`) or the X-Import-Mapping header. */
const mappingSchema = z.record(z.string().max(200), z.string().max(100)).refine((m) => Object.keys(m).length <= 500);

function mappingOf(c: Ctx, def: EntityDef): Record<string, string> {
  const raw = c.req.query('mapping') ?? c.req.header('x-import-mapping');
  if (raw === undefined) return {};
  let parsed: unknown;
  try { parsed = JSON.parse(raw); } catch { throw fail(400, 'mapping must be JSON: {"column": "field"}', { field: 'mapping', code: 'invalid' }); }
  const m = mappingSchema.safeParse(parsed);
  if (!m.success) throw fail(400, 'mapping must be JSON: {"column": "field"}', { field: 'mapping', code: 'invalid' });
  const unknown = Object.values(m.data).find((f) => f !== '' && !def.fields[f]);
  if (unknown) throw fail(400, `${unknown} is not a field of this record`, { field: 'mapping', code: 'unknown_field' });
  return m.data;
}

/** The body, refused by its announced size before a byte is read, then by its size as read. */
async function bodyBytes(c: Ctx): Promise<Uint8Array> {
  const max = c.get('config').importMaxBytes;
  if (Number(c.req.header('content-length') ?? 0) > max) throw fail(413, `The file is larger than ${Math.round(max / 1048576)} MB`, { code: 'too_large' });
  return new Uint8Array(await c.req.arrayBuffer());
}

/** Only a role that may add this record may import it (as for one record: else 403). */
function mayImport(c: Ctx, def: EntityDef) {
  const actor = c.get('user');
  if (!mayCreate(actor.role, def.name) || !can(actor.role, def.name, 'add')) throw forbidden();
  // Accounts imported are roles granted, as one made by the form (auth/step-up.ts).
  if (ROLE_FIELD[def.name]) requireFreshProof(c);
  return actor;
}

/** POST /api/{resource}/import[?dryRun=1], and …/import/columns: the file's columns and their match, nothing judged. */
export function addImportRoute(app: Hono<AppEnv>, def: EntityDef) {
  // The mapping step starts here: the columns even when none matches (the dry run refuses such a file).
  app.post(`/${def.api}/import/columns`, async (c) => {
    mayImport(c, def);
    const mapping = mappingOf(c, def);
    const table = await readTable(await bodyBytes(c), c.req.header('content-type') ?? '', c.get('config').importMaxBytes);
    const fields = matchColumns(def, table.header, mapping);
    return c.json({ data: { columns: table.header.map((header, i) => ({ header, field: fields[i] })), rows: table.rows.length } });
  });
  app.post(`/${def.api}/import`, async (c) => {
    const actor = mayImport(c, def);
    const mapping = mappingOf(c, def);
    const bytes = await bodyBytes(c);
    const contentType = c.req.header('content-type') ?? '';
    const table = await readTable(bytes, contentType, c.get('config').importMaxBytes);
    const fields = matchColumns(def, table.header, mapping);
    if (!fields.some((f) => f)) throw fail(400, 'No column matches a field of this record', { code: 'no_columns' });
    const db = c.get('db');
    const dry = c.req.query('dryRun');
    if (dry === '1' || dry === 'true') {
      const counts = await dryRun(db, def, table, fields, { actor, scryptLogN: c.get('config').scryptLogN });
      // The console's table shows the refused rows with their cells, under the file's header.
      const refused = [...new Set(counts.errors.map((e) => e.row))].slice(0, ERROR_ROWS_SHOWN);
      return c.json({ data: { ...counts, header: table.header, rows: refused.map((row) => ({ row, cells: table.rows[row - 2] ?? [] })) } });
    }
    // The run and its one entry in the activity log together: the log shows the import there, its rows folded under it.
    const id = await db.transaction().execute(async (tx) => {
      const run = (await sql<{ id: number }>`insert into import_run (entity, created_by, total, content_type, file, mapping)
        values (${def.name}, ${actor.id}, ${table.rows.length}, ${contentType}, ${bytes}, ${JSON.stringify(mapping)}::jsonb) returning id`.execute(tx)).rows[0];
      await writeEntries(tx, [{ actor, entity: def.name, action: 'import', changes: { run: Number(run.id), rows: table.rows.length } }]);
      return Number(run.id);
    });
    // Runs beyond the request: its progress is read from GET /api/imports/{id}.
    void runImport(db, id, table, fields, { actor, scryptLogN: c.get('config').scryptLogN }).catch(async (err) => {
      logger.error({ err: scrub(String(err)), importId: id }, 'import failed');
      await sql`update import_run set state = 'interrupted' where id = ${id}`.execute(db).catch(() => undefined);
    });
    return c.json({ data: { id } }, 202);
  });
}

/** POST /api/{resource}/import for every entity; GET /api/imports/{id} (state and counts), …/stop, …/result (the file with an "error" column), …/undo. */
export function importsRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const def of ENTITIES) addImportRoute(app, def);
  app.get('/imports/:id', async (c) => c.json({ data: runView(await loadRun(c.get('db'), recordIdParam(c), c.get('user'))) }));
  app.post('/imports/:id/stop', async (c) => {
    const run = await loadRun(c.get('db'), recordIdParam(c), c.get('user'));
    await sql`update import_run set state = 'stopping' where id = ${run.id} and state = 'running'`.execute(c.get('db'));
    return c.json({ data: runView(await loadRun(c.get('db'), run.id, c.get('user'))) });
  });
  app.get('/imports/:id/result', async (c) => {
    const run = await loadRun(c.get('db'), recordIdParam(c), c.get('user'));
    return c.body(await resultCsv(run), 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="import-${run.id}-result.csv"` });
  });
  app.post('/imports/:id/undo', async (c) => {
    const run = await loadRun(c.get('db'), recordIdParam(c), c.get('user'));
    await undoImport(c.get('db'), run, c.get('user'));
    return c.json({ data: runView(await loadRun(c.get('db'), run.id, c.get('user'))) });
  });
  return app;
}
