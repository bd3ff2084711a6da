import { Hono } from 'hono';
import { z } from 'zod';
import { WORKLISTS, worklistAutoBody, type WorklistAuto } from '../../registry';
import { fieldErrors, jsonBody, type AppEnv } from '../http';
import { dataOf, describeCalls, isoTime, rolesOfScreen } from '../http/call-docs';
import { autoSetting, setAuto } from './worklist-auto';
import { guardScreen } from '../screens/screen-query';

/**
 * A worklist's automatic reminders (reminders/worklist-auto.ts), for whoever may send its reminders by hand:
 *   GET /api/notifications/{id}/auto                        → { data: { enabled, everyDays, nextAt } }
 *   PUT /api/notifications/{id}/auto { enabled, everyDays? } → the same, as now set
 */
const autoAnswer = dataOf(z.strictObject({ enabled: z.boolean(), everyDays: z.number().int().min(1), nextAt: isoTime.nullable() }) satisfies z.ZodType<WorklistAuto>);

export function worklistAutoRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const w of WORKLISTS) {
    describeCalls({
      [`GET /api/notifications/${w.id}/auto`]: { summary: "The worklist's automatic reminders: on or off, how often, when the next round goes", roles: rolesOfScreen(w.id), ok: { status: 200, schema: autoAnswer } },
      [`PUT /api/notifications/${w.id}/auto`]: {
        summary: "Turn the worklist's automatic reminders on (a round at once, then every everyDays days) or off", roles: rolesOfScreen(w.id), body: worklistAutoBody,
        ok: { status: 200, schema: autoAnswer },
      },
    });
    app.get(`/notifications/${w.id}/auto`, async (c) => {
      guardScreen(c, w.id);
      return c.json({ data: await autoSetting(c.get('db'), w) });
    });
    app.put(`/notifications/${w.id}/auto`, async (c) => {
      guardScreen(c, w.id);
      const body = worklistAutoBody.safeParse(await jsonBody(c));
      if (!body.success) throw fieldErrors(body.error.issues);
      const db = c.get('db');
      await db.transaction().execute((tx) => setAuto(tx, w, body.data, c.get('user').id, new Date()));
      return c.json({ data: await autoSetting(db, w) });
    });
  }
  return app;
}
