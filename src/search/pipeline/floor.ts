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

/** Near misses an explanation lists: enough to see where the floor cut, few enough to read. */
const NEAR_MISSES = 3;

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
 * Words that say how much, how many or how often, never what about: "how much does Netflix
 * cost" is about Netflix, and a recipe with "much kneading" shares nothing with it.
 */
const QUANTITY_WORDS: ReadonlySet<string> = new Set(
  "much many lot lots little less least bit enough several plenty cost costs costing price prices amount".split(" "),
);

/**
 * Everyday verbs that any narrative is full of ("they said", "see you then", "a book on the
 * shelf"): "what did the plumber say" is about the plumber, and a note where someone said
 * something shares nothing with it. Each with its forms; the query term is the word as asked.
 */
const EVERYDAY_VERBS: ReadonlySet<string> = new Set(
  ("say says said saying tell tells told telling see sees saw seen seeing look looks looked looking " +
    "get gets got gotten getting go goes went gone going come comes came coming make makes made making " +
    "take takes took taken taking give gives gave given giving put puts putting know knows knew known knowing " +
    "think thinks thought thinking want wants wanted wanting need needs needed needing like likes liked " +
    "use uses used using try tries tried trying ask asks asked asking keep keeps kept keeping " +
    "find finds found finding show shows showed shown showing seem seems seemed feel feels felt feeling " +
    "leave leaves left leaving book books booked booking " +
    // "when did I last …" asks about the last time, and "the last of the parmesan" is not it.
    "last").split(" "),
);

/**
 * The query terms that carry a topic: all but the quantity and degree words and the
 * everyday verbs. A result whose only matched terms carry none is no keyword (or date) evidence. (A high document frequency
 * was tried as a second sign of "no topic", a term in over half of 20+ chunks: it cost
 * LoCoMo recall@5 0.888 → 0.878, names being in most of a conversation's chunks; left out.)
 */
export function topicalTerms(stats: TermStats): Set<string> {
  return new Set(stats.terms.filter((t) => !QUANTITY_WORDS.has(t.term) && !EVERYDAY_VERBS.has(t.term)).map((t) => t.term));
}

/** The floor tests a scored candidate passes; `topical`: the query's terms that carry a topic (topicalTerms). */
export function evidenceOf(s: Scored, plan: SearchPlan, topical: ReadonlySet<string>): Evidence[] {
  const floor = plan.floor;
  const evidence: Evidence[] = [];
  const onTopic = s.matched.some((t) => topical.has(t));
  if (s.coverage > 0 && s.coverage >= floor.keywordCoverage && onTopic) evidence.push("keyword");
  if (s.cosine !== null && floor.vectorCosine !== null && s.cosine >= floor.vectorCosine) evidence.push("vector");
  // The query names a time, this note is from then, and it shares a content word
  // with the query: "where did Joanna travel in July 2022". Days still to come have no
  // notes of their own: a note that names one of them is evidence by that alone ("what is
  // coming up next week" → "dentist on 2 December").
  if (s.dateMatch && ((s.coverage > 0 && onTopic) || plan.dates.searched === "mentions")) evidence.push("date");
  // The user asked for this exact phrase, and the chunk contains it (the only ones left).
  if (plan.parsed.phrases.length > 0) evidence.push("phrase");
  return evidence;
}

/**
 * Keeps the candidates that pass; fills in `floor` (what `--explain` shows of it). The notes
 * of a date-only query all pass: the date is their evidence.
 */
export function applyFloor(facts: IndexFacts, scoring: Scoring): Floored | Exit {
  const { plan, stats, floor } = facts;
  if (facts.listing) {
    const evidence: Evidence[] = plan.parsed.phrases.length > 0 ? ["date", "phrase"] : ["date"];
    Object.assign(floor, { dateOnly: true, candidates: scoring.scored.length, passed: scoring.scored.length });
    return { kept: scoring.scored.map((s) => ({ ...s, evidence })), scoring };
  }
  const topical = topicalTerms(stats);
  const scored: Judged[] = scoring.scored.map((s) => ({ ...s, evidence: evidenceOf(s, plan, topical) }));
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
