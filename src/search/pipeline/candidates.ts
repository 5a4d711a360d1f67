/**
 * Stage 3, candidates: the chunks the keyword index and the vector index offer for the plan,
 * each with its BM25 (keyword candidates) and the cosine of its best window (when known).
 * The plan's filters, privacy scope included, are conditions of these queries. A query that
 * is only a date lists the notes of those days instead (dated.ts).
 */
import type { DB } from "../../store/open.js";
import type { SearchPlan } from "../plan.js";
import type { ParsedQuery } from "../query/query.js";
import { datedRows, noneDated } from "./dated.js";
import { bestPairCosine } from "./evidence.js";
import type { IndexFacts } from "./facts.js";
import { loadCandidates, type Candidate } from "./keyword.js";
import { keywordCandidatesOf, type KeywordAhead } from "./keyword-ahead.js";
import { exitWith, type Exit, type SearchIndexes } from "./stages.js";

export interface Entry {
  cand: Candidate;
  cosine: number | null;
}

/** The candidates of a query with words; for a date-only query, the notes of its days, newest first. */
export interface Found {
  entries: Entry[];
}

/** `ahead`: the keyword candidates stage 1a read while the vector was computed (keyword-ahead.ts). */
export function gatherCandidates(ix: SearchIndexes, facts: IndexFacts, ahead: KeywordAhead | null = null): Found | Exit {
  const { plan, floor } = facts;
  const q = plan.parsed;
  if (facts.listing) {
    const rows = datedRows(ix, plan);
    if (rows.length === 0) return exitWith(plan, floor, q.requiredExpr !== "" || q.excludedExpr !== "" ? `${noneDated(plan)} ${syntaxWords(q)}` : noneDated(plan));
    return { entries: rows.map((cand) => ({ cand, cosine: null })) };
  }
  const entries = wordCandidates(ix, facts, ahead);
  if (entries.length === 0) return exitWith(plan, floor, q.phrases.length > 0 || q.excluded.length > 0 ? `no note matches the query's words ${syntaxWords(q)}` : "no note matches any word of the query");
  return { entries };
}

function wordCandidates(ix: SearchIndexes, facts: IndexFacts, ahead: KeywordAhead | null): Entry[] {
  const byId = new Map<number, Entry>();
  const { plan, vector } = facts;
  const cfg = plan.config;
  const q = plan.parsed;
  if (plan.mode !== "vector") for (const c of keywordCandidatesOf(ix, facts, ahead)) byId.set(c.chunkId, { cand: c, cosine: null });
  if (plan.mode !== "keyword" && vector) addNeighbours(ix, vector, plan, byId);
  // Days still to come have no notes of their own: the notes that name one of them are
  // candidates whatever their words ("what is coming up next week" → "dentist on 2 December").
  if (plan.dates.searched === "mentions") for (const c of datedRows(ix, plan)) if (!byId.has(c.chunkId)) byId.set(c.chunkId, { cand: c, cosine: null });
  if (plan.mode === "hybrid" && vector && cfg.fusion.vectorForEveryCandidate) {
    const unscored = [...byId.entries()].filter(([, e]) => e.cosine === null).map(([id]) => id);
    for (const [id, wins] of ix.vectors.vectorsOf(unscored)) byId.get(id)!.cosine = bestPairCosine([vector], wins);
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
