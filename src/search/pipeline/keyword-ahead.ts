/**
 * Stage 1a, keywords ahead: while the query's vector is computed on the embedder's own thread
 * (USE-lite's worker, a model server), this thread reads the keyword candidates the search
 * will need, in a read snapshot of its own, and keeps them with the index's data version.
 * Stage 3 takes them when its own snapshot shows the same version (the same data, so the same
 * candidates: they depend on the query's words, the pool, the filters and the index, never
 * on the vector); any write in between and it reads them again. A hybrid search then costs
 * about the longer of the two instead of their sum.
 */
import type { SearchPlan } from "../plan.js";
import { dataVersion } from "../../store/data-version.js";
import type { IndexFacts } from "./facts.js";
import { indexFacts } from "./facts.js";
import { keywordSearch, type Candidate } from "./keyword.js";
import { isExit, snapshot, type SearchIndexes } from "./stages.js";

/** The keyword candidates read ahead, under what they were read with. */
export interface KeywordAhead {
  /** The index's data version in the snapshot they were read in. */
  version: string;
  /** What else they depend on: the words searched (after respelling), the pool, the filters. */
  key: string;
  candidates: Candidate[];
}

/**
 * The keyword candidates of the plan as asked, when it runs the keyword search beside a
 * vector (hybrid; keyword mode has nothing to overlap, vector mode reads no keywords); null
 * when it has none to read or the read failed (the search proper then reads, and reports).
 */
export function keywordAhead(ix: SearchIndexes, asked: SearchPlan): KeywordAhead | null {
  if (asked.mode !== "hybrid" || asked.embedText === "") return null;
  try {
    return snapshot(ix.db, () => {
      const version = dataVersion(ix.db);
      // With no vector yet, the facts are those of a keyword search: the same words, counts and spellings.
      const facts = indexFacts(ix, { plan: asked, vector: null });
      if (isExit(facts) || facts.listing) return null;
      return { version, key: aheadKey(facts), candidates: keywordCandidates(ix, facts) };
    });
  } catch {
    return null;
  }
}

/** The candidates read ahead when they are what `facts` would read now, in this snapshot; else read now. */
export function keywordCandidatesOf(ix: SearchIndexes, facts: IndexFacts, ahead: KeywordAhead | null): Candidate[] {
  if (ahead !== null && ahead.version === dataVersion(ix.db) && ahead.key === aheadKey(facts)) return ahead.candidates;
  return keywordCandidates(ix, facts);
}

/** Stage 3's keyword candidates: FTS5's first pass rescored by the engine's BM25 when it is on. */
function keywordCandidates(ix: SearchIndexes, facts: IndexFacts): Candidate[] {
  const cfg = facts.plan.config;
  const w = { heading: cfg.keyword.headingWeight, body: cfg.keyword.bodyWeight, cjk: 1 };
  const own = cfg.keyword.bm25.enabled ? { params: { k1: cfg.keyword.bm25.k1, b: cfg.keyword.bm25.b }, terms: facts.terms, stats: facts.stats, df: facts.df } : undefined;
  return keywordSearch(ix.db, facts.plan.parsed, facts.plan.pool, facts.plan.filters, w, own);
}

function aheadKey(facts: IndexFacts): string {
  const { plan } = facts;
  return JSON.stringify([plan.parsed.match, plan.parsed.orPhrases, facts.terms.map((t) => t.expr), plan.pool, plan.filters]);
}
