/**
 * A compound of the question held by half: "how much was the polo service" against a note on
 * the Polo's wheel bearing, "whats mums phone pin" against the note on collecting mum's new
 * phone. The result holds the modifier ("polo", "phone") and not the head it narrows down
 * ("service", "pin"), and the head is written in some other note (a boiler service, the
 * copier's pin): the workspace has the word for the thing asked, just not here, so this
 * result is about the modifier's other business, not the thing. The floor's subject test
 * (floor.ts) then reads the result as holding no subject, like a head held under another
 * modifier (other-compound.ts). Asked of questions only (floor.ts): keywords typed side by
 * side ("kayak otter", "VPS Debian Hetzner") name things to find together, not one thing.
 *
 * Not when the head names an occasion ("when is my next physio session", "when is jas
 * birthday meal", "keiths cataract op"): a note writes an occasion by its time and place
 * ("physio: Tues 23rd 8.15am", "booked the Trading Post 7.30") and leaves out what kind of
 * occasion it was, so its absence says nothing. Not when the modifier is an owner ("Isla's
 * birthday", "mum's warfarin", "finns party" typed without its apostrophe): an owner does not
 * narrow the kind of thing, and a note about the owner says the thing its own way ("Isla born
 * 11 May"). Not when the head is a single letter: an initial ("Mrs G"), a name written short. Not
 * when the head is in no note either: the notes may say the thing in other words (the
 * subject-absent count weighs those). Pure: the matched terms, the compounds, the absent
 * terms and the owners in.
 */
import type { Compound } from "./other-compound.js";

/** Heads that name an occasion, which notes leave out: see above. */
const OCCASIONS = new Set(
  "appointment appointments appt appts session sessions sesh lesson lessons class classes meeting meetings mtg meal meals party parties op ops operation operations visit visits trip trips".split(" "),
);

/** What the test needs of the question: its compounds, the terms no note has, and the modifiers that own their head. */
export interface HalfCompoundWords {
  compounds: readonly Compound[];
  absent: ReadonlySet<string>;
  /** The question's possessives, as written ("mum's") or typed as a name's without the apostrophe, and its verbs' subjects (verbSubjectsIn). */
  owners: ReadonlySet<string>;
  /** The question's distinctive terms. */
  distinctive: ReadonlySet<string>;
}

/** Whether the result holds a distinctive term of the question other than `except`. */
function holdsOther(matched: readonly string[], distinctive: ReadonlySet<string>, except: string): boolean {
  return matched.some((t) => t !== except && distinctive.has(t));
}

/**
 * The question's words right after an auxiliary ("what does alice drink", "did mum take"): the
 * subject of the question's verb, not a modifier, and the word after it a verb, not a head.
 */
export function verbSubjectsIn(query: string): Set<string> {
  return new Set([...query.toLowerCase().matchAll(/\b(?:do|does|did|is|are|was|were|has|have|had|can|could|will|would|should)\s+([\p{L}\p{N}]+)/gu)].map((m) => m[1]!));
}

/** The question's words written as a possessive ("mum's" → mum, "Isla's" → isla). */
export function possessivesIn(query: string): Set<string> {
  return new Set([...query.toLowerCase().matchAll(/([\p{L}\p{N}]+)['’]s\b/gu)].map((m) => m[1]!));
}

/** Whether the result holds a compound's modifier without its head, the head written elsewhere (see above). */
export function headElsewhere(matched: readonly string[], words: HalfCompoundWords): boolean {
  for (const c of words.compounds) {
    if (OCCASIONS.has(c.head) || c.head.length < 2 || words.absent.has(c.head) || words.owners.has(c.modifier)) continue;
    if (!matched.includes(c.modifier) || matched.includes(c.head)) continue;
    // The modifier must be all the result holds of the question's distinctive words: a result
    // holding another of them is about the question's matter and may say the head its own way.
    if (!holdsOther(matched, words.distinctive, c.modifier)) return true;
  }
  return false;
}
