import { createRequire } from 'node:module';
import pino, { type DestinationStream } from 'pino';

/**
 * The server's log: one JSON object a line on stdout, what journald, Docker and log shippers read. LOG_LEVEL picks
 * the least severe level written (default info; `silent` writes nothing). Readable text instead with
 * LOG_FORMAT=pretty, the default where stdout is a terminal and pino-pretty (a devDependency) is installed: a
 * developer running `npm run serve` reads lines, a service manager or container gets JSON.
 *
 * What a line may hold: a message written by the server's own code, and the fields of request-log.ts. Never
 * personal data (a name, an e-mail address, a phone number), a request's body or query, or a token: the log is
 * read and kept by many more people than the database is. `scrub` is the guard for text that comes from elsewhere
 * (an error's message).
 */
const env = process.env;

function prettyStream(): DestinationStream | undefined {
  const wanted = env.LOG_FORMAT === 'pretty' || (env.LOG_FORMAT !== 'json' && process.stdout.isTTY);
  if (!wanted) return undefined;
  try {
    // Synchronous, so a line is out before process.exit; absent in a production install (`npm ci --omit=dev`).
    const pretty = createRequire(import.meta.url)('pino-pretty') as (o: object) => DestinationStream;
    return pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  } catch {
    return undefined;
  }
}

// Written asynchronously (sonic-boom): a request's log line is not a blocking write on the event loop, and lines logged
// while a write is under way go out together with the next. pino flushes what is left when the process exits.
const stdout: DestinationStream = prettyStream() ?? pino.destination({ dest: 1, sync: false });
let target: DestinationStream = stdout;

/** Writes to whatever `target` is now, so a test can read the log (captureLog) without a second logger. */
const switchable: DestinationStream = { write: (line: string) => target.write(line) };

export const logger = pino({
  level: env.LOG_LEVEL || 'info',
  timestamp: pino.stdTimeFunctions.isoTime,
}, switchable);

/** `(line) => void` for the start-up code that reports progress as text (boot, migrations, seed, jobs). */
export const logLine = (line: string) => logger.info(line);

/** Sends the log's lines to `sink` instead of where they went, until the returned function is called (tests). */
export function captureLog(sink: (line: string) => void): () => void {
  const before = target;
  target = { write: (line: string) => sink(line) };
  return () => { target = before; };
}

/** An address's usual characters only: a path such as node_modules/@scope/name.js is not one. */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** Seven digits or more, with the spaces, dots, dashes and brackets phone numbers are written with. */
const PHONE = /\+?\d[\d\s().-]{5,}\d/g;

/**
 * Text from outside the server's own code (an error's message, which may quote a value it refused) with anything
 * shaped like an e-mail address or a phone number replaced.
 */
export function scrub(text: string): string {
  return text.replace(EMAIL, '[e-mail]').replace(PHONE, (m) => (m.replace(/\D/g, '').length >= 7 ? '[number]' : m));
}
