import { onEntriesWritten } from './audit/entry-listeners';
import { inboxFromEntries } from './inbox/sources';
import { rulesFromEntries } from './automation/watch';

/**
 * The readers of what the records' writers did, subscribed at start: every way the console opens its database for
 * writing (boot.ts, and app.ts for a cluster's workers) calls this first. The inbox adds what an entry puts in
 * someone's inbox (a ticket assigned, a payment rejected…), in the entry's transaction; the rules queue a run for
 * each switched-on rule a created record or a move meets (automation/watch.ts).
 */
export function subscribeReaders(): void {
  onEntriesWritten(inboxFromEntries);
  onEntriesWritten(rulesFromEntries);
}
