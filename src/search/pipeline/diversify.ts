/**
 * Stage 6, diversify: maximal marginal relevance over the best `pool` results by score, so
 * five overlapping chunks of one note do not crowd out everything else. Similarity is by
 * vectors when both chunks have them, else by shared words (which also catches overlapping
 * neighbour chunks); two chunks of one file are at least search.mmr.sameFileSimilarity alike.
 * The order shown agrees with the scores shown: diversity never puts a result above one
 * scoring more than search.mmr.maxScoreGap higher (boundByScore). The notes of a date-only
 * query keep their order, newest first. The picks' annotations are read here, in the
 * search's snapshot, for the presenter.
 */
import { annotationsOf } from "./keyword.js";
import type { IndexFacts } from "./facts.js";
import type { Floored, Judged } from "./floor.js";
import { bestPairCosineNormed, boundByScore, jaccardFrom, mmrRerank, normedWindows, wordNumbers, type MmrPick, type NormedWindows } from "./mmr.js";
import type { Scoring } from "./score.js";
import { keptWhileUnchanged } from "../../store/data-version.js";
import type { SearchIndexes } from "./stages.js";
import type { Grade } from "../rerank/rerank.js";
import type { StatementRef } from "../types.js";
import type { DB } from "../../store/open.js";

export interface Picked {
  s: Judged;
  pick: MmrPick;
  /** Set by the rerank stage: the model's grade, or the cross-encoder's relevance. */
  grade?: Grade;
  relevance?: number;
  /** Set by the newest-first stage (current.ts): the statement that replaced this one. */
  supersededBy?: StatementRef;
  /** Set by the newest-first stage: statements that deny this one, or that it denies. */
  contradicts?: StatementRef[];
}

/** What the first stage hands on: the picks in order, with what the presenter reads of them. */
export interface Picks {
  facts: IndexFacts;
  scoring: Scoring;
  picks: Picked[];
  /** chunk id → its annotations ({ project: ["Pharmacy App"] }). */
  annotations: Map<number, Record<string, string[]>>;
}

/**
 * The pick of `chunkId`: the one in `list`, else a new one made from the scored candidate (the
 * reordering stages may bring in a candidate the floor or MMR left out), else undefined.
 */
export function pickOrCandidate(list: readonly Picked[], candidates: ReadonlyMap<number, Scoring["scored"][number]>, chunkId: number): Picked | undefined {
  const at = list.find((p) => p.s.cand.chunkId === chunkId);
  if (at) return at;
  const s = candidates.get(chunkId);
  return s ? { s: { ...s, evidence: "evidence" in s ? (s as Judged).evidence : [] }, pick: { id: chunkId, penalty: 0, mmr: 0 } } : undefined;
}

export function diversify(ix: SearchIndexes, facts: IndexFacts, floored: Floored): Picks {
  const picks = facts.listing ? floored.kept.map((s) => ({ s, pick: { id: s.cand.chunkId, penalty: 0, mmr: s.final } })) : byMmr(ix, facts, floored.kept);
  const annotations = annotationsOf(ix.db, picks.map((p) => p.s.cand.chunkId));
  return { facts, scoring: floored.scoring, picks, annotations };
}

function byMmr(ix: SearchIndexes, facts: IndexFacts, kept: Judged[]): Picked[] {
  const plan = facts.plan;
  const mmr = plan.config.mmr;
  const ranked = [...kept].sort((a, b) => b.final - a.final).slice(0, plan.pool);
  const byId = new Map(ranked.map((s) => [s.cand.chunkId, s]));
  const vecs = mmr.lambda < 1 ? ix.vectors.vectorsOf(ranked.map((s) => s.cand.chunkId)) : new Map<number, Float32Array[]>();
  // A chunk id's text is the same while the index is unchanged: its words are kept with it,
  // as numbers of one map (dropped with it), so two chunks' overlap is a merge of two arrays.
  const words = wordSets(ix.db);
  // What a similarity reads of a chunk, looked up once per chunk rather than once per pair.
  // Each window's length is summed once here, not again in every pair's cosine.
  const of = new Map(ranked.map((s) => [s.cand.chunkId, { path: s.cand.path, vec: normedOrUndefined(vecs.get(s.cand.chunkId)), words: null as Uint32Array | null, text: s.cand.text }]));
  const wordsOf = (id: number, c: { words: Uint32Array | null; text: string }) => (c.words ??= wordSetOf(words, id, c.text));
  // MMR compares each pick with every candidate left: the pick's words are set out once.
  let from: { id: number; jaccard: (b: Uint32Array) => number } | null = null;
  type Words = { words: Uint32Array | null; text: string };
  const jaccard = (a: number, ca: Words, b: number, cb: Words): number => {
    if (from?.id !== a) from = { id: a, jaccard: jaccardFrom(wordsOf(a, ca)) };
    return from.jaccard(wordsOf(b, cb));
  };
  const sim = (a: number, b: number): number => {
    const ca = of.get(a)!;
    const cb = of.get(b)!;
    const content = ca.vec && cb.vec ? Math.max(0, bestPairCosineNormed(ca.vec, cb.vec)) : jaccard(a, ca, b, cb);
    return ca.path === cb.path ? Math.max(content, mmr.sameFileSimilarity) : content;
  };
  const picks = mmrRerank(
    ranked.map((s) => ({ id: s.cand.chunkId, relevance: s.final })),
    plan.limit,
    mmr.lambda,
    sim,
  );
  const bounded = boundByScore(picks.map((pick) => ({ pick, relevance: byId.get(pick.id)!.final })), mmr.maxScoreGap);
  return bounded.map(({ pick }) => ({ s: byId.get(pick.id)!, pick }));
}

function normedOrUndefined(vecs: Float32Array[] | undefined): NormedWindows | undefined {
  return vecs === undefined ? undefined : normedWindows(vecs);
}

interface WordSets {
  sets: Map<number, Uint32Array>;
  numbers: Map<string, number>;
}

/**
 * A chunk id's text is the same while the index is unchanged: its words are kept with it,
 * as numbers of one map (dropped with it), so two chunks' overlap is a merge of two arrays.
 */
function wordSets(db: DB): WordSets {
  const words = keptWhileUnchanged(db, "word sets", () => ({ sets: new Map<number, Uint32Array>(), numbers: new Map<string, number>() }));
  if (words.sets.size > MAX_WORD_SETS) {
    words.sets.clear();
    words.numbers.clear();
  }
  return words;
}

const MAX_WORD_SETS = 50_000;

function wordSetOf(words: WordSets, id: number, text: string): Uint32Array {
  let w = words.sets.get(id);
  if (!w) words.sets.set(id, (w = wordNumbers(text, words.numbers)));
  return w;
}

/** The word sets of these chunks made ahead (warm()), as MMR would make them; false when the bound leaves no room. */
export function keepWordSets(db: DB, rows: readonly { chunkId: number; text: string }[]): boolean {
  const words = wordSets(db);
  if (words.sets.size + rows.length > MAX_WORD_SETS) return false;
  for (const r of rows) wordSetOf(words, r.chunkId, r.text);
  return true;
}
