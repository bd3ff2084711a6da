import { Hono } from 'hono';
import { canReadRecord, entityByName, presenceBody } from '../../registry';
import { centreOf, inScope } from '../records/scope';
import { fetchRecord } from '../crud/write';
import { fail, fieldErrors, jsonBody, type AppEnv } from '../http';
import { describeCalls } from '../http/call-docs';
import { publishPresence } from '../events/notices';

/**
 * `POST /api/presence {entity, id, mode}` → 204: the caller has a record open (its details: `viewing`; its edit form:
 * `editing`) or has left it. Told at once to the streams of everyone else who may read that record (routes/events.ts),
 * never stored: each open page repeats it every PRESENCE_BEAT_SECONDS, and one unheard for PRESENCE_GONE_SECONDS is
 * gone. Only a record the caller may read can be named (else 404, as a read of it would answer), so nobody learns of
 * a record, or announces themselves on one, through this call.
 */
describeCalls({
  'POST /api/presence': { summary: 'Say that one has a record open (viewing or editing) or has left it: told to the others who may read it, never stored', body: presenceBody, ok: { status: 204 }, refuses: [404] },
});

export function presenceRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/presence', async (c) => {
    const me = c.get('user');
    const r = presenceBody.safeParse(await jsonBody(c));
    if (!r.success) throw fieldErrors(r.error.issues);
    const def = entityByName(r.data.entity);
    const notFound = () => fail(404, 'This record does not exist', { code: 'not_found' });
    if (!def || !canReadRecord(me.role, def.name)) throw notFound();
    // Not a read of the record's data (nothing of it is answered): no read is audited, no labels are looked up.
    const record = await fetchRecord(c.get('db'), def, r.data.id);
    if (!record || !inScope(def, me, record)) throw notFound();
    const name = [me.firstName, me.lastName].filter(Boolean).join(' ') || me.email.split('@')[0];
    await publishPresence(c.get('db'), { entity: def.name, id: r.data.id, user: me.id, name, mode: r.data.mode, centre: centreOf(def, record) });
    return c.body(null, 204);
  });
  return app;
}
