import { proxy } from 'valtio';
import { PRESENCE_GONE_SECONDS, type PresenceEvent, type PresenceMode } from '../../registry';

/**
 * What the change stream said about others' work, for the screens to show it (api/events.ts fills it): records
 * changed by someone else a moment ago (a row's mark, a form's "Changed by … just now"), records deleted by someone
 * else (a polite note on their list), and who else has a record open (presence). Kept apart from the stream's code,
 * which loads on demand, so the screens read it without loading the stream.
 */
export interface RemoteChange { action: string; version: number | null; by: number | null; byName: string | null; marked: boolean }
export interface Present { name: string; mode: Exclude<PresenceMode, 'left'> }

/** How long a changed row stays marked. */
export const MARK_MS = 4000;

export const live = proxy({
  /** `${entity}:${id}` → the last change another user made to it; `marked` for MARK_MS after it was heard. */
  changes: {} as Record<string, RemoteChange>,
  /** Per entity: the last delete by another user, as a note for that entity's list ("… deleted by Asha Rao"). */
  deleted: {} as Record<string, { byName: string | null; at: number }>,
  /** `${entity}:${id}` → user id → what that user is doing there, until PRESENCE_GONE_SECONDS pass unheard. */
  presence: {} as Record<string, Record<number, Present>>,
});

export const recordKey = (entity: string, id: number) => `${entity}:${id}`;

const unmark = new Map<string, ReturnType<typeof setTimeout>>();
const gone = new Map<string, ReturnType<typeof setTimeout>>();

export function heardChange(entity: string, id: number, c: Omit<RemoteChange, 'marked'>, now = Date.now()) {
  const key = recordKey(entity, id);
  live.changes[key] = { ...c, marked: true };
  clearTimeout(unmark.get(key));
  unmark.set(key, setTimeout(() => {
    unmark.delete(key);
    const change = live.changes[key];
    if (change) change.marked = false;
  }, MARK_MS));
  if (c.action === 'delete') live.deleted[entity] = { byName: c.byName, at: now };
}

export function heardPresence(p: PresenceEvent) {
  const key = recordKey(p.entity, p.id);
  const timer = `${key}:${p.user}`;
  clearTimeout(gone.get(timer));
  gone.delete(timer);
  const here = (live.presence[key] ??= {});
  if (p.mode === 'left') {
    delete here[p.user];
    return;
  }
  here[p.user] = { name: p.name, mode: p.mode };
  // A page that closed without a word (a laptop shut, the network gone) is gone once its beats stop.
  gone.set(timer, setTimeout(() => {
    gone.delete(timer);
    delete live.presence[key]?.[p.user];
  }, PRESENCE_GONE_SECONDS * 1000));
}

/** Who else is on a record: editors first, then by name. */
export function presentOn(people: Readonly<Record<number, Present>> | undefined): (Present & { user: number })[] {
  return Object.entries(people ?? {})
    .map(([user, p]) => ({ ...p, user: Number(user) }))
    .sort((a, b) => (a.mode === b.mode ? a.name.localeCompare(b.name) : a.mode === 'editing' ? -1 : 1));
}
