/**
 * A value taken back in the same breath: "on Saturday, sorry, Friday", "it's 12, sorry, 14",
 * "Tuesday — I mean Wednesday". The person says the first and corrects it at once: what holds
 * is the second, and an earlier statement that gave the first for the same thing is out of
 * date. Only between two values of one kind (two weekdays, two numbers), joined by a word of
 * taking back; a question or a what-if takes nothing back. Pure.
 */
import { statedMatches } from "./statement-mood.js";

/** A weekday's name in full or short ("Saturday", "sat", "Thurs"). */
const WEEKDAY = "(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?";
const NUMBER = "[$€£]?\\d[\\d,]*(?:\\.\\d+)?";
/** The words that take back what was just said. */
const TAKE_BACK = "(?:sorry|i mean|i meant|no wait|wait no|or rather|correction|scratch that)";

const TAKEN_BACK = new RegExp(`\\b(${WEEKDAY}|${NUMBER})\\s*[,;:—–-]?\\s*(?:no,?\\s+)?${TAKE_BACK}\\s*[,;:—–-]?\\s*(?:the\\s+|on\\s+)?(${WEEKDAY}|${NUMBER})\\b`, "gi");
/**
 * A weekday said in place of another: "close Wednesday 8pm instead of Tuesday 8pm", "Friday,
 * not Thursday". The hour beside the first (one short word at most) is the same for both.
 */
const DAY_INSTEAD = new RegExp(`\\b(${WEEKDAY})\\b(?:\\s+[\\w.:]{1,8})?\\s*,?\\s+(?:instead of|rather than|not)\\s+(?:the\\s+|on\\s+)?(${WEEKDAY})\\b`, "gi");
const IS_WEEKDAY = new RegExp(`^${WEEKDAY}$`, "i");

/** A weekday as three letters ("saturday" → "sat"); a number as its digits ("£1,200" → "1200"). */
function normal(x: string): { kind: "weekday" | "number"; norm: string } {
  if (IS_WEEKDAY.test(x)) return { kind: "weekday", norm: x.slice(0, 3).toLowerCase() };
  return { kind: "number", norm: x.replace(/[^\d.]/g, "").replace(/\.0+$/, "") };
}

/** The values a sentence takes back: `from` the one given up, `to` the one that holds (a weekday's three letters, or a number's digits). */
export function takenBack(sentence: string): { from: string; to: string }[] {
  // "Saturday, sorry, Friday" gives up the first; "Wednesday instead of Tuesday" the second.
  const pairs = [...statedMatches(sentence, TAKEN_BACK).map((m) => [m[1]!, m[2]!] as const), ...statedMatches(sentence, DAY_INSTEAD).map((m) => [m[2]!, m[1]!] as const)];
  return pairs
    .map(([from, to]) => [normal(from), normal(to)] as const)
    .filter(([a, b]) => a.kind === b.kind && a.norm !== b.norm)
    .map(([a, b]) => ({ from: a.norm, to: b.norm }));
}

/** Whether a taken-back value is a weekday ("sat"), not a number. */
export const isWeekdayNorm = (x: string) => /^(?:mon|tue|wed|thu|fri|sat|sun)$/.test(x);

/** The weekday a content word names, as three letters ("saturday", "sat" → "sat"); null when none. */
export function weekdayOf(word: string): string | null {
  return IS_WEEKDAY.test(word) ? word.slice(0, 3).toLowerCase() : null;
}
