/**
 * Two words of the question that the notes write as one: "park run" against "parkrun",
 * "car park" against "carpark", "home work" against "homework". The stemmer sees "parkrun"
 * as one term, so neither "park" nor "run" matches the note that holds the answer, and a
 * question whose words are all in it ("whats my park run pb") finds only notes with one of
 * them ("Car Park D", "ran home"). When two adjacent content words of the question, joined,
 * are a term some chunk holds, each of the two also searches the joined term: the note
 * writing it holds both.
 *
 * General, not a word list: the joined word must be in the index (one count per pair of
 * adjacent words), at least JOINED_MIN letters, and both parts words of letters of at least
 * PART_MIN letters (two letters joined are most often an abbreviation, not a compound).
 */
import type { ParsedQuery, WorkspaceForm } from "../query/query.js";
import type { DocFrequencies } from "./evidence.js";

const PART_MIN = 3;
const JOINED_MIN = 6;
/** Pairs looked at, at most: a question has a few; a pasted text is searched as written. */
const MAX_PAIRS = 12;

/** The query words that also search a joined term the notes write, each with that term. */
export function joinedWords(text: string, q: ParsedQuery, df: DocFrequencies, skip: ReadonlySet<string>): WorkspaceForm[] {
  const content = new Set(q.terms);
  const words = text.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
  const out: WorkspaceForm[] = [];
  let pairs = 0;
  for (let i = 0; i + 1 < words.length && pairs < MAX_PAIRS; i++) {
    const a = words[i]!;
    const b = words[i + 1]!;
    if (!part(a, content, skip) || !part(b, content, skip) || a === b) continue;
    pairs++;
    const joined = a + b;
    if (joined.length < JOINED_MIN || content.has(joined)) continue;
    if (!df.any(`{heading body} : "${joined}"`)) continue;
    out.push({ word: a, terms: [joined] }, { word: b, terms: [joined] });
  }
  return out;
}

function part(w: string, content: ReadonlySet<string>, skip: ReadonlySet<string>): boolean {
  return w.length >= PART_MIN && /^\p{L}+$/u.test(w) && content.has(w) && !skip.has(w);
}
