/**
 * Stage 2, the facts of the query against the index, read once inside the search's read
 * snapshot and handed to every later stage as a value: which quoted phrases no note
 * contains (searched as plain words instead: `plan.relaxing`), which words no note contains
 * and the indexed terms nearest to them (typos.ts, `plan.withSpellings`), and the evidence
 * terms with their document frequencies and weights (evidence.ts): what BM25, the
 * coverage, the floor and the factors all read. Each FTS5 expression is counted once.
 *
 * The stage also ends a search that has nothing to search for, and marks a query that is
 * only a date ("yesterday", "what happened last week"): its answer is the notes of those days.
 */
import type { SearchPlan } from "../plan.js";
import type { FloorExplanation } from "../types.js";
import type { EmbeddedQuery } from "./embed-query.js";
import { docFrequencies, evidenceTerms, idf, wordDf, type DocFrequencies, type EvidenceTerm, type TermStat, type TermStats } from "./evidence.js";
import { exitWith, type Exit, type SearchIndexes } from "./stages.js";
import { nearestTerms } from "./typos.js";
import { workspaceForms } from "./workspace-forms.js";

export interface IndexFacts {
  /** The plan as the index answered it: unmatched phrases relaxed, unmatched words respelled. */
  plan: SearchPlan;
  /** The query's vector (stage 1); null for keyword search. */
  vector: Float32Array | null;
  /** A query that is only a date: the notes of those days are the answer (dated.ts). */
  listing: boolean;
  /** The query's evidence terms (its content words, CJK bigrams), each with its FTS5 expression. */
  terms: EvidenceTerm[];
  /** Their document frequencies and weights over the whole index. */
  stats: TermStats;
  /** Chunks matching each FTS5 expression counted (the terms, their forms, the phrases). */
  df: DocFrequencies;
  /** The floor's levels, filled in by the stages as they count (what `--explain` shows). */
  floor: FloorExplanation;
}

export function indexFacts(ix: SearchIndexes, embedded: Pick<EmbeddedQuery, "plan" | "vector">): IndexFacts | Exit {
  const df = docFrequencies(ix.db);
  const asked = embedded.plan;
  const relaxed = asked.relaxing(asked.parsed.phrases.filter((_, i) => df.of(asked.parsed.phraseExprs[i]!) === 0));
  const q = relaxed.parsed;
  const floor = floorExplanation(relaxed);
  const facts = (plan: SearchPlan, listing: boolean): IndexFacts => {
    const terms = listing ? [] : evidenceTerms(plan.parsed);
    return { plan, vector: embedded.vector, listing, terms, stats: statsOf(df, terms), df, floor };
  };
  // "what happened last week" has no content word left either: its notes are the answer.
  if ((q.match === "" || q.stopWordsOnly) && relaxed.dates.range) return facts(relaxed, true);
  const noVector = relaxed.mode === "keyword" || embedded.vector === null;
  if (q.match === "" && (noVector || relaxed.text.trim() === "")) return exitWith(relaxed, floor, "the query has no words to search for");
  if (q.stopWordsOnly && q.phrases.length === 0 && floor.enabled && noVector) {
    return exitWith(relaxed, floor, `the query has only common words (${q.terms.join(", ")}), which are no evidence; add a word the note would contain`);
  }
  // A word no note contains is searched as its nearest indexed terms, from here on; one the
  // notes also write another way ("park run" as "parkrun", "Hannah" as "Han"), as those too.
  const spelled = relaxed.withSpellings(nearestTerms(ix.db, q, df));
  const respelled = new Set(spelled.spellings.map((s) => s.word));
  return facts(spelled.withForms(workspaceForms(ix.db, spelled.text, spelled.parsed, df, respelled, spelled.privateFiles)), false);
}

function statsOf(df: DocFrequencies, terms: EvidenceTerm[]): TermStats {
  const stats = terms.map((t): TermStat => {
    const d = df.of(t.expr);
    const own = wordDf(df, t);
    return own === d ? { term: t.term, df: d, idf: idf(df.n, d) } : { term: t.term, df: d, idf: idf(df.n, d), wordIdf: idf(df.n, own) };
  });
  return { n: df.n, terms: stats, total: stats.reduce((s, t) => s + t.idf, 0) };
}

/** The floor's levels as `--explain` shows them, before any candidate is counted. */
function floorExplanation(plan: SearchPlan): FloorExplanation {
  const f = plan.floor;
  return {
    enabled: f.enabled,
    dateOnly: false,
    keywordCoverage: f.keywordCoverage,
    vectorCosine: f.vectorCosine,
    vectorModel: f.vectorModel,
    minScore: f.minScore,
    candidates: 0,
    passed: 0,
    terms: [],
    nearMisses: [],
  };
}
