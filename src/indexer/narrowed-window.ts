/**
 * A window of arrival narrowed to one time: "the fitter is coming on Thu 9 Oct, some time between
 * 1 and 4", then on the day "the fitter will be here at 2:30". No word says it changed, and a time
 * is never paired with a range by the slot rule (two kinds of value); but a time inside the
 * window, given for the same visit on or before its day, is what the window became.
 *
 * Read when a statement is stored (so linking reads no text): "between H and H" (with minutes or
 * am/pm or none; bare hours from 1 to 7 are the afternoon's, as visits are in the day) is the
 * window. Linked when the newer gives a time and no window, the time lies in the window, the
 * newer is said no later than the window's day, and the two share three words of what the visit
 * is (weekdays and months left out): the latest such window only. Pure.
 */
import { MONTHS, type Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { latestBefore } from "./latest-before.js";
import { nearestDay } from "./still-to-come.js";
import { weekdayOf } from "./taken-back.js";
import { toldApart } from "./told-apart.js";

const SIDE = String.raw`(\d{1,2})(?:[:.](\d{2}))?\s?(?:([ap])\.?m\b\.?)?`;
const BETWEEN = new RegExp(String.raw`\bbetween\s+${SIDE}\s+and\s+${SIDE}(?![\d:%/-]|[.,]\d|\s?(?:days?|weeks?|months?|years?|hours?|hrs?|mins?|minutes?|people|of)\b)`, "i");

/** Minutes after midnight of one side: am/pm as given, else 1 to 7 is the afternoon. */
function clockMinutes(h: number, m: number, ap: string | undefined): number {
  const hour = ap === "p" && h < 12 ? h + 12 : ap === "a" && h === 12 ? 0 : ap === undefined && h >= 1 && h <= 7 ? h + 12 : h;
  return hour * 60 + m;
}

/** The window "between H and H" of a sentence, as minutes after midnight; null when none, or no forward window of hours. */
export function windowOf(text: string): { from: number; to: number } | null {
  const m = BETWEEN.exec(text);
  if (!m) return null;
  const [h1, m1, h2, m2] = [Number(m[1]), Number(m[2] ?? 0), Number(m[4]), Number(m[5] ?? 0)];
  if (h1 > 23 || h2 > 23 || m1 > 59 || m2 > 59) return null;
  // "between 2 and 4pm": the pm of the end is the start's too.
  const from = clockMinutes(h1, m1, m[3]?.toLowerCase() ?? m[6]?.toLowerCase());
  const to = clockMinutes(h2, m2, m[6]?.toLowerCase() ?? m[3]?.toLowerCase());
  return to > from ? { from, to } : null;
}

/** A statement with its window (as it was, when it gives none). */
export function withWindow<T extends Statement>(st: T): T {
  const w = windowOf(st.text);
  return w === null || st.asks === true ? st : { ...st, window: w };
}

const windowIn = (st: Statement): { from: number; to: number } | null => {
  const w = (st as { window?: unknown }).window as { from?: unknown; to?: unknown } | undefined;
  return w && typeof w.from === "number" && typeof w.to === "number" ? { from: w.from, to: w.to } : null;
};

/** Words of when, not of what the visit is. */
const isWhen = (w: string) => weekdayOf(w) !== null || MONTHS.includes(w.slice(0, 3));

/** How many words of what the visit is the two must share. */
const MIN_SHARED = 3;

/** Whether the window's day (its first date, if it gives one) is not yet past when the time is said. */
function notPast(o: PlacedStatement, said: number): boolean {
  const date = o.st.values.find((v) => v.type === "date");
  const at = date ? nearestDay(date.norm, o.order) : null;
  return at === null || Math.floor(said / 86_400_000) <= Math.floor(at / 86_400_000);
}

/** Updates: a time said for a visit replaces the latest earlier window of that visit holding it. */
export function windowUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  const windows = all.filter((p) => windowIn(p.st) !== null);
  if (windows.length === 0) return out;
  for (const n of all) {
    if (n.st.asks === true || windowIn(n.st) !== null || n.st.mark?.key === "still-true") continue;
    const times = n.st.values.filter((v) => v.type === "time").map((v) => Number(v.norm.slice(0, 2)) * 60 + Number(v.norm.slice(3)));
    if (times.length !== 1) continue;
    const words = new Set(n.st.words.filter((w) => !isWhen(w)));
    const shared = (o: PlacedStatement) => o.st.words.filter((w) => words.has(w));
    const holds = (o: PlacedStatement) => {
      const w = windowIn(o.st);
      return w !== null && !toldApart(o.st, n.st) && times[0]! >= w.from && times[0]! <= w.to && notPast(o, n.order) && shared(o).length >= MIN_SHARED;
    };
    const latest = latestBefore(windows, n, holds);
    if (latest) out.push({ older: latest.id, newer: n.id, kind: "update", slot: shared(latest).join(" "), by: "guess", strength: 1, rule: "slot" });
  }
  return out;
}
