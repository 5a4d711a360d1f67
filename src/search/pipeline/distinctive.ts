/**
 * The question's distinctive words, and whether a result carries them: part of the floor
 * (floor.ts). A result is evidence for "when is the boiler service due" only if it says
 * something about a boiler or a service; the car's inspection note that shares "due" is not.
 *
 * Distinctive: a query term that is not GENERIC (query/generic.ts: everyday verbs, price
 * words, slot nouns like "number" or "name") and, in a workspace big enough to tell, not in
 * over half of its chunks (a word every note has says nothing about any of them; the
 * person's own name in a diary). Absent: a distinctive term no note contains, as typed
 * (a word respelled to its nearest indexed term counts as absent unless the result holds
 * that nearest term).
 *
 * Three tests, on the idf the coverage uses and the names the question writes:
 * - "generic only": the question has distinctive terms and the result matched none of them.
 * - "subject absent": the result holds less than SUBJECT_SHARE of the distinctive terms'
 *   idf, and the rest is in words no note contains: the question is mostly about something
 *   never written down ("what did
 *   the plumber quote for the bathroom" against a kitchen quote; "what is my car's license
 *   plate" against a note on renting a car).
 * - "named": a question that names someone (a capitalised word the notes contain) and asks
 *   something more about them needs both in the result: "is Anna allergic to anything" is
 *   answered neither by a note on Anna's birthday nor by one on Marco's allergy.
 */
import type { SearchPlan } from "../plan.js";
import { GENERIC } from "../query/generic.js";
import type { TermStats } from "./evidence.js";

/** A word in more than this share of the chunks is common here, whatever the word list says. */
const COMMON_SHARE = 0.5;
/** ...once the workspace has this many chunks: below it, shares say little. */
const COMMON_MIN_CHUNKS = 20;

/**
 * Below this share of the distinctive idf, with the rest in words no note contains, a
 * result does not carry the subject. Under one half so that one unknown word beside two
 * known ones ("where did we celebrate Anna's birthday": celebrate is in no note) passes.
 */
const SUBJECT_SHARE = 0.4;

export interface DistinctiveTerms {
  /** The distinctive terms and their idf. */
  idf: ReadonlyMap<string, number>;
  /** Those the question writes as a name (capitalised, not opening it): "is Anna allergic…". */
  names: ReadonlySet<string>;
  /** The distinctive terms no note contains (as typed). */
  absent: ReadonlySet<string>;
}

export type SubjectVerdict = "ok" | "generic-only" | "subject-absent";

export function distinctiveTerms(stats: TermStats, plan: SearchPlan): DistinctiveTerms {
  const respelled = new Set(plan.spellings.map((s) => s.word));
  const written = namesIn(plan.query);
  const names = new Set<string>();
  const idf = new Map<string, number>();
  const absent = new Set<string>();
  for (const t of stats.terms) {
    if (GENERIC.has(t.term)) continue;
    if (stats.n >= COMMON_MIN_CHUNKS && t.df > stats.n * COMMON_SHARE) continue;
    idf.set(t.term, t.idf);
    if (t.df === 0 || respelled.has(t.term)) absent.add(t.term);
    else if (written.has(t.term)) names.add(t.term);
  }
  return { idf, names, absent };
}

/**
 * The words a question writes as names: capitalised, and not the first word of a sentence
 * ("is Anna allergic to anything" → anna); lower-cased, without a possessive.
 */
export function namesIn(query: string): Set<string> {
  const out = new Set<string>();
  for (const m of query.matchAll(/(?<![\p{L}\p{N}])\p{Lu}[\p{Ll}\p{Lu}'’]*/gu)) {
    const before = query.slice(0, m.index).trimEnd();
    if (before === "" || /[.!?:;"“]$/.test(before)) continue;
    out.add(m[0].toLowerCase().replace(/['’]s$/, ""));
  }
  return out;
}

/** Whether a result with these matched terms carries the question's subject. */
export function subjectOf(matched: readonly string[], d: DistinctiveTerms): SubjectVerdict {
  if (d.idf.size === 0) return "ok";
  let got = 0;
  let missing = 0;
  const has = new Set(matched);
  for (const [term, w] of d.idf) {
    if (has.has(term)) got += w;
    else if (d.absent.has(term)) missing += w;
  }
  if (got === 0) return "generic-only";
  // A question about someone and something: the person alone is not the subject ("is Anna
  // allergic to anything" against a note on Anna's birthday), nor the thing about another.
  if (d.names.size > 0 && d.names.size < d.idf.size) {
    const named = [...d.names].some((n) => has.has(n));
    const other = [...d.idf.keys()].some((t) => !d.names.has(t) && has.has(t));
    if (!named || !other) return "generic-only";
  }
  return got < SUBJECT_SHARE * (got + missing) ? "subject-absent" : "ok";
}
