/**
 * A saying about a day still to come: "I've registered for the patent webinar on April 5",
 * said on 15 March, tells that the webinar is planned, not yet that it happened. Among
 * sayings that go against a later "I've never attended any patent webinars" equally well,
 * the linker pairs the denial first with one that does not put the thing ahead of when it
 * was said ("I learned a lot from the April 5 webinar", said in May): that one says it
 * happened (supersede.ts). A plan is still a partner when nothing better is said.
 *
 * Pure: a statement, when it was said and the words in question in; no I/O, no model. A
 * calendar date is read as month and day (statements.ts): it is placed in the year that puts
 * it nearest to when it was said, the way a person means "April 5" in March or "December 20"
 * in January.
 */
import type { StatedValue } from "./statements.js";

const DAY = 86_400_000;

/** The moment of `mmdd` ("04-05") nearest to `said` (ms), at noon UTC; null when it is no month and day. */
export function nearestDay(mmdd: string, said: number): number | null {
  const m = /^(\d{2})-(\d{2})$/.exec(mmdd);
  if (!m) return null;
  const year = new Date(said).getUTCFullYear();
  const at = [year - 1, year, year + 1].map((y) => Date.UTC(y, Number(m[1]) - 1, Number(m[2]), 12));
  return at.reduce((best, t) => (Math.abs(t - said) < Math.abs(best - said) ? t : best));
}

/**
 * Whether a statement, said at `said` (ms), puts the thing `words` name on a later day than
 * the one it was said on: a date with one of `words` right next to it lies ahead, and none
 * of them lies on or before that day.
 */
export function aheadWhenSaid(st: { values: readonly StatedValue[] }, said: number, words: readonly string[]): boolean {
  const about = new Set(words);
  const saidDay = Math.floor(said / DAY);
  let ahead = false;
  // Statements stored by older rules may lack their values: nothing is ahead then.
  const values: readonly StatedValue[] = Array.isArray(st.values) ? st.values : [];
  for (const v of values) {
    // The words right next to the date say what it is the day of ("the patent webinar on April 5").
    if (v.type !== "date" || !v.near.some((w) => about.has(w))) continue;
    const at = nearestDay(v.norm, said);
    if (at === null) continue;
    if (Math.floor(at / DAY) <= saidDay) return false;
    ahead = true;
  }
  return ahead;
}
