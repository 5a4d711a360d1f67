/**
 * Part of the floor (floor.ts): a question that asks when is answered by a line that states
 * a time. When the result lacks one of the question's distinctive words, what it shares with
 * the question is only part of the subject ("when is mum's birthday" against "Mum does
 * everything for him"; "when is the car's MOT due" against "looking at used cars"), and the
 * result is evidence only if a line holding a distinctive word it matched states a time:
 * the paraphrase that answers says when ("when is grandma's birthday" → "Grandma turns 90 on
 * 12 October"; "when is my dentist appointment" → "Dentist - crown cracked … fitting tues 4
 * april 8.40").
 *
 * The time must be in the sentence holding the word: "Hip replacement … thurs 30 March. Mum
 * panicking already." dates the hip, not mum; or in the one after an exclamation that names
 * the thing ("K's cataract op! Wrexham Maelor, Thurs 5 June"). A line that opens with the word is about it as
 * a whole ("Dentist - crown cracked. … fitting tues 4 april"), so its every sentence counts.
 * Words match at a word's start ("dad" is not in "cidade"). Any date counts, past or to come:
 * which one is the answer is the ranking's business (the when factor). A line announcing that
 * the thing moved or was called off says when as much as a date does: the old one is gone.
 */
import { announcesChange } from "../../indexer/statements.js";
import { mayHoldDate, resolveDates } from "../dates/dates.js";
import { textForms } from "../query/forms.js";
import { stemOf } from "../text/lines.js";
import { namesByExclaiming } from "../text/exclaimed.js";
import { splitSentences } from "../text/snippet.js";

/**
 * The questions the test is for: when a thing is, or happens ("when is mum's birthday",
 * "when's the half marathon", "when does the course start", "when will Tim leave"). Not
 * one about the past ("when did I last see Dad", "when Jon has lost his job"): the note's
 * own date answers it, whatever its lines say. Not "how long" either: a duration is no date.
 */
export function asksWhenItIs(query: string): boolean {
  return /^\s*when(?:['’]?s|\s+(?:is|are|does|do|will))(?![\p{L}\p{N}])/iu.test(query);
}

/** What the test needs of a result: its text, its note's date, and the distinctive words it matched. */
export interface TimeStatedInput {
  text: string;
  /** The note's day (YYYY-MM-DD), or null for an undated file (MEMORY.md). */
  date: string | null;
  /** The question's distinctive words the result holds. */
  matched: readonly string[];
}

/** Whether a line of the result holding one of `matched` states a time; `nowMs` places an undated file's dates. */
export function statesTimeBesideMatch(r: TimeStatedInput, nowMs: number): boolean {
  if (r.matched.length === 0 || !(mayHoldDate(r.text) || announcesChange(r.text))) return false;
  const stems = r.matched.flatMap((t) => textForms(t).map(stemOf));
  const holds = (text: string): boolean => stems.some((s) => wordStartsIn(text.toLowerCase(), s));
  const opens = (line: string): boolean => stems.some((s) => OPENING.exec(line.toLowerCase())?.[1]?.startsWith(s) === true);
  const at = r.date ? new Date(`${r.date}T12:00:00Z`) : new Date(nowMs);
  // "The webinar got rescheduled, no new date yet" answers "when is the webinar": the old date no longer holds.
  const dated = (text: string): boolean =>
    RELATIVE_TIME.test(text) || announcesChange(text) || (mayHoldDate(text) && resolveDates(text, at, { timeZone: "UTC" }).matches.length > 0);
  for (const line of r.text.split("\n")) {
    if (!holds(line) || !(mayHoldDate(line) || announcesChange(line))) continue;
    if (opens(line) ? dated(line) : saysWhenInLine(splitSentences(line), holds, dated)) return true;
  }
  return false;
}

/**
 * Whether a sentence holding the word states a time, or announces the thing with an
 * exclamation the next sentence of its line dates: "a letter - K's cataract op! Wrexham Maelor,
 * Thurs 5 June" (text/exclaimed.ts: not for who did what it tells, "She and dad booked
 * flights!! … Fri 27 Oct"). A sentence after a full stop has its own subject ("thurs 30 March.
 * Mum panicking already.").
 */
function saysWhenInLine(sentences: readonly string[], holds: (s: string) => boolean, dated: (s: string) => boolean): boolean {
  return sentences.some((s, i) => holds(s) && (dated(s) || (namesByExclaiming(s, holds) && i + 1 < sentences.length && dated(sentences[i + 1]!))));
}

/**
 * A time said relative to the line's own day, which names no calendar day the date reader
 * resolves: "a gaming party two weekends later", "in three weeks", "a month from now".
 */
const COUNT = "(?:\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|couple of|few)";
const SPAN = "(?:days?|nights?|weeks?|weekends?|months?|years?)";
const RELATIVE_TIME = new RegExp(`(?<![\\p{L}\\p{N}])(?:${COUNT}\\s+${SPAN}\\s+(?:later|from now|after|away|ago|on)|in\\s+${COUNT}\\s+${SPAN})(?![\\p{L}\\p{N}])`, "iu");

/** A line's first word, past a list marker or a heading's hashes. */
const OPENING = /^[\s>*#-]*(?:\d+[.)]\s+)?([\p{L}\p{N}]+)/u;

/** Whether `stem` starts a word of `text` (both lower-case). */
function wordStartsIn(text: string, stem: string): boolean {
  for (let i = text.indexOf(stem); i >= 0; i = text.indexOf(stem, i + 1)) {
    if (i === 0 || !/[\p{L}\p{N}]/u.test(text[i - 1]!)) return true;
  }
  return false;
}
