/**
 * This tab's own writes, as the change stream will tell them back: a write's answer already refreshed what it changed
 * (writes.ts), so its echo on the stream (api/events.ts) is passed over instead of asking for the same lists again.
 * The stream waits for the writes under way before it acts, so an echo that arrives before its answer is still known.
 */

/** Records written last, by `entity:id`: the version the answer carried, or `gone` for a delete. */
const written = new Map<string, number | 'gone'>();
const KEPT = 500;
let inFlight = 0;
let waiters: (() => void)[] = [];

const keyOf = (entity: string, id: number) => `${entity}:${id}`;

/** Runs one write of this tab; `mark` names what its answer says it wrote (wrote below). */
export async function ownWrite<T>(run: () => Promise<T>, mark: (answer: T) => void): Promise<T> {
  inFlight++;
  try {
    const answer = await run();
    mark(answer);
    return answer;
  } finally {
    inFlight--;
    if (!inFlight) {
      const ready = waiters;
      waiters = [];
      for (const w of ready) w();
    }
  }
}

/** A record this tab wrote: at `version` (the answer's), or deleted. */
export function wrote(entity: string, id: number, version: unknown) {
  const key = keyOf(entity, id);
  written.delete(key);
  written.set(key, version === 'gone' ? 'gone' : Number(version));
  if (written.size > KEPT) written.delete(written.keys().next().value!);
}

/** Whether a change heard is one this tab made (or older than what it wrote): nothing it shows is stale by it. */
export function isEcho(e: { entity: string; id: number; version: number | null; action: string }): boolean {
  const mine = written.get(keyOf(e.entity, e.id));
  if (mine === undefined) return false;
  if (mine === 'gone') return e.action === 'delete';
  return e.version !== null && Number.isFinite(mine) && e.version <= mine;
}

/** Resolves once no write of this tab is under way. */
export function writesSettled(): Promise<void> {
  return inFlight ? new Promise((resolve) => waiters.push(resolve)) : Promise.resolve();
}
