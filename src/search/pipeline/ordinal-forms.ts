/**
 * An ordinal of the question written as a count in the notes: "how was my second night
 * shift" against "Tues - night 2", "the third week" against "week 3", "my first lesson"
 * against "1st lesson". A diary numbers a run of days, sessions or rounds by the noun and
 * its number; the question says which one with an ordinal word no note holds. When the
 * ordinal stands right before a content word of the question, the ordinal also searches the
 * phrase "noun N" and "Nth noun", each only when some chunk holds it (one count per phrase).
 * The phrase, not the bare number: a "2" alone is in every other note.
 */
import type { ParsedQuery, WorkspaceForm } from "../query/query.js";
import type { DocFrequencies } from "./evidence.js";

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10 };
const NOUN_MIN = 3;

/** The ordinal words of the question that also search the numbered phrase the notes write. */
export function ordinalForms(text: string, q: ParsedQuery, df: DocFrequencies, skip: ReadonlySet<string>): WorkspaceForm[] {
  const content = new Set(q.terms);
  const words = text.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
  const out: WorkspaceForm[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const ord = words[i]!;
    const noun = words[i + 1]!;
    const n = ORDINALS[ord];
    if (n === undefined || !content.has(ord) || skip.has(ord) || !content.has(noun) || noun.length < NOUN_MIN || !/^\p{L}+$/u.test(noun)) continue;
    const phrases = [`${noun} ${n}`, `${n}${suffix(n)} ${noun}`].filter((p) => df.of(`{heading body} : "${p}"`) > 0);
    if (phrases.length > 0) out.push({ word: ord, terms: phrases });
  }
  return out;
}

function suffix(n: number): string {
  return n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th";
}
