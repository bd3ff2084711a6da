import { PGlite } from '@electric-sql/pglite';

export interface Statement { sql: string; params: unknown[]; ms: number }

/**
 * Statements the embedded database ran while `fn` ran, with their times: the bench's own window on the
 * SQL behind an HTTP call (the server has no query log). PGlite runs one statement at a time, so
 * nothing else's statements interleave.
 */
let recording: Statement[] | null = null;
let installed = false;

function install() {
  if (installed) return;
  installed = true;
  const proto = PGlite.prototype as unknown as { query: (sql: string, params?: unknown[], opts?: unknown) => Promise<unknown> };
  const original = proto.query;
  proto.query = async function (this: unknown, text: string, params?: unknown[], opts?: unknown) {
    if (!recording) return original.call(this, text, params, opts);
    const started = performance.now();
    try {
      return await original.call(this, text, params, opts);
    } finally {
      recording?.push({ sql: text, params: params ?? [], ms: performance.now() - started });
    }
  };
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
