/**
 * A date moved by how much, not to when: "Glasgow's been pushed back a week", "brought forward
 * two days", "put off a fortnight". The newer sentence gives no date, so the date it moves to is
 * the older statement's date plus the shift: what "when is it now" and "as of" answers carry
 * beside the line that replaced the old one. Computed when read (both sentences are at hand),
 * never written into a note. Pure.
 */
import { findValues } from "./statements.js";
import { nearestDay } from "./still-to-come.js";

const DAY = 86_400_000;
const AMOUNT: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const SPAN: Record<string, number> = { day: 1, days: 1, week: 7, weeks: 7, fortnight: 14, fortnights: 14 };

/** "pushed back a week", "put off two weeks", "brought forward 3 days", "moved back by a fortnight". */
const SHIFT = /\b(?:(?:pushed|moved|put|set)\s+(back|forward|off|out)|postponed|delayed|brought\s+forward)\s+(?:by\s+)?(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+(days?|weeks?|fortnights?)\b/i;

/** "two days later than booked", "a week earlier than planned": the shift from what was arranged. */
const THAN_ARRANGED = /\b(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+(days?|weeks?|fortnights?)\s+(later|earlier|sooner)\s+than\s+(?:booked|planned|arranged|scheduled|agreed|expected|first said|we said|promised)\b/i;

/** The days a sentence moves a thing by (negative: earlier), or null when it names no shift. */
export function shiftOf(text: string): number | null {
  const said = SHIFT.exec(text);
  const than = said ? null : THAN_ARRANGED.exec(text);
  const m = said ?? (than ? [than[0], than[3], than[1], than[2]] : null);
  if (!m) return null;
  const n = AMOUNT[m[2]!.toLowerCase()] ?? Number(m[2]);
  const days = n * SPAN[m[3]!.toLowerCase()]!;
  const earlier = /forward|earlier|sooner/i.test(m[0]);
  return earlier ? -days : days;
}

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * The date a thing moves to: the older statement's one date (said at `olderSaid`, ms) shifted by
 * what the newer says ("Saturday 14 July"); null when the newer names its own date, no shift, or
 * the older names no date or several.
 */
export function movedDate(olderText: string, olderSaid: number, newerText: string): string | null {
  const shift = shiftOf(newerText);
  if (shift === null || findValues(newerText).some((v) => v.type === "date" || v.type === "day")) return null;
  const dates = findValues(olderText).filter((v) => v.type === "date");
  if (dates.length !== 1) return null;
  const at = nearestDay(dates[0]!.norm, olderSaid);
  if (at === null) return null;
  const d = new Date(at + shift * DAY);
  return `${WEEKDAY_NAMES[d.getUTCDay()]} ${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]}`;
}
