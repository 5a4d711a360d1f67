/**
 * What a person eats by rule is one value of theirs at a time: "Amara is vegetarian" and, later
 * with no change said, "Amara is pescatarian" cannot both be so (value-clash.ts reports two of
 * one holder; "went vegan" and other changes said are left to the update rules). The diet's own
 * word is its cue, as a blood group's form is (blood-group.ts): whoever its clause names holds
 * it, the person when it names nobody. Pure.
 */

const DIETS = "vegetarian|vegan|pescatarian|pescetarian|flexitarian|carnivore|omnivore";

/** A diet's word, said of someone ("is vegetarian", "'s vegan", "a vegetarian"). */
export const DIET = new RegExp(String.raw`(?<=\b(?:is|are|was|['’]s|['’]m|am|a|strict(?:ly)?|fully|now)\s+)(?:${DIETS})\b(?!\s+(?:option|options|menu|menus|dish|dishes|main|mains|meal|meals|restaurant|place|cafe|café|food|recipe|recipes|version|alternative|choice|starter|dessert|burger|sausages?|cheese)\b)`, "giu");

const AT_START = new RegExp(`^(?:${DIETS})\\b`, "iu");

/** The diet at the start of `rest`: its word (pescetarian read as pescatarian) and its length. */
export function dietAt(rest: string): { norm: string; length: number } | null {
  const m = AT_START.exec(rest);
  return m ? { norm: m[0].toLowerCase().replace("pescetarian", "pescatarian"), length: m[0].length } : null;
}
