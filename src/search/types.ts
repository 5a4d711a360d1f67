/** What a search answers: results, with their explanations, and why it answered as it did. */
import type { DateRange } from "./dates/dates.js";
import type { SearchMode } from "./plan.js";
import type { Grade, RerankInfo } from "./rerank/rerank.js";

/** Why a result is evidence: which test of the floor it passed. */
export type Evidence = "keyword" | "vector" | "date" | "phrase";

export interface ScoreExplanation {
  /** Raw BM25 of the query's words, sign-flipped (higher is better); null when not a keyword match. */
  bm25: number | null;
  /** Present when the BM25 is that of the chunk's best list item, a fact scored as a document of its own length. */
  listItem?: true;
  /** The date phrase's term weight added to the BM25 (search.dates.asTerm): its idf when the note is of the named time, else 0. */
  dateTerm: number;
  /** BM25 scaled to 0..1 over this query's keyword candidates (search.fusion.keywordNorm). */
  keyword: number;
  /** Cosine similarity of the best window; null in keyword mode or when the chunk has no vector yet. */
  cosine: number | null;
  /** Cosine min-max normalised over this query's candidates, × min(1, cosine ÷ the evidence level) with fusion.scaleByCosine. */
  vector: number;
  vectorWeight: number;
  /** (1 - vectorWeight) * keyword + vectorWeight * vector. */
  fused: number;
  /** Recency factor for dated notes (1 for evergreen files). */
  decay: number;
  /**
   * Whether the note's date lies in the date range the query names, or the note, written
   * after it, says something happened then ("yesterday" in the note of the next day).
   */
  dateMatch: boolean;
  dateBoost: number;
  /** search.dates.whenBoost when the query asks when and the chunk's matching line states a time, else 1. */
  whenBoost: number;
  /** search.keyword.amountBoost when the query asks how much and a line holding one of its words states an amount; absent when 1. */
  amountBoost?: number;
  /** search.keyword.amountBoost when the query asks how heavy, tall or far and a line holding one of its words states such a measure; absent when 1. */
  measureBoost?: number;
  /** (1 − search.keyword.coverageWeight) + coverageWeight × coverage; 1 in vector mode. */
  coverageFactor: number;
  /** fused * decay * dateBoost * whenBoost * amountBoost * measureBoost * coverageFactor = the result's score. */
  final: number;
  /** How much MMR held this result back for resembling results above it. */
  mmrPenalty: number;
  /** lambda * final - mmrPenalty: the value results are ordered by. */
  mmr: number;
  terms: string[];
  /** Query terms the chunk contains. */
  matched: string[];
  /** IDF-weighted share of the query's content words the chunk contains (evidence.ts). */
  coverage: number;
  /** The floor tests this result passed. */
  evidence: Evidence[];
}

/** The date phrase as a query term: how many chunks are dated in its range, and the idf that gives it. */
/** How a date was read: the tense that chose among its years, and what was searched for it. */
export interface DateReadingExplanation {
  /** "ahead"/"behind": the question's tense; "nearest": none, so the nearer day (date-tense.ts). */
  tense: "ahead" | "behind" | "nearest";
  /** "dated": notes written on those days; "mentions": notes that name a day still to come. */
  searched: "dated" | "mentions";
}

export interface DateTermExplanation {
  df: number;
  idf: number;
}

/** The relevance floor a result must pass, as applied to this query. */
export interface FloorExplanation {
  enabled: boolean;
  /**
   * The query was only a date ("yesterday", "what happened last week"): the notes of those
   * days are the answer, the date is their evidence, and the levels below were not applied.
   */
  dateOnly: boolean;
  /** Keyword evidence: coverage at least this. */
  keywordCoverage: number;
  /** Vector evidence: cosine at least this; null when vectors cannot be evidence here. */
  vectorCosine: number | null;
  /** The embedding provider the cosine level belongs to. */
  vectorModel: string | null;
  /** Caller's minimum score, if any. */
  minScore: number | null;
  /** Candidates scored, and how many passed. */
  candidates: number;
  passed: number;
  /**
   * Per query term: chunks containing it and its weight (idf); `forms`, when the term stands
   * for several words (an irregular verb: "go" for went, gone; a spelling: "favorite" for fave).
   */
  terms: { term: string; df: number; idf: number; forms?: string[] }[];
  /**
   * The best candidates the floor (or the caller's minimum score) left out, best score
   * first: what a search that came back empty nearly returned, and why each fell short.
   */
  nearMisses: NearMiss[];
}

/** A candidate below the floor, with the measures the floor tested. */
export interface NearMiss {
  path: string;
  startLine: number;
  endLine: number;
  /** The score it would have had (fused × decay × boosts), before MMR. */
  score: number;
  /** Query terms it contains, and their idf-weighted share. */
  matched: string[];
  coverage: number;
  /** Cosine of its best window; null in keyword mode or without a vector. */
  cosine: number | null;
  /** The evidence it had, when only the caller's minimum score left it out. */
  evidence: Evidence[];
}

/** A statement in a note or a transcript: its file, line and the day it was said. */
export interface StatementRef {
  path: string;
  line: number;
  date: string;
  /** The date a thing moved to when the replacement says only by how much ("pushed back a week"): the old date shifted. */
  movedTo?: string;
}

export interface SearchResult {
  path: string;
  startLine: number;
  endLine: number;
  heading: string;
  date: string | null;
  score: number;
  snippet: string;
  source: string;
  kind: string;
  /** Inline annotations of the chunk (ctx::, project::, meeting::, mode::), when it has any. */
  annotations?: Record<string, string[]>;
  /** The chunk's whole text, with `withText`. */
  text?: string;
  /** The reranking model's grade (rerank.ts): 2 answers, 1 same subject, 0 unrelated; absent when not reranked or not graded. */
  grade?: Grade;
  /** The cross-encoder's relevance, 0..1 (search.rerank.provider "cross-encoder"); absent when not reranked. */
  relevance?: number;
  /** A later statement replaced what this result says (same subject, a new value): where, and when. */
  supersededBy?: StatementRef;
  /** Statements that deny this one, or that it denies ("I've never …"). */
  contradicts?: StatementRef[];
  explain?: ScoreExplanation;
}

export interface SearchResponse {
  query: string;
  mode: SearchMode;
  /** The date range the query named ("last week"), if any, and how it was used. */
  dateRange: (DateRange & { text: string; mode: "boost" | "filter"; reading: DateReadingExplanation }) | null;
  /**
   * Present when the query used search syntax: the quoted phrases every result contains, the
   * excluded words and phrases none does, and the quoted phrases no note contains at all, which
   * were searched as plain words instead (a title the notes spell another way).
   */
  syntax?: { phrases: string[]; excluded: string[]; relaxed: string[] };
  /** Query words no note contains, each searched as the indexed terms nearest to it (a typo: "okafr" → ["okafor"]). */
  spellings?: { word: string; terms: string[]; shown: string[] }[];
  /** Dates the query wrote that no calendar has ("31 February"), each said in one sentence: they were searched as words. */
  dateNotices?: string[];
  results: SearchResult[];
  /** Set when results is empty: why, in one line (nothing searchable, nothing above the floor). */
  reason?: string;
  /** With `explain`: the floor and what passed it. */
  explain?: { floor: FloorExplanation; dateTerm?: DateTermExplanation };
  /** Set when a model reranked the results (search.rerank, `--rerank`): what it did, or why it could not. */
  rerank?: RerankInfo;
}

