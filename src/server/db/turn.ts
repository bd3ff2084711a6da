/**
 * A turn of the event loop. The embedded database answers through promises that are already settled when its
 * statement ends (PGlite runs each statement synchronously), so work that chains transaction after transaction (an
 * import's batches, a campaign's, a bulk action's) would never let the server read another request until it ended:
 * the first answer to anyone else came after the last batch. Awaited before each batch, it lets waiting requests in
 * (they then queue for the connection before the next batch does).
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
