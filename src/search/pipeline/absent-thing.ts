/**
 * The thing a question asks about, when no note names it: "how much is the winter mooring"
 * against a note on visitor moorings, "what was the oil pressure on the engine" against a
 * blood pressure reading, "how much was the wedding cake" against the wedding. One word in no
 * note is not enough by itself (distinctive.ts counts two): questions are worded unlike their
 * notes, but mostly in their verbs and adjectives ("where did we celebrate", "what's wrong
 * with the roof", "what is mum meant to be doing") and in the class a "which" asks a member of
 * ("which pub": the note names the inn). A noun no note has, none of those, is the thing
 * itself; a result holding at most one other distinctive word of the question is then about
 * something else that shares a word with it. (Replayed on the nine newcomer sets with
 * scripts/floor-features.mjs: seven never-written questions left empty, no answer lost.)
 *
 * Not for a question asking when (the note states a date beside the event, named in its own
 * words: "hip surgery" is a "hip replacement", "dentist appointment" is "dentist 3.15"), nor
 * one naming someone (distinctive.ts's named test judges those; conversations name a
 * person in every question), nor a statement (a claim to check, not a question). Pure: the
 * query, the absent terms and the question's shape in.
 */
import { isPastForm, verbForms } from "../query/irregular.js";

/** A word right after one of these is a verb or next to one: "did I charge", "we stop overnight". */
const SUBJECTS = new Set(["i", "we", "you", "he", "she", "they", "to"]);

/** "which pub", "what size": the word names the class of the thing asked, not the thing. */
const ASKS_MEMBER = new Set(["which", "what", "whats"]);

/**
 * How often a sum or a thing falls ("my hourly rate", "the monthly rent"): the notes write the
 * period as "/hr", "pcm", "a week", so the word is in no note, yet it names no other thing.
 */
const PERIODS = "hourly daily nightly weekly fortnightly monthly quarterly yearly annual annually".split(" ");

/**
 * Adjectives a question uses about its thing ("what's wrong with the roof"): said otherwise
 * in the note, or not at all. The commonest; a noun mistaken for one only makes the rule
 * apply less.
 */
const ADJECTIVES = new Set(
  "new old big small little large great good bad best worst wrong right first second third next last other own same different main whole full real long short high low early late young free open hard easy nice fine top fast slow cheap dear hot cold warm cool wet dry dark light half broken".split(" ").concat(PERIODS),
);

/** The question's words, lower-cased, a possessive and apostrophes taken off ("what's" → whats). */
function wordsOf(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? []).map((w) => w.replace(/['’]s$/, "").replace(/['’]/g, ""));
}

/** Words that open a noun phrase: "about the dog" ends in a noun, "in the photo represent" in a verb. */
const DETERMINERS = new Set("the a an my our your his her their its this that these those some any".split(" "));

/** A do-question puts its verb last: "what do the dancers in the photo represent". */
const DO = new Set(["do", "does", "did", "dont", "doesnt", "didnt"]);

/** Whether the word at `i` is the verb a do-question ends with: last, and no determiner before it. */
function endingVerb(words: readonly string[], i: number): boolean {
  return i === words.length - 1 && i > 0 && !DETERMINERS.has(words[i - 1]!) && words.slice(0, i).some((w) => DO.has(w));
}

/** Whether the word at `i` reads as a noun naming a thing: see the header. */
function namesAThing(words: readonly string[], i: number): boolean {
  const word = words[i]!;
  if (endingVerb(words, i)) return false;
  if (ASKS_MEMBER.has(words[i - 1] ?? "")) return false;
  if (SUBJECTS.has(words[i - 1] ?? "") || SUBJECTS.has(words[i - 2] ?? "")) return false;
  // "the address of the airbnb": an attribute of the thing, written as its value.
  if (words[i + 1] === "of") return false;
  // "how heavy is the cat", "how tall is she": the quality measured, written as its measure ("5.1kg").
  if (words[i - 1] === "how") return false;
  if (verbForms(word).length > 1 || isPastForm(word)) return false;
  return !ADJECTIVES.has(word);
}

/** The question's shape the rule needs: whether it asks when, and the names it writes. */
export interface QuestionShape {
  asksWhen: boolean;
  names: ReadonlySet<string>;
  /** Whether it opens like a question (a statement is a claim to check). */
  question: boolean;
}

/** Of the absent terms, those that name the thing asked about (see the header); none for a question the rule leaves alone. */
export function absentThings(query: string, absent: Iterable<string>, shape: QuestionShape): Set<string> {
  const out = new Set<string>();
  if (!shape.question || shape.asksWhen || shape.names.size > 0) return out;
  const words = wordsOf(query);
  for (const term of absent) {
    const i = words.indexOf(term);
    if (i >= 0 && namesAThing(words, i)) out.add(term);
  }
  return out;
}

/**
 * The words an absent thing narrows down: the question's distinctive word right after it,
 * ending the compound ("council tax on the bungalow", "winter mooring"). A result holds that
 * word as another kind of it ("Stamp Duty Land Tax" is a tax too), so holding it says nothing
 * of the thing asked: it is not counted among the result's other words (aboutAnotherThing).
 * Only a compound of two: in a longer run the first word often qualifies the whole ("extra
 * carer visit": an extra one of the carer's visits the note prices), not a kind of the next.
 */
export function headsOf(query: string, things: ReadonlySet<string>, distinctive: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  if (things.size === 0) return out;
  const words = wordsOf(query);
  for (let i = 0; i + 1 < words.length; i++) {
    const head = words[i + 1]!;
    if (things.has(words[i]!) && distinctive.has(head) && !distinctive.has(words[i + 2] ?? "")) out.add(head);
  }
  return out;
}

/**
 * Whether a result holding these matched terms, of these distinctive ones, is about another
 * thing: at most one of them, not counting the words the absent thing narrows down (`heads`).
 */
export function aboutAnotherThing(things: ReadonlySet<string>, distinctive: Iterable<string>, matched: readonly string[], heads: ReadonlySet<string> = NO_HEADS): boolean {
  if (things.size === 0) return false;
  let held = 0;
  for (const t of distinctive) if (matched.includes(t) && !heads.has(t)) held++;
  return held <= 1;
}

const NO_HEADS: ReadonlySet<string> = new Set();
