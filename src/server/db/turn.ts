/**
 * A turn of the event loop. The embedded database answers through promises that are already settled when its
 * statement ends (PGlite runs each statement synchronously), so work that chains transaction after transaction (an
 * import's batches, a campaign's, a bulk action's) would never let the server read another request until it ended:
 * the first answer to anyone else came after the last batch. Awaited before each batch, it lets waiting requests in
 * (they then queue for the connection before the next batch does).
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The embedded database's one connection as requests use it: how many times it was asked for, and by how many now
 * (held or waiting). Counted by the PGlite driver (db/pglite-dialect.ts); a PostgreSQL server's pool counts nothing
 * here, and its background work need not wait (it has connections to spare).
 */
const use = { asked: 0, now: 0 };
export const connectionAsked = () => { use.asked += 1; use.now += 1; };
export const connectionGiven = () => { use.now -= 1; };

/**
 * Background work's wait between two of its transactions (a campaign's batches): turns of the event loop until one
 * passes with the connection neither held nor asked for (staff's requests go first), or until `atMostMs` have passed,
 * so that under a steady stream of requests the work still goes on, a batch in each such stretch.
 */
export async function afterRequests(atMostMs: number): Promise<void> {
  const until = performance.now() + atMostMs;
  for (;;) {
    const asked = use.asked;
    await nextTurn();
    if ((use.now === 0 && use.asked === asked) || performance.now() >= until) return;
  }
}
