import { cosine } from "../embed/vector.js";
import type { DB } from "../store/open.js";
import type { VectorStore } from "../store/vectors.js";
import type { SearchConfig } from "./config.js";
import { resolveDates, type DateRange } from "./dates.js";
import { fuse } from "./fuse.js";
import { coverage, evidenceTerms, idf, matchedTerms, providerOf, termStats, VECTOR_FLOORS } from "./evidence.js";
import { annotationsOf, datedChunks, keywordSearch, loadCandidates, type Candidate, type SearchFilters } from "./keyword.js";
import { jaccard, mmrRerank, wordSet } from "./mmr.js";
import { operatorSpans, parseQuery, withoutOperators, type ParsedQuery } from "./query.js";
import type { Grade, RerankInfo } from "./rerank.js";
import { decayFactor } from "./recency.js";
import { makeSnippet } from "./snippet.js";
import { textForms } from "./forms.js";
import { asksWhen, mentionsTimeIn, statesTimeWhereItMatches } from "./when.js";

export type SearchMode = "hybrid" | "keyword" | "vector";

export interface SearchOptions {
  limit?: number;
  filters?: SearchFilters;
  explain?: boolean;
  /** Overrides search.mode for one query. */
  mode?: SearchMode;
  /** Raises the floor: results scoring below this (0..1) are left out (`--min-score`). */
  minScore?: number;
  /** Each result carries its chunk's whole text (what a reranking model reads). */
  withText?: boolean;
}

/** Why a result is evidence: which test of the floor it passed. */
export type Evidence = "keyword" | "vector" | "date" | "phrase";

export interface ScoreExplanation {
  /** Raw BM25 of the query's words, sign-flipped (higher is better); null when not a keyword match. */
  bm25: number | null;
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
  /** (1 − search.keyword.coverageWeight) + coverageWeight × coverage; 1 in vector mode. */
  coverageFactor: number;
  /** fused * decay * dateBoost * whenBoost * coverageFactor = the result's score. */
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

/** Near misses an explanation lists: enough to see where the floor cut, few enough to read. */
const NEAR_MISSES = 3;

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
  explain?: ScoreExplanation;
}

export interface SearchResponse {
  query: string;
  mode: SearchMode;
  /** The date range the query named ("last week"), if any, and how it was used. */
  dateRange: (DateRange & { text: string; mode: "boost" | "filter" }) | null;
  /**
   * Present when the query used search syntax: the quoted phrases every result contains, the
   * excluded words and phrases none does, and the quoted phrases no note contains at all, which
   * were searched as plain words instead (a title the notes spell another way).
   */
  syntax?: { phrases: string[]; excluded: string[]; relaxed: string[] };
  results: SearchResult[];
  /** Set when results is empty: why, in one line (nothing searchable, nothing above the floor). */
  reason?: string;
  /** With `explain`: the floor and what passed it. */
  explain?: { floor: FloorExplanation; dateTerm?: DateTermExplanation };
  /** Set when a model reranked the results (search.rerank, `--rerank`): what it did, or why it could not. */
  rerank?: RerankInfo;
}

export interface QueryPlan {
  query: string;
  /** The query without its date words: what keywords see (search syntax included). */
  text: string;
  /** What the embedder reads: `text` without exclusions and quote marks. */
  embedText: string;
  dateRange: (DateRange & { text: string }) | null;
}

/** Splits the date expressions off a query ("... last week") against "now". */
export function planQuery(query: string, nowMs: number, config: SearchConfig): QueryPlan {
  const plain = (text: string) => ({ query, text, embedText: withoutOperators(text) });
  if (config.dates.mode === "off") return { ...plain(query), dateRange: null };
  const opts = config.dates.timeZone ? { timeZone: config.dates.timeZone } : {};
  // Quoted phrases and exclusions are the user's exact words: "last week" in quotes is a
  // phrase to find, and -yesterday excludes a word; neither names a time.
  const { masked, restore } = maskOperators(query);
  const d = resolveDates(masked, new Date(nowMs), opts);
  if (!d.range) return { ...plain(query), dateRange: null };
  // Only the date words: nothing is left for keywords or the embedder; the date range alone
  // selects the notes (searchIndex lists them).
  const text = restore(d.rest.trim());
  return { ...plain(text), dateRange: { ...d.range, text: d.matches.map((m) => m.text).join(", ") } };
}

/** Replaces each operator span by a placeholder of private-use characters, which no date rule reads. */
function maskOperators(query: string): { masked: string; restore: (s: string) => string } {
  const spans = operatorSpans(query);
  if (spans.length === 0) return { masked: query, restore: (s) => s };
  const taken: string[] = [];
  let masked = "";
  let pos = 0;
  for (const [start, end] of spans) {
    masked += query.slice(pos, start) + "\uE000" + String.fromCharCode(0xe100 + taken.length) + "\uE001";
    taken.push(query.slice(start, end));
    pos = end;
  }
  masked += query.slice(pos);
  return { masked, restore: (s) => s.replace(/\uE000([\uE100-\uEFFF])\uE001/g, (_m, c: string) => taken[c.charCodeAt(0) - 0xe100] ?? "") };
}

export interface SearchContext {
  db: DB;
  vectors: VectorStore;
  config: SearchConfig;
  nowMs: number;
  /** Embedding of plan.text; null when there is no embedder (keyword-only). */
  queryVector: Float32Array | null;
  vectorWeight: number;
  /**
   * Model id of the query vector ("use-lite@0.2.0"), which picks the calibrated cosine
   * floor; default: the model the index's vectors were made with.
   */
  embedModel?: string | null;
}

interface Scored {
  cand: Candidate;
  cosine: number | null;
  keywordNorm: number;
  vectorNorm: number;
  fused: number;
  decay: number;
  dateMatch: boolean;
  dateTerm: number;
  dateBoost: number;
  whenBoost: number;
  coverageFactor: number;
  final: number;
  matched: string[];
  coverage: number;
  evidence: Evidence[];
}

/**
 * Keyword and vector candidates → fused relevance → recency and date boosts → the floor →
 * MMR. Pure over the index: the caller (the Engine) refreshes the index and embeds the query.
 */
export function searchIndex(ctx: SearchContext, plan: QueryPlan, opts: SearchOptions = {}): SearchResponse {
  // One read snapshot for every query below: a writer in another process (a watcher, an
  // `agent index`) replaces a file's chunks with new ids, and candidates read before its
  // commit would otherwise be judged against term matches read after it (none: empty).
  if (ctx.db.inTransaction) return searchSnapshot(ctx, plan, opts);
  return ctx.db.transaction(() => searchSnapshot(ctx, plan, opts)).deferred();
}

function searchSnapshot(ctx: SearchContext, plan: QueryPlan, opts: SearchOptions): SearchResponse {
  const cfg = ctx.config;
  const limit = opts.limit ?? cfg.limit;
  let mode: SearchMode = opts.mode ?? cfg.mode;
  if (ctx.queryVector === null && mode !== "keyword") mode = "keyword";
  const filters: SearchFilters = { ...opts.filters };
  const dateMode: "filter" | "boost" = cfg.dates.mode === "filter" ? "filter" : "boost";
  const dateRange = plan.dateRange ? { ...plan.dateRange, mode: dateMode } : null;
  if (plan.dateRange && dateMode === "filter") {
    filters.dateFrom = maxStr(filters.dateFrom, plan.dateRange.from);
    filters.dateTo = minStr(filters.dateTo, plan.dateRange.to);
  }
  let q = parseQuery(plan.text);
  // A quoted phrase that no note contains would empty every search it is in; search its words
  // instead and say so, as a web search does. (Filters can still leave nothing: that is an answer.)
  const relaxed = q.phrases.filter((term, i) => termStats(ctx.db, [{ term, expr: q.phraseExprs[i]! }]).terms[0]!.df === 0);
  if (relaxed.length > 0) q = parseQuery(plan.text, new Set(relaxed));
  const pool = limit * cfg.candidateMultiplier;
  const model = ctx.embedModel !== undefined ? ctx.embedModel : (ctx.vectors.model()?.modelId ?? null);
  const provider = providerOf(model);
  const floorCfg = cfg.floor;
  const vectorFloor = cfg.floor.vectorCosine ?? (provider ? (VECTOR_FLOORS[provider] ?? null) : null);
  const minScore = opts.minScore ?? floorCfg.minScore ?? null;
  const floor: FloorExplanation = {
    enabled: floorCfg.enabled,
    dateOnly: false,
    keywordCoverage: floorCfg.keywordCoverage,
    vectorCosine: mode === "keyword" ? null : vectorFloor,
    vectorModel: mode === "keyword" ? null : provider,
    minScore,
    candidates: 0,
    passed: 0,
    terms: [],
    nearMisses: [],
  };
  let dateTermInfo: DateTermExplanation | null = null;
  const respond = (results: SearchResult[], reason?: string): SearchResponse => {
    const res: SearchResponse = { query: plan.query, mode, dateRange, results };
    if (q.phrases.length > 0 || q.excluded.length > 0 || relaxed.length > 0) res.syntax = { phrases: q.phrases, excluded: q.excluded, relaxed };
    if (results.length === 0 && reason) res.reason = reason;
    if (opts.explain) res.explain = dateTermInfo === null ? { floor } : { floor, dateTerm: dateTermInfo };
    return res;
  };

  // A query that is only a date ("yesterday", "last week"): the notes of those days.
  // "what happened last week" has no content word left either.
  if ((q.match === "" || q.stopWordsOnly) && plan.dateRange) return listDated(ctx, plan, q, filters, limit, opts, floor, respond);
  if (q.match === "" && (mode === "keyword" || ctx.queryVector === null || plan.text.trim() === "")) return respond([], "the query has no words to search for");
  if (q.stopWordsOnly && q.phrases.length === 0 && floor.enabled && (mode === "keyword" || ctx.queryVector === null)) {
    return respond([], `the query has only common words (${q.terms.join(", ")}), which are no evidence; add a word the note would contain`);
  }

  const byId = new Map<number, { cand: Candidate; cosine: number | null }>();
  if (mode !== "vector") {
    const w = { heading: cfg.keyword.headingWeight, body: cfg.keyword.bodyWeight, cjk: 1 };
    const own = cfg.keyword.bm25.enabled ? { k1: cfg.keyword.bm25.k1, b: cfg.keyword.bm25.b } : undefined;
    for (const c of keywordSearch(ctx.db, q, pool, filters, w, own)) byId.set(c.chunkId, { cand: c, cosine: null });
  }
  if (mode !== "keyword" && ctx.queryVector) {
    const hasFilters = Object.values(filters).some((v) => v !== undefined);
    // Filters apply after the nearest-neighbour scan, so look further when filtering.
    const hits = ctx.vectors.knn(ctx.queryVector, hasFilters ? pool * 4 : pool + 20);
    const missing = hits.filter((h) => !byId.has(h.chunkId)).map((h) => h.chunkId);
    const rows = loadCandidates(ctx.db, missing, filters);
    let taken = 0;
    for (const h of hits) {
      const have = byId.get(h.chunkId);
      if (have) {
        have.cosine = h.similarity;
        continue;
      }
      const row = rows.get(h.chunkId);
      if (!row || taken >= pool) continue;
      byId.set(h.chunkId, { cand: row, cosine: h.similarity });
      taken++;
    }
  }
  if (mode === "hybrid" && ctx.queryVector && cfg.fusion.vectorForEveryCandidate) {
    const unscored = [...byId.entries()].filter(([, e]) => e.cosine === null).map(([id]) => id);
    const qv = ctx.queryVector;
    for (const [id, wins] of ctx.vectors.vectorsOf(unscored)) byId.get(id)!.cosine = bestPairCosine([qv], wins);
  }
  // Keyword candidates matched the phrases and exclusions already; vector neighbours must too.
  if (q.requiredExpr !== "" || q.excludedExpr !== "") {
    const neighbours = [...byId.values()].filter((e) => e.cand.keyword === undefined).map((e) => e.cand.chunkId);
    const ok = satisfying(ctx.db, neighbours, q);
    for (const id of neighbours) if (!ok.has(id)) byId.delete(id);
  }
  if (byId.size === 0) return respond([], q.phrases.length > 0 || q.excluded.length > 0 ? `no note matches the query's words ${syntaxWords(q)}` : "no note matches any word of the query");

  const entries = [...byId.values()];
  const eterms = evidenceTerms(q);
  const stats = termStats(ctx.db, eterms);
  floor.terms = stats.terms.map((t) => {
    const forms = q.formsOf(t.term);
    return { term: t.term, df: t.df, idf: round(t.idf), ...(forms.length > 1 ? { forms: forms.slice(1) } : {}) };
  });
  // Keyword candidates scored by the engine's BM25 know their terms already.
  const matchedBy = matchedTerms(ctx.db, eterms, entries.filter((e) => e.cand.matched === undefined).map((e) => e.cand.chunkId));
  for (const e of entries) if (e.cand.matched !== undefined && e.cand.matched.size > 0) matchedBy.set(e.cand.chunkId, e.cand.matched);
  const weight = mode === "keyword" ? 0 : mode === "vector" ? 1 : ctx.vectorWeight;
  const range = plan.dateRange;
  const dateMatches = entries.map(
    (e) =>
      range !== null &&
      e.cand.date !== null &&
      ((e.cand.date >= range.from && e.cand.date <= range.to) || (e.cand.date > range.to && mentionsTimeIn(e.cand.text, e.cand.date, range))),
  );
  // The date phrase was taken out of the words; it comes back as a query term of its own,
  // matched by the notes of that time and weighted, like a word, by its rarity: a month of a
  // year-long history says as much as a word in a twelfth of the chunks. (In filter mode
  // every candidate is of that time, and a term all match ranks nothing.)
  const dateTerm = range !== null && dateMode === "boost" && cfg.dates.asTerm && mode !== "vector" ? dateTermStats(ctx.db, range, stats.n) : null;
  dateTermInfo = dateTerm;
  const fused = fuse(
    entries.map((e, i) => {
      const input: { id: number; keyword?: number; vector?: number } = { id: e.cand.chunkId };
      const words = e.cand.keyword;
      const date = dateTerm !== null && dateMatches[i] ? dateTerm.idf : 0;
      if (words !== undefined || date > 0) input.keyword = (words ?? 0) + date;
      if (e.cosine !== null) input.vector = e.cosine;
      return input;
    }),
    {
      method: mode === "hybrid" ? cfg.fusion.method : "weighted",
      vectorWeight: weight,
      rrfK: cfg.fusion.rrfK,
      keywordNorm: cfg.fusion.keywordNorm,
      vectorNorm: cfg.fusion.vectorNorm,
      cosineLevel: cfg.fusion.scaleByCosine ? vectorFloor : null,
    },
  );
  const scored = new Map<number, Scored>();
  const when = cfg.dates.whenBoost > 1 && asksWhen(plan.query);
  const weighted = when ? stats.terms.map((t) => ({ term: t.term, weight: t.idf, forms: textForms(t.term) })) : [];
  const nowDate = new Date(ctx.nowMs);
  entries.forEach((e, i) => {
    const f = fused[i]!;
    const decay = decayFactor(e.cand.date, e.cand.kind, ctx.nowMs, cfg.recency);
    const dateMatch = dateMatches[i]!;
    const dateBoost = dateMatch && dateMode === "boost" ? cfg.dates.boost : 1;
    const m = matchedBy.get(e.cand.chunkId);
    const cov = coverage(stats, m);
    const whenBoost = when && statesTimeWhereItMatches(e.cand.text, weighted, e.cand.date, nowDate, cfg.dates.timeZone) ? cfg.dates.whenBoost : 1;
    const coverageFactor = mode === "vector" ? 1 : 1 - cfg.keyword.coverageWeight + cfg.keyword.coverageWeight * cov;
    const final = f.fused * decay * dateBoost * whenBoost * coverageFactor;
    const evidence: Evidence[] = [];
    if (cov > 0 && cov >= floor.keywordCoverage) evidence.push("keyword");
    if (e.cosine !== null && floor.vectorCosine !== null && e.cosine >= floor.vectorCosine) evidence.push("vector");
    // The query names a time, this note is from then, and it shares a content word
    // with the query: "where did Joanna travel in July 2022".
    if (dateMatch && cov > 0) evidence.push("date");
    // The user asked for this exact phrase, and the chunk contains it (the only ones left).
    if (q.phrases.length > 0) evidence.push("phrase");
    scored.set(e.cand.chunkId, {
      cand: e.cand,
      cosine: e.cosine,
      keywordNorm: f.keywordNorm,
      vectorNorm: f.vectorNorm,
      fused: f.fused,
      decay,
      dateMatch,
      dateTerm: dateTerm !== null && dateMatch ? dateTerm.idf : 0,
      dateBoost,
      whenBoost,
      coverageFactor,
      final,
      matched: m ? eterms.map((t) => t.term).filter((t) => m.has(t)) : [],
      coverage: cov,
      evidence,
    });
  });
  floor.candidates = scored.size;
  const passes = (s: Scored): boolean => (!floor.enabled || s.evidence.length > 0) && (minScore === null || s.final >= minScore);
  const kept = [...scored.values()].filter(passes);
  floor.passed = kept.length;
  if (opts.explain) {
    floor.nearMisses = [...scored.values()]
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
  if (kept.length === 0) {
    return respond(
      [],
      minScore !== null && [...scored.values()].some((s) => s.evidence.length > 0)
        ? `nothing relevant: no result scores at least --min-score ${minScore}`
        : `nothing relevant: ${scored.size} candidate(s), none above the floor (keyword coverage ${floor.keywordCoverage}${floor.vectorCosine !== null ? `, cosine ${floor.vectorCosine}` : ""})`,
    );
  }

  // MMR over the best `pool` by final score; similarity by vectors when both chunks have
  // them, else by shared words (which also catches overlapping neighbour chunks).
  const ranked = kept.sort((a, b) => b.final - a.final).slice(0, pool);
  const vecs = cfg.mmr.lambda < 1 ? ctx.vectors.vectorsOf(ranked.map((s) => s.cand.chunkId)) : new Map<number, Float32Array[]>();
  const words = new Map<number, Set<string>>();
  const wordsOf = (id: number) => {
    let w = words.get(id);
    if (!w) words.set(id, (w = wordSet(scored.get(id)!.cand.text)));
    return w;
  };
  const sim = (a: number, b: number): number => {
    const va = vecs.get(a);
    const vb = vecs.get(b);
    const content = va && vb ? Math.max(0, bestPairCosine(va, vb)) : jaccard(wordsOf(a), wordsOf(b));
    return scored.get(a)!.cand.path === scored.get(b)!.cand.path ? Math.max(content, cfg.mmr.sameFileSimilarity) : content;
  };
  const picks = mmrRerank(
    ranked.map((s) => ({ id: s.cand.chunkId, relevance: s.final })),
    limit,
    cfg.mmr.lambda,
    sim,
  );

  const annotations = annotationsOf(ctx.db, picks.map((p) => p.id));
  const results = picks.map((p) => {
    const s = scored.get(p.id)!;
    const r = toResult(s.cand, s.final, q.words, annotations.get(p.id), opts.withText);
    if (opts.explain) {
      r.explain = {
        bm25: s.cand.keyword === undefined ? null : round(s.cand.keyword),
        dateTerm: round(s.dateTerm),
        keyword: round(s.keywordNorm),
        cosine: s.cosine === null ? null : round(s.cosine),
        vector: round(s.vectorNorm),
        vectorWeight: weight,
        fused: round(s.fused),
        decay: round(s.decay),
        dateMatch: s.dateMatch,
        dateBoost: s.dateBoost,
        whenBoost: s.whenBoost,
        coverageFactor: round(s.coverageFactor),
        final: round(s.final),
        mmrPenalty: round(p.penalty),
        mmr: round(p.mmr),
        terms: q.terms,
        matched: s.matched,
        coverage: round(s.coverage),
        evidence: s.evidence,
      };
    }
    return r;
  });
  return respond(results);
}

function toResult(c: Candidate, score: number, terms: string[], ann: Record<string, string[]> | undefined, withText: boolean | undefined): SearchResult {
  const r: SearchResult = {
    path: c.path,
    startLine: c.startLine,
    endLine: c.endLine,
    heading: c.heading,
    date: c.date,
    score: round(score),
    snippet: makeSnippet(c.text, terms),
    source: c.source,
    kind: c.kind,
  };
  if (ann) r.annotations = ann;
  if (withText) r.text = c.text;
  return r;
}

/** The notes of the days a date-only query names, newest first; the date is the evidence. */
function listDated(
  ctx: SearchContext,
  plan: QueryPlan,
  q: ParsedQuery,
  filters: SearchFilters,
  limit: number,
  opts: SearchOptions,
  floor: FloorExplanation,
  respond: (r: SearchResult[], reason?: string) => SearchResponse,
): SearchResponse {
  const range = plan.dateRange!;
  const from = maxStr(filters.dateFrom, range.from);
  const to = minStr(filters.dateTo, range.to);
  const terms = q.words;
  const constrained = q.requiredExpr !== "" || q.excludedExpr !== "";
  const rows = from <= to ? datedChunks(ctx.db, from, to, limit, filters, { required: q.requiredExpr, excluded: q.excludedExpr }) : [];
  floor.dateOnly = true;
  floor.candidates = rows.length;
  floor.passed = rows.length;
  const days = range.from === range.to ? range.from : `${range.from} to ${range.to}`;
  if (rows.length === 0) return respond([], constrained ? `no notes dated ${days} ${syntaxWords(q)}` : `no notes dated ${days}`);
  const annotations = annotationsOf(ctx.db, rows.map((r) => r.chunkId));
  return respond(
    rows.map((c) => {
      const decay = decayFactor(c.date, c.kind, ctx.nowMs, ctx.config.recency);
      const r = toResult(c, decay, terms, annotations.get(c.chunkId), opts.withText);
      if (opts.explain) {
        r.explain = {
          bm25: null,
          dateTerm: 0,
          keyword: 0,
          cosine: null,
          vector: 0,
          vectorWeight: 0,
          fused: 1,
          decay: round(decay),
          dateMatch: true,
          dateBoost: 1,
          whenBoost: 1,
          coverageFactor: 1,
          final: round(decay),
          mmrPenalty: 0,
          mmr: round(decay),
          terms,
          matched: [],
          coverage: 0,
          evidence: q.phrases.length > 0 ? ["date", "phrase"] : ["date"],
        };
      }
      return r;
    }),
  );
}

function bestPairCosine(a: Float32Array[], b: Float32Array[]): number {
  let best = -1;
  for (const x of a) for (const y of b) best = Math.max(best, cosine(x, y));
  return best;
}

/** Chunks dated inside the range, and the Lucene idf that gives the date phrase as a term. */
function dateTermStats(db: DB, range: DateRange, n: number): DateTermExplanation {
  const df = (db.prepare("SELECT count(*) AS n FROM chunks WHERE date BETWEEN ? AND ?").get(range.from, range.to) as { n: number }).n;
  return { df, idf: round(idf(n, df)) };
}

function maxStr(a: string | undefined, b: string): string {
  return a === undefined || b > a ? b : a;
}

function minStr(a: string | undefined, b: string): string {
  return a === undefined || b < a ? b : a;
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** The chunks among `ids` that contain every required phrase and no excluded word or phrase. */
function satisfying(db: DB, ids: number[], q: ParsedQuery): Set<number> {
  const ok = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    const inList = part.map(() => "?").join(", ");
    let keep = new Set(part);
    if (q.requiredExpr !== "") {
      const rows = db.prepare(`SELECT rowid AS id FROM chunks_fts WHERE chunks_fts MATCH ? AND rowid IN (${inList})`).all(q.requiredExpr, ...part) as { id: number }[];
      keep = new Set(rows.map((r) => r.id));
    }
    if (q.excludedExpr !== "") {
      const rows = db.prepare(`SELECT rowid AS id FROM chunks_fts WHERE chunks_fts MATCH ? AND rowid IN (${inList})`).all(q.excludedExpr, ...part) as { id: number }[];
      for (const r of rows) keep.delete(r.id);
    }
    for (const id of keep) ok.add(id);
  }
  return ok;
}

/** "with the phrase "support group" and without "pizza"", for a reason line. */
function syntaxWords(q: ParsedQuery): string {
  const quoted = (xs: string[]) => xs.map((x) => `"${x}"`).join(", ");
  const parts: string[] = [];
  if (q.phrases.length > 0) parts.push(`with the phrase${q.phrases.length > 1 ? "s" : ""} ${quoted(q.phrases)}`);
  if (q.excluded.length > 0) parts.push(`without ${quoted(q.excluded)}`);
  return parts.join(" and ");
}
