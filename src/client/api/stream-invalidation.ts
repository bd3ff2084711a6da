import { entityByName, INBOX_STREAM, RUNS_STREAM } from '../../registry';
import type { ChangeEvent, StreamNews } from './events';
import { keys } from './keys';
import { queryClient } from './query-client';
import { listsChanged } from './writes';

/**
 * The data layer's side of the change stream (events.ts): what others change makes stale the same keys a write of
 * this tab invalidates (writes.ts), so a list, a picker, a record or a screen on view reads itself again.
 * query-client.ts follows the stream with it from the moment the cache exists.
 */

/**
 * What one change makes stale: its entity's lists, pickers and the caller's own raised records (listsChanged), the
 * record with its history and timeline, and the bespoke screens (worklists, dashboards, logs), which read across
 * entities. A record this tab already holds at the event's version (its own write, set from the answer) is left be.
 */
export function changeHeard(e: ChangeEvent) {
  // The user's inbox changed: the panel's pages read again (its badge counts through the stream itself).
  if (e.entity === INBOX_STREAM) {
    void queryClient.invalidateQueries({ queryKey: keys.inbox });
    return;
  }
  // A run of the scheduler moved: the Runs screen reads again, whatever its filters.
  if (e.entity === RUNS_STREAM) {
    void queryClient.invalidateQueries({ queryKey: keys.screen('runs') });
    return;
  }
  const def = entityByName(e.entity);
  if (!def) return;
  const own = keys.entity(def.name).record(e.id);
  const held = queryClient.getQueryData<{ version?: unknown }>(own);
  const current = e.version !== null && typeof held?.version === 'number' && held.version >= e.version;
  if (e.action === 'delete') queryClient.removeQueries({ queryKey: own, type: 'inactive' });
  if (!current) void queryClient.invalidateQueries({ queryKey: own });
  listsChanged(def);
  void queryClient.invalidateQueries({ queryKey: keys.screens });
}

/** One message of the stream: its changes, or, when some were missed, everything (inactive answers ask again when shown). */
export function newsHeard(news: StreamNews) {
  if (news.resync) void queryClient.invalidateQueries();
  else for (const e of news.changes) changeHeard(e);
}
