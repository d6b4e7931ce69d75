/**
 * Date pickers show the browser's wall clock, but the company's times are in the company's zone. These turn an
 * instant into a Date whose browser-local fields read as that zone's wall clock (for the picker), and back.
 * An empty zone (not known yet) leaves times as the browser reads them.
 */

const fieldsIn = (at: Date, zone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: n('year'), m: n('month'), d: n('day'), h: n('hour'), mi: n('minute'), s: n('second') };
};

/** Milliseconds the zone's wall clock is ahead of UTC at an instant. */
const offsetMs = (at: number, zone: string): number => {
  const f = fieldsIn(new Date(at), zone);
  return Date.UTC(f.y, f.m - 1, f.d, f.h, f.mi, f.s) - (at - (at % 1000));
};

/** The instant as the zone's wall clock, in a Date the picker reads with the browser's fields. */
export const wallClockOf = (instant: Date, zone: string): Date => {
  if (!zone) return instant;
  const f = fieldsIn(instant, zone);
  return new Date(f.y, f.m - 1, f.d, f.h, f.mi, f.s, instant.getMilliseconds());
};

/** The instant whose wall clock in the zone is what the picker's Date shows with the browser's fields. */
export const instantOf = (wall: Date, zone: string): Date => {
  if (!zone) return wall;
  const asUtc = Date.UTC(
    wall.getFullYear(),
    wall.getMonth(),
    wall.getDate(),
    wall.getHours(),
    wall.getMinutes(),
    wall.getSeconds(),
    wall.getMilliseconds(),
  );
  // the offset at the guessed instant, taken again once so that a time beside a DST change lands on the right side
  const first = asUtc - offsetMs(asUtc, zone);
  return new Date(asUtc - offsetMs(first, zone));
};
