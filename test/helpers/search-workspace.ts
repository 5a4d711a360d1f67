import { cpSync } from "node:fs";
import { afterEach } from "vitest";
import path from "node:path";
import { Indexer } from "../../src/indexer/indexer.js";
import { SearchConfigSchema } from "../../src/search/config.js";
import type { Selection } from "../../src/embed/select.js";
import { planSearch, runSearch, type SearchDeps, type PlanOptions, type SearchOptions, type SearchPlan, type SearchResponse } from "../../src/search/search.js";
import { IndexStore } from "../../src/store/index-store.js";
import { openIndexDb, type DB } from "../../src/store/open.js";
import { VectorStore } from "../../src/store/vectors.js";
import { IndexConfigSchema } from "../../src/workspace/config.js";
import { cleanup, REPO_ROOT, tempDir, write } from "./workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

/** Saturday 21 November 2026, noon UTC: the "now" of the search tests. */
export const SEARCH_NOW = Date.parse("2026-11-21T12:00:00Z");

export interface IndexedWorkspace {
  ws: string;
  db: DB;
  /** Keyword search (no embedder) with `explain` on, against SEARCH_NOW. */
  search: (query: string, opts?: PlanOptions) => Promise<SearchResponse>;
  /** Indexes the workspace again (after files were written). */
  reindex: () => void;
  close: () => void;
}

/** `indexedWorkspace` for the tests of the calling file or block, each closed and removed after its test. */
export function indexedWorkspaces(prefix: string): (files: Record<string, string>, config?: object) => IndexedWorkspace {
  let open: IndexedWorkspace[] = [];
  afterEach(() => {
    for (const w of open) w.close();
    open = [];
  });
  return (files, config) => {
    const w = indexedWorkspace(prefix, files, config);
    open.push(w);
    return w;
  };
}

/**
 * A workspace made of the shipped template plus `files`, indexed into a real SQLite file,
 * searched through the real pipeline with the `search` section `config`.
 */
export function indexedWorkspace(prefix: string, files: Record<string, string>, config: object = {}): IndexedWorkspace {
  const ws = tempDir(prefix);
  cpSync(path.join(REPO_ROOT, "workspace-template"), ws, { recursive: true });
  for (const [rel, text] of Object.entries(files)) write(ws, rel, text);
  const db = openIndexDb(path.join(agentDir(ws), "index.db")).db;
  const reindex = () => void new Indexer(ws, new IndexStore(db), IndexConfigSchema.parse({}), { now: () => SEARCH_NOW }).sync();
  reindex();
  const cfg = SearchConfigSchema.parse(config);
  const vectors = new VectorStore(db);
  return {
    ws,
    db,
    search: (query, opts = {}) => searchPlan(planSearch(query, { explain: true, ...opts }, { nowMs: SEARCH_NOW, config: cfg }), { db, vectors, nowMs: SEARCH_NOW }),
    reindex,
    close: () => {
      if (db.open) db.close();
      cleanup(ws);
    },
  };
}

/**
 * The real pipeline (runSearch) over an index opened by the test: `embedder` answers stage 1
 * (none: keyword search); no reranking model is configured in these tests.
 */
export function indexDeps(ix: { db: DB; vectors: VectorStore; nowMs: number }, embedder: Selection = { embedder: null, reason: "keyword search (test)" }): SearchDeps {
  return {
    read: (fn) => fn(ix),
    embedder: async () => embedder,
    vectors: () => ix.vectors,
    pendingNote: () => "run `agent index` to embed them",
    llm: () => {
      throw new Error("no LLM in this test");
    },
    crossEncoder: () => Promise.reject(new Error("no reranker in this test")),
  };
}

/** A planned search through the real pipeline over a test's index. */
export async function searchPlan(plan: SearchPlan, ix: { db: DB; vectors: VectorStore; nowMs: number }, embedder?: Selection): Promise<SearchResponse> {
  return (await runSearch(plan, indexDeps(ix, embedder))).response;
}
