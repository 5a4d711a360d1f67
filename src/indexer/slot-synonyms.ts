/**
 * The same slot named in other words, read from how a value is said rather than from the words
 * around it. A small table by value kind and what follows or precedes it:
 *
 *   an amount "a day" / "per day"              is a rate          ("paying me £320 a day" = "day rate £320")
 *   an amount "an hour" / "per hour"           is a rate          ("£18 an hour" = "hourly rate")
 *   an amount "a month" for a place            is its rent        ("the storage unit costs £45 a month" = "lock-up rent")
 *   an address the person moved in to, lives at is the home address ("moved in to 9 Cliff Road" = "home address")
 *   a date after "first day", "begins"           is a start         ("my first day … Monday 5 November" = "starts 1 November")
 *   a date after "last day", "finishes"          is an end          ("my last shift is 28 June" = "the contract ends 30 June")
 *
 * The words added are the slot's own words as people write them ("day rate", "rent", "home
 * address"), so a later statement that names the slot plainly meets the earlier one that only
 * implied it, and the other way round. Pure.
 */

/** One row of the table: the value's kind, a test of the words after or before it, and the slot words it implies. */
interface Synonym {
  types: readonly string[];
  after?: RegExp;
  before?: RegExp;
  /** Words the sentence must also hold (a place, for rent). */
  with?: RegExp;
  words: readonly string[];
}

/** Things people pay rent for. */
const PLACE = /\b(?:storage|lock-?up|garage|flat|room|house|apartment|office|desk|unit|allotment|plot|parking space|studio flat)\b/i;

/** "first day", "first shift", "begins", "commencing" before a date, in its sentence: when a thing starts. */
const FIRST_DAY = /\b(?:(?:[Ff]irst|1st|[Oo]pening) (?:day|shift|morning)|[Bb]egins?|[Bb]eginning|[Cc]ommenc(?:e|es|ing))\b(?![^.!?]*\b(?:last|final) (?:day|shift)\b)[^.!?]*$/;
/** "last day", "final shift", "finishes" before a date, in its sentence: when a thing ends ("Finish Line", a shop, is no end). */
const LAST_DAY = /\b(?:(?:[Ll]ast|[Ff]inal) (?:day|shift|morning)|finishes|finishing)\b(?![^.!?]*\b(?:first|1st) (?:day|shift)\b)[^.!?]*$/;

const TABLE: readonly Synonym[] = [
  // One word each: the period is said already ("an hour") or is no word ("a day"), so two amounts "a day" of two
  // things share only "rate", never enough alone; what it is a rate of must be shared as well.
  { types: ["money"], after: /^\s*(?:a|per|\/)\s?day\b/i, words: ["rate"] },
  { types: ["money"], after: /^\s*(?:an|per|\/)\s?(?:hour|hr)\b/i, words: ["rate"] },
  { types: ["money"], after: /^\s*(?:a|per|\/)\s?(?:month|mo)\b|^\s*pcm\b/i, with: PLACE, words: ["rent"] },
  // The person's own move only: the sentence opens with it (a note's dropped "I") or says "I" or "we"; "Mum moved into …" is hers.
  { types: ["address"], before: /(?:^\s*(?:[-*]\s*)?|\b(?:i|we)(?:['’](?:ve|m|re))?\s+(?:have\s+|just\s+|finally\s+|now\s+)*)(?:moved (?:in )?(?:to|into)|moving (?:in )?(?:to|into)|(?:live|living|lived) at)\s*$/i, words: ["home", "address"] },
  // A start or an end said in other words: "my first day … Monday 5 November" is when the job starts, "my last
  // shift is 28 June" when it ends, "the course begins 3 March" when it starts (start-dates.ts reads them as one slot).
  { types: ["date", "day"], before: FIRST_DAY, words: ["start"] },
  { types: ["date", "day"], before: LAST_DAY, words: ["end"] },
];

/** The slot words a value at `start`..`end` of `sentence` implies by how it is said; none for most values. */
export function impliedSlot(sentence: string, type: string, start: number, end: number): string[] {
  const after = sentence.slice(end, end + 20);
  const before = sentence.slice(0, start);
  const out: string[] = [];
  for (const row of TABLE) {
    if (!row.types.includes(type)) continue;
    if (row.after && !row.after.test(after)) continue;
    if (row.before && !row.before.test(before)) continue;
    if (row.with && !row.with.test(sentence)) continue;
    out.push(...row.words);
  }
  return out;
}
