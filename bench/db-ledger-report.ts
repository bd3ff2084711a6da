import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LedgerRow } from './db-ledger';

/** What bench/db-ledger.ts wrote for one console: so far, since it started. */
export interface Ledger { wallMs: number; busyMs: number; busyCpuMs: number; cpuMs: number; rows: Record<string, LedgerRow> }

export const EMPTY_LEDGER: Ledger = { wallMs: 0, busyMs: 0, busyCpuMs: 0, cpuMs: 0, rows: {} };
const ZERO: LedgerRow = { n: 0, ms: 0, cpuMs: 0, txn: 0, txnMs: 0 };

/** The ledger of the console on `port`, when BENCH_DB_LEDGER_DIR has the consoles keep one (else null). */
export function readLedger(port: number): Ledger | null {
  const dir = process.env.BENCH_DB_LEDGER_DIR;
  if (!dir) return null;
  const file = path.join(path.resolve(dir), `ledger-${port}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Ledger) : EMPTY_LEDGER;
}

/** `sum` plus what happened between `before` and `after`. */
export function addStretch(sum: Ledger, before: Ledger, after: Ledger): Ledger {
  const rows = { ...sum.rows };
  for (const [key, a] of Object.entries(after.rows)) {
    const b = before.rows[key] ?? ZERO;
    const s = rows[key] ?? ZERO;
    rows[key] = { n: s.n + a.n - b.n, ms: s.ms + a.ms - b.ms, cpuMs: s.cpuMs + a.cpuMs - b.cpuMs, txn: s.txn + a.txn - b.txn, txnMs: s.txnMs + a.txnMs - b.txnMs };
  }
  const gap = (k: 'wallMs' | 'busyMs' | 'busyCpuMs' | 'cpuMs') => sum[k] + after[k] - before[k];
  return { wallMs: gap('wallMs'), busyMs: gap('busyMs'), busyCpuMs: gap('busyCpuMs'), cpuMs: gap('cpuMs'), rows };
}

/**
 * The ledger of the measured stretches as a table: each source's round trips and database time per request served,
 * its share of the database's busy time, and its transactions' time from begin to end (the one connection held).
 */
export function ledgerTable(name: string, l: Ledger, requests: number, top = 24): string {
  const all = Object.entries(l.rows).filter(([, r]) => r.n > 0);
  // The calls by how they were made (a named statement's Bind, a Parse, PGlite's unnamed query's steps), then by statement.
  const byHow = new Map<string, LedgerRow>();
  for (const [key, r] of all) {
    const how = `(all) ${key.split(' · ')[0]}`;
    const s = byHow.get(how) ?? ZERO;
    byHow.set(how, { n: s.n + r.n, ms: s.ms + r.ms, cpuMs: s.cpuMs + r.cpuMs, txn: s.txn + r.txn, txnMs: s.txnMs + r.txnMs });
  }
  const rows = [...[...byHow].sort((a, b) => b[1].cpuMs - a[1].cpuMs), ...all.sort((a, b) => b[1].cpuMs - a[1].cpuMs).slice(0, top)];
  const lines = [
    `\n${name}: ${requests} requests in ${(l.wallMs / 1000).toFixed(1)} s; the process's CPU ${(l.cpuMs / requests).toFixed(2)} ms a request, `
      + `of it in the database ${(l.busyCpuMs / requests).toFixed(2)} ms (${((100 * l.busyCpuMs) / Math.max(1, l.cpuMs)).toFixed(0)}%); the database busy ${((100 * l.busyMs) / Math.max(1, l.wallMs)).toFixed(0)}% of the time`,
    '| how · statement | calls | per request | db wall ms | db CPU ms per request | share of db CPU | transactions | held ms |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const [key, r] of rows) {
    lines.push(`| ${key} | ${r.n} | ${(r.n / requests).toFixed(2)} | ${r.ms.toFixed(0)} | ${(r.cpuMs / requests).toFixed(2)} | ${((100 * r.cpuMs) / Math.max(1, l.busyCpuMs)).toFixed(1)}% | ${r.txn} | ${r.txnMs.toFixed(0)} |`);
  }
  return lines.join('\n');
}
