import { Hono } from 'hono';
import { WORKLISTS, worklistAutoBody } from '../../registry';
import { fieldErrors, jsonBody, type AppEnv } from '../http';
import { autoSetting, setAuto } from './worklist-auto';
import { guardScreen } from '../screens/screen-query';

/**
 * A worklist's automatic reminders (reminders/worklist-auto.ts), for whoever may send its reminders by hand:
 *   GET /api/notifications/{id}/auto                        → { data: { enabled, everyDays, nextAt } }
 *   PUT /api/notifications/{id}/auto { enabled, everyDays? } → the same, as now set
 */
export function worklistAutoRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const w of WORKLISTS) {
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
