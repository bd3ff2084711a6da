import { useEffect, useState } from 'react';
import { publicConfig } from '../api/public-config';
import { centreMoment, slotHasBegun } from './slot-past';

/** The centres' time zone as the public config said it; asked once a visit (public-config.ts). */
let known: string | undefined;

function useCentreTimeZone(): string | undefined {
  const [zone, setZone] = useState(known);
  useEffect(() => {
    let live = true;
    void publicConfig().then((c) => { known = c.centreTimeZone; if (live) setZone(known); });
    return () => { live = false; };
  }, []);
  return zone;
}

/** The time now, moved on at each minute's turn: a slot turns past while its calendar is open. */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // Just after the turn, so that the minute read then is the new one.
    const timer = setTimeout(() => setNow(Date.now()), 60_000 - (now % 60_000) + 50);
    return () => clearTimeout(timer);
  }, [now]);
  return now;
}

/**
 * The centres' clock (CENTRE_TIME_ZONE, from the public config; the browser's own until it answers): their today, and
 * whether a slot is past. `isPast` is as of the last minute's turn, for drawing; `isPastNow` reads the clock when
 * asked, for the decision to offer a booking.
 */
export function useCentreClock() {
  const zone = useCentreTimeZone();
  const now = centreMoment(zone, useMinute());
  return {
    today: now.day,
    isPast: (slot: { date: string; startTime: string }) => slotHasBegun(slot, now),
    isPastNow: (slot: { date: string; startTime: string }) => slotHasBegun(slot, centreMoment(zone, Date.now())),
  };
}
