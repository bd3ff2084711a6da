import { Hono } from 'hono';
import { can, type EntityDef } from '../../registry';
import { fieldErrors, forbidden, jsonBody, recordIdParam, type AppEnv } from '../http';
import { requireFreshProof, ROLE_FIELD } from '../auth/step-up';
import { bulkBody, runBulk } from './bulk';
import { loadBulk, undoBulk } from './bulk-undo';

/** POST /api/{resource}/bulk: a role that may not edit (a set) or delete (a delete) the entity → 403, as for one record. */
export function addBulkRoute(app: Hono<AppEnv>, def: EntityDef) {
  app.post(`/${def.api}/bulk`, async (c) => {
    const role = c.get('user').role;
    if (!can(role, def.name, 'edit') && !can(role, def.name, 'delete')) throw forbidden();
    const body = bulkBody.safeParse(await jsonBody(c));
    if (!body.success) throw fieldErrors(body.error.issues);
    if (!can(role, def.name, body.data.op === 'set' ? 'edit' : 'delete')) throw forbidden();
    // A role given to many accounts is a role granted, as one given by the form (auth/step-up.ts).
    if (body.data.op === 'set' && ROLE_FIELD[def.name] === body.data.field) requireFreshProof(c);
    return c.json({ data: await runBulk(c, def, body.data) });
  });
}

/** POST /api/bulk/{id}/undo: the whole action taken back (crud/bulk-undo.ts), each record said. */
export function bulkRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/bulk/:id/undo', async (c) => {
    const db = c.get('db');
    const action = await loadBulk(db, recordIdParam(c), c.get('user'));
    return c.json({ data: { id: action.id, results: await undoBulk(db, action, c.get('user'), c.get('config').scryptLogN) } });
  });
  return app;
}
