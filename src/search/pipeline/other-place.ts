/**
 * A newer value said at another place is no change of the one the question names: "how many
 * cattle did we test at Cefn" is not answered by the later "TB test at Cwm - 94 cattle", though
 * the two share the slot's words (test, cattle) and give it two counts. The question says where
 * ("at Cefn", "in Leeds"); the older statement holds that word; the newer lacks it and holds a
 * name its note writes after "at" or "in". Part of the newer-twin stage (newer-twin.ts): such a pair is no
 * twin for this query. A newer statement that names no place at all still may be the change
 * ("the deadline was extended to May 20" for the deadline at Montserrat Media Corp): a
 * replacement often leaves out what the original said.
 * Pure: the query, the statements' stemmed words and the newer one's text in.
 */
import { stem } from "../../indexer/statements.js";

/** Where a question or a statement says a place: "at Cefn", "in Leeds", "at the Swan". */
const PLACE_QUERY = /\b(?:at|in)\s+(?:(?:the|my|our|your|his|her|their|a|an|this|that)\s+)?([\p{L}][\p{L}'’-]*)/giu;
/** A name after "at" or "in" in a statement: capitalised, as notes write places. */
const PLACE_TEXT = /\b(?:at|in)\s+(?:the\s+)?(\p{Lu}[\p{L}'’-]*)/gu;

/** Capitalised words after "at" or "in" that name a time, not a place: "in May", "at Easter". */
const NOT_PLACES = new Set(
  "january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun christmas easter xmas i".split(" "),
);

/** The query's place words (stemmed, as statements' words are): the word after "at" or "in". */
export function placesAsked(query: string): string[] {
  const out: string[] = [];
  for (const m of query.matchAll(PLACE_QUERY)) {
    const w = m[1]!.toLowerCase().replace(/['’]s$/, "");
    if (!NOT_PLACES.has(w)) out.push(stem(w));
  }
  return out;
}

/** What the test reads of a statement: its content words (stemmed). */
export interface PlacedStatement {
  words: readonly string[];
}

/**
 * Whether `newer` is about another place than the one the query asks about: `older` holds a
 * place word of the query, `newer` lacks it and holds another word its chunk's text (`newerText`)
 * writes as a place ("at Cwm"). The statement's words are stemmed and its sentence is not kept
 * with them, so the chunk's text says which of its words stand as places.
 */
export function atAnotherPlace(places: readonly string[], older: PlacedStatement, newer: PlacedStatement, newerText: string): boolean {
  if (places.length === 0) return false;
  if (!places.some((p) => older.words.includes(p) && !newer.words.includes(p))) return false;
  for (const m of newerText.matchAll(PLACE_TEXT)) {
    const w = stem(m[1]!.replace(/['’]s$/, ""));
    if (!NOT_PLACES.has(m[1]!.toLowerCase()) && !places.includes(w) && newer.words.includes(w)) return true;
  }
  return false;
}
