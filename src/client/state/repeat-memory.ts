import { subscribe } from 'valtio';
import { entityByName } from '../../registry';
import { forgetRepeatable, keepRepeatable, type Repeatable } from '../../../commands';
import { session } from './session';

/** Where a user's last repeatable is kept in this browser: one key a user, so that the next user never repeats it. */
export const repeatKey = (userId: number) => `console_repeat_${userId}`;

/**
 * What may be kept in the browser's storage: a move, a reminder, and a field set to a value of a closed set (a status,
 * a priority, yes or no). A field's value that names a record or holds free text (a person, a note) stays in the
 * page's memory only: the browser's storage outlives the session on a shared computer (state/prefs.ts keeps the
 * recent records on the server for the same reason).
 */
export function mayKeep(r: Repeatable): boolean {
  if (r.kind !== 'field') return true;
  const def = entityByName(r.entity);
  return Boolean(def && ['enum', 'bool'].includes(def.fields[r.field]?.kind ?? ''));
}

/**
 * `.` remembers the last repeatable command across a reload, per user: read back when a user is signed in (or the
 * page restores their session), written as each new one is noted, forgotten from the page when they sign out.
 */
function follow(): void {
  const id = session.user?.id ?? null;
  if (id === current) return;
  current = id;
  if (id === null) { forgetRepeatable(); return; }
  let known: unknown = null;
  try { known = JSON.parse(localStorage.getItem(repeatKey(id)) ?? 'null'); } catch { /* none kept */ }
  // A move of an entity that is no longer (the registry changed since it was kept) is not read back.
  const move = known as { kind?: string; entity?: string } | null;
  if (move?.entity && !entityByName(move.entity)) known = null;
  keepRepeatable(known, (r) => {
    if (r && mayKeep(r)) localStorage.setItem(repeatKey(id), JSON.stringify(r));
    else localStorage.removeItem(repeatKey(id));
  });
}

let current: number | null = null;
follow();
subscribe(session, follow);
