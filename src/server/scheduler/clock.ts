/**
 * The scheduler's time: what is due is what is due by this clock, never by the database's `now()`, so that a test
 * moves the clock past a campaign's time and the next pass sends it, with no sleep and no wait on a real timer.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock the caller moves (tests, the bench): starts at `start` and stands still until moved. */
export function movableClock(start: Date = new Date()): Clock & { set(at: Date): void; advance(ms: number): void } {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    set: (to) => { at = to.getTime(); },
    advance: (ms) => { at += ms; },
  };
}
