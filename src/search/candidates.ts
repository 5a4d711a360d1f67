/**
 * Stage 1, candidates: the chunks the keyword index and the vector index offer for the plan,
 * each with its BM25 (keyword candidates) and the cosine of its best window (when known).
 * The plan's filters, privacy scope included, are conditions of these queries.
 */
import { cosine } from "../embed/vector.js";
import type { DB } from "../store/open.js";
import type { VectorStore } from "../store/vectors.js";
import { termStats } from "./evidence.js";
import { keywordSearch, loadCandidates, type Candidate } from "./keyword.js";
import type { SearchPlan } from "./plan.js";
import type { ParsedQuery } from "./query.js";

/** What the stages read besides the plan: the index, "now", and the query's vector. */
export interface SearchIndexes {
  db: DB;
  vectors: VectorStore;
  nowMs: number;
  /** Embedding of plan.embedText; null when there is no embedder (keyword-only). */
  queryVector: Float32Array | null;
}

export interface Entry {
  cand: Candidate;
  cosine: number | null;
}

/**
 * The quoted phrases no note contains: a phrase like that would empty every search it is in,
 * so the plan is retried with their words searched as plain words (`plan.relaxing`), as a
 * web search does. (Filters can still leave nothing: that is an answer.)
 */
export function unmatchedPhrases(db: DB, q: ParsedQuery): string[] {
  return q.phrases.filter((term, i) => termStats(db, [{ term, expr: q.phraseExprs[i]! }]).terms[0]!.df === 0);
}

export function gatherCandidates(ix: SearchIndexes, plan: SearchPlan): Entry[] {
  const byId = new Map<number, Entry>();
  const cfg = plan.config;
  const q = plan.parsed;
  if (plan.mode !== "vector") {
    const w = { heading: cfg.keyword.headingWeight, body: cfg.keyword.bodyWeight, cjk: 1 };
    const own = cfg.keyword.bm25.enabled ? { k1: cfg.keyword.bm25.k1, b: cfg.keyword.bm25.b } : undefined;
    for (const c of keywordSearch(ix.db, q, plan.pool, plan.filters, w, own)) byId.set(c.chunkId, { cand: c, cosine: null });
  }
  if (plan.mode !== "keyword" && ix.queryVector) addNeighbours(ix, ix.queryVector, plan, byId);
  if (plan.mode === "hybrid" && ix.queryVector && cfg.fusion.vectorForEveryCandidate) {
    const unscored = [...byId.entries()].filter(([, e]) => e.cosine === null).map(([id]) => id);
    const qv = ix.queryVector;
    for (const [id, wins] of ix.vectors.vectorsOf(unscored)) byId.get(id)!.cosine = bestPairCosine([qv], wins);
  }
  // Keyword candidates matched the phrases and exclusions already; vector neighbours must too.
  if (q.requiredExpr !== "" || q.excludedExpr !== "") {
    const neighbours = [...byId.values()].filter((e) => e.cand.keyword === undefined).map((e) => e.cand.chunkId);
    const ok = satisfying(ix.db, neighbours, q);
    for (const id of neighbours) if (!ok.has(id)) byId.delete(id);
  }
  return [...byId.values()];
}

/** The query vector's nearest chunks: cosines for keyword candidates, up to `pool` new ones. */
function addNeighbours(ix: SearchIndexes, qv: Float32Array, plan: SearchPlan, byId: Map<number, Entry>): void {
  const hasFilters = Object.values(plan.filters).some((v) => v !== undefined);
  // Filters apply after the nearest-neighbour scan, so look further when filtering.
  const hits = ix.vectors.knn(qv, hasFilters ? plan.pool * 4 : plan.pool + 20);
  const missing = hits.filter((h) => !byId.has(h.chunkId)).map((h) => h.chunkId);
  const rows = loadCandidates(ix.db, missing, plan.filters);
  let taken = 0;
  for (const h of hits) {
    const have = byId.get(h.chunkId);
    if (have) {
      have.cosine = h.similarity;
      continue;
    }
    const row = rows.get(h.chunkId);
    if (!row || taken >= plan.pool) continue;
    byId.set(h.chunkId, { cand: row, cosine: h.similarity });
    taken++;
  }
}

export function bestPairCosine(a: Float32Array[], b: Float32Array[]): number {
  let best = -1;
  for (const x of a) for (const y of b) best = Math.max(best, cosine(x, y));
  return best;
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
export function syntaxWords(q: ParsedQuery): string {
  const quoted = (xs: string[]) => xs.map((x) => `"${x}"`).join(", ");
  const parts: string[] = [];
  if (q.phrases.length > 0) parts.push(`with the phrase${q.phrases.length > 1 ? "s" : ""} ${quoted(q.phrases)}`);
  if (q.excluded.length > 0) parts.push(`without ${quoted(q.excluded)}`);
  return parts.join(" and ");
}
