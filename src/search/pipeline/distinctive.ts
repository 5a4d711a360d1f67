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
 * A verb's past form followed by its object ("who fixed the boiler": an article or a
 * possessive next) is not distinctive: the object names what it happened to, and a note
 * tells the same event in its own verbs (a boiler "fixed" is a pressure valve "fitted"), so
 * a result sharing only the verb is about something else that happened ("fixed the shed
 * roof"). The verb still ranks. A question that asks for the object keeps it: "what items
 * has Melanie bought", "which cities has Jon visited" (LoCoMo lost 0.6 points of recall@5
 * when every past form was dropped).
 *
 * Five tests, on the idf the coverage uses and the names the question writes:
 * - "generic only": the question has distinctive terms and the result matched none of them,
 *   or holds them only inside other compounds ("Derek's birthday" for "Isla's birthday").
 * - "one of a run": a question naming its thing with three or more distinctive words side by
 *   side, all in some note, and the result holds one of them and no other (scattered-words.ts):
 *   "the flat door code" against the locker code.
 * - "subject absent": at least ABSENT_WORDS distinctive words, and two thirds of them, are
 *   in no note and not in the result: the question is about something never written down ("what did
 *   the plumber quote for the bathroom" against a kitchen quote; "what is my car's license
 *   plate" against a note on renting a car).
 * - "another thing": the question's thing is a noun no note has, and the result holds at most
 *   one of its other distinctive words (absent-thing.ts): "how much is the winter mooring"
 *   against visitor moorings.
 * - "named": a question that names someone (a capitalised word the notes contain) and asks
 *   something more about them needs both in the result: "is Anna allergic to anything" is
 *   answered neither by a note on Anna's birthday nor by one on Marco's allergy; and the
 *   name is never enough alone, even when the thing asked about is in no note ("what did
 *   Mira tell me about her new job" against notes on Mira and something new).
 */
import type { SearchPlan } from "../plan.js";
import { GENERIC } from "../query/generic.js";
import { isPastForm } from "../query/irregular.js";
import type { TermStats } from "./evidence.js";
import { asksWhen } from "../dates/when.js";
import { aboutAnotherThing, absentThings, headsOf } from "./absent-thing.js";
import { distinctiveRuns, holdsOneOfRun } from "./scattered-words.js";

/** A word in more than this share of the chunks is common here, whatever the word list says. */
const COMMON_SHARE = 0.5;
/** ...once the workspace has this many chunks: below it, shares say little. */
const COMMON_MIN_CHUNKS = 20;

/**
 * A question with at least this many distinctive words that no note contains, two thirds
 * of its distinctive words or more, is about something never written down. Counted, not
 * weighed: a word in no note has the highest idf of all, and one unknown word (a
 * paraphrase: "where did we celebrate Anna's birthday", "Melanie's reason for getting into
 * running") would outweigh every known one; LoCoMo's reworded questions lost 2 points of
 * recall@5 to weighing, 0.6 to this count.
 */
const ABSENT_WORDS = 2;

export interface DistinctiveTerms {
  /** The distinctive terms and their idf. */
  idf: ReadonlyMap<string, number>;
  /** Those the question writes as a name (capitalised, not opening it): "is Anna allergic…". */
  names: ReadonlySet<string>;
  /** The distinctive terms no note contains (as typed). */
  absent: ReadonlySet<string>;
  /**
   * Of the names, the question's subject: the name right after its opening words ("what did
   * Mira tell me…"), not one it asks about ("when do I fly to Seville").
   */
  subject: ReadonlySet<string>;
  /** Of the absent terms, those naming the thing asked about (absent-thing.ts). */
  things: ReadonlySet<string>;
  /** The words those things narrow down, right after them: "tax" of "council tax" (absent-thing.ts). */
  heads: ReadonlySet<string>;
  /** Whether the query is a question (opens with a question word). */
  question: boolean;
  /** Runs of three or more distinctive words side by side ("flat door code"): scattered-words.ts. */
  runs: readonly (readonly string[])[];
}

export type SubjectVerdict = "ok" | "generic-only" | "subject-absent";

export function distinctiveTerms(stats: TermStats, plan: SearchPlan): DistinctiveTerms {
  const respelled = new Set(plan.spellings.map((s) => s.word));
  const written = namesIn(plan.query);
  const first = subjectNameIn(plan.query);
  const names = new Set<string>();
  const subject = new Set<string>();
  const idf = new Map<string, number>();
  const absent = new Set<string>();
  for (const t of stats.terms) {
    if (GENERIC.has(t.term)) continue;
    if (stats.n >= COMMON_MIN_CHUNKS && t.df > stats.n * COMMON_SHARE) continue;
    idf.set(t.term, t.idf);
    if (t.df === 0 || respelled.has(t.term)) absent.add(t.term);
    else if (written.has(t.term)) {
      names.add(t.term);
      if (first.has(t.term)) subject.add(t.term);
    }
  }
  for (const verb of pastFormsWithObject(idf, written, plan.query)) {
    idf.delete(verb);
    absent.delete(verb);
  }
  const unwritten = stats.terms.filter((t) => t.df === 0 && idf.has(t.term)).map((t) => t.term);
  const question = QUESTION_START.test(plan.query);
  const things = absentThings(plan.query, unwritten, { asksWhen: asksWhen(plan.query), names: written, question });
  return { idf, names, absent, subject, things, heads: headsOf(plan.query, things, new Set(idf.keys())), question, runs: question ? distinctiveRuns(plan.query, new Set(idf.keys())) : [] };
}

/** A word that opens the object of a verb right before it: "fixed the boiler", "painted my fence". */
const OBJECT_START = new Set("the a an my our your his her their its this that these those".split(" "));

/** The distinctive terms that are a verb's past form followed by its object (see the header); never a name, never every term. */
function pastFormsWithObject(idf: ReadonlyMap<string, number>, names: ReadonlySet<string>, query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  const past = [...idf.keys()].filter((t) => !names.has(t) && isPastForm(t) && words.some((w, i) => w === t && OBJECT_START.has(words[i + 1] ?? "")));
  return past.length < idf.size ? past : [];
}

/**
 * Whether a result with these matched terms carries the question's subject. `elsewhere`: the
 * terms it holds only in another compound ("Book club" for "the sailing club",
 * other-compound.ts), missing for the subject-absent count, and not held at all when they are
 * all it holds of the question's distinctive words.
 */
export function subjectOf(matched: readonly string[], d: DistinctiveTerms, elsewhere: ReadonlySet<string> = NONE): SubjectVerdict {
  if (d.idf.size === 0) return "ok";
  // Loops over the few matched terms, no sets or arrays made: the floor asks this of every candidate.
  // A word held only inside another compound is none of the question's thing: a result whose
  // every distinctive word stands so ("Jas's birthday" for "Pinky's birthday") shares no subject.
  if (!someIn(d.idf.keys(), matched, elsewhere) || !namedAndAsked(matched, d)) return "generic-only";
  // "the flat door code" against the locker code: one written word of three (scattered-words.ts).
  if (holdsOneOfRun(matched, d)) return "generic-only";
  if (aboutAnotherThing(d.things, d.idf.keys(), matched, d.heads)) return "subject-absent";
  let missing = 0;
  for (const t of d.absent) if (!matched.includes(t)) missing++;
  for (const t of elsewhere) if (d.idf.has(t) && !d.absent.has(t)) missing++;
  return missing >= ABSENT_WORDS && missing * 3 >= d.idf.size * 2 ? "subject-absent" : "ok";
}

const NONE: ReadonlySet<string> = new Set();

/** Whether any of `terms` (but those in `skip`) is among the matched. */
function someIn(terms: Iterable<string>, matched: readonly string[], skip: ReadonlySet<string> = NONE): boolean {
  for (const t of terms) if (!skip.has(t) && matched.includes(t)) return true;
  return false;
}

/**
 * A question about someone and something more: the person alone is not the subject ("is
 * Anna allergic to anything" against a note on Anna's birthday; "what did Mira tell me about
 * her new job" against notes that name Mira and something new). When every other
 * distinctive word is in some note, the result needs the name and one of them: the thing
 * about another is not it either (a note on Marco's allergy). When one is in no note, the
 * question may be worded unlike the notes ("Melanie's reason for getting into running"):
 * what matched is all there is to go by, but the name the question is about, alone, never
 * is; a name it asks about is the thing asked ("when did Gina mention Shia Labeouf").
 */
function namedAndAsked(matched: readonly string[], d: DistinctiveTerms): boolean {
  if (d.names.size === 0 || d.names.size >= d.idf.size) return true;
  if (d.absent.size > 0) return d.subject.size === 0 || someIn(d.idf.keys(), matched, d.subject);
  return someIn(d.names, matched) && someIn(d.idf.keys(), matched, d.names);
}

/**
 * The words a question writes as names: capitalised like a name (one capital, then small
 * letters: "Anna", not "TNF" or "ALDH1"), not the first word of a sentence, in a question
 * (it opens with a question word: "is Anna allergic to anything"); lower-cased, without a
 * possessive. A statement ("Aspirin inhibits Cox-2 in Alzheimer's patients", a SciFact
 * claim) names no one to ask about: read as names, its capitalised words cost SciFact 4
 * points of nDCG@10.
 */
export function namesIn(query: string): Set<string> {
  return new Set(nameRuns(query).flatMap((r) => r.words));
}

/**
 * The question's subject, when a name is it: the name run right after the question's opening
 * words ("what did Mira tell me…", "is Anna allergic…", "when is Tom's birthday dinner").
 * A name elsewhere is what is asked about: "when do I fly to Seville", "when did Gina
 * mention Shia Labeouf" (Gina, not Shia Labeouf).
 */
export function subjectNameIn(query: string): Set<string> {
  const opening = SUBJECT_AFTER.exec(query);
  if (!opening) return new Set();
  const run = nameRuns(query).find((r) => r.start === opening[0].length);
  return new Set(run?.words ?? []);
}

/** The names a question writes, in order, words next to each other as one run. */
function nameRuns(query: string): { start: number; words: string[] }[] {
  const runs: { start: number; words: string[] }[] = [];
  if (!QUESTION_START.test(query)) return runs;
  let end = -1;
  for (const m of query.matchAll(/(?<![\p{L}\p{N}])\p{Lu}\p{Ll}+(?:['’]s)?(?![\p{L}\p{N}])/gu)) {
    const before = query.slice(0, m.index).trimEnd();
    if (before === "" || /[.!?:;"“]$/.test(before)) continue;
    const word = m[0].toLowerCase().replace(/['’]s$/, "");
    const last = runs[runs.length - 1];
    if (last && /^\s+$/.test(query.slice(end, m.index))) last.words.push(word);
    else runs.push({ start: m.index, words: [word] });
    end = m.index + m[0].length;
  }
  return runs;
}

const AUXILIARY = "is|are|was|were|did|does|do|has|have|had|can|could|will|would|should";
/** A question's opening words, up to where its subject stands: "what did ", "is ", "what's ". */
const SUBJECT_AFTER = new RegExp(`^\\s*(?:(?:(?:what|who|whom|whose|when|where|which|why|how)\\s+)?(?:${AUXILIARY})|(?:what|who|where|when|how)['’]?s)\\s+`, "i");
/** Where the question's subject starts, after its opening words ("what did ", "when is "), or -1 when it has none. */
export function subjectStart(query: string): number {
  return SUBJECT_AFTER.exec(query)?.[0].length ?? -1;
}

/** Whether the query is a question (opens with a question word): keywords typed side by side ("Leipzig penicillin") are no compound. */
export function isQuestion(query: string): boolean {
  return QUESTION_START.test(query);
}

const QUESTION_START = /^\s*(?:what|what's|whats|who|who's|whom|whose|when|where|which|why|how|is|are|was|were|did|does|do|has|have|had|can|could|will|would|should)\b/i;
