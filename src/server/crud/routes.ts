import { Hono } from 'hono';
import { can, canPickFrom, MIN_BLIND_PICK, canReadRecord, ENTITIES, holdsPatientData, mayCreate, PATIENT_ENTITY, mayMove, parseListQuery, type Action, type EntityDef } from '../../registry';
import { fail, fieldErrors, forbidden, jsonBody, recordIdParam, type AppEnv, type Ctx } from '../http';
import { listPage } from '../search';
import { scopeWhere } from '../records/scope';
import { statusHistory, transition, transitionBody } from './transition';
import { undoBody, undoTransition } from './transition-undo';
import { listOptions } from './options';
import { optionFilters } from './option-filters';
import { assignableWhere } from './assignees';
import { audit, auditRecordsRead } from '../audit/audit';
import { createRecord, deleteRecord, getRecord, restoreRecord, updateRecord } from './write';
import { partPayload, validate } from './payload';
import { addBulkRoute } from './bulk-routes';
import { limitBlindPicks } from '../auth/rate-limit';
import { screenImages } from './image-screen';
import { exportFileName, planExport } from './export';
import { parseExportQuery } from './export-query';
import { requireFreshProof, ROLE_FIELD, STEP_UP_EXPORT_ROWS } from '../auth/step-up';
import { readListWords } from './list-words';

/** The caller must hold a role the policy gives for this action; else 403. */
export function guard(c: Ctx, resource: string, action: Action) {
  if (!can(c.get('user').role, resource, action)) throw forbidden();
}


/**
 * A picker's `for=entity.field` (a field that gives its record to someone, FieldDef.assigned) and the record's
 * `centre`: only the users that record may be given (crud/assignees.ts). Any other `for` is a 400, never ignored.
 */
function givenTo(target: EntityDef, forField: string | undefined, centre: string | undefined) {
  if (forField === undefined) return [];
  const [entity, field] = forField.split('.');
  const def = ENTITIES.find((e) => e.name === entity);
  const fd = def?.fields[field];
  if (!def || !fd?.assigned || fd.ref !== target.name) throw fail(400, 'This field does not give its record to anyone', { field: 'for', code: 'invalid' });
  const id = centre === undefined || centre === '' ? null : /^[1-9][0-9]{0,9}$/.test(centre) && Number(centre) <= 2_147_483_647 ? Number(centre) : NaN;
  if (Number.isNaN(id)) throw fail(400, 'centre must be a record id', { field: 'centre', code: 'invalid' });
  return assignableWhere(def, id);
}

/** GET/POST /api/{resource}, GET/PUT/DELETE /api/{resource}/{id} for every declared entity. */
export function crudRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const def of ENTITIES) {
    const base = `/${def.api}`;
    app.get(base, async (c) => {
      guard(c, def.name, 'list');
      const parsed = parseListQuery(def, new URL(c.req.url).searchParams);
      if ('issues' in parsed) throw fieldErrors(parsed.issues.map((i) => ({ path: [i.field], message: i.message })));
      // Words (`@last30`, `@me`) read as the caller's days and self, at each read.
      parsed.query.filters = await readListWords(c, def, parsed.query.filters, parsed.query.tz);
      const { answer: page } = await listPage(c.get('db'), def, parsed.query, scopeWhere(def, c.get('user')));
      // A page of patient data is a read of each of its records: one entry with their ids and how they were asked for.
      const asked = { ...(parsed.query.q ? { q: parsed.query.q } : {}), ...(Object.keys(parsed.query.filters).length ? { filters: parsed.query.filters } : {}) };
      await auditRecordsRead(c.get('db'), c.get('user'), def, page.data, 'read_list', Object.keys(asked).length ? asked : null);
      return c.json(page);
    });
    app.post(base, async (c) => {
      const role = c.get('user').role;
      if (!mayCreate(role, def.name)) throw forbidden();
      // A role that may only raise the record gives its raise fields; any other is refused as unknown.
      const mode = can(role, def.name, 'add') ? 'create' : 'raise';
      const input = screenImages(def, validate(def, mode, partPayload(def, 'create', await jsonBody(c)).input), c.get('config').imageOrigins);
      // An account made is a role granted.
      if (ROLE_FIELD[def.name]) requireFreshProof(c);
      return c.json({ data: await createRecord(c.get('db'), def, input, { actor: c.get('user'), scryptLogN: c.get('config').scryptLogN }) }, 201);
    });
    addBulkRoute(app, def);
    // Reference pickers: whoever may list this entity, or fill in a form that refers to it. A caller who may not
    // list it (an fmc user picking a patient) gets titles only, after three typed characters, and never by ids:
    // the picker must not become a way to read the table (docs/decisions.md#pickers-for-a-caller-who-may-not-list-the-entity).
    app.get(`${base}/options`, async (c) => {
      const role = c.get('user').role;
      if (!canPickFrom(role, def.name)) throw forbidden();
      const mayList = can(role, def.name, 'list');
      const q = c.req.query('q')?.trim().slice(0, 100) || undefined;
      const rawIds = c.req.query('ids');
      if (!mayList && rawIds !== undefined) throw fail(403, 'Records cannot be looked up by id here', { field: 'ids', code: 'forbidden' });
      if (!mayList && [...(q ?? '')].length < MIN_BLIND_PICK) throw fail(400, 'Type at least 3 characters to search', { field: 'q', code: 'too_short' });
      const ids = rawIds ? rawIds.split(',').map(Number) : undefined;
      if (ids && (ids.length > 200 || ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647))) throw fail(400, 'ids must be up to 200 record ids', { field: 'ids' });
      const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 30) || 30, 1), mayList ? 100 : 20);
      // A move's picker asks for the statuses it moves from; a sentence for the people who have records of a kind.
      const filters = optionFilters(def, new URL(c.req.url).searchParams, c.get('user'));
      const db = c.get('db');
      if (!mayList) await limitBlindPicks(db, c.get('user').id);
      const narrowed = givenTo(def, c.req.query('for'), c.req.query('centre'));
      // Blind: the term is matched against titles alone, so that a phone or e-mail typed tells nothing (same section).
      const { options, records } = await listOptions(db, def, { q, ids, limit, role, scope: [...scopeWhere(def, c.get('user')), ...filters, ...narrowed], titleOnly: !mayList });
      await auditRecordsRead(db, c.get('user'), def, records, 'read_pick', q ? { q } : null);
      return c.json({ data: mayList ? options : options.map((o) => ({ id: o.id, title: o.title, subtitle: '' })) });
    });
    // The list as CSV, streamed (crud/export.ts): the list's guard, scope and query; before `/:id`, which would take "export".
    app.get(`${base}/export`, async (c) => {
      guard(c, def.name, 'list');
      const parsed = parseExportQuery(def, new URL(c.req.url).searchParams);
      if ('issues' in parsed) throw fieldErrors(parsed.issues.map((i) => ({ path: [i.field], message: i.message })));
      parsed.request.list.filters = await readListWords(c, def, parsed.request.list.filters, parsed.request.list.tz);
      const plan = await planExport(c.get('db'), def, parsed.request, c.get('user'));
      if (def.name === PATIENT_ENTITY && plan.total > STEP_UP_EXPORT_ROWS) {
        try {
          requireFreshProof(c);
        } catch (err) {
          await plan.body.cancel().catch(() => {});
          throw err;
        }
      }
      return c.body(plan.body, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${exportFileName(def)}"`,
        'X-Total-Count': String(plan.total),
        ...(plan.estimate ? { 'X-Total-Is-Estimate': 'true' } : {}),
      });
    });
    app.get(`${base}/:id`, async (c) => {
      if (!canReadRecord(c.get('user').role, def.name)) throw forbidden();
      const rec = await getRecord(c.get('db'), def, recordIdParam(c), c.get('user'));
      if (holdsPatientData(def)) await audit(c.get('db'), c.get('user'), def, Number(rec.id), 'read', null, rec);
      return c.json({ data: rec });
    });
    if (def.workflow) {
      app.post(`${base}/:id/transition`, async (c) => {
        // A role that may make no move of this workflow is refused before anything else is looked at.
        if (!def.workflow!.transitions.some((m) => mayMove(c.get('user').role, def, m))) throw forbidden();
        const id = recordIdParam(c);
        const body = transitionBody.safeParse(await jsonBody(c));
        if (!body.success) throw fieldErrors(body.error.issues);
        if (def.workflow!.transitions.some((m) => m.to === body.data.to && m.stepUp)) requireFreshProof(c);
        return c.json({ data: await transition(c.get('db'), def, id, body.data, c.get('user'), { seller: c.get('config').seller, timeZone: c.get('config').centreTimeZone }) });
      });
      // Undo of a move by whoever made it, for a while (crud/transition-undo.ts): the same first refusal as a move.
      app.post(`${base}/:id/transition/undo`, async (c) => {
        if (!def.workflow!.transitions.some((m) => mayMove(c.get('user').role, def, m))) throw forbidden();
        const id = recordIdParam(c);
        const body = undoBody.safeParse(await jsonBody(c));
        if (!body.success) throw fieldErrors(body.error.issues);
        return c.json({ data: await undoTransition(c.get('db'), def, id, body.data, c.get('user')) });
      });
      app.get(`${base}/:id/history`, async (c) => {
        if (!canReadRecord(c.get('user').role, def.name)) throw forbidden();
        const id = recordIdParam(c);
        const rec = await getRecord(c.get('db'), def, id, c.get('user'));
        if (holdsPatientData(def)) await audit(c.get('db'), c.get('user'), def, id, 'read_history', null, rec);
        return c.json({ data: await statusHistory(c.get('db'), def, id) });
      });
    }
    app.put(`${base}/:id`, async (c) => {
      guard(c, def.name, 'edit');
      const id = recordIdParam(c);
      const { input: raw, asRead } = partPayload(def, 'update', await jsonBody(c));
      const input = screenImages(def, validate(def, 'update', raw), c.get('config').imageOrigins);
      const roleField = ROLE_FIELD[def.name];
      if (roleField && roleField in input && Number(input[roleField]) !== Number((await getRecord(c.get('db'), def, id, c.get('user')))[roleField])) requireFreshProof(c);
      return c.json({ data: await updateRecord(c.get('db'), def, id, input, { actor: c.get('user'), scryptLogN: c.get('config').scryptLogN, asRead }) });
    });
    app.delete(`${base}/:id`, async (c) => {
      guard(c, def.name, 'delete');
      await deleteRecord(c.get('db'), def, recordIdParam(c), c.get('user'));
      // In the trash for a while: whoever deleted it may restore it (POST …/restore, Undo).
      return c.json({ data: { deleted: true } });
    });
    app.post(`${base}/:id/restore`, async (c) => {
      guard(c, def.name, 'delete');
      return c.json({ data: await restoreRecord(c.get('db'), def, recordIdParam(c), c.get('user')) });
    });
  }
  return app;
}
