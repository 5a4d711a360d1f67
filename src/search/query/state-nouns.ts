/**
 * The noun a "-ship" noun is made of: a question asks for a "membership number" and the note
 * says "member no. 3318"; "the partnership" is the partners', "her apprenticeship" the
 * apprentice's. The stemmer keeps "membership" apart from "member", so the one word the
 * question and its note share in meaning is lost. One way only, like the trades
 * (derivations.ts): the state stands for the person it is the state of, not the other way.
 *
 * A few "-ship" words are a kind of ship, not a state ("warship", "flagship"); they and
 * "worship" are left alone, as is a base under four letters ("kinship").
 */
const NOT_A_STATE = new Set(["worship", "hardship", "warship", "airship", "flagship", "spaceship", "battleship", "starship", "lightship", "steamship", "township"]);

/** The base noun of a "-ship" noun ("membership" → member), or none. */
export function stateBase(word: string): string[] {
  if (!word.endsWith("ship") || NOT_A_STATE.has(word)) return [];
  const base = word.slice(0, -4);
  return base.length >= 4 ? [base] : [];
}
