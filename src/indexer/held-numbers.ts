/**
 * Numbers a person holds that do not change by themselves, read for value-clash.ts:
 *
 *   height       "Height: 6 ft 1" and, later, "my height 175 cm": one person, two units. Read
 *                as centimetres; two heights clash only when they are apart by more than a
 *                measuring or rounding error (5'11" and 180 cm are one height).
 *   id number    "Gas Safe registration: 612344" and "my Gas Safe number 612434": a number
 *                written twice, once with two neighbouring digits swapped. Two different
 *                numbers of one label are as often two accounts or two orders as a mistake, so
 *                only a swap of two neighbouring digits is a clash (nobody is given a new
 *                number that is the old one misspelt).
 *   model year   "Van: 2019 Ford Transit Custom" and "the van's a 2017 Transit Custom": a
 *                vehicle's year is fixed; read where a year stands before a make or model's
 *                capitalised name, and held only by a vehicle (value-clash.ts's guard).
 *
 * Pure.
 */

/** A person's height, between these in centimetres; outside it the number is a room's, a door's or a child's growth chart. */
const PERSON_CM = { min: 130, max: 220 };
/** How far apart two heights may be and still be one (a rounding to the inch, shoes on or off). */
const HEIGHT_SLACK_CM = 4;

const FEET = /^(\d)\s?(?:ft|foot|feet|['’])\s?(?:(\d{1,2})\s?(?:in(?:ch(?:es)?)?\b|["”]|(?![\p{L}\p{N}])))?/u;
const CM = /^(\d{3})\s?cm\b/i;
const METRES = /^([12][.,]\d{1,2})\s?m(?:etres?|eters?)?(?![\p{L}\p{N}])/iu;

/** A height at the start of `rest` ("6 ft 1", "5'11\"", "175 cm", "1.83 m"), in whole centimetres. */
export function heightAt(rest: string): { norm: string; length: number } | null {
  const f = FEET.exec(rest);
  const c = f ? null : CM.exec(rest);
  const m = f || c ? null : METRES.exec(rest);
  const cm = f ? (Number(f[1]) * 12 + Number(f[2] ?? 0)) * 2.54 : c ? Number(c[1]) : m ? Number(m[1]!.replace(",", ".")) * 100 : NaN;
  const at = f ?? c ?? m;
  if (!at || !(cm >= PERSON_CM.min && cm <= PERSON_CM.max)) return null;
  return { norm: String(Math.round(cm)), length: at[0].trimEnd().length };
}

/** Whether two heights (centimetres as written by `heightAt`) are apart by more than rounding. */
export const heightsDiffer = (a: string, b: string): boolean => Math.abs(Number(a) - Number(b)) > HEIGHT_SLACK_CM;

/**
 * A number of five to twelve digits at the start of `rest`, no part of a longer token ("612344", not "612344-B" or "2.5");
 * or one written as its issuer prints it, a country's capitals and groups of digits ("UK 0 712345"), kept as one token ("UK0712345").
 */
export function idDigitsAt(rest: string): { norm: string; length: number } | null {
  const m = /^\d{5,12}(?![\p{L}\p{N}]|[.,/-]\d)/u.exec(rest);
  if (m) return { norm: m[0], length: m[0].length };
  const g = /^[A-Z]{2,3} (?:\d{1,4} ){0,2}\d{5,8}(?![\p{L}\p{N}]|[.,/-]\d)/u.exec(rest);
  return g ? { norm: g[0].replace(/ /g, ""), length: g[0].length } : null;
}

/** Whether `b` is `a` with one pair of neighbouring (different) digits swapped. */
export function swappedDigits(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  const at = [...a].findIndex((ch, i) => ch !== b[i]);
  return at >= 0 && at + 1 < a.length && a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2);
}

/** A year before a capitalised name: "2019 Ford Transit Custom"; the value is its own cue. */
export const MODEL_YEAR = /\b(?:19[5-9]\d|20\d\d)\s+(?=[A-Z][\p{L}\p{N}-]*)/gu;

/** The year at the start of `rest` when a capitalised make or model follows it. */
export function modelYearAt(rest: string): { norm: string; length: number } | null {
  const m = /^((?:19[5-9]\d|20\d\d))\s+[A-Z][\p{L}\p{N}-]*/u.exec(rest);
  return m ? { norm: m[1]!, length: m[1]!.length } : null;
}

/** Things a model year is held by: a vehicle's year is fixed; a "2022 World Cup" or a "2019 Christmas party" is none. */
export const VEHICLES = new Set(["van", "car", "truck", "lorry", "pickup", "motorbike", "motorcycle", "bike", "scooter", "moped", "camper", "campervan", "motorhome", "caravan", "boat", "tractor"]);
