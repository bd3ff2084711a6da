import { closeSync, existsSync, fstatSync, fsyncSync, mkdirSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * Anchors: the audit chain's head (its last row's seq and hash) written outside the database, to AUDIT_ANCHOR_FILE
 * (DATA_DIR/audit-anchors.log by default; best on another disk or host). The chain alone shows a row changed since it
 * was written, but not a log rewritten from some row on with every hash after it computed again, nor its last rows
 * taken away: whoever can change the rows can do both. An anchor written before is out of their reach, and
 * `npm run audit:verify` checks the chain against every one (audit/audit-verify.ts).
 *
 * One line an anchor, appended and forced to the disk: `<ISO time> <seq> <hash> <why>`, `why` being
 *   start / timer / stop  the head when a console starts, every ANCHOR_EVERY_MS while the log grows, and at a clean stop;
 *   backup                the head a backup holds (GET /api/system/backup, the scheduled ones);
 *   restore               the head a restore brought back: the anchors before it of rows past that seq are of a
 *                         history the restore went back from, and the check sets them aside (and says so).
 */
export const ANCHOR_EVERY_MS = 5 * 60_000;

export const ANCHOR_REASONS = ['start', 'timer', 'stop', 'backup', 'restore'] as const;
export type AnchorReason = (typeof ANCHOR_REASONS)[number];

export interface ChainHead { seq: number; hash: string }
export interface Anchor extends ChainHead { at: string; reason: AnchorReason; /** Its line in the file, from 1. */ line: number }

const LINE = new RegExp(`^(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z) (\\d{1,18}) ([0-9a-f]{64}) (${ANCHOR_REASONS.join('|')})$`);

/** The chain's last sealed row (audit/audit-seal.ts), read by its index; null for a log with none. */
export async function chainHead(db: DB): Promise<ChainHead | null> {
  const row = (await sql<{ seq: string; hash: string }>`select a.seq::text as seq, a.hash from audit_log a where a.seq is not null order by a.seq desc limit 1`.execute(db)).rows[0];
  return row ? { seq: Number(row.seq), hash: row.hash } : null;
}

/** Appends one anchor and forces it to the disk. The folder and the file are the console's user's alone. */
export function appendAnchor(file: string, head: ChainHead, reason: AnchorReason, at = new Date()): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const fd = openSync(file, 'a+', 0o600);
  try {
    const line = `${at.toISOString()} ${head.seq} ${head.hash} ${reason}\n`;
    // A line a crash broke off is ended first, so that this one stands on its own.
    writeSync(fd, endsCut(fd) ? `\n${line}` : line);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function endsCut(fd: number): boolean {
  const size = fstatSync(fd).size;
  if (!size) return false;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] !== 0x0a;
}

/** Whether the file can be appended to (a restore checks before it writes anything). */
export function checkAnchorFileWritable(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
}

export interface AnchorFile {
  anchors: Anchor[];
  /** Lines that are not anchors (a last line cut short by a crash while written is left out, not counted here). */
  unreadable: number[];
}

/** The anchors of a file; null when there is no file. */
export function readAnchors(file: string): AnchorFile | null {
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  // The text after the last newline: empty, or a line whose writing a crash broke off.
  lines.pop();
  const anchors: Anchor[] = [];
  const unreadable: number[] = [];
  lines.forEach((text, i) => {
    const m = LINE.exec(text);
    if (m) anchors.push({ at: m[1], seq: Number(m[2]), hash: m[3], reason: m[4] as AnchorReason, line: i + 1 });
    else unreadable.push(i + 1);
  });
  return { anchors, unreadable };
}

/** The file's last anchor, read from its end (the file grows by a line every five minutes of use). */
function lastAnchor(file: string): ChainHead | null {
  if (!existsSync(file)) return null;
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const tail = Buffer.alloc(Math.min(size, 512));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    const last = tail.toString('utf8').split('\n').slice(0, -1).pop() ?? '';
    const m = LINE.exec(last);
    return m ? { seq: Number(m[2]), hash: m[3] } : null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Anchors the head now unless the file's last anchor is it already (another process of this host may have written
 * it), and says so in the log: logs usually leave the host, so the log holds the anchors too. Its hash's first 16
 * digits there, since a line with a long run of letters and digits reads as a token to whoever checks the log.
 */
export async function anchorHead(db: DB, file: string, reason: AnchorReason, log: (line: string) => void = () => {}): Promise<ChainHead | null> {
  const head = await chainHead(db);
  if (!head) return null;
  const last = lastAnchor(file);
  if (last?.seq === head.seq && last.hash === head.hash) return head;
  appendAnchor(file, head, reason);
  log(`[audit] the chain's head anchored (${reason}): seq ${head.seq}, hash ${head.hash.slice(0, 16)}…`);
  return head;
}

/**
 * Anchors the head at start (a file that cannot be written stops the start, naming it), then every `everyMs` while
 * the log grows, and at stop. Returns stop(), which writes the last anchor: call it before the database closes.
 */
export async function startAnchoring(db: DB, file: string, log: (line: string) => void, everyMs = ANCHOR_EVERY_MS): Promise<() => Promise<void>> {
  try {
    await anchorHead(db, file, 'start', log);
  } catch (err) {
    throw new Error(`AUDIT_ANCHOR_FILE ${file} cannot be written (${(err as Error).message}): give a file the console's user may append to.`);
  }
  let current: Promise<unknown> | null = null;
  const pass = (reason: AnchorReason) => current = anchorHead(db, file, reason, log)
    .catch((err: Error) => log(`[audit] the chain's head could not be anchored in ${file}: ${err.message}`))
    .finally(() => { current = null; });
  const timer = setInterval(() => { if (!current) void pass('timer'); }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
    await pass('stop');
  };
}
