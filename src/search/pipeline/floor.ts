/**
 * Stage 5, the floor: a result must be evidence for the query, in absolute terms
 * (evidence.ts): enough of the query's information in its words, a cosine above the model's
 * level, the note of the time asked about sharing a word with the question, or the quoted
 * phrase asked for; and at least the caller's minimum score.
 */
import type { SearchPlan } from "../plan.js";
import { round } from "../round.js";
import type { Evidence } from "../types.js";
import type { TermStats } from "./evidence.js";
import type { IndexFacts } from "./facts.js";
import type { Scored, Scoring } from "./score.js";
import { exitWith, type Exit } from "./stages.js";
import { NO_TOPIC } from "../query/generic.js";
import { distinctiveTerms, isQuestion, subjectOf, type DistinctiveTerms, type SubjectVerdict } from "./distinctive.js";
import { asksWhenItIs, statesTimeBesideMatch } from "./time-stated.js";
import { asksHowMuch, statesAmountBesideMatch } from "./amount-stated.js";
import { otherCompoundHeads, queryCompounds, type Compound } from "./other-compound.js";
import { compoundApartInList } from "./list-apart.js";
import { templateOnly } from "./template-labels.js";
import { ownedByAnother, ownerAlone, ownerApart, ownerMissing, ownersOf, type Owners } from "./typed-names.js";

/** Near misses an explanation lists: enough to see where the floor cut, few enough to read. */
const NEAR_MISSES = 3;

/**
 * How far above the model's cosine level a result must be to be evidence by meaning alone
 * when its words fail the distinctive test: a near-level similarity on "due" or "number"
 * is the shared word speaking, not the meaning.
 */
const STRONG_MARGIN = 0.1;

/**
 * Vector evidence needs the margin when the result shares words with the question but not
 * its subject (the words it shares are generic, or the question is mostly about words no
 * note contains). A result that shares no word at all is judged by its cosine alone.
 */
function vectorNeedsMore(s: Scored, words: QueryWords, subject: FloorVerdict): boolean {
  if (subject === "subject-absent" || subject === "time-unstated" || subject === "amount-unstated") return true;
  return subject === "generic-only" && s.matched.length > 0;
}

/**
 * The subject test (distinctive.ts), and one more for a question that asks when a thing is
 * (not when it was, nor how long) and names no time itself (time-stated.ts): "time-unstated", a result lacking one
 * of the question's distinctive words whose sentences holding the others state no time. And for
 * a question asking how much (amount-stated.ts): "amount-unstated", a result whose lines holding
 * the question's distinctive words state no money.
 */
export type FloorVerdict = SubjectVerdict | "time-unstated" | "amount-unstated";

/** The floor's verdict on a result's words: the subject test, then, for a "when" question, the time. */
export function verdictOf(scored: Scored, plan: SearchPlan, words: QueryWords, nowMs: number): FloorVerdict {
  const s = personsWords(scored, words, plan);
  // "Book club" is as good as no "club" for "the sailing club" (other-compound.ts).
  const subject = subjectOf(s.matched, words.distinctive, otherCompoundHeads(s.matched, s.cand.text, words.compounds));
  // Kasia in one bullet and Gethin's bday in another is not Kasia's birthday (list-apart.ts);
  // keywords typed side by side ("Leipzig penicillin") ask for both items, not one thing.
  if (subject === "ok" && isQuestion(plan.query) && compoundApartInList(s.matched, words.distinctive.idf.keys(), s.cand.text, words.compounds, plan.parsed.formsOf)) return "generic-only";
  // "finns swimming gala" typed for Finn's: "Isla swimming gala" is Isla's (typed-names.ts).
  // "kats day off" against Kat in one line and "covering" in another: apart (typed-names.ts).
  if (subject === "ok" && (ownerAlone(s.matched, words.terms, words.owners) || ownedByAnother(s.matched, s.cand.text, words.owners, plan.parsed.formsOf) || ownerApart(s.matched, s.cand.text, words.owners, plan.parsed.formsOf) || ownerMissing(s.matched, s.cand.text, words.owners))) return "generic-only";
  if (subject !== "ok") return subject;
  const distinctive = [...words.distinctive.idf.keys()];
  const matched = distinctive.filter((t) => s.matched.includes(t));
  // "how much was finns dentist" against "Finn dentist 4.15 - 2 fillings needed": no price.
  if (matched.length > 0 && asksHowMuch(plan.query) && !statesAmountBesideMatch(s.cand.text, matched, plan.parsed.formsOf)) return "amount-unstated";
  if (!plan.dates.asksWhen || !asksWhenItIs(plan.query) || plan.dates.range !== null) return subject;
  if (matched.length === distinctive.length) return subject;
  return statesTimeBesideMatch({ text: s.cand.text, date: s.cand.date, matched }, nowMs) ? subject : "time-unstated";
}

/**
 * The result with only the words the person wrote matched: a word it holds only in the
 * template's labels ("How to address them:") is none of theirs when the question asks about
 * more than that slot (template-labels.ts).
 */
function personsWords(s: Scored, words: QueryWords, plan: SearchPlan): Scored {
  const only = templateOnly(s.cand.path, s.cand.text, s.matched, words.terms, plan.parsed.formsOf);
  return only.length === 0 ? s : { ...s, matched: s.matched.filter((t) => !only.includes(t)) };
}

/** A scored candidate and the floor tests it passed. */
export interface Judged extends Scored {
  evidence: Evidence[];
}

/** The candidates that passed, and the scoring they came from. */
export interface Floored {
  kept: Judged[];
  scoring: Scoring;
}

/**
 * The query terms that carry a topic: all but the everyday verbs and price words
 * (query/generic.ts). A result whose only matched terms carry none is no keyword (or date)
 * evidence. (A high document frequency was tried as a second sign of "no topic", a term in
 * over half of 20+ chunks: it cost LoCoMo recall@5 0.888 → 0.878, names being in most of a
 * conversation's chunks; distinctive.ts uses it only next to a more specific word.)
 */
export function topicalTerms(stats: TermStats): Set<string> {
  return new Set(stats.terms.filter((t) => !NO_TOPIC.has(t.term)).map((t) => t.term));
}

/** What the floor knows of the query's words: which carry a topic, which are distinctive. */
export interface QueryWords {
  topical: ReadonlySet<string>;
  distinctive: DistinctiveTerms;
  /** The question's compounds of distinctive words ("sailing club"): other-compound.ts. */
  compounds: readonly Compound[];
  /** Of them, those owned by a name typed as a lower-case possessive ("finns gala"): typed-names.ts. */
  owners: Owners;
  /** The distinctive terms, as a set. */
  terms: ReadonlySet<string>;
}

/**
 * The floor tests a scored candidate passes. A result that carries none of the question's
 * distinctive words, or whose question is mostly about words no note contains
 * (distinctive.ts), is no keyword or date evidence, and is vector evidence only at a cosine
 * STRONG_MARGIN above the model's level: a low similarity riding on one shared word is not.
 */
export function evidenceOf(s: Scored, plan: SearchPlan, words: QueryWords, nowMs: number): Evidence[] {
  const floor = plan.floor;
  const evidence: Evidence[] = [];
  const subject = verdictOf(s, plan, words, nowMs);
  const topical = s.matched.some((t) => words.topical.has(t));
  if (s.coverage > 0 && s.coverage >= floor.keywordCoverage && topical && subject === "ok") evidence.push("keyword");
  if (s.cosine !== null && floor.vectorCosine !== null && s.cosine >= floor.vectorCosine + (vectorNeedsMore(s, words, subject) ? STRONG_MARGIN : 0)) {
    evidence.push("vector");
  }
  // The query names a time, this note is from then, and it shares a content word
  // with the query: "where did Joanna travel in July 2022". Days still to come have no
  // notes of their own: a note that names one of them is evidence by that alone ("what is
  // coming up next week" → "dentist on 2 December").
  // A day to come named with a subject ("when is the plumber coming next week") needs the
  // subject too. A note of the time asked about needs a topical word only: the question's
  // other words are often worded unlike the note ("where did Joanna travel in July 2022"
  // against a note on her trip).
  const mentionsAsked = plan.dates.searched === "mentions" && subject === "ok";
  if (s.dateMatch && ((s.coverage > 0 && topical) || mentionsAsked)) evidence.push("date");
  // The user asked for this exact phrase, and the chunk contains it (the only ones left).
  if (plan.parsed.phrases.length > 0) evidence.push("phrase");
  return evidence;
}

/**
 * Keeps the candidates that pass; fills in `floor` (what `--explain` shows of it). The notes
 * of a date-only query all pass: the date is their evidence.
 */
/** `textsOf`: the texts of the chunks holding a word (typed-names.ts); the candidates' own by default. */
export function applyFloor(facts: IndexFacts, scoring: Scoring, nowMs: number, textsOf?: (word: string) => readonly string[]): Floored | Exit {
  const { plan, stats, floor } = facts;
  if (facts.listing) {
    const evidence: Evidence[] = plan.parsed.phrases.length > 0 ? ["date", "phrase"] : ["date"];
    Object.assign(floor, { dateOnly: true, candidates: scoring.scored.length, passed: scoring.scored.length });
    return { kept: scoring.scored.map((s) => ({ ...s, evidence })), scoring };
  }
  const distinctive = distinctiveTerms(stats, plan);
  const terms = new Set(distinctive.idf.keys());
  const compounds = queryCompounds(plan.query, terms, distinctive.names, distinctive.absent);
  const asked = new Set(stats.terms.map((t) => t.term));
  const owners = ownersOf(plan.query, terms, compounds, textsOf ?? (() => scoring.scored.map((s) => s.cand.text)), asked, plan.parsed.formsOf);
  const words: QueryWords = { topical: topicalTerms(stats), distinctive, compounds, owners, terms };
  const scored: Judged[] = scoring.scored.map((s) => ({ ...s, evidence: evidenceOf(s, plan, words, nowMs) }));
  const minScore = plan.floor.minScore;
  floor.terms = stats.terms.map((t) => {
    const forms = plan.parsed.formsOf(t.term);
    return { term: t.term, df: t.df, idf: round(t.idf), ...(forms.length > 1 ? { forms: forms.slice(1) } : {}) };
  });
  floor.candidates = scored.length;
  const passes = (s: Judged): boolean => (!plan.floor.enabled || s.evidence.length > 0) && (minScore === null || s.final >= minScore);
  const kept = scored.filter(passes);
  floor.passed = kept.length;
  if (plan.explain) {
    floor.nearMisses = scored
      .filter((s) => !passes(s))
      .sort((a, b) => b.final - a.final)
      .slice(0, NEAR_MISSES)
      .map((s) => ({
        path: s.cand.path,
        startLine: s.cand.startLine,
        endLine: s.cand.endLine,
        score: round(s.final),
        matched: s.matched,
        coverage: round(s.coverage),
        cosine: s.cosine === null ? null : round(s.cosine),
        evidence: s.evidence,
      }));
  }
  if (kept.length > 0) return { kept, scoring };
  const reason =
    minScore !== null && scored.some((s) => s.evidence.length > 0)
      ? `nothing relevant: no result scores at least --min-score ${minScore}`
      : `nothing relevant: ${scored.length} candidate(s), none above the floor (keyword coverage ${floor.keywordCoverage}${floor.vectorCosine !== null ? `, cosine ${floor.vectorCosine}` : ""})`;
  return exitWith(plan, floor, reason, scoring.dateTerm);
}
