import { mayHoldDate, resolveDates } from "./dates.js";
import { namesByExclaiming } from "../text/exclaimed.js";
import { bestMatchingLine, type WeightedTerm } from "../text/lines.js";

/**
 * "When did we move the backups?" is answered by the passage that says when: "we moved them
 * to the NAS yesterday". Among the notes that share the question's words, the one whose
 * matching line also states a time is the likelier answer; the others mention the same
 * thing without saying when (a later retelling, a plan, an aside). On LoCoMo 119 of the 156
 * temporal questions' gold lines state a time, against 8 % of all lines.
 *
 * Pure: the caller hands in the chunk's text, the query's weighted terms and the note's
 * date (relative expressions like "yesterday" are read against it).
 */

/**
 * Questions that ask for a time: "when …", "how long …", "what year/date/day/month/time …",
 * and the span a plan is made in: "which weekend is Sian coming up", "what week is the course".
 * "whens" is "when's" typed without its apostrophe, as "whats" is "what's".
 */
const ASKS_WHEN = /^\s*(?:(?:and|so|but)\s+)?(?:whens?\b|since when\b|how long\b|how many (?:years|months|weeks|days)\b|what (?:year|date|day|month|time|week|weekend)\b|which (?:year|date|day|month|week|weekend)\b)/i;

export function asksWhen(query: string): boolean {
  return ASKS_WHEN.test(query);
}

/**
 * Whether the line of `text` that best matches the query's terms (by summed weight of the
 * terms it contains; ties: the earliest) states a time that the date parser understands,
 * read against `noteDate` (YYYY-MM-DD) or `now` for undated notes. With `notBefore`
 * (YYYY-MM-DD), only a time that ends on that day or later counts: a question asking for the
 * time still to come ("when is my next crit") is not answered by the line dating the last one.
 */
export function statesTimeWhereItMatches(text: string, terms: WeightedTerm[], noteDate: string | null, now: Date, timeZone?: string, notBefore?: string): boolean {
  const best = bestMatchingLine(text, terms);
  if (best === null) return false;
  const at = noteDate ? new Date(`${noteDate}T12:00:00Z`) : now;
  const opts = noteDate ? { timeZone: "UTC" } : timeZone ? { timeZone } : {};
  const statesTime = (line: string): boolean => {
    if (!mayHoldDate(line)) return false;
    const matches = resolveDates(line, at, opts).matches;
    return notBefore === undefined ? matches.length > 0 : matches.some((m) => m.range.to >= notBefore);
  };
  // "booked MRCP part 1!!! Thu 16 Aug": the exclamation names the thing, the next sentence dates it.
  return statesTime(best.line) || (best.next !== undefined && namesByExclaiming(best.line, best.holds) && statesTime(best.next));
}

/** The longest time a mention may span and still place an event: "last week", "last month". */
const MAX_MENTION_DAYS = 31;

/**
 * Whether `text`, written on `noteDate`, says that something happened inside `range`:
 * "yesterday" in the note of June 4 is June 3; "last week" in the note of August 3 is the
 * week before. A note reports the days before it, so a question about "3 June" is also
 * answered by the note of June 4 that says "yesterday". Mentions longer than a month ("last
 * year") place nothing precisely enough and are ignored.
 */
export function mentionsTimeIn(text: string, noteDate: string, range: { from: string; to: string }): boolean {
  if (!mayHoldDate(text)) return false;
  const at = new Date(`${noteDate}T12:00:00Z`);
  for (const line of text.split("\n")) {
    if (!mayHoldDate(line)) continue;
    for (const m of resolveDates(line, at, { timeZone: "UTC" }).matches) {
      const r = m.range;
      if (r.from > range.to || r.to < range.from) continue;
      if (spanDays(r.from, r.to) <= MAX_MENTION_DAYS) return true;
    }
  }
  return false;
}

function spanDays(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}
