import { PGlite } from '@electric-sql/pglite';
import { PGlitePrepared } from '../src/server/db/pglite-prepared';

/** `cpuMs`: the process's CPU time while it ran (the embedded database runs in this thread, so its work is in it). */
export interface Statement { sql: string; params: unknown[]; ms: number; cpuMs: number }

const cpuNow = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

/**
 * Statements the embedded database ran while `fn` ran, with their times: the bench's own window on the
 * SQL behind an HTTP call (the server has no query log). PGlite runs one statement at a time, so
 * nothing else's statements interleave.
 */
let recording: Statement[] | null = null;
let installed = false;

/** Times `method` of `proto` into the recording; a call inside another recorded call (the fallback of one to the other) counts once. */
let depth = 0;
function record(proto: Record<string, unknown>, method: string) {
  const original = proto[method] as (this: unknown, text: string, params?: unknown[], opts?: unknown) => Promise<unknown>;
  proto[method] = async function (this: unknown, text: string, params?: unknown[], opts?: unknown) {
    if (!recording || depth > 0) return original.call(this, text, params, opts);
    const started = performance.now();
    const cpuStarted = cpuNow();
    depth++;
    try {
      return await original.call(this, text, params, opts);
    } finally {
      depth--;
      recording?.push({ sql: text, params: params ?? [], ms: performance.now() - started, cpuMs: cpuNow() - cpuStarted });
    }
  };
}

function install() {
  if (installed) return;
  installed = true;
  // The console's statements go through its prepared statements (db/pglite-prepared.ts), or PGlite's own query.
  record(PGlitePrepared.prototype as unknown as Record<string, unknown>, 'query');
  record(PGlite.prototype as unknown as Record<string, unknown>, 'query');
}

export async function traced<T>(fn: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
  install();
  const statements: Statement[] = [];
  recording = statements;
  try {
    return { result: await fn(), statements };
  } finally {
    recording = null;
  }
}
