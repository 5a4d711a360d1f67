/**
 * Part of the floor (floor.ts): a question that asks what something costs is answered by a
 * line that states an amount of money. "how much was finns dentist" against "Finn dentist
 * 4.15 - 2 fillings needed" (a time and a count, no price), "how much was the ferry to dublin"
 * against "the Irish Ferries boat" three lines above "truckstop £28.50": the result tells of
 * the thing, not what it cost. The amount must be on a line holding one of the question's
 * distinctive words the result matched, as the price is written beside what it paid for
 * ("picked up Polo. £185", "rang Brightwaters … £28/hr").
 *
 * For a question opening "how much" ("how much was", "how much did … cost", "how much do I
 * owe"): money either way. Not "how many", a count. Pure: the query and the result's text in.
 */
import { holds, prefixOf } from "./list-apart.js";

/** Whether the question asks a price: it opens with "how much" (not "how many", a count). */
export function asksHowMuch(query: string): boolean {
  return /^\s*how\s+much(?![\p{L}\p{N}])/iu.test(query);
}

/**
 * Money as notes write it: a currency sign before or after a figure ("£185", "€25", "25€"),
 * a figure with a currency word ("40 quid", "12 pounds", "300k"), or a figure of thousands
 * ("1,740", "5800"). A bare small figure is a time, a count or a day ("4.15", "2 fillings").
 */
const MONEY = new RegExp(
  [
    String.raw`[£$€¥₹]\s?\d`,
    String.raw`\d\s?[£$€¥₹]`,
    String.raw`\d\s?(?:pounds?|quid|euros?|dollars?|bucks|grand|p|k)(?![\p{L}])`,
    String.raw`(?<![\p{L}\p{N}.,:/-])\d{1,3}(?:,\d{3})+(?![\p{N}])`,
    String.raw`(?<![\p{L}\p{N}.,:/-])\d{4,}(?![\p{L}\p{N}])`,
  ].join("|"),
  "iu",
);

/**
 * A quantity with its unit ("380 L diesel", "12 kg", "40 mins", "18 days"): "how much diesel did
 * I put in" and "how much leave have I left" ask an amount that is no money.
 */
const MEASURE = /(?<![\p{L}\p{N}])\d+(?:[.,]\d+)?\s?(?:l|litres?|liters?|ml|kg|g|lbs?|oz|miles?|km|m|mph|hours?|hrs?|h|mins?|minutes?|days?|weeks?|wks?|nights?|shifts?|%|percent|units?|bags?|boxes|jars?|tonnes?|t)(?![\p{L}\p{N}])/iu;

/**
 * Whether a line of the text holding one of `matched` (a word starting with one of its
 * written forms: `formsOf`, the term first, "Kez" for kieran) states money or a measure.
 */
export function statesAmountBesideMatch(text: string, matched: readonly string[], formsOf: (term: string) => readonly string[] = (t) => [t]): boolean {
  if (matched.length === 0) return false;
  // "filled" for "filling": the word's stem under a verb's or a plural's ending starts it too.
  const prefixes = matched.flatMap((t) => formsOf(t)).flatMap((f) => [prefixOf(f.toLowerCase()), ...underEnding(f.toLowerCase())]);
  for (const line of text.split("\n")) {
    if (!MONEY.test(line) && !MEASURE.test(line)) continue;
    if (holds(line.toLowerCase(), prefixes)) return true;
  }
  return false;
}

/** A form's stem under "-ing", "-ed" or a plural's "-s", kept at three letters or more. */
function underEnding(form: string): string[] {
  const stem = form.replace(/(?:ing|ed|es|s)$/u, "");
  return stem !== form && stem.length >= 3 ? [stem] : [];
}
