/**
 * The engine: the one front door to a workspace. It loads and validates the whole config
 * once, owns the index database, the state database, the embedding cache, the embedder and
 * the LLM provider (the last two created on first use), and offers the whole product as
 * methods and small services. The CLI, the MCP server and the daemon only parse arguments,
 * call it and format what it returns.
 */
import path from "node:path";
import { EmbeddingCache, EMBED_CACHE_FILE } from "../embed/cache.js";
import type { RerankerModel } from "../embed/cross-encoder.js";
import type { Selection } from "../embed/select.js";
import type { Embedder } from "../embed/types.js";
import { embedPending, type EmbedPendingProgress, type EmbedPendingResult, type EmbedReport } from "../indexer/embed-pending.js";
import { Indexer, type IndexProgress, type IndexSummary } from "../indexer/indexer.js";
import { indexStatus, type IndexStatus } from "../indexer/status.js";
import type { LLMConfig } from "../llm/config.js";
import type { LLMProvider } from "../llm/types.js";
import type { RuntimeLocation, RuntimeName, RuntimeStatus } from "../shared/runtimes.js";
import type { SessionType } from "../context/assemble.js";
import type { SearchReport } from "../search/report.js";
import { planSearch, runSearch, type PlanOptions, type SearchDeps, type SearchOptions, type SearchPlan } from "../search/search.js";
import { IndexStore } from "../store/index-store.js";
import { dataVersion } from "../store/data-version.js";
import { compactIndex, reclaimFreePages } from "../store/space.js";
import { asDiskFull, DiskFullError, registerDataDir } from "../shared/disk.js";
import { fileIdentity, openIndexDb, openIndexSnapshot, recoverIndexDb, removeRebuildLeftovers, resetIndexInPlace, type DB, type OpenNotice } from "../store/open.js";
import { openStateDb } from "../store/state.js";
import { VectorStore } from "../store/vectors.js";
import { describeHolder, EmbedLease, type EmbedLeaseHolder } from "../store/embed-lease.js";
import type { MemoryIndexStats } from "../store/vector-memory.js";
import { isProcessAlive } from "../shared/process.js";
import { recoverInterruptedSwaps } from "../workspace/safe-write.js";
import { checkEngineFolder, statWorkspacePath } from "../workspace/guard.js";
import { agentDir, indexDbPath, stateDbPath, swapDir } from "../workspace/paths.js";
import type { AppendSessionInput, AppendSessionResult } from "../jobs/reflect/session-log.js";
import type { JobDeps } from "../jobs/job.js";
import type { BootResult } from "../context/boot/sources.js";
import type { AppendDailyResult, DailyDay, DailyFileInfo } from "../workspace/daily.js";
import type { LineRange } from "../workspace/safe-read.js";
import type { RestoreResult } from "../store/backup.js";
import type { SoulService } from "./soul.js";
import type { EvolutionService } from "./evolution.js";
import type { DreamService } from "./dream.js";
import type { ChunkLookup } from "../jobs/dream/candidates.js";
import type { JobArgs, JobName, JobValues } from "../jobs/catalog.js";
import type { JobService, JobServiceOptions, RunOptions, RunOutcome } from "../jobs/runner.js";
import type { ConfigView, DoctorReport, ModelsReport } from "./admin.js";
import type { AskRequest, BootRequest, ContextAnswer, ContextRequest, ReadRequest } from "./assist.js";
import type { AskResult } from "../jobs/ask/loop.js";
import type { Conversation } from "../store/conversations.js";
import type { AgentConfig } from "./config.js";
import type { NotesOverview } from "./overview.js";
import { configFor, readConfigCache } from "./config-cache.js";
import type { EngineCore } from "./core.js";
import { LazyProvider } from "./lazy-llm.js";
import { RecallLog, type RecallFront } from "./recall-log.js";
import type { IndexWatcher, IndexWatchOptions } from "./watcher.js";
import type { AssistantService } from "./assistants.js";

export type { EmbedReport };

/** OS niceness of embedding threads in a host that embeds in the background (the daemon, `agent watch`). */
const BACKGROUND_NICE = 10;

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

export interface EmbedOptions {
  signal?: AbortSignal;
  maxChunks?: number;
  batchChunks?: number;
  onProgress?: (p: EmbedPendingProgress) => void;
  /** How other processes name this one while it embeds ("`agent index`"); default: backgroundEmbedder, else "an agent process". */
  holder?: string;
}

export interface StatusReport extends EngineStatus {
  workspace: string;
  index: string;
  /** Since the last index pass, or null when never indexed. */
  ageMs: number | null;
  embedder: { provider: string | null; modelId: string | null; reason: string };
}

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

/** What `warm` loaded, and how long it took. */
export interface WarmReport {
  ms: number;
  /** The in-memory copy of the vectors, when search.vectorIndex is "quantized". */
  vectors: MemoryIndexStats | null;
}

export type EngineStatus = IndexStatus & { vectors: { modelId: string | null; embedded: number; missing: number } };

export class Engine implements EngineCore {
  readonly workspace: string;
  readonly config: AgentConfig;
  readonly now: () => number;
  /** Things that happened while opening (an index rebuilt, moved aside...). */
  readonly notices: OpenNotice[] = [];
  /** Told of each notice as it happens (the CLI prints them as warnings). */
  onNotice: ((n: OpenNotice) => void) | undefined;
  /**
   * Set by `watch()` while its watcher keeps the index in step with the disk: awaited
   * before each search that does not pass `refresh`; true means the index has every change
   * and the stat scan is skipped, false means scan as usual.
   */
  freshness: (() => Promise<boolean>) | undefined;
  /**
   * Set by a host that embeds new chunks in the background ("the daemon"): it names this
   * process to others while it embeds, and searches say that the vectors are coming.
   */
  backgroundEmbedder: string | undefined;
  private idx: IndexParts | null = null;
  private stateDb: DB | null = null;
  private selection: Promise<Selection> | null = null;
  /** An embedder handed in by the caller is the caller's to close. */
  private ownsEmbedder = true;
  private cache: EmbeddingCache | null = null;
  private provider: LLMProvider | null = null;
  private ownsProvider = true;
  /** The reranker of search.rerank.provider "cross-encoder", loaded by the first reranked search. */
  private reranker: Promise<RerankerModel> | null = null;
  /** Embedding runs one at a time per Engine: two would fetch the same pending chunks. */
  private embedQueue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private jobService: JobService | null = null;

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

  private llmOverrides: Partial<Pick<LLMConfig, "provider" | "model">> = {};

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
    if (this.stateDb === null || !this.stateDb.open) this.stateDb = openStateDb(this.statePath);
    return this.stateDb;
  }

  /** Whether the state database exists yet (read-only commands create no files). */
  hasState(): boolean {
    return this.stateDb !== null || statWorkspacePath(this.workspace, path.relative(this.workspace, this.statePath)) !== null;
  }

  /** The configured LLM provider with this process's overrides, created (not loaded) on first use. */
  llm(): LLMProvider {
    this.provider ??= new LazyProvider({ ...this.config.llm, ...this.llmOverrides });
    return this.provider;
  }

  /** Loads the cross-encoder of search.rerank now (agent doctor): its model id and folder. */
  async loadReranker(): Promise<{ model: string; modelDir: string }> {
    const r = await this.crossEncoder();
    return { model: r.model, modelDir: r.modelDir };
  }

  /** The cross-encoder reranker the config names, loaded once; a failed load is tried again by the next search. */
  private crossEncoder(): Promise<RerankerModel> {
    if (!this.reranker) {
      const c = this.config.search.rerank.crossEncoder;
      const loading = import("../embed/cross-encoder.js").then((m) =>
        m.openReranker({
          model: c.model,
          dtype: c.dtype,
          ...(c.modelPath !== undefined ? { modelPath: path.resolve(this.workspace, c.modelPath) } : {}),
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

  /** The embedding cache (embeddings.db), opened on first use; memory recall shares it. */
  embeddingCacheOrNull(): EmbeddingCache | null {
    return this.embeddingCache();
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
      embedCache: () => this.embeddingCacheOrNull(),
      chunks: () => this.chunkLookup(),
    };
  }

  /** The index brought up to date, then a lookup of its chunks by file and text hash (what the dream reads). */
  private chunkLookup(): ChunkLookup {
    this.index();
    const stmt = this.index_().db.prepare<[string, string], { text: string; start_line: number; end_line: number; heading: string }>(
      "SELECT c.text, c.start_line, c.end_line, c.heading FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ? AND c.hash = ? ORDER BY c.seq LIMIT 1",
    );
    return (p, h) => {
      const r = stmt.get(p, h);
      return r === undefined ? null : { text: r.text, startLine: r.start_line, endLine: r.end_line, heading: r.heading };
    };
  }

  // ---- assistants: context, boot, notes ---------------------------------------------

  /** The system prompt for a session (identical for the CLI, MCP and the daemon). */
  async context(req: ContextRequest = {}): Promise<ContextAnswer> {
    return (await import("./assist.js")).context(this, req);
  }

  /** Brain boot: relevant history plus recent activity, deduplicated, with dates. */
  async boot(query: string, req: BootRequest = {}): Promise<BootResult> {
    return (await import("./assist.js")).boot(this, query, req);
  }

  /** Numbered lines of a workspace file; refuses paths outside it, .agent/, and (for group sessions) private files. */
  async readFile(rel: string, req: ReadRequest = {}): Promise<LineRange> {
    return (await import("./assist.js")).readFile(this, rel, req);
  }

  /** Appends to today's daily note, checked and verified. */
  async appendNote(text: string | Uint8Array, title?: string): Promise<AppendDailyResult> {
    const r = (await import("./assist.js")).appendNote(this, text, title);
    // A host that trusts its watcher indexes the note now: an assistant's next call may be a search.
    if (this.freshness !== undefined) this.syncPaths([r.path]);
    return r;
  }

  /** Appends a turn to a session transcript (what reflection and the flush read). */
  async logTurn(input: Omit<AppendSessionInput, "workspace">): Promise<AppendSessionResult> {
    return (await import("./assist.js")).logTurn(this, input);
  }

  /** The local model answers a question from the notes, with citations (`agent ask`, MCP ask). */
  async ask(question: string, req: AskRequest = {}): Promise<AskResult> {
    return (await import("./assist.js")).ask(this, question, req);
  }

  /** Conversations of `agent ask`, newest first. */
  async conversations(limit = 20): Promise<Conversation[]> {
    return (await import("./assist.js")).conversations(this, limit);
  }

  /** Today's date (YYYY-MM-DD) in the context time zone. */
  async today(): Promise<string> {
    return (await import("./assist.js")).today(this);
  }

  /** The last `days` daily notes, newest first (the MCP daily resources). */
  async dailyNotes(days: number): Promise<DailyDay[]> {
    return (await import("./assist.js")).dailyNotes(this, days);
  }

  async dailyFiles(days: number): Promise<DailyFileInfo[]> {
    return (await import("./assist.js")).dailyFiles(this, days);
  }

  /** Claude Code, Codex, OpenCode: capture, inject, compaction flush, import (src/engine/assistants.ts). */
  async assistants(): Promise<AssistantService> {
    const { AssistantService } = await import("./assistants.js");
    return new AssistantService(this);
  }

  // ---- jobs -------------------------------------------------------------------------

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

  // ---- SOUL.md ------------------------------------------------------------------------

  /** SOUL.md's versions and proposals (log, diff, rollback, proposed, accept, reject, save). */
  async soul(): Promise<SoulService> {
    const { SoulService } = await import("./soul.js");
    return new SoulService(this);
  }

  // ---- the engine looking at itself -------------------------------------------------

  /** The configured LLM and embedder, and whether each works (`agent models`). */
  async models(): Promise<ModelsReport> {
    return (await import("./admin.js")).models(this);
  }

  /** The effective configuration with where each value came from (`agent config`). */
  async configView(): Promise<ConfigView> {
    return (await import("./admin.js")).configView(this.config);
  }

  /**
   * Every check a user needs (config, databases, embedder, LLM, daemon, freshness). Static:
   * it must run, and say what is wrong, even when the config does not load.
   */
  static async doctor(workspace: string, opts: Omit<EngineOptions, "workspace" | "config"> = {}): Promise<DoctorReport> {
    return (await import("./admin.js")).doctor(workspace, (config) => new Engine({ ...opts, workspace, config }));
  }

  /** The optional model runtimes (GGUF, ONNX) and where each is installed (`agent runtime list`). */
  static async runtimes(): Promise<{ dir: string; runtimes: RuntimeStatus[] }> {
    const { listRuntimes, runtimesDir } = await import("../shared/runtimes.js");
    return { dir: runtimesDir(), runtimes: listRuntimes() };
  }

  /**
   * Installs an optional runtime from the npm registry into the runtimes folder, outside
   * node_modules (`agent runtime add`). `onOutput` gets npm's lines as they come.
   */
  static async addRuntime(name: RuntimeName, onOutput?: (line: string) => void): Promise<RuntimeLocation> {
    const { installRuntime } = await import("../shared/runtimes.js");
    return installRuntime(name, onOutput ? { onOutput } : {});
  }

  /**
   * Puts the newest good backup of state.db (or the one named) in place of a damaged one;
   * the damaged file is kept beside it. Stop the daemon first.
   */
  static async restoreState(workspace: string, opts: { backup?: string; force?: boolean } = {}): Promise<RestoreResult> {
    return (await import("../store/backup.js")).restoreStateBackup(stateDbPath(workspace), opts);
  }

  // ---- index -------------------------------------------------------------------------

  /**
   * A SOUL.md swap cut short by a kill -9 leaves a second hard link to SOUL.md in .agent/swap/
   * (and the indexer skips files with several links): tidy that up before indexing.
   */
  private recoverSwaps(): void {
    const swapped = ["SOUL.md", "MEMORY.md"].flatMap((f) => recoverInterruptedSwaps(path.join(this.workspace, f), swapDir(this.workspace), isProcessAlive));
    for (const message of swapped) {
      const n = { message };
      this.notices.push(n);
      this.onNotice?.(n);
    }
  }

  /** Incremental text index of the whole workspace; `force` re-reads every file. Vectors come after, from `embed()`. */
  index(opts: { force?: boolean; onProgress?: (p: IndexProgress) => void } = {}): IndexSummary {
    this.recoverSwaps();
    return this.recovering(() => this.reclaiming(this.writable().indexer.sync(opts)));
  }

  /** After a pass that removed or replaced chunks: the space they took is handed back when it is much (store/space.ts). */
  private reclaiming(s: IndexSummary): IndexSummary {
    if (s.removed.length > 0 || s.indexed.length > 0) reclaimFreePages(this.index_().db);
    return s;
  }

  /**
   * Throws away the index and builds it again from the markdown (vectors come back from the
   * cache). In place, inside the same file: a daemon or watcher that has it open keeps
   * reading and writing the live index.
   */
  rebuild(opts: { onProgress?: (p: IndexProgress) => void } = {}): IndexSummary {
    this.recoverSwaps();
    return this.recovering(() => {
      const idx = this.writable();
      resetIndexInPlace(idx.db);
      const summary = idx.indexer.sync(opts);
      // The old index's pages are free now: the file is rewritten at the new index's size.
      compactIndex(idx.db);
      removeRebuildLeftovers(this.indexPath);
      return summary;
    });
  }

  /**
   * Progressive indexing's second stage: vectors for every chunk that lacks them, in
   * batches, each committed as it completes, so an interruption (signal) loses nothing.
   */
  embed(opts: EmbedOptions = {}): Promise<EmbedReport> {
    const run = this.embedQueue.then(() => this.embedNow(opts));
    this.embedQueue = run.catch(() => undefined);
    return run;
  }

  /** Who is embedding this index right now (this process or another), or null. */
  embedding(): EmbedLeaseHolder | null {
    return this.index_().lease.holder();
  }

  /**
   * One process embeds an index at a time (the lease in the index database): a second one
   * would fetch the same pending chunks and compute every window again. A caller that finds
   * the lease taken gets `busy` and leaves the work to the holder, which keeps going until no
   * chunk is left, new ones included.
   */
  private async embedNow(opts: EmbedOptions): Promise<EmbedReport> {
    const sel = await this.embedder();
    const none = { embedded: 0, cacheHits: 0, computed: 0, interrupted: false, modelChanged: false, busy: null, reason: sel.reason };
    if (!sel.embedder) return { ...none, remaining: this.index_().vectors.countPending(), provider: null, modelId: null };
    const e = sel.embedder;
    const { vectors, lease } = this.writable();
    const taken = lease.acquire(opts.holder ?? this.backgroundEmbedder ?? "an agent process", vectors.countPending());
    if (!taken.ok) return { ...none, remaining: vectors.countPending(), provider: e.provider, modelId: e.modelId, busy: taken.by };
    // Renewed while a batch runs too: a long batch must not look like a dead holder.
    const beat = setInterval(() => lease.beat(this.progress.done, this.progress.total), 15_000);
    beat.unref();
    try {
      // In the background, searches (this process's and the user's commands) go first.
      if (this.backgroundEmbedder) e.lowerPriority?.(BACKGROUND_NICE);
      await e.init?.(opts.signal ? { signal: opts.signal } : {});
      const modelChanged = vectors.useModel(e.modelId, e.dimension);
      const res = await this.embedAll(e, opts);
      return { ...res, provider: e.provider, modelId: e.modelId, reason: sel.reason, modelChanged, busy: null };
    } finally {
      clearInterval(beat);
      lease.release();
    }
  }

  private progress = { done: 0, total: 0 };

  /** Passes of embedPending until nothing is pending: chunks written meanwhile (by any process) are this holder's too. */
  private async embedAll(e: Embedder, opts: EmbedOptions): Promise<EmbedPendingResult> {
    const { vectors, lease } = this.index_();
    const sum: EmbedPendingResult = { embedded: 0, cacheHits: 0, computed: 0, remaining: 0, interrupted: false };
    for (let pass = 0; pass < 20; pass++) {
      const before = sum.embedded;
      const r = await embedPending(vectors, e, this.embeddingCache(), {
        ...opts,
        ...(opts.maxChunks !== undefined ? { maxChunks: opts.maxChunks - sum.embedded } : {}),
        onProgress: (p) => {
          this.progress = { done: before + p.done, total: before + p.total };
          lease.beat(this.progress.done, this.progress.total);
          opts.onProgress?.({ ...p, done: before + p.done, total: before + p.total, cached: sum.cacheHits + p.cached });
        },
      });
      sum.embedded += r.embedded;
      sum.cacheHits += r.cacheHits;
      sum.computed += r.computed;
      sum.remaining = r.remaining;
      sum.interrupted = r.interrupted;
      if (r.interrupted || r.remaining === 0 || r.embedded === 0 || opts.maxChunks !== undefined) break;
    }
    return sum;
  }

  /**
   * For a long-lived host (the daemon, a lone MCP server): loads what searches would
   * otherwise wait for or do slowly, the embedder and, with search.vectorIndex "quantized",
   * the in-memory copy of the vectors. Searches meanwhile work as in a one-off process.
   */
  async warm(signal?: AbortSignal): Promise<WarmReport> {
    const started = performance.now();
    const report = (vectors: MemoryIndexStats | null): WarmReport => ({ ms: Math.round(performance.now() - started), vectors });
    if (this.config.search.mode === "keyword") return report(null);
    const sel = await this.embedder();
    await sel.embedder?.init?.();
    if (this.closed || signal?.aborted || this.config.search.vectorIndex !== "quantized") return report(null);
    const vectors = this.index_().vectors;
    await vectors.useMemoryIndex({}, signal);
    return report(vectors.memoryIndex()?.stats() ?? null);
  }

  /** Changes whenever the index may hold other data than before (any connection's commit); for the watcher. */
  indexVersion(): string {
    return this.recovering(() => dataVersion(this.index_().db));
  }

  /** Chunks without vectors yet. */
  pendingVectors(): number {
    return this.recovering(() => this.index_().vectors.countPending());
  }

  /** Re-checks specific workspace-relative paths (the watcher's entry point). */
  syncPaths(rels: string[]): IndexSummary {
    return this.recovering(() => this.reclaiming(this.index_().indexer.syncPaths(rels)));
  }

  status(): EngineStatus {
    return this.recovering(() => {
      const model = this.index_().vectors.model();
      return {
        ...indexStatus(this.workspace, this.index_().store, { allowHardLinks: this.config.index.allowHardLinks }),
        vectors: { modelId: model?.modelId ?? null, embedded: this.index_().vectors.countEmbedded(), missing: this.index_().vectors.countPending() },
      };
    });
  }

  /** `agent status`: the index, its age, the vectors and the embedder the config selects. */
  async statusReport(): Promise<StatusReport> {
    const s = this.status();
    const sel = await this.embedder();
    return {
      workspace: this.workspace,
      index: this.indexPath,
      ...s,
      ageMs: s.lastSyncAt === null ? null : this.now() - s.lastSyncAt,
      embedder: { provider: sel.embedder?.provider ?? null, modelId: sel.embedder?.modelId ?? null, reason: sel.reason },
    };
  }

  // ---- search ------------------------------------------------------------------------

  /** Reads a query into the plan a search runs: the one place a query string is parsed (search/plan.ts). */
  plan(query: string, opts: PlanOptions = {}): SearchPlan {
    // planSearch refuses a query over its bounds (search/bound.ts): every plan, whoever asks, is bounded.
    return planSearch(query, opts, { nowMs: this.now(), config: this.config.search });
  }

  /**
   * Reconciles the index with the disk (stat each file, re-read only what changed), then
   * searches: a search right after a hand edit never returns the old text. Chunks without
   * vectors yet are found by keywords; `vectors.missing` says how many, and nothing but the
   * query itself is embedded here (`agent index` or the daemon embeds the rest). Group and
   * isolated sessions search public files only (the plan's scope). A caller that
   * needs the query's words too (boot) plans first and passes the plan.
   */
  async search(query: string | SearchPlan, opts: EngineSearchOptions = {}): Promise<SearchReport> {
    const go = () => this.goOn(opts.signal);
    go();
    const plan = typeof query === "string" ? this.plan(query, opts) : query;
    const refreshed = await this.refresh(opts.refresh);
    go();
    // A stop (stopRequests) ends the search at its next stage, as the caller's signal does.
    const signal = opts.signal ? AbortSignal.any([opts.signal, this.requests.signal]) : this.requests.signal;
    const { response, vectors } = await runSearch(plan, this.searchDeps(), signal);
    // The one place a retrieval is recorded: the plan and what was presented.
    if (opts.recall !== false) this.recallLog().recordQuietly({ query: plan.query, front: opts.front ?? "api", session: plan.session, chunks: response.results, at: this.now() });
    return { ...response, refreshed, vectors };
  }

  /** The freshness a search starts with: the watcher's word when it keeps the index, else a stat scan of every file. */
  private async refresh(refresh: boolean | undefined): Promise<SearchReport["refreshed"]> {
    const trusted = refresh === undefined && this.freshness !== undefined && (await this.freshness());
    if (refresh === false || trusted) return { indexed: [], removed: [] };
    const sync = this.refreshForSearch();
    return { indexed: sync.indexed, removed: sync.removed };
  }

  /** What the search pipeline reads of the engine: the index, the embedder and the models it owns. */
  private searchDeps(): SearchDeps {
    return {
      read: (fn) => this.recovering(() => fn({ db: this.index_().db, vectors: this.index_().vectors, nowMs: this.now() })),
      embedder: () => this.embedder(),
      vectors: () => this.index_().vectors,
      pendingNote: () => this.pendingNote(),
      llm: () => this.llm(),
      crossEncoder: () => this.crossEncoder(),
    };
  }

  /**
   * A search's stat scan and re-index of what changed. On a full disk the changes cannot be
   * written: the search answers from the index as it is, and says so (once per engine).
   */
  private refreshForSearch(): { indexed: string[]; removed: string[] } {
    try {
      return this.recovering(() => this.reclaiming(this.index_().indexer.sync({ countChunks: false })));
    } catch (e) {
      const full = asDiskFull(e, "the index could not take the changes on disk", agentDir(this.workspace));
      if (!(full instanceof DiskFullError)) throw e;
      if (!this.diskFullSaid) {
        this.diskFullSaid = true;
        const n = { message: `${full.message} — this search answered from the index as it was` };
        this.notices.push(n);
        this.onNotice?.(n);
      }
      return { indexed: [], removed: [] };
    }
  }

  private diskFullSaid = false;

  /**
   * Requests in flight stop at their next stage, and new ones are refused: what a host calls
   * first when it stops, so a stop is not held up by searches that would still run for
   * seconds on a busy machine (close() does it too).
   */
  stopRequests(reason = "the engine is closing"): void {
    if (!this.requests.signal.aborted) this.requests.abort(new Error(reason));
  }

  private readonly requests = new AbortController();

  /** Throws when the request was cancelled or the engine is stopping. */
  private goOn(signal: AbortSignal | undefined): void {
    this.requests.signal.throwIfAborted();
    signal?.throwIfAborted();
  }

  /** The recall log (which chunks retrievals presented), owned by the engine; see recall-log.ts. */
  recallLog(): RecallLog {
    this.recalls ??= new RecallLog({
      state: () => this.state(),
      config: () => this.config.dream.recall,
      index: () => this.index_().db,
      onFailure: (message) => {
        this.notices.push({ message });
        this.onNotice?.({ message });
      },
    });
    return this.recalls;
  }

  private recalls: RecallLog | null = null;

  /** What becomes of the chunks that have no vectors yet, for a search's warning. */
  private pendingNote(): string {
    const by = this.index_().lease.holder();
    if (by) return `${describeHolder(by)}; they are found by keywords until then`;
    if (this.backgroundEmbedder) return `${this.backgroundEmbedder} embeds them in the background`;
    return "run `agent index` to embed them";
  }

  /** Daily notes per day over the last year, the files changed last and the index's health (the web page's Notes). */
  async notes(): Promise<NotesOverview> {
    const report = await this.statusReport();
    return (await import("./overview.js")).notesOverview(this.recovering(() => this.index_().store.allFiles()), report, this.now());
  }

  /**
   * Changes whenever what a viewer shows may have changed (the index, the state, SOUL.md or its
   * proposal): a page polls it and reloads what it shows only then.
   */
  async changeMark(): Promise<string> {
    const { changeMark } = await import("./overview.js");
    return changeMark(this.workspace, this.recovering(() => this.index_().store.filesSignature()), this.hasState() ? this.state() : null);
  }

  /**
   * Keeps the index (text, then vectors in the background) in step with the disk until the
   * watcher is closed: the one watcher of `agent watch` and the daemon. Resolves once it is
   * live and a first full pass is done (`initial`); while it is healthy, searches trust it
   * instead of scanning every file (see watcher.ts for the freshness contract).
   */
  async watch(opts: IndexWatchOptions = {}): Promise<IndexWatcher> {
    const { IndexWatcher } = await import("./watcher.js");
    const watcher = await IndexWatcher.start(this, opts);
    const freshness = () => watcher.fresh();
    this.freshness = freshness;
    watcher.onClose = () => {
      if (this.freshness === freshness) this.freshness = undefined;
    };
    return watcher;
  }

  // ---- life cycle --------------------------------------------------------------------

  /** Closes the databases and frees the models this engine created. Safe to call twice. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopRequests();
    if (this.idx?.db.open) this.idx.db.close();
    if (this.stateDb?.open) this.stateDb.close();
    this.cache?.close();
    this.cache = null;
    const waits: Promise<unknown>[] = [];
    if (this.ownsProvider && this.provider) waits.push(this.provider.close().catch(() => undefined));
    if (this.reranker) waits.push(this.reranker.then((r) => r.close()).catch(() => undefined));
    if (this.ownsEmbedder && this.selection) waits.push(this.selection.then((s) => s.embedder?.close()).catch(() => undefined));
    await Promise.all(waits);
  }

  private embeddingCache(): EmbeddingCache {
    if (!this.cache) {
      const dir = this.config.embed.cacheDir ? path.resolve(this.workspace, this.config.embed.cacheDir) : agentDir(this.workspace);
      this.cache = new EmbeddingCache(path.join(dir, EMBED_CACHE_FILE));
    }
    return this.cache;
  }

  /** The index database and what works on it, opened on first use (a `log` or `jobs` never opens it). */
  private index_(): IndexParts {
    if (this.idx === null) {
      const opened = this.openIndex();
      if (opened === null) return this.idx!;
      const { db, notices } = opened;
      const openedAs = fileIdentity(this.indexPath);
      this.notices.push(...notices);
      for (const n of notices) this.onNotice?.(n);
      const store = new IndexStore(db);
      this.idx = { db, store, vectors: new VectorStore(db), lease: new EmbedLease(db), indexer: new Indexer(this.workspace, store, this.config.index, { now: this.now }), openedAs };
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
      if (!(e instanceof DiskFullError) || statWorkspacePath(this.workspace, path.relative(this.workspace, this.indexPath)) === null) throw e;
      const db = openIndexSnapshot(this.indexPath);
      const n = { message: `${e.message} — searches answer from the index as it was, and nothing is indexed until there is space` };
      this.notices.push(n);
      this.onNotice?.(n);
      const store = new IndexStore(db);
      this.idx = { db, store, vectors: new VectorStore(db), lease: new EmbedLease(db), indexer: new Indexer(this.workspace, store, this.config.index, { now: this.now }), openedAs: null, readOnly: e };
      return null;
    }
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

interface IndexParts {
  db: DB;
  store: IndexStore;
  vectors: VectorStore;
  lease: EmbedLease;
  indexer: Indexer;
  openedAs: string | null;
  /** Set for the in-memory copy taken on a full disk (openIndex). */
  readOnly?: DiskFullError;
}

function isProvider(v: unknown): v is LLMProvider {
  return typeof v === "object" && v !== null && typeof (v as LLMProvider).complete === "function";
}
