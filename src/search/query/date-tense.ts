import type { Tense } from "../dates/calendar.js";

/**
 * The tense of a question, for reading a date named without a year ("4 December") or a
 * bare weekday: "what's on 4 December", "is the proposal due", "will", "next", "upcoming"
 * look ahead, and so does a question about the calendar ("anything on my calendar in
 * December"); "did", "was", "happened" look behind. The first such word decides ("what was
 * due on 4 December" looks behind); none leaves the tense open (the nearer day is meant).
 * Pure; English only, like the date rules.
 */
const TENSE_WORDS =
  /(?<![\p{L}\p{N}])(what['’]?s\s+on|what\s+is\s+on|is\s+due|are\s+due|due|will|won['’]t|shall|going\s+to|gonna|upcoming|coming\s+up|next|planned|scheduled|on\s+(?:my|the|our)\s+(?:calendar|agenda|schedule)|did|didn['’]t|was|wasn['’]t|were|weren['’]t|had|happened|went|ago)(?![\p{L}\p{N}])/iu;

const AHEAD = /^(?:what|is|are|due|will|won|shall|going|gonna|upcoming|coming|next|planned|scheduled|on)/i;

export function tenseOf(question: string): Tense | undefined {
  const m = TENSE_WORDS.exec(question);
  if (!m) return undefined;
  return AHEAD.test(m[1]!) ? "ahead" : "behind";
}

/**
 * The words by which a "when" question asks for the time still to come ("when is my next
 * crit", "when's the upcoming review", "which weekend is Sian coming up"): the question's frame, like "happened" in "what
 * happened last week", not its topic. As keywords they match notes' own relative dates
 * ("redo it by next mon") and rank an old note of the thing above the one that dates it.
 */
const AHEAD_FRAME = /(?<![\p{L}\p{N}'’])(?:next|upcoming|coming\s+up)(?![\p{L}\p{N}'’])/giu;

/**
 * Whether a question that asks when asks for the one still to come by name ("next",
 * "upcoming", "coming up"): not merely in the tense of the future ("when is the meeting scheduled"), which
 * people also ask of a time that has passed since it was set.
 */
export function asksForNext(question: string, asksWhen: boolean): boolean {
  return asksWhen && ASKS_FOR_A_TIME.test(question) && tenseOf(question) === "ahead" && new RegExp(AHEAD_FRAME.source, "iu").test(question);
}

/**
 * A question asking for the day or time itself ("when is …", "what day is …"), not a span:
 * "how many days between Carla's lunch and my upcoming webinar" names the webinar by
 * "upcoming" as its topic, and both ends of the span are answers, the past one too.
 */
const ASKS_FOR_A_TIME = /^\s*(?:(?:and|so|but)\s+)?(?:whens?\b|what (?:date|day|time|week|weekend)\b|which (?:date|day|week|weekend)\b)/i;

/**
 * The span a question asks for by name at its start ("which weekend is …", "what day is …"):
 * the form of the answer, not its topic. A note of a past weekend says "weekend" ("cant come
 * this wknd") where the plan to come says "fri 28th till sun 30th".
 */
const ASKED_SPAN = /^(\s*(?:(?:and|so|but)\s+)?(?:what|which)\s+)(?:date|day|week|weekend)(?![\p{L}\p{N}])/iu;

/** `text` (the query's keyword side) without the words asking for the time to come, when `question` asks when; else `text`. */
export function withoutAheadFrame(text: string, question: string, asksWhen: boolean): string {
  // A quoted phrase is the user's own words, kept whole.
  if (!asksForNext(question, asksWhen) || /["“”]/.test(text)) return text;
  const rest = text.replace(ASKED_SPAN, "$1").replace(AHEAD_FRAME, " ").replace(/\s+/g, " ").trim();
  return rest === "" ? text : rest;
}
