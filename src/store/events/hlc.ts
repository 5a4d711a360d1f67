/**
 * A hybrid logical clock: wall milliseconds + a counter, tied to a device id. Every event a
 * device writes gets a stamp greater than every stamp that device has written or read, even
 * when its wall clock goes back (a laptop whose clock was wrong, a VM resumed from a
 * snapshot), so sorting by (hlc, device, seq) orders events the same on every device and
 * never puts an effect before what it saw. Pure: the time is passed in.
 */

export interface Hlc {
  wall: number;
  counter: number;
}

const WALL_DIGITS = 15;
const COUNTER_DIGITS = 6;

/** The next stamp for a local event at wall time `now`: after `last`, and after `now` when `now` is later. */
export function tick(last: Hlc, now: number): Hlc {
  const wall = Math.max(last.wall, Math.floor(now));
  return { wall, counter: wall === last.wall ? last.counter + 1 : 0 };
}

/** The clock after reading another device's stamp: the greater of the two (no new event). */
export function receive(last: Hlc, seen: Hlc): Hlc {
  return compareHlc(seen, last) > 0 ? { ...seen } : last;
}

export function compareHlc(a: Hlc, b: Hlc): number {
  return a.wall !== b.wall ? a.wall - b.wall : a.counter - b.counter;
}

/** Fixed-width text ("000001764380000000:000003") that sorts like the stamp, for the log and SQL. */
export function formatHlc(h: Hlc): string {
  return `${String(h.wall).padStart(WALL_DIGITS, "0")}:${String(h.counter).padStart(COUNTER_DIGITS, "0")}`;
}

const HLC_TEXT = /^(\d{15}):(\d{6})$/;

/** The stamp in `text`, or null when it is not one. */
export function parseHlc(text: unknown): Hlc | null {
  if (typeof text !== "string") return null;
  const m = HLC_TEXT.exec(text);
  return m === null ? null : { wall: Number(m[1]), counter: Number(m[2]) };
}

export const ZERO_HLC: Hlc = { wall: 0, counter: 0 };
