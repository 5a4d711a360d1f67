/**
 * The search pipeline, in the order it runs. The caller reads the query once into a plan
 * (plan.ts) and refreshes the index; these stages do the rest:
 *
 *   1. embed query      the plan's text as a vector, if the mode uses one (embed-query.ts);
 *                       it runs on the embedder's own thread, and meanwhile
 *   1a. keywords ahead  this thread reads the keyword candidates, kept with the index's data
 *                       version for stage 3 (keyword-ahead.ts)
 *   2. index facts      read once, in the snapshot, handed on as a value: unmatched phrases
 *                       (searched as plain words), unmatched words (searched as their nearest
 *                       indexed terms, typos.ts), the evidence terms and their document
 *                       frequencies (facts.ts); a query with nothing to search ends here
 *   3. candidates       keyword (FTS5 + BM25) and vector candidates, filters and privacy
 *                       scope in their SQL; a date-only query's notes (candidates.ts, dated.ts)
 *   4. fuse, factors    relevance fused into 0..1, then the score factors multiplied in
 *                       (score.ts, fuse.ts, factors/)
 *   5. floor            only evidence passes: keyword coverage, cosine, date, phrase (floor.ts)
 *   6. diversify        MMR over the best, so one note's chunks do not crowd out the rest
 *                       (diversify.ts)
 *   6a. by slot       statements giving the asked slot a value join the candidates even
 *                      when the pool left them out, for 6b and 6d to place (slot-lookup.ts)
 *   6b. newest first   what a later statement replaced goes below its replacement; the
 *                      two sides of a contradiction come together (current.ts)
 *   6c. denial beside  a "never …" result and the one saying it happened come together, with
 *                      no link needed (denial-pair.ts)
 *   6d. newer twin     of two results giving the slot the query names different values, the
 *                      newer goes right above the older, with no link needed (newer-twin.ts)
 *   6d′ announced      a later statement saying the thing the query names was moved, put off
 *                      or called off goes right above the older one giving its value, even
 *                      with no new value said (announced-change.ts)
 *   6f. stale echo     a result that is not the person's statement and restates the values a
 *                      later statement replaced gets the replacement right above it
 *                      (stale-echo.ts)
 *   6e. short form     a candidate saying only the short form the workspace defines for the
 *                      query's long one ("2FA") goes right below the first result saying it
 *                      in full (short-forms.ts)
 *   7. rerank           opt-in: a local model grades the picks (rerank/stage.ts)
 *   8. present          snippets, annotations, explanations; or the reason a stage ended the
 *                       search (present.ts)
 *
 * Stages 2 to 6 read one snapshot of the index: a writer in another process (a watcher, an
 * `agent index`) replaces a file's chunks with new ids, and candidates read before its
 * commit would otherwise be judged against term matches read after it (none: empty).
 */
import type { SearchPlan } from "../plan.js";
import type { VectorInfo } from "../report.js";
import { rerank, type Rerankers } from "../rerank/stage.js";
import type { SearchResponse } from "../types.js";
import { announcedChangesFirst } from "./announced-change.js";
import { gatherCandidates } from "./candidates.js";
import { newestFirst } from "./current.js";
import { echoesBelowReplacement } from "./stale-echo.js";
import { newerTwinsFirst } from "./newer-twin.js";
import { slotStatements } from "./slot-lookup.js";
import { shortFormsBeside } from "./short-forms.js";
import { denialsBeside } from "./denial-pair.js";
import { diversify } from "./diversify.js";
import { embedQuery, type EmbeddedQuery, type QueryEmbedding } from "./embed-query.js";
import { keywordAhead, type KeywordAhead } from "./keyword-ahead.js";
import { indexFacts } from "./facts.js";
import { applyFloor } from "./floor.js";
import { textsHolding } from "./typed-names.js";
import { present } from "./present.js";
import { scoreCandidates } from "./score.js";
import { isExit, snapshot, type SearchIndexes } from "./stages.js";

/** What a search needs besides its plan: the index, the embedder and the reranking models, all owned by the caller. */
export interface SearchDeps extends QueryEmbedding, Rerankers {
  /** Runs `fn` over the index as it is now (the engine retries once on a damaged index it rebuilt). */
  read<T>(fn: (ix: SearchIndexes) => T): T;
}

export interface SearchRun {
  response: SearchResponse;
  /** What the embedder said (stage 1). */
  vectors: VectorInfo;
}

export async function runSearch(asked: SearchPlan, deps: SearchDeps, signal?: AbortSignal): Promise<SearchRun> {
  const embedding = embedQuery(asked, deps); // 1
  const ahead = await readAhead(asked, deps, embedding); // 1a
  const embedded = await embedding;
  signal?.throwIfAborted(); // a cancelled search (or a stopping engine) ends between stages
  const first = deps.read((ix) =>
    snapshot(ix.db, () => {
      const facts = indexFacts(ix, embedded); // 2
      if (isExit(facts)) return facts;
      const found = gatherCandidates(ix, facts, ahead); // 3
      if (isExit(found)) return found;
      const scoring = scoreCandidates(ix, facts, found); // 4
      const floored = applyFloor(facts, scoring, ix.nowMs, textsHolding(ix.db)); // 5
      if (isExit(floored)) return floored;
      const ordered = newerTwinsFirst(ix, denialsBeside(ix, newestFirst(ix, slotStatements(ix, diversify(ix, facts, floored))))); // 6, 6a-6d
      return shortFormsBeside(ix, echoesBelowReplacement(ix, announcedChangesFirst(ix, ordered))); // 6d′, 6f, 6e
    }),
  );
  const ranked = await rerank(first, deps, signal); // 7
  return { response: present(ranked), vectors: embedded.info }; // 8
}

/**
 * Stage 1a once the query is on its way to the embedder: `embedding`'s calls up to handing the
 * text to the embedder's thread are promise steps, all run before the next turn of the event
 * loop, so the keyword read starts after the vector's computation has. A search that embeds
 * nothing has nothing to overlap, and reads in stage 3 as always.
 */
async function readAhead(asked: SearchPlan, deps: SearchDeps, embedding: Promise<EmbeddedQuery>): Promise<KeywordAhead | null> {
  if (asked.mode !== "hybrid" || asked.embedText === "") return null;
  // Its rejection is the search's, reported where it is awaited; not an unhandled one meanwhile.
  embedding.catch(() => undefined);
  await new Promise<void>((resolve) => setImmediate(resolve));
  return deps.read((ix) => keywordAhead(ix, asked));
}
