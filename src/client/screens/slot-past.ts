/**
 * When a slot is past: its day and start time, read where the centres are (CENTRE_TIME_ZONE, the zone the server
 * reads them in when a booking makes its appointment), have come. From then on the calendars draw it as past and do
 * not offer it for booking; the server refuses the booking too. Pure, so that it is tested on its own.
 */

/** A moment as the centres' clocks show it, to the minute: `YYYY-MM-DD` and `HH:MM`. */
export interface CentreMoment { day: string; time: string }

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = formats.get(key);
  if (!f) {
    const opts: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    // A zone this browser does not know reads as the browser's own (the server still refuses a past slot).
    try { f = new Intl.DateTimeFormat('en-CA', { ...opts, timeZone }); } catch { f = new Intl.DateTimeFormat('en-CA', opts); }
    formats.set(key, f);
  }
  return f;
}

/** The day and time at `now` in `timeZone` (the browser's zone when none is given). */
export function centreMoment(timeZone: string | undefined, now: number): CentreMoment {
  const parts = Object.fromEntries(formatIn(timeZone).formatToParts(now).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Whether the slot has begun at `now`: a slot starting at 09:00 is past from 09:00:00 on. */
export function slotHasBegun(slot: { date: string; startTime: string }, now: CentreMoment): boolean {
  const start = `${slot.date} ${String(slot.startTime).slice(0, 5)}`;
  return start <= `${now.day} ${now.time}`;
}
