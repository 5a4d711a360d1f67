/**
 * The engine's public API. Everything a user or an assistant can do goes through `Engine`;
 * the CLI (src/cli) and the MCP server (src/mcp) are thin adapters over it.
 *
 * Pipeline, lowest layer first:
 *   workspace/  files, kinds, config, safe writes      (markdown is the source of truth)
 *   store/      SQLite index: schema.sql, open/rebuild, reads and writes
 *   embed/      embedding models and their cache
 *   llm/        local language models (Ollama, llama.cpp, scripted for tests)
 *   indexer/    chunk, index, watch
 *   search/     keyword, vector, fusion, dates, snippets
 *   jobs/, scheduler/, cli/, mcp/
 */
import { renameSync, existsSync } from "node:fs";
import path from "node:path";
import { EmbeddingCache, EMBED_CACHE_FILE } from "./embed/cache.js";
import { EmbedConfigSchema, selectEmbedder, type EmbedConfig, type Selection } from "./embed/select.js";
import type { Embedder } from "./embed/types.js";
import { embedPending, type EmbedPendingProgress, type EmbedPendingResult } from "./indexer/embed-pending.js";
import { Indexer, type IndexProgress, type IndexSummary } from "./indexer/indexer.js";
import { indexStatus, type IndexStatus } from "./indexer/status.js";
import { watchWorkspace, type WorkspaceWatcher } from "./indexer/watch.js";
import { SearchConfigSchema, vectorWeightFor, type SearchConfig } from "./search/config.js";
import { planQuery, searchIndex, type SearchOptions, type SearchResponse } from "./search/search.js";
import { IndexStore } from "./store/index-store.js";
import { openIndexDb, type DB, type OpenNotice } from "./store/open.js";
import { VectorStore } from "./store/vectors.js";
import { configSection, loadConfig, type LoadedConfig } from "./workspace/config.js";
import { agentDir, indexDbPath } from "./workspace/paths.js";

export { initWorkspace, type InitResult } from "./workspace/init.js";
export { resolveWorkspace, WorkspaceError } from "./workspace/paths.js";
export { ConfigError } from "./workspace/config.js";
export type { IndexSummary, IndexProgress } from "./indexer/indexer.js";
export type { IndexStatus } from "./indexer/status.js";
export type { EmbedPendingProgress, EmbedPendingResult } from "./indexer/embed-pending.js";
export type { SearchOptions, SearchResponse, SearchResult, SearchMode, ScoreExplanation } from "./search/search.js";
export type { SearchConfig } from "./search/config.js";

export interface EngineOptions {
  workspace: string;
  /** Injectable clock (ms since epoch) for tests. */
  now?: () => number;
  /** Use this embedder instead of selecting one from the config (tests, eval). */
  embedder?: Embedder | null;
}

export interface VectorInfo {
  /** Embedder in use and why, or null for keyword-only search. */
  provider: string | null;
  modelId: string | null;
  reason: string;
  /** Set when search runs without vectors. */
  warning?: string;
  /** Chunks that have no vectors yet (they are found by keywords only). */
  missing: number;
}

export interface SearchReport extends SearchResponse {
  /** What the pre-search freshness check reindexed (usually nothing). */
  refreshed: { indexed: string[]; removed: string[] };
  vectors: VectorInfo;
}

export interface EmbedReport extends EmbedPendingResult {
  provider: string | null;
  modelId: string | null;
  reason: string;
  /** True when vectors of a previous model were dropped (they are re-embedded from the cache). */
  modelChanged: boolean;
}

export class Engine {
  readonly workspace: string;
  readonly config: LoadedConfig;
  readonly searchConfig: SearchConfig;
  readonly embedConfig: EmbedConfig;
  readonly now: () => number;
  /** Things that happened while opening (an index rebuilt, moved aside...). */
  readonly notices: OpenNotice[] = [];
  private db!: DB;
  private store!: IndexStore;
  private vectors!: VectorStore;
  private indexer!: Indexer;
  private selection: Promise<Selection> | null = null;
  /** An embedder handed in by the caller is the caller's to close. */
  private ownsEmbedder = true;
  private cache: EmbeddingCache | null = null;
  /** Embedding runs one at a time per Engine: two would fetch the same pending chunks. */
  private embedQueue: Promise<unknown> = Promise.resolve();

  private constructor(opts: EngineOptions) {
    this.workspace = opts.workspace;
    this.now = opts.now ?? Date.now;
    this.config = loadConfig(this.workspace);
    this.searchConfig = configSection(this.config, "search", SearchConfigSchema);
    this.embedConfig = configSection(this.config, "embed", EmbedConfigSchema);
    if (opts.embedder !== undefined) {
      const e = opts.embedder;
      this.ownsEmbedder = false;
      this.selection = Promise.resolve(e ? { embedder: e, reason: `${e.provider} (given by the caller)` } : { embedder: null, reason: "embeddings off (given by the caller)" });
    }
    this.openDb();
  }

  static open(opts: EngineOptions): Engine {
    return new Engine(opts);
  }

  get indexPath(): string {
    return indexDbPath(this.workspace);
  }

  /** Incremental text index of the whole workspace; `force` re-reads every file. Vectors come after, from `embed()`. */
  index(opts: { force?: boolean; onProgress?: (p: IndexProgress) => void } = {}): IndexSummary {
    return this.recovering(() => this.indexer.sync(opts));
  }

  /** Throws away the index and builds it again from the markdown (vectors come back from the cache). */
  rebuild(opts: { onProgress?: (p: IndexProgress) => void } = {}): IndexSummary {
    this.db.close();
    for (const ext of ["", "-wal", "-shm"]) {
      const f = this.indexPath + ext;
      if (existsSync(f)) renameSync(f, `${f}.old`);
    }
    this.openDb();
    return this.indexer.sync(opts);
  }

  /** The embedder the config selects (loaded once per Engine), or null for keyword-only. */
  async embedder(): Promise<Selection> {
    if (!this.selection) {
      this.selection = selectEmbedder(this.embedConfig, { baseDir: this.workspace });
    }
    return this.selection;
  }

  /**
   * Progressive indexing's second stage: vectors for every chunk that lacks them, in
   * batches, each committed as it completes, so an interruption (signal) loses nothing.
   */
  embed(opts: { signal?: AbortSignal; maxChunks?: number; batchChunks?: number; onProgress?: (p: EmbedPendingProgress) => void } = {}): Promise<EmbedReport> {
    const run = this.embedQueue.then(() => this.embedNow(opts));
    this.embedQueue = run.catch(() => undefined);
    return run;
  }

  private async embedNow(opts: { signal?: AbortSignal; maxChunks?: number; batchChunks?: number; onProgress?: (p: EmbedPendingProgress) => void }): Promise<EmbedReport> {
    const sel = await this.embedder();
    if (!sel.embedder) {
      return { embedded: 0, cacheHits: 0, computed: 0, remaining: this.vectors.countPending(), interrupted: false, provider: null, modelId: null, reason: sel.reason, modelChanged: false };
    }
    const e = sel.embedder;
    await e.init?.();
    const modelChanged = this.vectors.useModel(e.modelId, e.dimension);
    const res = await embedPending(this.vectors, e, this.embeddingCache(), opts);
    return { ...res, provider: e.provider, modelId: e.modelId, reason: sel.reason, modelChanged };
  }

  /**
   * Reconciles the index with the disk (stat each file, re-read only what changed), embeds
   * a few new chunks if any, then searches: a search right after a hand edit never returns
   * the old text. Vectors are used where they exist; `vectors.missing` says how many
   * chunks are still keyword-only.
   */
  async search(query: string, opts: SearchOptions & { refresh?: boolean } = {}): Promise<SearchReport> {
    const sync = opts.refresh === false ? { indexed: [], removed: [] } : this.recovering(() => this.indexer.sync());
    const mode = opts.mode ?? this.searchConfig.mode;
    const plan = planQuery(query, this.now(), this.searchConfig);
    let queryVector: Float32Array | null = null;
    let info: VectorInfo = { provider: null, modelId: null, reason: "keyword mode", missing: 0 };
    if (mode !== "keyword") {
      const sel = await this.embedder();
      info = { provider: null, modelId: null, reason: sel.reason, missing: this.vectors.countPending() };
      if (sel.warning) info.warning = sel.warning;
      if (sel.embedder) {
        const e = sel.embedder;
        if (opts.refresh !== false && this.searchConfig.autoEmbedLimit > 0) {
          await this.embed({ maxChunks: this.searchConfig.autoEmbedLimit });
        } else {
          await e.init?.();
          this.vectors.useModel(e.modelId, e.dimension);
        }
        queryVector = (await e.embed([e.windows(plan.text)[0] ?? plan.text]))[0] ?? null;
        info = { provider: e.provider, modelId: e.modelId, reason: sel.reason, missing: this.vectors.countPending() };
      }
    }
    const weight = vectorWeightFor(this.searchConfig, info.provider);
    const res = this.recovering(() =>
      searchIndex({ db: this.db, vectors: this.vectors, config: this.searchConfig, nowMs: this.now(), queryVector, vectorWeight: weight }, plan, opts),
    );
    return { ...res, refreshed: { indexed: sync.indexed, removed: sync.removed }, vectors: info };
  }

  /** Re-checks specific workspace-relative paths (the watcher's entry point). */
  syncPaths(rels: string[]): IndexSummary {
    return this.recovering(() => this.indexer.syncPaths(rels));
  }

  status(): IndexStatus & { vectors: { modelId: string | null; embedded: number; missing: number } } {
    return this.recovering(() => {
      const model = this.vectors.model();
      return {
        ...indexStatus(this.workspace, this.store),
        vectors: { modelId: model?.modelId ?? null, embedded: this.vectors.countEmbedded(), missing: this.vectors.countPending() },
      };
    });
  }

  /** Keeps the index (text, then vectors) in step with the disk until the watcher is closed. */
  watch(
    opts: { debounceMs?: number; embed?: boolean; signal?: AbortSignal; onSync?: (s: IndexSummary) => void; onEmbed?: (r: EmbedReport) => void; onError?: (e: unknown) => void } = {},
  ): WorkspaceWatcher {
    const watchOpts: Parameters<typeof watchWorkspace>[1] = {
      onBatch: async ({ paths, rescan }) => {
        const s = rescan ? this.index() : this.syncPaths(paths);
        opts.onSync?.(s);
        if (opts.embed && s.indexed.length > 0 && !opts.signal?.aborted) {
          opts.onEmbed?.(await this.embed(opts.signal ? { signal: opts.signal } : {}));
        }
      },
    };
    if (opts.debounceMs !== undefined) watchOpts.debounceMs = opts.debounceMs;
    if (opts.onError) watchOpts.onError = opts.onError;
    return watchWorkspace(this.workspace, watchOpts);
  }

  close(): void {
    if (this.db.open) this.db.close();
    this.cache?.close();
    this.cache = null;
    // Native model resources are freed in the background; nothing waits on them.
    if (this.ownsEmbedder) void this.selection?.then((s) => s.embedder?.close()).catch(() => undefined);
  }

  private embeddingCache(): EmbeddingCache {
    if (!this.cache) {
      const dir = this.embedConfig.cacheDir ? path.resolve(this.workspace, this.embedConfig.cacheDir) : agentDir(this.workspace);
      this.cache = new EmbeddingCache(path.join(dir, EMBED_CACHE_FILE));
    }
    return this.cache;
  }

  private openDb(): void {
    const { db, notices } = openIndexDb(this.indexPath);
    this.notices.push(...notices);
    this.db = db;
    this.store = new IndexStore(db);
    this.vectors = new VectorStore(db);
    this.indexer = new Indexer(this.workspace, this.store, this.config.index, { now: this.now });
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
      this.db.close();
      const aside = `${this.indexPath}.corrupt-${Date.now()}`;
      renameSync(this.indexPath, aside);
      this.notices.push({ message: `${this.indexPath}: damaged (${code}); moved to ${aside} and rebuilt from the workspace` });
      this.openDb();
      this.indexer.sync();
      return fn();
    }
  }
}

// Reflection and SOUL.md history (issue #4): `agent reflect`, `agent soul`, `agent log`.
export {
  runReflection,
  rollbackSoul,
  soulLog,
  soulDiff,
  parseSoulRef,
  readSoul,
  appendSessionTurn,
  ReflectionConfigSchema,
} from "./jobs/reflect/index.js";
export type {
  ReflectionResult,
  ReflectionStatus,
  ReflectionOptions,
  RunReflectionInput,
  ReflectionConfig,
  SoulLog,
  SoulDiffResult,
  SoulRef,
  RollbackResult,
  AppendSessionInput,
  AppendSessionResult,
} from "./jobs/reflect/index.js";
export { SoulVersionStore, contentHash } from "./store/soul-versions.js";
export type { SoulVersion, SoulVersionSummary, SoulOrigin, ReflectionRun, RunOutcome } from "./store/soul-versions.js";

// The scheduler (issue #5): context assembly, pre-compaction flush, heartbeats, job runs,
// inbox and `agent daemon`.
export {
  assembleContext,
  buildContext,
  loadContextFiles,
  auditWorkspace,
  isPrivatePath,
  ContextConfigSchema,
  contextConfig,
  SESSION_TYPES,
} from "./context/index.js";
export type {
  AssembleOptions,
  AssembledContext,
  ContextEntry,
  ContextFiles,
  ContextReport,
  ContextConfig,
  DailyNote,
  MemoryHit,
  SessionType,
  WorkspaceAudit,
} from "./context/index.js";
export {
  runFlush,
  checkFlush,
  flushSettings,
  flushJobResult,
  currentCycle,
  decideFlush,
  parseFlushReply,
  buildFlushPrompt,
  FlushConfigSchema,
  FlushAppendError,
  NO_REPLY,
} from "./jobs/flush/index.js";
export type { FlushConfig, FlushResult, FlushStatus, FlushSettings, RunFlushInput, CycleView, FlushDecision } from "./jobs/flush/index.js";
export {
  runHeartbeat,
  heartbeatDue,
  heartbeatSettings,
  heartbeatJobResult,
  isHeartbeatEmpty,
  isOkReply,
  isWithinActiveHours,
  nextActiveStart,
  heartbeatDueAt,
  notify,
  HeartbeatConfigSchema,
  HEARTBEAT_OK,
  HEARTBEAT_JOB,
} from "./jobs/heartbeat/index.js";
export type {
  HeartbeatConfig,
  HeartbeatResult,
  HeartbeatStatus,
  HeartbeatSettings,
  RunHeartbeatInput,
  ActiveHours,
  NotifierConfig,
  AlertMessage,
  NotifyResult,
} from "./jobs/heartbeat/index.js";
export { JobRunStore, JobStateStore, openJobsDb, recordRun } from "./jobs/runs.js";
export type { JobRun, JobOutcome, JobResult, JobsDb } from "./jobs/runs.js";
export { InboxStore } from "./jobs/inbox.js";
export type { InboxItem, InboxKind, NewInboxItem } from "./jobs/inbox.js";
export {
  Daemon,
  daemonSettings,
  acquireDaemonLock,
  readDaemonLock,
  daemonLockPath,
  DaemonLockedError,
  systemClock,
  FakeClock,
  nightlyStatus,
  ScheduleConfigSchema,
  FLUSH_JOB,
  REFLECT_JOB,
} from "./scheduler/index.js";
export type { DaemonOptions, DaemonSettings, DaemonEvent, DaemonLock, DaemonLockInfo, Clock, NightlyStatus, ScheduleConfig } from "./scheduler/index.js";

// Interfaces for assistants (issue #7): annotations, brain boot, the MCP server, `agent ask`.
export {
  parseAnnotations,
  parseAnnotationLine,
  annotationMatches,
  normalizeAnnotationValue,
  ANNOTATION_KEYS,
} from "./indexer/annotations.js";
export type { Annotation, AnnotationKey } from "./indexer/annotations.js";
export type { SearchFilters } from "./search/keyword.js";
export { fuseBoot, bootKey, DEFAULT_RECENT_SHARE } from "./search/boot.js";
export type { BootCandidate, BootItem, BootOrigin, BootSources, FuseBootOptions, FusedBoot } from "./search/boot.js";
export { bootContext } from "./search/boot-sources.js";
export type { BootEngine, BootOptions, BootResult } from "./search/boot-sources.js";
export { MCP_TOOL_NAMES, MCP_SERVER_NAME } from "./mcp/names.js";
export type { CreateMcpServerOptions } from "./mcp/server.js";
/**
 * The MCP server over this library (connect it to a transport, e.g. the SDK's
 * StdioServerTransport). Async because the MCP SDK is loaded on first use: importing the
 * engine, and every other CLI command, stays fast.
 */
export async function createMcpServer(opts: import("./mcp/server.js").CreateMcpServerOptions): Promise<import("@modelcontextprotocol/sdk/server/mcp.js").McpServer> {
  return (await import("./mcp/server.js")).createMcpServer(opts);
}
export { formatDailyView, formatDailyList, MISSING_DAY } from "./mcp/resources.js";
export { resolveWorkspaceFile, readLines, PathRefusedError } from "./workspace/safe-read.js";
export type { WorkspaceFile, LineRange } from "./workspace/safe-read.js";
export { appendDailyNote, readDailyNote } from "./workspace/daily.js";
export type { AppendDailyInput, AppendDailyResult, DailyDay } from "./workspace/daily.js";
export { askQuestion, listConversations, runAsk, parseAskReply, AskConfigSchema, ASK_TOOL_NAMES } from "./jobs/ask/index.js";
export type { AskQuestionInput, AskResult, AskStatus, AskTool, AskToolOutcome, AskBudget, Citation, RunAskInput, AskConfig } from "./jobs/ask/index.js";
export { ConversationStore } from "./store/conversations.js";
export type { Conversation, StoredMessage } from "./store/conversations.js";

// The evolution system (issue #6): typed memories that form, fade and are recalled;
// personality snapshots and drift; the weekly evolution report; export/import of all state.
export {
  MEMORY_TYPES,
  MEMORY_TYPE_CONFIG,
  VALENCES,
  SIGNALS,
  SIGNAL_WEIGHTS,
  significanceOf,
  parseMemoryCandidates,
  planFormation,
  DUPLICATE_COSINE,
  effectiveDailyDecay,
  vividnessAfter,
  vividnessAt,
  refreshOnRecall,
  daysToFade,
  FADE_OUT,
  rankMemories,
  memoryLine,
  INJECT_WEIGHTS,
  DOMAIN_BONUS,
  MIN_RELEVANCE,
  takeSnapshot,
  deriveTraits,
  TRAIT_NAMES,
  detectDrift,
  weeklyReportMarkdown,
  teamLines,
  isoWeekOf,
  EvolutionConfigSchema,
  evolutionConfig,
  planMemories,
  applyFormation,
  fadePass,
  recordRecall,
  rankForTask,
  currentIdentity,
  experienceForContext,
  markRecalled,
  listMemories,
  forgetMemory,
  pinMemory,
  unpinMemory,
  restoreMemory,
  isShareable,
  MemoryNotFoundError,
  runEvolution,
  takePersonalitySnapshot,
  evolveJobResult,
  EVOLVE_JOB,
  exportState,
  importState,
  stateJson,
  validateExport,
  ImportRefusedError,
  openMemoryDb,
} from "./jobs/evolve/index.js";
export type {
  Memory,
  MemoryType,
  MemoryTypeConfig,
  MemorySignals,
  MemorySource,
  Valence,
  MemoryCandidate,
  FormationDecision,
  FormationPlan,
  FormationSummary,
  MemoryView,
  RankedMemory,
  Trait,
  Traits,
  TraitName,
  MemoryStats,
  DefiningMemory,
  PersonalitySnapshot,
  TraitDrift,
  EvolutionConfig,
  RecallResult,
  Identity,
  ExperienceForContext,
  MemoryChange,
  RunEvolutionInput,
  EvolutionResult,
  SnapshotResult,
  StateExport,
  ImportResult,
} from "./jobs/evolve/index.js";
export { buildEvolvedContext } from "./jobs/evolve/context.js";
export type { EvolvedContextInput, EvolvedContext } from "./jobs/evolve/context.js";
export { MemoryStore } from "./store/memories.js";
export type { NewMemory, MemoryPatch, SnapshotRecord } from "./store/memories.js";
export { weeklyStatus, parseWeeklyAt, WEEKLY_STATE_KEY } from "./scheduler/weekly.js";
export type { WeeklyStatus, WeeklyInput } from "./scheduler/weekly.js";
