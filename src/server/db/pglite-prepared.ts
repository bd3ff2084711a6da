import { parse as results, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import { PREPARED_PER_CONNECTION, SecondUse } from './prepared';
import { readAnswer } from './wire-reader';

const { serialize } = protocol;

interface Statement { name: string; types: number[]; raw: boolean }
let named = 0;
interface BackendMessage { name: string }

/**
 * Whether an answer to `text` may carry a notification, which only PGlite's own reading of an answer hands to its
 * listeners (the change stream, db/connection.ts): a NOTIFY is sent when the transaction that made it commits, so by
 * the statement that makes one (in its own transaction) or the one that commits it.
 */
const mayNotify = (text: string) => /notify/i.test(text) || /^\s*(commit|end)\b/i.test(text);

/** The database's error among the answers (PGlite's parser makes it an Error), thrown as `query` would throw it. */
function raiseError(messages: BackendMessage[]) {
  const error = messages.find((m) => m instanceof Error);
  if (error) throw error;
}

/**
 * Named prepared statements on the embedded database, as db/prepared.ts does for a PostgreSQL server. PGlite's
 * `query` parses, describes, binds and runs each statement in six calls into the WebAssembly backend and plans it
 * afresh, which, under load, was most of the embedded console's time (planning alone asks the file system for every
 * table's size). Here a text is parsed once (its parameter types kept to write values as PGlite does), and each later
 * use is one call: bind, describe, execute, sync (still planned for its values, as on a server). At most
 * PREPARED_PER_CONNECTION texts are named, each at its second use (db/prepared.ts SecondUse); the rest go through
 * `query` as before.
 */
export class PGlitePrepared {
  private readonly statements = new Map<string, Statement>();
  private readonly once = new SecondUse<string>();

  constructor(private readonly pg: PGlite, private readonly limit = PREPARED_PER_CONNECTION) {}

  /** Runs `text` with `params` as `pg.query` would, through a named statement. Callers hold the one connection. */
  async query<R>(text: string, params: readonly unknown[]): Promise<Results<R>> {
    let statement = this.statements.get(text);
    if (!statement) {
      if (this.statements.size >= this.limit || !this.once.again(text)) return this.pg.query<R>(text, params as unknown[]);
      statement = await this.prepare(text);
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const write = this.pg.serializers[statement.types[i]];
      return write ? write(value) : String(value);
    });
    const parts = [
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ];
    const messages = statement.raw ? await this.execRaw(parts) : await this.exec(parts);
    raiseError(messages);
    return results.parseResults(messages as never, this.pg.parsers)[0] as Results<R>;
  }

  /** Parses `text` under a new name and reads its parameter types; a text the server refuses is not kept. */
  private async prepare(text: string): Promise<Statement> {
    // Named for the process, not for this object: two of them on one database must never meet on a name.
    const name = `k${++named}`;
    const messages = await this.exec([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]);
    raiseError(messages);
    const statement = { name, types: results.parseDescribeStatementResults(messages as never), raw: !mayNotify(text) };
    this.statements.set(text, statement);
    return statement;
  }

  /**
   * As exec, the answer read by readAnswer; one holding anything else is read by PGlite's parser, and a notification
   * there (a statement mayNotify missed) is an error: PGlite's listeners would never hear it.
   */
  private async execRaw(parts: Uint8Array[]): Promise<BackendMessage[]> {
    // The answer's bytes as they come, unread: execProtocolRaw would still hand each chunk to PGlite's parser.
    const chunks: Uint8Array[] = [];
    await this.pg._runExclusiveQuery(() => this.pg.execProtocolRawStream(Buffer.concat(parts), { onRawData: (chunk: Uint8Array) => { chunks.push(chunk.slice()); } }));
    const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    const read = readAnswer(raw);
    if (read) return read;
    const messages: BackendMessage[] = [];
    new protocol.Parser().parse(raw, (m: BackendMessage) => messages.push(m));
    if (messages.some((m) => m.name === 'notification')) throw new Error('A notification came back on a statement read without PGlite\'s listeners (pglite-prepared.ts mayNotify)');
    return messages;
  }

  private exec(parts: Uint8Array[]): Promise<BackendMessage[]> {
    // Errors come back among the messages, so that a failed statement's Sync is always read to its end.
    return this.pg._runExclusiveQuery(() => this.pg.execProtocolStream(Buffer.concat(parts), { throwOnError: false }));
  }
}
