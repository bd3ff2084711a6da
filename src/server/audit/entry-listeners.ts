import type { DB } from '../db/connection';
import type { Entry } from './audit';

/**
 * What the audit writer tells, once its entries are written, in their transaction: the readers of what happened (the
 * inbox today) subscribe at start (server/readers.ts) rather than being imported by the writer, so the records' floor
 * does not reach up into the rooms that read it. A listener that throws rolls the write back with it, as before.
 */
export type EntriesListener = (db: DB, entries: readonly Entry[]) => Promise<void>;

const listeners = new Set<EntriesListener>();

/** Subscribes `fn` to every entry written (once: subscribing it again changes nothing). */
export function onEntriesWritten(fn: EntriesListener): void {
  listeners.add(fn);
}

export async function tellEntriesWritten(db: DB, entries: readonly Entry[]): Promise<void> {
  for (const fn of listeners) await fn(db, entries);
}
