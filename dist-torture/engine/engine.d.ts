import { EmbeddingCache } from "../embed/cache.js";
import type { Selection } from "../embed/select.js";
import type { Embedder } from "../embed/types.js";
import { type EmbedPendingProgress, type EmbedPendingResult } from "../indexer/embed-pending.js";
import { type IndexProgress, type IndexSummary } from "../indexer/indexer.js";
import { type IndexStatus } from "../indexer/status.js";
import { type WorkspaceWatcher } from "../indexer/watch.js";
import type { LLMConfig } from "../llm/config.js";
import type { LLMProvider } from "../llm/types.js";
import { type SessionType } from "../context/assemble.js";
import type { SearchReport } from "../search/report.js";
import { type SearchOptions } from "../search/search.js";
import { type DB, type OpenNotice } from "../store/open.js";
import type { AppendSessionInput, AppendSessionResult } from "../jobs/reflect/session-log.js";
import type { JobDeps } from "../jobs/job.js";
import type { BootResult } from "../search/boot-sources.js";
import type { AppendDailyResult, DailyDay, DailyFileInfo } from "../workspace/daily.js";
import type { LineRange } from "../workspace/safe-read.js";
import type { RestoreResult } from "../store/backup.js";
import type { SoulService } from "./soul.js";
import type { EvolutionService } from "./evolution.js";
import type { JobArgs, JobName, JobValues } from "../jobs/catalog.js";
import type { JobService, JobServiceOptions, RunOptions, RunOutcome } from "../jobs/runner.js";
import type { ConfigView, DoctorReport, ModelsReport } from "./admin.js";
import type { AskRequest, BootRequest, ContextAnswer, ContextRequest, ReadRequest } from "./assist.js";
import type { AskResult } from "../jobs/ask/loop.js";
import type { Conversation } from "../store/conversations.js";
import type { AgentConfig } from "./config.js";
import type { EngineCore } from "./core.js";
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
export interface EmbedReport extends EmbedPendingResult {
    provider: string | null;
    modelId: string | null;
    reason: string;
    /** True when vectors of a previous model were dropped (they are re-embedded from the cache). */
    modelChanged: boolean;
}
export interface StatusReport extends EngineStatus {
    workspace: string;
    index: string;
    /** Since the last index pass, or null when never indexed. */
    ageMs: number | null;
    embedder: {
        provider: string | null;
        modelId: string | null;
        reason: string;
    };
}
export interface EngineSearchOptions extends SearchOptions {
    /** false: skip the freshness scan (the caller knows the index is fresh). */
    refresh?: boolean;
    /** Privacy scope of the caller: group and isolated sessions never get private files. */
    session?: SessionType;
}
export type EngineStatus = IndexStatus & {
    vectors: {
        modelId: string | null;
        embedded: number;
        missing: number;
    };
};
export declare class Engine implements EngineCore {
    readonly workspace: string;
    readonly config: AgentConfig;
    readonly now: () => number;
    /** Things that happened while opening (an index rebuilt, moved aside...). */
    readonly notices: OpenNotice[];
    /** Told of each notice as it happens (the CLI prints them as warnings). */
    onNotice: ((n: OpenNotice) => void) | undefined;
    /**
     * Set by a host whose watcher keeps the index in step with the disk (the daemon): awaited
     * before each search that does not pass `refresh`; true means the index has every change
     * and the stat scan is skipped, false means scan as usual.
     */
    freshness: (() => Promise<boolean>) | undefined;
    private idx;
    private stateDb;
    private selection;
    /** An embedder handed in by the caller is the caller's to close. */
    private ownsEmbedder;
    private cache;
    private provider;
    private ownsProvider;
    /** Embedding runs one at a time per Engine: two would fetch the same pending chunks. */
    private embedQueue;
    private closed;
    private jobService;
    protected constructor(opts: EngineOptions);
    private llmOverrides;
    static open(opts: EngineOptions | string): Engine;
    /**
     * `open`, for callers that start cold (the CLI, the daemon): the config comes from the
     * validated-config cache when the file has not changed, and the validator (with its schema
     * library) is loaded only when it has.
     */
    static load(opts: EngineOptions | string): Promise<Engine>;
    get indexPath(): string;
    get statePath(): string;
    /** The state database (.agent/state.db), opened on first use and kept for the engine's life. */
    state(): DB;
    /** Whether the state database exists yet (read-only commands create no files). */
    hasState(): boolean;
    /** The configured LLM provider with this process's overrides, created (not loaded) on first use. */
    llm(): LLMProvider;
    /** The embedder the config selects (loaded once per Engine), or null for keyword-only. */
    embedder(): Promise<Selection>;
    /** The embedder itself, for jobs that need one only sometimes (memory formation, recall). */
    embedderOrNull(): Promise<Embedder | null>;
    /** The embedding cache (embeddings.db), opened on first use; memory recall shares it. */
    embeddingCacheOrNull(): EmbeddingCache | null;
    /** What every job is handed: nothing is opened twice, nothing is loaded before it is used. */
    jobDeps(): JobDeps;
    /** The system prompt for a session (identical for the CLI, MCP and the daemon). */
    context(req?: ContextRequest): Promise<ContextAnswer>;
    /** Brain boot: relevant history plus recent activity, deduplicated, with dates. */
    boot(query: string, req?: BootRequest): Promise<BootResult>;
    /** Numbered lines of a workspace file; refuses paths outside it, .agent/, and (for group sessions) private files. */
    readFile(rel: string, req?: ReadRequest): Promise<LineRange>;
    /** Appends to today's daily note, checked and verified. */
    appendNote(text: string | Uint8Array, title?: string): Promise<AppendDailyResult>;
    /** Appends a turn to a session transcript (what reflection and the flush read). */
    logTurn(input: Omit<AppendSessionInput, "workspace">): Promise<AppendSessionResult>;
    /** The local model answers a question from the notes, with citations (`agent ask`, MCP ask). */
    ask(question: string, req?: AskRequest): Promise<AskResult>;
    /** Conversations of `agent ask`, newest first. */
    conversations(limit?: number): Promise<Conversation[]>;
    /** Today's date (YYYY-MM-DD) in the context time zone. */
    today(): Promise<string>;
    /** The last `days` daily notes, newest first (the MCP daily resources). */
    dailyNotes(days: number): Promise<DailyDay[]>;
    dailyFiles(days: number): Promise<DailyFileInfo[]>;
    /**
     * The one job runner (reflect, flush, heartbeat, evolve): manual runs, cron and the
     * daemon's schedule all go through it, so every run is recorded and cancelled the same way.
     * Options only count for the first call (the daemon passes its log).
     */
    jobs(opts?: JobServiceOptions): Promise<JobService>;
    /** Runs one job now and records it (what `agent reflect|flush|heartbeat|evolve` do). */
    runJob<N extends JobName>(name: N, args: JobArgs[N], opts?: RunOptions): Promise<RunOutcome<JobValues[N]>>;
    /** Memories, personality snapshots, export and import of the state. */
    evolution(): Promise<EvolutionService>;
    /** SOUL.md's versions and proposals (log, diff, rollback, proposed, accept, reject, save). */
    soul(): Promise<SoulService>;
    /** The configured LLM and embedder, and whether each works (`agent models`). */
    models(): Promise<ModelsReport>;
    /** The effective configuration with where each value came from (`agent config`). */
    configView(): Promise<ConfigView>;
    /**
     * Every check a user needs (config, databases, embedder, LLM, daemon, freshness). Static:
     * it must run, and say what is wrong, even when the config does not load.
     */
    static doctor(workspace: string, opts?: Omit<EngineOptions, "workspace" | "config">): Promise<DoctorReport>;
    /**
     * Puts the newest good backup of state.db (or the one named) in place of a damaged one;
     * the damaged file is kept beside it. Stop the daemon first.
     */
    static restoreState(workspace: string, opts?: {
        backup?: string;
        force?: boolean;
    }): Promise<RestoreResult>;
    /**
     * A SOUL.md swap cut short by a kill -9 leaves a second hard link to SOUL.md in .agent/swap/
     * (and the indexer skips files with several links): tidy that up before indexing.
     */
    private recoverSwaps;
    /** Incremental text index of the whole workspace; `force` re-reads every file. Vectors come after, from `embed()`. */
    index(opts?: {
        force?: boolean;
        onProgress?: (p: IndexProgress) => void;
    }): IndexSummary;
    /**
     * Throws away the index and builds it again from the markdown (vectors come back from the
     * cache). In place, inside the same file: a daemon or watcher that has it open keeps
     * reading and writing the live index.
     */
    rebuild(opts?: {
        onProgress?: (p: IndexProgress) => void;
    }): IndexSummary;
    /**
     * Progressive indexing's second stage: vectors for every chunk that lacks them, in
     * batches, each committed as it completes, so an interruption (signal) loses nothing.
     */
    embed(opts?: {
        signal?: AbortSignal;
        maxChunks?: number;
        batchChunks?: number;
        onProgress?: (p: EmbedPendingProgress) => void;
    }): Promise<EmbedReport>;
    private embedNow;
    /** Re-checks specific workspace-relative paths (the watcher's entry point). */
    syncPaths(rels: string[]): IndexSummary;
    status(): EngineStatus;
    /** `agent status`: the index, its age, the vectors and the embedder the config selects. */
    statusReport(): Promise<StatusReport>;
    /**
     * Reconciles the index with the disk (stat each file, re-read only what changed), then
     * searches: a search right after a hand edit never returns the old text. Chunks without
     * vectors yet are found by keywords; `vectors.missing` says how many, and nothing but the
     * query itself is embedded here (`agent index` or the daemon embeds the rest).
     */
    search(query: string, opts?: EngineSearchOptions): Promise<SearchReport>;
    /** Keeps the index (text, then vectors) in step with the disk until the watcher is closed. */
    watch(opts?: {
        debounceMs?: number;
        embed?: boolean;
        signal?: AbortSignal;
        onSync?: (s: IndexSummary) => void;
        onEmbed?: (r: EmbedReport) => void;
        onError?: (e: unknown) => void;
    }): WorkspaceWatcher;
    /** Closes the databases and frees the models this engine created. Safe to call twice. */
    close(): Promise<void>;
    private embeddingCache;
    /** The index database and what works on it, opened on first use (a `log` or `jobs` never opens it). */
    private index_;
    /**
     * Damage inside the file only shows when a page is read. The index is derived, so the
     * answer is to move the damaged file aside, rebuild from the markdown, and retry once.
     */
    private recovering;
}
