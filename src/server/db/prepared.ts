import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Named prepared statements for a PostgreSQL server. Kysely sends every statement unnamed, so the server parses and
 * analyses each one again, though a console sends the same few hundred texts all day (the session check, each list's
 * page and count, labels, details). A text named by its hash is parsed once per connection; later uses send only its
 * values. Each call is still planned for its own values (plan_cache_mode = force_custom_plan, db/connection.ts): a
 * generic plan made a list search 25 times slower.
 *
 * A connection names at most PREPARED_PER_CONNECTION texts, each at its second use (SecondUse), and sends the rest
 * unnamed: no statement is ever deallocated, so none can be dropped under a query that is about to use it, and a text
 * that holds literals rather than parameters cannot fill the server's memory.
 */
export const PREPARED_PER_CONNECTION = 400;

/**
 * Which texts a connection has sent once: a text is named at its second use, so that one run once never takes a
 * slot. Naming the first texts met would give every slot to the migrations of a start after an upgrade (hundreds of
 * statements of DDL and backfills, each run once), and the process would then send every request's statements
 * unnamed until it restarted: parsed and analysed each time, on the embedded database six calls into it instead of
 * one (bench/load-figures.md, Run G). The texts seen are bounded too, forgotten all at once when full.
 */
export class SecondUse<K> {
  private readonly seen = new Set<K>();

  constructor(private readonly bound = PREPARED_PER_CONNECTION * 10) {}

  /** Whether `key` was sent before (and so is worth naming now); remembers it otherwise. */
  again(key: K): boolean {
    if (this.seen.delete(key)) return true;
    if (this.seen.size >= this.bound) this.seen.clear();
    this.seen.add(key);
    return false;
  }
}

/** DATABASE_PREPARE=0 sends every statement unnamed, on both databases (README.md#environment). */
export const preparing = () => process.env.DATABASE_PREPARE !== '0';

/** Names by text, remembered (hashing each text again cost more than the rest of this file); emptied when full. */
const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= 5_000) names.clear();
    name = `k${createHash('sha1').update(text).digest('hex').slice(0, 30)}`;
    names.set(text, name);
  }
  return name;
}

/** Makes `client.query(text, values)` (the form Kysely uses) send a named statement; called once per connection. */
export function prepareStatements(client: pg.PoolClient, limit = PREPARED_PER_CONNECTION): pg.PoolClient {
  const prepared = new Set<string>();
  const once = new SecondUse<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (typeof config !== 'string' || !Array.isArray(values) || callback !== undefined) return query(config, values, callback);
    const name = nameOf(config);
    if (!prepared.has(name)) {
      if (prepared.size >= limit || !once.again(name)) return query(config, values);
      prepared.add(name);
    }
    return query({ name, text: config, values });
  };
  return client;
}
