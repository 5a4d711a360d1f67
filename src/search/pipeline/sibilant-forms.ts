/**
 * A word ending in "-es" after a sibilant, whose base the notes write: "otises parents evening"
 * against "Otis parents eve", "the buses" against "the bus", "jameses bike" against "James".
 * English adds "-es" (spoken, and typed without the apostrophe, for a possessive: "Otis's" is
 * said "Otises") to a word ending in s, x, z, ch or sh. The index's stemmer takes the "-es"
 * form and the base to different tokens when the base itself ends in one "s" ("otises" → otis,
 * "otis" → oti; "buses" → buse, "bus" → bu), so the question's word matches nothing and the
 * note that writes its base is not found.
 *
 * General, not a word list: only a question word no chunk holds (df 0, so a word the notes do
 * write is never widened), whose base is at least BASE_MIN letters, ends in a sibilant and is a
 * term some chunk holds (one count each).
 */
import type { ParsedQuery, WorkspaceForm } from "../query/query.js";
import type { DocFrequencies } from "./evidence.js";

/** Letters of the base, at least: "yeses" → "yes" would do, "ases" → "as" is a word's end. */
const BASE_MIN = 3;

/** The base of a sibilant's "-es" form ("otises" → "otis", "churches" → "church"), or null. */
export function sibilantBase(word: string): string | null {
  const m = /^(\p{L}+(?:s|x|z|ch|sh))es$/u.exec(word);
  return m && m[1]!.length >= BASE_MIN ? m[1]! : null;
}

/** The query words no note holds that also search their sibilant base, when some note holds it. */
export function sibilantForms(q: ParsedQuery, df: DocFrequencies, skip: ReadonlySet<string>): WorkspaceForm[] {
  const out: WorkspaceForm[] = [];
  for (const word of new Set(q.terms)) {
    const base = sibilantBase(word);
    if (base === null || skip.has(word)) continue;
    if (df.of(`{heading body} : "${word}"`) > 0 || df.of(`{heading body} : "${base}"`) === 0) continue;
    out.push({ word, terms: [base] });
  }
  return out;
}
