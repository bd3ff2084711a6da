import { RECENT_MAX, type RecentUse } from '../../registry';

/**
 * The palette's recently and frequently used commands and records, per user. They live in the user's preferences on
 * the server (the user's preferences, `recent`), not in this browser's storage: they follow the user to another computer,
 * survive signing out and in, and a shared front-desk computer never shows the next user whose records were opened.
 * Here the ranking; noting a use and writing it, api/recents.ts.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How high a use ranks: how recent its last use (an hour, a day, a week, a month), and how often it was used. */
export function frecency(use: RecentUse, now = Date.now()): number {
  const age = Math.max(0, now - use.at);
  const recency = age < HOUR ? 4 : age < DAY ? 3 : age < 7 * DAY ? 2 : age < 30 * DAY ? 1 : 0;
  return recency + Math.log2(1 + use.count);
}

/** Best first: by frecency, then the latest. */
export function byFrecency(list: readonly RecentUse[], now = Date.now()): RecentUse[] {
  return [...list].sort((a, b) => frecency(b, now) - frecency(a, now) || b.at - a.at);
}

/** The list after one more use: counted, dated now, and the list kept to RECENT_MAX by dropping the lowest. */
export function withUse(list: readonly RecentUse[], use: Pick<RecentUse, 'kind' | 'id' | 'title'>, now = Date.now()): RecentUse[] {
  const before = list.find((u) => u.kind === use.kind && u.id === use.id);
  const title = (use.title ?? before?.title)?.slice(0, 300);
  const next: RecentUse = { kind: use.kind, id: use.id, ...(title ? { title } : {}), at: now, count: Math.min((before?.count ?? 0) + 1, 1_000_000) };
  const rest = list.filter((u) => u !== before);
  return [next, ...byFrecency(rest, now).slice(0, RECENT_MAX - 1)];
}
