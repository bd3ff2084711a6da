import { onEntriesWritten } from './audit/entry-listeners';
import { inboxFromEntries } from './inbox/sources';

/**
 * The readers of what the records' writers did, subscribed at start: every way the console opens its database for
 * writing (boot.ts, and app.ts for a cluster's workers) calls this first. The inbox adds what an entry puts in
 * someone's inbox (a ticket assigned, a payment rejected…), in the entry's transaction.
 */
export function subscribeReaders(): void {
  onEntriesWritten(inboxFromEntries);
}
