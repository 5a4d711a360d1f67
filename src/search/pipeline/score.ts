/**
 * Stage 4, fuse and factors: each candidate's keyword and vector relevance fused into one
 * number in 0..1, the measures the floor and the factors read (matched terms, coverage,
 * whether the note is of the time asked about), then the score factors multiplied in. The
 * notes of a date-only query score their recency alone.
 */
import type { DB } from "../../store/open.js";
import { sql } from "./sql.js";
import type { DateRange } from "../dates/dates.js";
import type { Entry, Found } from "./candidates.js";
import { coverage, idf, matchedTerms, type EvidenceTerm } from "./evidence.js";
import type { IndexFacts } from "./facts.js";
import { decayFactor } from "./recency.js";
import type { SearchIndexes } from "./stages.js";
import { SCORE_FACTORS, type FactorValue, type Measured } from "./factors/index.js";
import { fuse } from "./fuse.js";
import type { SearchPlan } from "../plan.js";
import { round } from "../round.js";
import type { DateTermExplanation } from "../types.js";
import { mentionsTimeIn } from "../dates/when.js";
import { calendarCollisions, withoutShortFormMatches } from "./calendar-stems.js";

export interface Scored extends Measured {
  /** Each factor's value and explanation, in the order of SCORE_FACTORS. */
  factors: FactorValue[];
  /** fused × every factor: the result's score. */
  final: number;
}

export interface Scoring {
  scored: Scored[];
  /** The date phrase as a query term, when it is one (search.dates.asTerm). */
  dateTerm: DateTermExplanation | null;
  /** Share of the vector list in the fused score, as this query's mode uses it. */
  vectorWeight: number;
}

export function scoreCandidates(ix: SearchIndexes, facts: IndexFacts, found: Found): Scoring {
  const { plan, stats, terms: eterms } = facts;
  const entries = found.entries;
  if (facts.listing) return { scored: entries.map((e) => byRecency(ix, plan, e)), dateTerm: null, vectorWeight: 0 };
  const matchedBy = matchedTermsOf(ix.db, eterms, entries);
  const range = plan.dates.range;
  const ahead = plan.dates.searched === "mentions";
  const dateMatches = entries.map((e) => range !== null && e.cand.date !== null && isOfTime(e.cand.text, e.cand.date, range, ahead));
  // The date phrase was taken out of the words; it comes back as a query term of its own,
  // matched by the notes of that time and weighted, like a word, by its rarity: a month of a
  // year-long history says as much as a word in a twelfth of the chunks. (In filter mode
  // every candidate is of that time, and a term all match ranks nothing.)
  const dateTerm = range !== null && plan.dates.mode === "boost" && plan.config.dates.asTerm && plan.mode !== "vector" ? dateTermStats(ix.db, range, stats.n) : null;
  const weight = plan.mode === "keyword" ? 0 : plan.mode === "vector" ? 1 : plan.vectors.weight;
  const fused = fuseEntries(plan, entries, dateMatches, dateTerm, weight);
  const factors = SCORE_FACTORS.map((f) => f.prepare({ plan, stats, nowMs: ix.nowMs }));
  const scored = entries.map((e, i): Scored => {
    const f = fused[i]!;
    const m = matchedBy.get(e.cand.chunkId);
    const measured: Measured = {
      cand: e.cand,
      cosine: e.cosine,
      keywordNorm: f.keywordNorm,
      vectorNorm: f.vectorNorm,
      fused: f.fused,
      dateMatch: dateMatches[i]!,
      dateTerm: dateTerm !== null && dateMatches[i] ? dateTerm.idf : 0,
      matched: m ? eterms.map((t) => t.term).filter((t) => m.has(t)) : [],
      coverage: coverage(stats, m),
    };
    const values = factors.map((value) => value(measured));
    return { ...measured, factors: values, final: values.reduce((s, v) => s * v.value, f.fused) };
  });
  return { scored, dateTerm, vectorWeight: weight };
}

/** A note of a date-only query: of the time asked about, scored by its recency alone. */
function byRecency(ix: SearchIndexes, plan: SearchPlan, e: Entry): Scored {
  const decay = decayFactor(e.cand.date, e.cand.kind, ix.nowMs, plan.config.recency);
  const factors = [
    { value: decay, explain: { decay: round(decay) } },
    { value: 1, explain: { dateMatch: true, dateBoost: 1 } },
    { value: 1, explain: { whenBoost: 1 } },
    { value: 1, explain: { coverageFactor: 1 } },
  ];
  return { cand: e.cand, cosine: null, keywordNorm: 0, vectorNorm: 0, fused: 1, dateMatch: true, dateTerm: 0, matched: [], coverage: 0, factors, final: decay };
}

/** Keyword candidates scored by the engine's BM25 know their terms already; the others are looked up. */
function matchedTermsOf(db: DB, eterms: EvidenceTerm[], entries: Entry[]): Map<number, Set<string>> {
  // One array literal, pushed to: empty or not, it has one elements kind (filter-then-map's
  // empty answer had another, and V8 threw this function's optimised code away for it).
  const unknown: number[] = [];
  for (const e of entries) if (e.cand.matched === undefined) unknown.push(e.cand.chunkId);
  const matchedBy = matchedTerms(db, eterms, unknown);
  for (const e of entries) if (e.cand.matched !== undefined && e.cand.matched.size > 0) matchedBy.set(e.cand.chunkId, e.cand.matched);
  // "wedding" matched only by "Wed" in the chunk is no match (calendar-stems.ts).
  const collisions = calendarCollisions(eterms);
  if (collisions.size === 0) return matchedBy;
  for (const e of entries) {
    const m = matchedBy.get(e.cand.chunkId);
    if (m) matchedBy.set(e.cand.chunkId, withoutShortFormMatches(m, `${e.cand.heading}\n${e.cand.text}`, collisions));
  }
  return matchedBy;
}

/**
 * Whether the note's date lies in the range, or the note, written after it, says something
 * happened then ("yesterday" in the note of the next day). A range still to come is of the
 * notes, written before it, that name one of its days ("proposal by 4 December").
 */
function isOfTime(text: string, date: string, range: DateRange, ahead: boolean): boolean {
  return (date >= range.from && date <= range.to) || ((ahead || date > range.to) && mentionsTimeIn(text, date, range));
}

function fuseEntries(plan: SearchPlan, entries: Entry[], dateMatches: boolean[], dateTerm: DateTermExplanation | null, weight: number) {
  const cfg = plan.config.fusion;
  return fuse(
    entries.map((e, i) => {
      const input: { id: number; keyword?: number; vector?: number } = { id: e.cand.chunkId };
      const words = e.cand.keyword;
      const date = dateTerm !== null && dateMatches[i] ? dateTerm.idf : 0;
      if (words !== undefined || date > 0) input.keyword = (words ?? 0) + date;
      if (e.cosine !== null) input.vector = e.cosine;
      return input;
    }),
    {
      method: plan.mode === "hybrid" ? cfg.method : "weighted",
      vectorWeight: weight,
      rrfK: cfg.rrfK,
      keywordNorm: cfg.keywordNorm,
      vectorNorm: cfg.vectorNorm,
      cosineLevel: cfg.scaleByCosine ? plan.vectors.level : null,
    },
  );
}

/** Chunks dated inside the range, and the Lucene idf that gives the date phrase as a term. */
function dateTermStats(db: DB, range: DateRange, n: number): DateTermExplanation {
  const df = (sql(db, "SELECT count(*) AS n FROM chunks WHERE date BETWEEN ? AND ?").get(range.from, range.to) as { n: number }).n;
  return { df, idf: round(idf(n, df)) };
}
