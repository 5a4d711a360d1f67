/**
 * Search, a service of the engine: a query read into its plan, the freshness a search starts
 * with (the watcher's word or a stat scan), the pipeline run over the engine's index and
 * models (search/pipeline/run.ts), and the retrieval recorded in the recall log. The engine
 * owns the index database, the embedder, the LLM and recovery; this module owns the
 * cross-encoder reranker (loaded by the first reranked search) and the recall log.
 */
import path from "node:path";
import type { SessionType } from "../context/assemble.js";
import type { RerankerModel } from "../embed/cross-encoder.js";
import type { Selection } from "../embed/select.js";
import type { LLMProvider } from "../llm/types.js";
import type { SearchReport } from "../search/report.js";
import { planSearch, runSearch, startQueryVector, type PlanOptions, type SearchDeps, type SearchOptions, type SearchPlan } from "../search/search.js";
import { asDiskFull, DiskFullError } from "../shared/disk.js";
import type { DB, OpenNotice } from "../store/open.js";
import { agentDir } from "../workspace/paths.js";
import type { AgentConfig } from "./config.js";
import type { IndexingService, IndexParts } from "./indexing.js";
import { RecallLog, type RecallFront } from "./recall-log.js";
import { RequestTurns, wordCount } from "./turns.js";

export interface EngineSearchOptions extends SearchOptions {
  /** false: skip the freshness scan (the caller knows the index is fresh). */
  refresh?: boolean;
  /** Privacy scope of the caller: group and isolated sessions never get private files. */
  session?: SessionType;
  /** Overrides search.rerank.enabled for one query: the LLM grades and reorders the results. */
  rerank?: boolean;
  /** Cancels a reranking model call. */
  signal?: AbortSignal;
  /** Which front asked, for the recall log (default "api"). */
  front?: RecallFront;
  /** false: leave this retrieval out of the recall log (one made for a group or isolated session and filtered after). */
  recall?: boolean;
}

/** What the service uses of the engine that owns it. */
export interface SearchHost {
  /** The engine's public side: where, with what config and clock, its models and the watcher's word. */
  engine: {
    readonly workspace: string;
    readonly config: AgentConfig;
    readonly now: () => number;
    embedder(): Promise<Selection>;
    llm(): LLMProvider;
    state(): DB;
  };
  /** The index, opened on first use. */
  parts(): IndexParts;
  /** Runs `fn`, rebuilding a damaged index from the markdown and trying once more. */
  recovering<T>(fn: () => T): T;
  /** The index's schedule: the watcher's word, what becomes of chunks without vectors, the space handed back after a pass. */
  indexing: IndexingService;
  /** Something the person should hear of (kept in the engine's notices). */
  notify(n: OpenNotice): void;
  /** Aborted once the engine stops taking requests (`stopRequests`, `close`). */
  stopping(): AbortSignal;
}

export class SearchService {
  /** The reranker of search.rerank.provider "cross-encoder", loaded by the first reranked search. */
  private reranker: Promise<RerankerModel> | null = null;

  constructor(private readonly host: SearchHost) {}

  /** Reads a query into the plan a search runs: the one place a query string is parsed (search/plan.ts). */
  plan(query: string, opts: PlanOptions = {}): SearchPlan {
    // planSearch refuses a query over its bounds (search/bound.ts): every plan, whoever asks, is bounded.
    return planSearch(query, opts, { nowMs: this.host.engine.now(), config: this.host.engine.config.search });
  }

  /**
   * Reconciles the index with the disk (stat each file, re-read only what changed), then
   * searches: a search right after a hand edit never returns the old text. Chunks without
   * vectors yet are found by keywords; `vectors.missing` says how many, and nothing but the
   * query itself is embedded here (`agent index` or the daemon embeds the rest). Group and
   * isolated sessions search public files only (the plan's scope). A caller that
   * needs the query's words too (boot) plans first and passes the plan. What was presented
   * goes to the recall log unless `recall` is false.
   */
  async search(query: string | SearchPlan, opts: EngineSearchOptions = {}): Promise<SearchReport> {
    // A long query takes its turn in a long-lived host, its plan included (turns.ts).
    return this.turns.big(wordCount(typeof query === "string" ? query : query.query), () => this.searchNow(query, opts));
  }

  /** Big queries take turns in a long-lived host; the daemon marks its requests here (turns.ts). */
  readonly turns = new RequestTurns();

  private async searchNow(query: string | SearchPlan, opts: EngineSearchOptions): Promise<SearchReport> {
    const go = () => this.goOn(opts.signal);
    go();
    const plan = typeof query === "string" ? this.plan(query, opts) : query;
    // The query's vector is computed on the embedder's thread while this one checks freshness (stage 1 joins it).
    void startQueryVector(plan, this.searchDeps());
    const refreshed = await this.refresh(opts.refresh, plan.mode !== "keyword" && plan.embedText !== "");
    // A big query's plan is made: a request that arrived meanwhile goes before its search (turns.ts).
    await this.turns.stepAside();
    go();
    // A stop (stopRequests) ends the search at its next stage, as the caller's signal does.
    const signal = opts.signal ? AbortSignal.any([opts.signal, this.host.stopping()]) : this.host.stopping();
    const { response, vectors } = await runSearch(plan, this.searchDeps(), signal);
    // The one place a retrieval is recorded: the plan and what was presented. Not once the
    // engine is stopping: its close wrote the last batch, and nothing may reopen state.db.
    if (opts.recall !== false && !this.host.stopping().aborted) this.recallLog().recordQuietly({ query: plan.query, front: opts.front ?? "api", session: plan.session, chunks: response.results, at: this.host.engine.now() });
    return { ...response, refreshed, vectors };
  }

  /**
   * The freshness a search starts with: the watcher's word when it keeps the index, else a stat
   * scan of every file. `vectorStarted`: the query is on its way to the embedder
   * (startQueryVector); the scan waits one turn of the event loop for it to be handed over, so
   * the model computes (or loads) while this thread scans.
   */
  private async refresh(refresh: boolean | undefined, vectorStarted = false): Promise<SearchReport["refreshed"]> {
    const freshness = this.host.indexing.freshness;
    const trusted = refresh === undefined && freshness !== undefined && (await freshness());
    if (refresh === false || trusted) return { indexed: [], removed: [] };
    if (vectorStarted) await new Promise<void>((resolve) => setImmediate(resolve));
    const sync = this.refreshForSearch();
    return { indexed: sync.indexed, removed: sync.removed };
  }

  /** What the search pipeline reads of the engine: the index, the embedder and the models it owns. */
  private searchDeps(): SearchDeps {
    return {
      read: (fn) => this.host.recovering(() => fn({ db: this.host.parts().db, vectors: this.host.parts().vectors, nowMs: this.host.engine.now() })),
      embedder: () => this.host.engine.embedder(),
      vectors: () => this.host.parts().vectors,
      pendingNote: () => this.host.indexing.pendingNote(),
      llm: () => this.host.engine.llm(),
      crossEncoder: () => this.crossEncoder(),
    };
  }

  /**
   * A search's stat scan and re-index of what changed. On a full disk the changes cannot be
   * written: the search answers from the index as it is, and says so (once per engine).
   */
  private refreshForSearch(): { indexed: string[]; removed: string[] } {
    try {
      return this.host.recovering(() => this.host.indexing.reclaiming(this.host.parts().indexer.sync({ countChunks: false })));
    } catch (e) {
      const full = asDiskFull(e, "the index could not take the changes on disk", agentDir(this.host.engine.workspace));
      if (!(full instanceof DiskFullError)) throw e;
      if (!this.diskFullSaid) {
        this.diskFullSaid = true;
        const n = { message: `${full.message} — this search answered from the index as it was` };
        this.host.notify(n);
      }
      return { indexed: [], removed: [] };
    }
  }

  private diskFullSaid = false;

  /** Throws when the request was cancelled or the engine is stopping. */
  private goOn(signal: AbortSignal | undefined): void {
    this.host.stopping().throwIfAborted();
    signal?.throwIfAborted();
  }

  /** The recall log (which chunks retrievals presented), fed by every search; see recall-log.ts. */
  recallLog(): RecallLog {
    this.recalls ??= new RecallLog({
      state: () => this.host.engine.state(),
      config: () => this.host.engine.config.dream.recall,
      index: () => this.host.parts().db,
      onFailure: (message) => this.host.notify({ message }),
    });
    return this.recalls;
  }

  private recalls: RecallLog | null = null;

  /** Writes the recall log's waiting batch (recall-log.ts): the engine does before anything reads state.db, and on close. */
  flushRecalls(): void {
    this.recalls?.flushQuietly();
  }

  /** Whether recorded retrievals wait to be written to state.db. */
  recallsWaiting(): boolean {
    return this.recalls?.waiting === true;
  }

  /** Loads the cross-encoder of search.rerank now (agent doctor): its model id and folder. */
  async loadReranker(): Promise<{ model: string; modelDir: string }> {
    const r = await this.crossEncoder();
    return { model: r.model, modelDir: r.modelDir };
  }

  /** The cross-encoder reranker the config names, loaded once; a failed load is tried again by the next search. */
  private crossEncoder(): Promise<RerankerModel> {
    if (!this.reranker) {
      const c = this.host.engine.config.search.rerank.crossEncoder;
      const loading = import("../embed/cross-encoder.js").then((m) =>
        m.openReranker({
          model: c.model,
          dtype: c.dtype,
          ...(c.modelPath !== undefined ? { modelPath: path.resolve(this.host.engine.workspace, c.modelPath) } : {}),
          ...(c.threads !== undefined ? { threads: c.threads } : {}),
        }),
      );
      // The user may be pulling the model right now.
      loading.catch(() => {
        if (this.reranker === loading) this.reranker = null;
      });
      this.reranker = loading;
    }
    return this.reranker;
  }

  /** Writes the recall log's waiting batch at once, then frees the reranker, if one was loaded (the engine's close, before state.db closes). */
  async close(): Promise<void> {
    this.flushRecalls();
    if (this.reranker) await this.reranker.then((r) => r.close()).catch(() => undefined);
  }
}
