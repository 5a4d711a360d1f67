/**
 * "How heavy is the cat" is answered by the line that gives the weight ("vet said he's
 * 5.1kg"), not by the day the cat was wormed, which shares as many of the question's words;
 * "how tall is the hedge now" by "hedge 1.8m", "how far is the campsite" by "12 miles". A
 * question asking for a measure names the quality ("heavy", "tall", "far") and the note
 * writes the measure with its unit; among the notes that share the question's words, the
 * one whose matching line states a measure of that kind is the likelier answer, as a
 * question asking how much prefers the line stating an amount (amounts.ts).
 *
 * "How long" is left out: it asks for a time as often as a length, and the when-questions'
 * rules read times. Pure: the caller hands in the question, or a chunk's text and its forms.
 */
import { someLineWhereItMatches } from "./amounts.js";

export type Dimension = "mass" | "length";

/** The quality words a question asks the measure of, and the dimension they measure. */
const ASKS: readonly [RegExp, Dimension][] = [
  [/\bhow\s+heavy\b|\bweigh(?:s|ed|ing)?\b|\bweight\b/i, "mass"],
  [/\bhow\s+(?:tall|high|wide|deep|far|big)\b|\bheight\b|\bwidth\b|\bdistance\b/i, "length"],
];

/** The dimension the question asks the measure of, or null. */
export function asksMeasure(query: string): Dimension | null {
  for (const [re, dimension] of ASKS) if (re.test(query)) return dimension;
  return null;
}

/** The query words that name the quality measured, not the thing it is of: "heavy" is not the cat. */
export const QUALITY_TERMS = /^(?:heavy|weigh|weighs|weighed|weighing|weight|tall|high|wide|deep|far|big|height|width|distance)$/;

/** A number and a unit of the dimension, as people write them: "5.1kg", "11 lb", "9st 4", "1.8m", "6 ft", "12 miles". */
// "st" and "in" only joined to the number and, for stone, before the pounds ("9st 4"): "the 21st",
// "at 9 in the morning" are no measures.
const UNITS: Record<Dimension, RegExp> = {
  mass: /\d\s?(?:kg|kgs|kilos?|kilograms?|g|grams?|lbs?|stone|oz|ounces?|tonnes?)(?![\p{L}])|\dst\s?\d/iu,
  length: /\d\s?(?:mm|cm|m|km|metres?|meters?|kilometres?|ft|feet|foot|inch|inches|miles?|mi|yards?|yds?)(?![\p{L}])|\din(?![\p{L}])|\d['′]\s?\d/iu,
};

export function statesMeasure(line: string, dimension: Dimension): boolean {
  return UNITS[dimension].test(line);
}

/** Whether a line of `text` holding one of the query's words (by its forms) states a measure of the dimension. */
export function statesMeasureWhereItMatches(text: string, forms: readonly (readonly string[])[], dimension: Dimension): boolean {
  return someLineWhereItMatches(text, forms, (line) => statesMeasure(line, dimension));
}
