/**
 * Hours written as a range: "8-5 weekdays", "7:30-4", "6-7pm", "9am to 5:30pm". One value
 * (`hours`, "08:00-17:00"), so "working hours 8-5" later "7:30-4" is one slot given a new value,
 * not a count of 5 weekdays and a time of 7:30 that share nothing.
 *
 * A range of bare numbers is hours only when it says so: minutes or am/pm on a side, or a word of
 * hours just before it ("hours", "open", "shift", "counter"). "Won 4-2", "2-3 days", "pages 10-12"
 * and "27 to 30 January" are none.
 *
 * Pure.
 */

const SIDE = String.raw`(\d{1,2})(?:[:.](\d{2}))?\s?(?:([ap])\.?m\b\.?)?`;

/** Two sides joined by a dash, or by "to" when a side carries minutes or am/pm (checked in `hoursRange`). */
export const HOURS_RANGE = new RegExp(String.raw`(?<![\d:.,£$€/-])${SIDE}\s?(-|–|\bto\b)\s?${SIDE}(?![\d:.,%/-]|\s?(?:days?|weeks?|months?|years?|hours?|hrs?|mins?|minutes?|goals?|nil|points?|pages?)\b)`, "gi");

/** Words just before a range of bare numbers that make it hours. */
const HOURS_CUE = /\b(?:hours?|open(?:s|ing)?|shifts?|working|work|counter|surgery|office|lessons?|training|sessions?)\b[^.;!?\d]{0,24}$/i;

/** Minutes after midnight of one side; the am/pm given decides, else the caller's guess. */
const minutes = (h: number, m: number, ap: string | undefined): number => (ap === "p" && h < 12 ? h + 12 : ap === "a" && h === 12 ? 0 : h) * 60 + m;

const clockOf = (t: number) => `${String(Math.floor(t / 60) % 24).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`;

/** The range as "HH:MM-HH:MM", or null when the match is no hours range. */
export function hoursRange(m: RegExpExecArray): { type: "hours"; unit: ""; norm: string } | null {
  const [h1, m1, ap1, join, h2, m2, ap2] = [Number(m[1]), Number(m[2] ?? 0), m[3]?.toLowerCase(), m[4]!, Number(m[5]), Number(m[6] ?? 0), m[7]?.toLowerCase()];
  if (h1 > 24 || h2 > 24 || m1 > 59 || m2 > 59 || ((ap1 !== undefined || ap2 !== undefined) && (h1 > 12 || h2 > 12))) return null;
  const marked = m[2] !== undefined || m[6] !== undefined || ap1 !== undefined || ap2 !== undefined;
  if (!marked && (join.toLowerCase() === "to" || !HOURS_CUE.test(m.input.slice(Math.max(0, m.index - 40), m.index)))) return null;
  // One side's am/pm is the other's too when that keeps the range forward ("6-7pm"), else the other half of the day ("11-2pm").
  let start = minutes(h1, m1, ap1 ?? (ap2 !== undefined && minutes(h1, m1, ap2) < minutes(h2, m2, ap2) ? ap2 : ap2 === "p" ? "a" : undefined));
  let end = minutes(h2, m2, ap2 ?? (ap1 !== undefined && minutes(h2, m2, ap1) > start ? ap1 : ap1 === "a" ? "p" : undefined));
  // No am/pm: a working day's end is after its start ("8-5", "7:30-4").
  if (ap1 === undefined && ap2 === undefined && end <= start && h2 < 12) end += 12 * 60;
  if (end <= start) return null;
  start %= 24 * 60;
  return { type: "hours", unit: "", norm: `${clockOf(start)}-${clockOf(end)}` };
}
