/**
 * The engine: the one front door to a workspace. It loads and validates the whole config
 * once, owns the index database, the state database, the embedding cache, the embedder and
 * the LLM provider (the last two created on first use), recovers a damaged index, and
 * hands out the services that do the work: `indexing` (the index's schedule), `searching`
 * (and `search()`, the one call every retrieval ends in), `assist()`, `assistants()`,
 * `jobs()`, `soul()`, `evolution()`, `dream()`, `overview()`, `admin()`. The CLI, the MCP
 * server and the daemon only parse arguments, call it and format what it returns.
 */
import path from "node:path";
import { EmbeddingCache, EMBED_CACHE_FILE } from "../embed/cache.js";
import type { Selection } from "../embed/select.js";
import type { Embedder } from "../embed/types.js";
import { Indexer } from "../indexer/indexer.js";
import type { LLMConfig } from "../llm/config.js";
import type { LLMProvider } from "../llm/types.js";
import type { SearchReport } from "../search/report.js";
import type { PlanOptions, SearchPlan } from "../search/search.js";
import { IndexStore } from "../store/index-store.js";
import { DiskFullError, registerDataDir } from "../shared/disk.js";
import { fileIdentity, openIndexDb, openIndexSnapshot, recoverIndexDb, type DB, type OpenNotice } from "../store/open.js";
import { openSharedState } from "./shared-state.js";
import { hasLogs } from "../store/events/log.js";
import { VectorStore } from "../store/vectors.js";
import { EmbedLease } from "../store/embed-lease.js";
import { checkEngineFolder, statWorkspacePath } from "../workspace/guard.js";
import { agentDir, indexDbPath, stateDbPath } from "../workspace/paths.js";
import type { JobDeps } from "../jobs/job.js";
import type { RestoreResult } from "../store/backup.js";
import type { SoulService } from "./soul.js";
import type { EvolutionService } from "./evolution.js";
import type { DreamService } from "./dream.js";
import type { JobArgs, JobName, JobValues } from "../jobs/catalog.js";
import type { JobService, JobServiceOptions, RunOptions, RunOutcome } from "../jobs/runner.js";
import type { AdminService, DoctorReport } from "./admin.js";
import type { ContextNotesService } from "./assist.js";
import type { AgentConfig } from "./config.js";
import type { WebOverview } from "./overview.js";
import { configFor, readConfigCache } from "./config-cache.js";
import type { EngineCore } from "./core.js";
import { LazyProvider } from "./lazy-llm.js";
import { SearchService, type EngineSearchOptions } from "./search.js";
import { IndexingService, type IndexParts } from "./indexing.js";
import type { HookService } from "./assistants.js";

export type { EmbedReport } from "../indexer/embed-pending.js";
export type { EmbedOptions, EngineStatus, StatusReport, WarmOptions, WarmReport } from "./indexing.js";
export type { EngineSearchOptions } from "./search.js";

export interface EngineOptions {
  workspace: string;
  /** Injectable clock (ms since epoch) for tests. */
  now?: () => number;
  /** Use this embedder instead of selecting one from the config (tests, eval). */
  embedder?: Embedder | null;
  /**
   * The LLM: overrides of the `llm` section for this process (the CLI's --provider and
   * --model), or a ready provider (tests hand in a scripted one; it stays the caller's).
   */
  llm?: Partial<Pick<LLMConfig, "provider" | "model">> | LLMProvider;
  /** An already validated config (the daemon re-reads it on reload); default: read the file. */
  config?: AgentConfig;
}

export class Engine implements EngineCore {
  readonly workspace: string;
  readonly config: AgentConfig;
  readonly now: () => number;
  /** Things that happened while opening (an index rebuilt, moved aside...). */
  readonly notices: OpenNotice[] = [];
  /** Told of each notice as it happens (the CLI prints them as warnings). */
  onNotice: ((n: OpenNotice) => void) | undefined;
  private idx: IndexParts | null = null;
  private stateDb: DB | null = null;
  private selection: Promise<Selection> | null = null;
  /** An embedder handed in by the caller is the caller's to close. */
  private ownsEmbedder = true;
  private cache: EmbeddingCache | null = null;
  private provider: LLMProvider | null = null;
  private ownsProvider = true;
  private closed = false;
  private jobService: JobService | null = null;
  private llmOverrides: Partial<Pick<LLMConfig, "provider" | "model">> = {};

  protected constructor(opts: EngineOptions) {
    this.workspace = opts.workspace;
    checkEngineFolder(this.workspace);
    // An error of SQLite's that names no file is checked against this folder's free space.
    registerDataDir(agentDir(this.workspace));
    this.now = opts.now ?? Date.now;
    this.config = opts.config ?? configFor(this.workspace);
    if (opts.embedder !== undefined) {
      const e = opts.embedder;
      this.ownsEmbedder = false;
      this.selection = Promise.resolve(e ? { embedder: e, reason: `${e.provider} (given by the caller)` } : { embedder: null, reason: "embeddings off (given by the caller)" });
    }
    if (opts.llm !== undefined && isProvider(opts.llm)) {
      this.provider = opts.llm;
      this.ownsProvider = false;
    } else if (opts.llm !== undefined) {
      const o = opts.llm;
      this.llmOverrides = { ...(o.provider !== undefined ? { provider: o.provider } : {}), ...(o.model !== undefined ? { model: o.model } : {}) };
    }
  }

  static open(opts: EngineOptions | string): Engine {
    return new Engine(typeof opts === "string" ? { workspace: opts } : opts);
  }

  /**
   * `open`, for callers that start cold (the CLI, the daemon): the config comes from the
   * validated-config cache when the file has not changed, and the validator (with its schema
   * library) is loaded only when it has.
   */
  static async load(opts: EngineOptions | string): Promise<Engine> {
    const o = typeof opts === "string" ? { workspace: opts } : opts;
    checkEngineFolder(o.workspace);
    if (o.config) return new Engine(o);
    const config = readConfigCache(o.workspace) ?? (await import("./config.js")).loadAgentConfig(o.workspace);
    return new Engine({ ...o, config });
  }

  get indexPath(): string {
    return indexDbPath(this.workspace);
  }

  get statePath(): string {
    return stateDbPath(this.workspace);
  }

  // ---- owned resources ---------------------------------------------------------------

  /** The state database (.agent/state.db), opened on first use and kept for the engine's life. */
  state(): DB {
    if (this.stateDb === null || !this.stateDb.open) this.stateDb = openSharedState(this.workspace, this.statePath, this.now);
    // Whoever reads state.db sees every search recorded so far (the recall log writes in batches).
    this.searching.flushRecalls();
    return this.stateDb;
  }

  /** Whether the state database exists yet (read-only commands create no files). */
  hasState(): boolean {
    return this.stateDb !== null || this.searching.recallsWaiting() || statWorkspacePath(path.dirname(this.statePath), path.basename(this.statePath)) !== null || hasLogs(this.workspace);
  }

  /** The configured LLM provider with this process's overrides, created (not loaded) on first use. */
  llm(): LLMProvider {
    this.provider ??= new LazyProvider({ ...this.config.llm, ...this.llmOverrides });
    return this.provider;
  }

  /** The embedder the config selects (loaded once per Engine), or null for keyword-only. */
  async embedder(): Promise<Selection> {
    if (!this.selection) {
      this.selection = import("../embed/select.js").then((m) => m.chooseEmbedder(this.config.embed, { baseDir: this.workspace }));
    }
    return this.selection;
  }

  /** The embedder itself, for jobs that need one only sometimes (memory formation, recall). */
  async embedderOrNull(): Promise<Embedder | null> {
    return (await this.embedder()).embedder;
  }

  /** The embedding cache (embeddings.db), opened on first use; indexing and memory recall share it. */
  embeddingCache(): EmbeddingCache {
    if (!this.cache) {
      const dir = this.config.embed.cacheDir ? path.resolve(this.workspace, this.config.embed.cacheDir) : agentDir(this.workspace);
      this.cache = new EmbeddingCache(path.join(dir, EMBED_CACHE_FILE));
    }
    return this.cache;
  }

  /** What every job is handed: nothing is opened twice, nothing is loaded before it is used. */
  jobDeps(): JobDeps {
    return {
      workspace: this.workspace,
      config: this.config,
      state: () => this.state(),
      existingState: () => (this.hasState() ? this.state() : null),
      now: this.now,
      llm: () => this.llm(),
      embedder: () => this.embedderOrNull(),
      embedCache: () => this.embeddingCache(),
      chunks: () => this.indexing.chunkLookup(),
      links: () => this.indexing.links(),
    };
  }

  // ---- services (each module loaded on first use) ------------------------------------

  /** What an assistant asks: context, boot, ask, reading and appending notes, logging a turn (assist.ts). */
  async assist(): Promise<ContextNotesService> {
    const { ContextNotesService } = await import("./assist.js");
    return new ContextNotesService(this);
  }

  /** Claude Code, Codex, OpenCode: capture, inject, compaction flush, import (src/engine/assistants.ts). */
  async assistants(): Promise<HookService> {
    const { HookService } = await import("./assistants.js");
    return new HookService(this);
  }

  /**
   * The one job runner (reflect, flush, heartbeat, evolve): manual runs, cron and the
   * daemon's schedule all go through it, so every run is recorded and cancelled the same way.
   * Options only count for the first call (the daemon passes its log).
   */
  async jobs(opts: JobServiceOptions = {}): Promise<JobService> {
    if (this.jobService === null) {
      const { JobService } = await import("../jobs/runner.js");
      this.jobService = new JobService(this.jobDeps(), opts);
    }
    return this.jobService;
  }

  /** Runs one job now and records it (what `agent reflect|flush|heartbeat|evolve` do). */
  async runJob<N extends JobName>(name: N, args: JobArgs[N], opts: RunOptions = {}): Promise<RunOutcome<JobValues[N]>> {
    return (await this.jobs()).run(name, args, opts);
  }

  /** Dreaming: candidates, proposals for MEMORY.md and their review, MEMORY.md's versions. */
  async dream(): Promise<DreamService> {
    const { DreamService } = await import("./dream.js");
    return new DreamService(this);
  }

  /** Memories: list, rank, forget/pin/unpin/restore, export and import of the state. */
  async evolution(): Promise<EvolutionService> {
    const { EvolutionService } = await import("./evolution.js");
    return new EvolutionService(this);
  }

  /** SOUL.md's versions and proposals (log, diff, rollback, proposed, accept, reject, save). */
  async soul(): Promise<SoulService> {
    const { SoulService } = await import("./soul.js");
    return new SoulService(this);
  }

  /** The web page's overview: daily notes per day, the files changed last, the index's health, the change mark. */
  async overview(): Promise<WebOverview> {
    const { WebOverview } = await import("./overview.js");
    return new WebOverview(this, this.indexing);
  }

  /** `agent models` and `agent config` (admin.ts). */
  async admin(): Promise<AdminService> {
    const { AdminService } = await import("./admin.js");
    return new AdminService(this);
  }

  /**
   * Every check a user needs (config, databases, embedder, LLM, daemon, freshness). Static:
   * it must run, and say what is wrong, even when the config does not load.
   */
  static async doctor(workspace: string, opts: Omit<EngineOptions, "workspace" | "config"> = {}): Promise<DoctorReport> {
    return (await import("./admin.js")).doctor(workspace, (config) => new Engine({ ...opts, workspace, config }));
  }

  /**
   * Puts the newest good backup of state.db (or the one named) in place of a damaged one;
   * the damaged file is kept beside it. Stop the daemon first.
   */
  static async restoreState(workspace: string, opts: { backup?: string; force?: boolean } = {}): Promise<RestoreResult> {
    return (await import("../store/backup.js")).restoreStateBackup(stateDbPath(workspace), opts);
  }

  /** Reads a query into the plan a search runs: the one place a query string is parsed (search/plan.ts). */
  plan(query: string, opts: PlanOptions = {}): SearchPlan {
    return this.searching.plan(query, opts);
  }

  /** Refresh → `runSearch` → the recall log: see `SearchService.search` (search.ts). */
  search(query: string | SearchPlan, opts: EngineSearchOptions = {}): Promise<SearchReport> {
    return this.searching.search(query, opts);
  }

  // ---- life cycle --------------------------------------------------------------------

  /**
   * Requests in flight stop at their next stage, and new ones are refused: what a host calls
   * first when it stops, so a stop is not held up by searches that would still run for
   * seconds on a busy machine (close() does it too).
   */
  stopRequests(reason = "the engine is closing"): void {
    if (!this.requests.signal.aborted) this.requests.abort(new Error(reason));
  }

  private readonly requests = new AbortController();

  /** Closes the databases and frees the models this engine created. Safe to call twice. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopRequests();
    // First: it writes the recall log's waiting batch to state.db.
    const waits: Promise<unknown>[] = [this.searching.close()];
    if (this.idx?.db.open) this.idx.db.close();
    if (this.stateDb?.open) this.stateDb.close();
    this.cache?.close();
    this.cache = null;
    if (this.ownsProvider && this.provider) waits.push(this.provider.close().catch(() => undefined));
    if (this.ownsEmbedder && this.selection) waits.push(this.selection.then((s) => s.embedder?.close()).catch(() => undefined));
    await Promise.all(waits);
  }

  /** The index's schedule (indexing.ts): text passes, embedding under the lease, the watcher, warming, status. */
  readonly indexing: IndexingService = new IndexingService({
    engine: this,
    parts: () => this.index_(),
    writable: () => this.writable(),
    recovering: (fn) => this.recovering(fn),
    embeddingCache: () => this.embeddingCache(),
    notice: (message) => this.notify({ message }),
    closed: () => this.closed,
  });

  /** Search (search.ts): the plan, refresh → `runSearch` → the recall log; the cross-encoder reranker. */
  readonly searching: SearchService = new SearchService({
    engine: this,
    parts: () => this.index_(),
    recovering: (fn) => this.recovering(fn),
    indexing: this.indexing,
    notify: (n) => this.notify(n),
    stopping: () => this.requests.signal,
  });

  /** Something that happened the person should hear of: kept in `notices`, told to `onNotice`. */
  private notify(n: OpenNotice): void {
    this.notices.push(n);
    this.onNotice?.(n);
  }

  /** The index database and what works on it, opened on first use (a `log` or `jobs` never opens it). */
  private index_(): IndexParts {
    if (this.idx === null) {
      const opened = this.openIndex();
      if (opened === null) return this.idx!;
      const { db, notices } = opened;
      const openedAs = fileIdentity(this.indexPath);
      for (const n of notices) this.notify(n);
      this.idx = this.partsOf(db, openedAs);
    }
    return this.idx;
  }

  /**
   * The index file, or on a full disk (SQLite cannot make its WAL files) a read-only copy in
   * memory: searches still answer, from the index as it was, and nothing claims to be saved
   * (`writable()` refuses indexing and embedding). Null when the copy was taken.
   */
  private openIndex(): { db: DB; notices: OpenNotice[] } | null {
    try {
      return openIndexDb(this.indexPath);
    } catch (e) {
      if (!(e instanceof DiskFullError) || statWorkspacePath(path.dirname(this.indexPath), path.basename(this.indexPath)) === null) throw e;
      const db = openIndexSnapshot(this.indexPath);
      const n = { message: `${e.message} — searches answer from the index as it was, and nothing is indexed until there is space` };
      this.notify(n);
      this.idx = { ...this.partsOf(db, null), readOnly: e };
      return null;
    }
  }

  private partsOf(db: DB, openedAs: string | null): IndexParts {
    const store = new IndexStore(db);
    return { db, store, vectors: new VectorStore(db), lease: new EmbedLease(db), indexer: new Indexer(this.workspace, store, this.config.index, { now: this.now }), openedAs };
  }

  /** The index, when writes to it reach the disk; else the full disk's error. */
  private writable(): IndexParts {
    const idx = this.index_();
    if (idx.readOnly) throw idx.readOnly;
    return idx;
  }

  /**
   * Damage inside the file only shows when a page is read. The index is derived, so the
   * answer is to move the damaged file aside, rebuild from the markdown, and retry once.
   */
  private recovering<T>(fn: () => T): T {
    try {
      return fn();
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code !== "SQLITE_CORRUPT" && code !== "SQLITE_NOTADB") throw e;
      const idx = this.idx;
      this.idx = null;
      // In place when the damage allows it, so other processes keep the live file.
      const rec = idx ? recoverIndexDb(this.indexPath, idx.db, idx.openedAs) : { notices: [] };
      for (const n of rec.notices) this.notices.push({ message: `${n.message} (${code})` });
      this.index_().indexer.sync();
      return fn();
    }
  }
}

function isProvider(v: unknown): v is LLMProvider {
  return typeof v === "object" && v !== null && typeof (v as LLMProvider).complete === "function";
}
