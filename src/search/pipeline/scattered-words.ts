/**
 * Part of the floor's subject test (distinctive.ts): a question naming its thing with three or
 * more distinctive words side by side ("whats the flat door code"), every one of them in some
 * note, is not answered by a result holding one of those words and no other distinctive word
 * of the question: "locker code … 3064" or "flat inspection Tue 29th". Each word is written,
 * about another thing; the thing asked (a door code for the flat) is in no note.
 *
 * Kept narrow, as replayed on the newcomer sets (scripts/floor-features.mjs): with one word of
 * the question in no note the question may be worded unlike its answer (the absent-word tests
 * judge it); a name of two words is how people write one ("next physio session" against
 * "physio Thurs 10am"); and a result holding a word outside the run is about the question's
 * other part ("who is covering my year 9 class" against "Rob covering 9C": the class written
 * as its code). Any result holding one of three or more scattered words lost an answer there.
 * Questions only: a claim or keywords typed side by side ask for no one thing.
 */

/** Distinctive words side by side, at least, that name one thing. */
const RUN = 3;

/** What the test reads of the question's distinctive words (distinctive.ts DistinctiveTerms). */
interface QuestionWords {
  idf: ReadonlyMap<string, number>;
  absent: ReadonlySet<string>;
  question: boolean;
  /** The runs of RUN or more distinctive words side by side in the question. */
  runs: readonly (readonly string[])[];
}

/** Whether the result holds one distinctive word of the question, inside a run of them, all written somewhere. */
export function holdsOneOfRun(matched: readonly string[], d: QuestionWords): boolean {
  if (!d.question || d.runs.length === 0 || d.absent.size > 0) return false;
  let held: string | null = null;
  for (const t of d.idf.keys()) {
    if (!matched.includes(t)) continue;
    if (held !== null) return false;
    held = t;
  }
  return held !== null && d.runs.some((r) => r.includes(held));
}

/** The runs of RUN or more words of `query` side by side that are all `distinctive` (as query terms: lower case, no possessive). */
export function distinctiveRuns(query: string, distinctive: ReadonlySet<string>): string[][] {
  const words = (query.toLowerCase().replace(/’/g, "'").match(/[\p{L}\p{N}']+/gu) ?? []).map((w) => w.replace(/'s$/, ""));
  const runs: string[][] = [];
  let run: string[] = [];
  for (const w of [...words, ""]) {
    if (distinctive.has(w) && !run.includes(w)) {
      run.push(w);
      continue;
    }
    if (run.length >= RUN) runs.push(run);
    run = distinctive.has(w) ? [w] : [];
  }
  return runs;
}
