/**
 * A compound of the question whose two words a result holds only in separate items of one
 * list is two facts about two things, not the thing asked: "when is kasia's birthday" against
 * a MEMORY.md whose one bullet names Kasia among the vets and another gives Gethin's "bday 28
 * April". A list item is a fact of its own (a standing file is mostly such bullets), so the
 * words of one item do not qualify the words of its sibling. Part of the floor's subject test
 * (floor.ts): the result is no keyword evidence then.
 *
 * Only when every line holding either word is a list item at the same depth, none holds both,
 * and none introduces the items after it (a line ending in ":"; a heading is no item at all):
 * "- Kasia:" above "  - bday 3 May", or "# Kasia" above "- bday 3 May", is one fact told over
 * lines. Only when the result holds no other distinctive word of the question either: a third
 * word shared says the result is about more of the question than two scattered words.
 * Pure: the result's text, its matched terms and the question's compounds in.
 */
import type { Compound } from "./other-compound.js";

/** A list item: a bullet or a number, then a space; its indentation is its depth. */
const LIST_ITEM = /^(\s*)(?:[-*•+]|\d+[.)])\s/;

/**
 * The first letters a word is matched by in a line: its inflections and derived forms share them
 * ("marry", "married"; "birthday", "birthdays"), while four letters keep "bday" whole.
 */
export function prefixOf(form: string): string {
  return form.slice(0, Math.max(4, Math.min(form.length - 1, 6)));
}

/** Whether one of the forms starts a word of the (lower-case) line. */
export function holds(line: string, prefixes: readonly string[]): boolean {
  for (const p of prefixes) {
    for (let i = line.indexOf(p); i >= 0; i = line.indexOf(p, i + 1)) {
      if (i === 0 || !/[\p{L}\p{N}]/u.test(line[i - 1]!)) return true;
    }
  }
  return false;
}

/**
 * Whether the result holds the compound's two words only in separate sibling list items.
 * `formsOf` gives a term's written forms (the term first: "birthday" → birthday, bday).
 */
export function apartInList(text: string, c: Compound, formsOf: (term: string) => readonly string[]): boolean {
  const mod = formsOf(c.modifier).map((f) => prefixOf(f.toLowerCase()));
  const head = formsOf(c.head).map((f) => prefixOf(f.toLowerCase()));
  let depth: number | null = null;
  let seenMod = false;
  let seenHead = false;
  for (const raw of text.toLowerCase().split("\n")) {
    const m = holds(raw, mod);
    const h = holds(raw, head);
    if (!m && !h) continue;
    const item = LIST_ITEM.exec(raw);
    if (!item || (m && h) || /:\s*$/.test(raw)) return false;
    if (depth !== null && item[1]!.length !== depth) return false;
    depth = item[1]!.length;
    seenMod ||= m;
    seenHead ||= h;
  }
  // Apart means each found in an item of its own. A word the index matched by its stem but no
  // written form of which starts a word here ("dads" typed, "dad" written) was not found apart:
  // one item holding the other word is no list of separate facts.
  return seenMod && seenHead;
}

/**
 * Whether a result is two list facts apart for one of the question's compounds: it matched
 * both words, no other distinctive word of the question, and holds the two only in separate items.
 */
export function compoundApartInList(
  matched: readonly string[],
  distinctive: Iterable<string>,
  text: string,
  compounds: readonly Compound[],
  formsOf: (term: string) => readonly string[],
): boolean {
  for (const c of compounds) {
    if (!matched.includes(c.modifier) || !matched.includes(c.head)) continue;
    let other = false;
    for (const t of distinctive) if (t !== c.modifier && t !== c.head && matched.includes(t)) other = true;
    if (!other && apartInList(text, c, formsOf)) return true;
  }
  return false;
}
