/**
 * One unit written several ways is one unit: "50 sq ft" and "35 square feet" measure the same
 * thing, as do "12 kW" and "12 kilowatts". A size's unit is what a slot is compared by
 * (supersede.ts keys a measure by its unit), so two spellings must meet in one form.
 *
 * Sizes (an area, a power rating, a capacity) are what a thing is, not what it does: they do not
 * drift by themselves. A different size said with no word of change is a disagreement between
 * two notes, not news (size-clash.ts reports it). Pure.
 */

/** An area written in two words or with a superscript: "50 sq ft", "35 square feet", "12 m²", "20 sq. m". */
export const AREA = /\b(\d(?:[\d,]*\d)?(?:\.\d+)?)\s?(?:sq\.?\s?(ft|feet|foot|m|metres?|meters?)|square\s(ft|feet|foot|m|metres?|meters?)|(sqft|sqm|ft²|ft2|m²|m2))(?![\p{L}\p{N}])/giu;

/** The one form of an area's unit: "sqft" or "sqm". */
export function areaUnit(written: string): string {
  return /^(?:ft|feet|foot|sqft|ft²|ft2)$/i.test(written) ? "sqft" : "sqm";
}

/** Words of a unit spelled out, as the short form they mean. */
const SPELLED: ReadonlyMap<string, string> = new Map([
  ["kilowatt", "kw"], ["kilowatts", "kw"], ["watt", "w"], ["watts", "w"], ["megawatt", "mw"], ["megawatts", "mw"],
  ["kilometre", "km"], ["kilometres", "km"], ["kilometer", "km"], ["kilometers", "km"],
  ["kilogram", "kg"], ["kilograms", "kg"], ["kilo", "kg"], ["kilos", "kg"],
  ["litre", "l"], ["litres", "l"], ["liter", "l"], ["liters", "l"],
  ["acre", "acre"], ["acres", "acre"], ["hectare", "ha"], ["hectares", "ha"],
]);

/** The short form of a unit word ("kilowatts" → "kw"), or null when it is no unit spelled out. */
export function unitSpelled(word: string): string | null {
  return SPELLED.get(word.toLowerCase()) ?? null;
}

/** Units of what a thing is (its floor area, its power, its land): sizes that do not change by themselves. */
const SIZE_UNITS: ReadonlySet<string> = new Set(["sqft", "sqm", "kw", "w", "mw", "acre", "ha"]);

/** Whether a value is a size: a measure in one of the size units. */
export function isSize(v: { type: string; unit: string }): boolean {
  return (v.type === "measure" || v.type === "count") && SIZE_UNITS.has(v.unit);
}
