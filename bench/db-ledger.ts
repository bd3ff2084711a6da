import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/**
 * Loaded into a bench's console process (`node --import ./bench/db-ledger.ts`, BENCH_DB_LEDGER=FILE; bench/console-
 * process.ts passes it on with BENCH_DB_LEDGER_DIR): every call into the embedded database (PGlite's execProtocolRaw
 * and execProtocolRawStream: the wire messages, run synchronously in its WebAssembly, then a commit's flush) is
 * counted and timed, wall and CPU, by the statement it carries and how (a named statement's Bind, a Parse, or a step
 * of PGlite's own unnamed `query`), and every transaction's span from `begin` to its end too. The ledger so far is
 * written to FILE every second; bench/compare.ts reads it around each stretch (bench/db-ledger-report.ts). It patches
 * PGlite's class, not the console's code, so it measures any commit's console on the same packages (the ref too).
 *
 * By statement, not by caller: PGlite's own queue (runExclusive) cuts the async stack, so the text says who asked
 * (the session's read, an audit entry's insert, the sealer's, a sender's poll). It costs the console some CPU of its
 * own (two process.cpuUsage calls and a look at the message per call): compare figures taken with it on both sides.
 */
/** Calls, their wall and CPU time (ms; the call is synchronous), and the transactions begun with them and their spans. */
export interface LedgerRow { n: number; ms: number; cpuMs: number; txn: number; txnMs: number }

const file = process.env.BENCH_DB_LEDGER;
if (file) {
  const rows = new Map<string, LedgerRow>();
  const row = (key: string) => rows.get(key) ?? rows.set(key, { n: 0, ms: 0, cpuMs: 0, txn: 0, txnMs: 0 }).get(key)!;
  // The open transaction, named by its first statement after `begin` (what it is for).
  let open: { key: string | null; at: number } | null = null;
  const started = performance.now();
  let busyMs = 0;
  let busyCpuMs = 0;

  // A statement's text by its prepared name (Parse: name, text), so that a Bind's statement is known; '' is the
  // unnamed statement PGlite's `query` parses before each use.
  const named = new Map<string, string>();
  const namedInOrder: string[] = [];
  const cstring = (m: Uint8Array, from: number) => { const end = m.indexOf(0, from); return [Buffer.from(m.subarray(from, end)).toString(), end + 1] as const; };
  const short = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 90);
  const statementOf = (m: Uint8Array): [string, string] => {
    if (m[0] === 81) return ['simple', short(cstring(m, 5)[0])];
    if (m[0] === 80) {
      const [name, next] = cstring(m, 5);
      const text = short(cstring(m, next)[0]);
      named.set(name, text);
      if (name) namedInOrder.push(text.slice(0, 40));
      return [name ? 'parse (named)' : 'parse (unnamed)', text];
    }
    if (m[0] === 66) { const [, next] = cstring(m, 5); const name = cstring(m, next)[0]; return [name ? 'bind (named)' : 'bind (unnamed)', named.get(name) ?? '?']; }
    // Describe, Execute, Sync sent alone: the steps of PGlite's `query` on the unnamed statement last parsed.
    return [`step ${String.fromCharCode(m[0])} (unnamed)`, named.get('') ?? '?'];
  };

  type Exec = (this: PGlite, message: Uint8Array, opts?: unknown) => Promise<unknown>;
  const proto = PGlite.prototype as unknown as Record<'execProtocolRaw' | 'execProtocolRawStream', Exec>;
  const timed = (raw: Exec): Exec => async function (this: PGlite, message, opts) {
    const [how, text] = statementOf(message);
    const key = `${how} · ${text}`;
    const at = performance.now();
    const cpu = process.cpuUsage();
    try {
      return await raw.call(this, message, opts);
    } finally {
      const end = performance.now();
      const used = process.cpuUsage(cpu);
      if (open && open.key === null && !/^begin/i.test(text)) open.key = key;
      const r = row(key);
      r.n++;
      r.ms += end - at;
      r.cpuMs += (used.user + used.system) / 1000;
      busyMs += end - at;
      busyCpuMs += (used.user + used.system) / 1000;
      if (message[0] === 80) { /* parsed only: it runs at its Bind */ } else if (/^begin/i.test(text)) open = { key: null, at };
      else if (open && /^(commit|rollback)/i.test(text)) {
        const t = row(open.key ?? key);
        t.txn++;
        t.txnMs += end - open.at;
        open = null;
      }
    }
  };
  // execProtocolRawStream runs the messages itself (not through execProtocolRaw): both are timed.
  proto.execProtocolRaw = timed(proto.execProtocolRaw);
  proto.execProtocolRawStream = timed(proto.execProtocolRawStream);

  const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
  const write = () => writeFileSync(file, JSON.stringify({ wallMs: performance.now() - started, busyMs, busyCpuMs, cpuMs: cpuMs(), rows: Object.fromEntries(rows), named: namedInOrder }));
  setInterval(write, 1000).unref();
  process.on('exit', write);
}
