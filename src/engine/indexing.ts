/**
 * The index's schedule, a service of the engine: the text passes (index, rebuild, the
 * watcher's paths), progressive embedding (one process per index at a time, under the lease,
 * in batches that each commit), what a long-lived host warms, and the index's status. The
 * engine owns the index database, the embedder, the cache and recovery from damage; this
 * module decides when and how the index is brought up to date with them.
 */
import { sharedStateSummary, type SharedStateReport } from "./shared-state.js";
import path from "node:path";
import type { EmbeddingCache } from "../embed/cache.js";
import type { Selection } from "../embed/select.js";
import type { Embedder } from "../embed/types.js";
import { commonWords, keepCommonPostings } from "../search/pipeline/postings.js";
import { keepChunkData } from "../search/pipeline/chunk-data.js";
import { STOP_WORDS } from "../search/query/stopwords.js";
import { embedPending, type EmbedPendingProgress, type EmbedPendingResult, type EmbedReport } from "../indexer/embed-pending.js";
import type { Indexer, IndexProgress, IndexSummary } from "../indexer/indexer.js";
import { indexStatus, type IndexStatus } from "../indexer/status.js";
import type { ChunkLookup } from "../jobs/dream/candidates.js";
import { allLinks, type StoredLink } from "../store/statements.js";
import { describeHolder, type EmbedLease, type EmbedLeaseHolder } from "../store/embed-lease.js";
import type { FileRow, IndexStore } from "../store/index-store.js";
import { dataVersion } from "../store/data-version.js";
import { removeRebuildLeftovers, resetIndexInPlace, type DB } from "../store/open.js";
import { compactIndex, reclaimFreePages } from "../store/space.js";
import type { MemoryIndexStats } from "../store/vector-memory.js";
import type { VectorStore } from "../store/vectors.js";
import type { DiskFullError } from "../shared/disk.js";
import { isProcessAlive } from "../shared/process.js";
import { recoverInterruptedSwaps } from "../workspace/safe-write.js";
import { swapDir } from "../workspace/paths.js";
import type { AgentConfig } from "./config.js";
import type { IndexWatcher, IndexWatchOptions } from "./watcher.js";
import type { HealthReport } from "./health.js";

/** OS niceness of embedding threads in a host that embeds in the background (the daemon, `agent watch`). */
const BACKGROUND_NICE = 10;

/** The index database and what works on it: opened by the engine on first use. */
export interface IndexParts {
  db: DB;
  store: IndexStore;
  vectors: VectorStore;
  lease: EmbedLease;
  indexer: Indexer;
  openedAs: string | null;
  /** Set for the in-memory copy taken on a full disk (the engine's openIndex). */
  readOnly?: DiskFullError;
}

export interface EmbedOptions {
  signal?: AbortSignal;
  maxChunks?: number;
  batchChunks?: number;
  onProgress?: (p: EmbedPendingProgress) => void;
  /** How other processes name this one while it embeds ("`agent index`"); default: backgroundEmbedder, else "an agent process". */
  holder?: string;
}

export type EngineStatus = IndexStatus & { vectors: { modelId: string | null; embedded: number; missing: number } };

export interface StatusReport extends EngineStatus {
  workspace: string;
  index: string;
  /** Since the last index pass, or null when never indexed. */
  ageMs: number | null;
  embedder: { provider: string | null; modelId: string | null; reason: string };
  /**
   * The engine's own state as folded from every device's log: its digest (the same on every
   * device with the same logs), the events and the devices; null before state.db exists.
   */
  state: SharedStateReport | null;
}

export interface WarmOptions {
  /**
   * Last, have the embedder practise its query path (Embedder.practise): seconds of one core,
   * worth it for a host that answers searches for hours (the daemon), not for one that must
   * answer its first prompt soon beside an assistant (the MCP server, OpenClaw's plugin).
   */
  practiseQueries?: boolean;
}

/** What `warm` loaded, and how long it took. */
export interface WarmReport {
  ms: number;
  /** The in-memory copy of the vectors, when search.vectorIndex is "quantized". */
  vectors: MemoryIndexStats | null;
  /** Common words whose postings were read ahead. */
  words: number;
  /** Chunks whose per-chunk search values (rows, FTS lengths, list items, word sets) were made ahead. */
  chunks: number;
}

/** What the service uses of the engine that owns it. */
export interface IndexHost {
  /** The engine's public side: where, with what config and clock, and which embedder. */
  engine: {
    readonly workspace: string;
    readonly config: AgentConfig;
    readonly now: () => number;
    readonly indexPath: string;
    embedder(): Promise<Selection>;
    hasState(): boolean;
    state(): DB;
    /** The engine's search, for warm()'s practice searches. */
    search(query: string, opts: { limit: number; refresh: false; recall: false; signal?: AbortSignal }): Promise<unknown>;
  };
  /** The index, opened on first use. */
  parts(): IndexParts;
  /** The index, when writes to it reach the disk; else the full disk's error. */
  writable(): IndexParts;
  /** Runs `fn`, rebuilding a damaged index from the markdown and trying once more. */
  recovering<T>(fn: () => T): T;
  embeddingCache(): EmbeddingCache;
  /** Something the person should hear about (an interrupted swap tidied up). */
  notice(message: string): void;
  closed(): boolean;
}

export class IndexingService {
  /** Embedding runs one at a time per engine: two would fetch the same pending chunks. */
  private embedQueue: Promise<unknown> = Promise.resolve();
  private progress = { done: 0, total: 0 };

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

  constructor(private readonly host: IndexHost) {}

  get workspace(): string {
    return this.host.engine.workspace;
  }

  /**
   * A SOUL.md swap cut short by a kill -9 leaves a second hard link to SOUL.md in .agent/swap/
   * (and the indexer skips files with several links): tidy that up before indexing.
   */
  private recoverSwaps(): void {
    const ws = this.host.engine.workspace;
    for (const message of ["SOUL.md", "MEMORY.md"].flatMap((f) => recoverInterruptedSwaps(path.join(ws, f), swapDir(ws), isProcessAlive))) this.host.notice(message);
  }

  /** Incremental text index of the whole workspace; `force` re-reads every file. */
  index(opts: { force?: boolean; onProgress?: (p: IndexProgress) => void } = {}): IndexSummary {
    this.recoverSwaps();
    return this.host.recovering(() => this.reclaiming(this.host.writable().indexer.sync(opts)));
  }

  /** After a pass that removed or replaced chunks: the space they took is handed back when it is much (store/space.ts). */
  reclaiming(s: IndexSummary): IndexSummary {
    if (s.removed.length > 0 || s.indexed.length > 0) reclaimFreePages(this.host.parts().db);
    return s;
  }

  /** The index thrown away and built again from the markdown, in place (see Engine.rebuild). */
  rebuild(opts: { onProgress?: (p: IndexProgress) => void } = {}): IndexSummary {
    this.recoverSwaps();
    return this.host.recovering(() => {
      const idx = this.host.writable();
      resetIndexInPlace(idx.db);
      const summary = idx.indexer.sync(opts);
      // The old index's pages are free now: the file is rewritten at the new index's size.
      compactIndex(idx.db);
      removeRebuildLeftovers(this.host.engine.indexPath);
      return summary;
    });
  }

  /** Re-checks specific workspace-relative paths (the watcher's entry point). */
  syncPaths(rels: string[]): IndexSummary {
    return this.host.recovering(() => this.reclaiming(this.host.parts().indexer.syncPaths(rels)));
  }

  /** Vectors for every chunk that lacks them, one run at a time per engine. */
  embed(opts: EmbedOptions = {}): Promise<EmbedReport> {
    const run = this.embedQueue.then(() => this.embedNow(opts));
    this.embedQueue = run.catch(() => undefined);
    return run;
  }

  /** Who is embedding this index right now (this process or another), or null. */
  embedding(): EmbedLeaseHolder | null {
    return this.host.parts().lease.holder();
  }

  /**
   * One process embeds an index at a time (the lease in the index database): a second one
   * would fetch the same pending chunks and compute every window again. A caller that finds
   * the lease taken gets `busy` and leaves the work to the holder, which keeps going until no
   * chunk is left, new ones included.
   */
  private async embedNow(opts: EmbedOptions): Promise<EmbedReport> {
    const sel = await this.host.engine.embedder();
    const none = { embedded: 0, cacheHits: 0, computed: 0, interrupted: false, modelChanged: false, busy: null, reason: sel.reason };
    if (!sel.embedder) return { ...none, remaining: this.host.parts().vectors.countPending(), provider: null, modelId: null };
    const e = sel.embedder;
    const { vectors, lease } = this.host.writable();
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

  /** Passes of embedPending until nothing is pending: chunks written meanwhile (by any process) are this holder's too. */
  private async embedAll(e: Embedder, opts: EmbedOptions): Promise<EmbedPendingResult> {
    const { vectors, lease } = this.host.parts();
    const sum: EmbedPendingResult = { embedded: 0, cacheHits: 0, computed: 0, remaining: 0, interrupted: false };
    for (let pass = 0; pass < 20; pass++) {
      const before = sum.embedded;
      const r = await embedPending(vectors, e, this.host.embeddingCache(), {
        ...opts,
        transcripts: this.host.engine.config.embed.transcripts,
        ...(this.host.engine.config.embed.transcriptWindows !== undefined ? { transcriptWindows: this.host.engine.config.embed.transcriptWindows } : {}),
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

  /** Changes whenever the index may hold other data than before (any connection's commit); for the watcher. */
  indexVersion(): string {
    return this.host.recovering(() => dataVersion(this.host.parts().db));
  }

  /** Chunks without vectors yet. */
  pendingVectors(): number {
    return this.host.recovering(() => this.host.parts().vectors.countPending());
  }

  /** What becomes of the chunks that have no vectors yet, for a search's warning. */
  pendingNote(): string {
    const by = this.host.parts().lease.holder();
    if (by) return `${describeHolder(by)}; they are found by keywords until then`;
    if (this.backgroundEmbedder) return `${this.backgroundEmbedder} embeds them in the background`;
    return "run `agent index` to embed them";
  }

  /**
   * For a long-lived host: loads what searches would otherwise wait for or do slowly, the
   * embedder and, with search.vectorIndex "quantized", the in-memory copy of the vectors;
   * first it runs a few searches nobody sees (practice), so the first ones asked are not the
   * ones that compile the search's code and regexes.
   */
  async warm(signal?: AbortSignal, opts: WarmOptions = {}): Promise<WarmReport> {
    const started = performance.now();
    // The index's common words first: a host's slowest keyword searches are the first ones
    // that name one (postings.ts keepCommonPostings).
    // Practice first: it is quick, and the host's first requests may come while the rest loads.
    const kw = this.host.engine.config.search.keyword;
    const db = this.host.recovering(() => this.host.parts().db);
    const words = commonWords(db).filter((w) => !STOP_WORDS.has(w.term));
    await this.practise(practiceQueries(words.map((w) => w.term)), signal);
    const common = await keepCommonPostings(db, { heading: kw.headingWeight, body: kw.bodyWeight, cjk: 1 }, undefined, signal, words);
    // What a search derives the first time it meets a chunk, for the newest chunks: otherwise
    // the host's first few dozen searches pay it (chunk-data.ts). Not while a process writes
    // vectors, nor when chunks wait for theirs (a host that embeds is about to start): each
    // commit would drop it all again, and kept beside the embedder it costs the RSS the
    // embedding needs (a 40,000-turn history: peak 597 MB with it, 463 MB without).
    const ahead = this.embedding() === null && !this.vectorsAwaited() ? await keepChunkData(db, signal) : { chunks: 0 };
    // Practice again, other pairs: the first searches ranked from what was read ahead are then
    // not the ones that compile that path.
    await this.practise(practiceQueries(words.slice(1).map((w) => w.term)).slice(0, -PRACTICE_DATES.length), signal);
    const vectors = await this.warmVectors(signal, opts.practiseQueries === true);
    return { ms: Math.round(performance.now() - started), vectors, words: common.length, chunks: ahead.chunks };
  }

  /** True when this host embeds in the background and chunks wait for their vectors: it is about to write them. */
  private vectorsAwaited(): boolean {
    if (this.backgroundEmbedder === undefined || this.host.engine.config.search.mode === "keyword") return false;
    return this.host.parts().vectors.countPending() > 0;
  }

  /** The embedder, loaded, and with search.vectorIndex "quantized" the in-memory copy of the vectors (its stats). */
  private async warmVectors(signal: AbortSignal | undefined, practise: boolean): Promise<MemoryIndexStats | null> {
    if (this.host.engine.config.search.mode === "keyword") return null;
    const sel = await this.host.engine.embedder();
    await sel.embedder?.init?.();
    if (this.host.closed() || signal?.aborted) return null;
    let stats: MemoryIndexStats | null = null;
    if (this.host.engine.config.search.vectorIndex === "quantized") {
      const vectors = this.host.parts().vectors;
      await vectors.useMemoryIndex({}, signal);
      stats = vectors.memoryIndex()?.stats() ?? null;
    }
    // Last: the host's first searches' queries are then embedded by compiled code, not by the
    // code the model runtime compiles while it answers them.
    if (practise && !this.host.closed() && !signal?.aborted) await sel.embedder?.practise?.(signal ? { signal } : {});
    return stats;
  }

  /**
   * Searches as the host's first requests would, in its configured mode, answered to nobody:
   * the index is not refreshed, nothing goes to the recall log, and what they keep is what
   * any search keeps (so later results are the same). One that fails is left: practice only.
   */
  private async practise(queries: readonly string[], signal?: AbortSignal): Promise<void> {
    for (const q of queries) {
      if (this.host.closed() || signal?.aborted) return;
      await this.host.engine.search(q, { limit: 10, refresh: false, recall: false, ...(signal ? { signal } : {}) }).catch(() => undefined);
      // A keyword search settles in microtasks: without a turn of the event loop between them the
      // practice would hold a request that came meanwhile until all of it is done.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  status(): EngineStatus {
    return this.host.recovering(() => {
      const { store, vectors } = this.host.parts();
      const model = vectors.model();
      return {
        ...indexStatus(this.host.engine.workspace, store, { allowHardLinks: this.host.engine.config.index.allowHardLinks }),
        vectors: { modelId: model?.modelId ?? null, embedded: vectors.countEmbedded(), missing: vectors.countPending() },
      };
    });
  }

  /** `agent status`: the index, its age, the vectors and the embedder the config selects. */
  async statusReport(): Promise<StatusReport> {
    const s = this.status();
    const sel = await this.host.engine.embedder();
    return {
      workspace: this.host.engine.workspace,
      index: this.host.engine.indexPath,
      ...s,
      ageMs: s.lastSyncAt === null ? null : this.host.engine.now() - s.lastSyncAt,
      embedder: { provider: sel.embedder?.provider ?? null, modelId: sel.embedder?.modelId ?? null, reason: sel.reason },
      state: this.host.engine.hasState() ? sharedStateSummary(this.host.engine.state()) : null,
    };
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

  /** `agent health` (health.ts): contradictions, stale facts in always-loaded files, duplicates, MEMORY.md's size. */
  async health(): Promise<HealthReport> {
    this.index();
    const { healthReport } = await import("./health.js");
    return this.host.recovering(() => healthReport(this.host.parts().db, this.workspace, this.host.engine.config.context.perFileChars));
  }

  /** The indexed files, as the last pass left them (the web overview reads them). */
  files(): readonly FileRow[] {
    return this.host.recovering(() => this.host.parts().store.allFiles());
  }

  /** Changes whenever an indexed file does. */
  filesSignature(): string {
    return this.host.recovering(() => this.host.parts().store.filesSignature());
  }

  /** The index brought up to date, then a lookup of its chunks by file and text hash (what the dream reads). */
  /** Every statement link, the index brought up to date first. */
  links(): StoredLink[] {
    this.index();
    return this.host.recovering(() => allLinks(this.host.parts().db));
  }

  chunkLookup(): ChunkLookup {
    this.index();
    const stmt = this.host.parts().db.prepare<[string, string], { text: string; start_line: number; end_line: number; heading: string }>(
      "SELECT c.text, c.start_line, c.end_line, c.heading FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ? AND c.hash = ? ORDER BY c.seq LIMIT 1",
    );
    return (p, h) => {
      const r = stmt.get(p, h);
      return r === undefined ? null : { text: r.text, startLine: r.start_line, endLine: r.end_line, heading: r.heading };
    };
  }
}

/** Dated questions: the first one compiles the date rules' regexes. */
const PRACTICE_DATES = ["what did we decide last week", "notes from 3 May 2023", "the meeting on Friday morning"];

/** warm()'s practice searches: pairs of the index's common words (as a person would ask for them), then dated questions. */
export function practiceQueries(common: readonly string[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i + 1 < Math.min(common.length, 20); i += 2) pairs.push(`${common[i]} ${common[i + 1]}`);
  return [...pairs, ...PRACTICE_DATES];
}
