/**
 * The one index watcher (`agent watch` and the daemon both run it through `engine.indexing.watch`):
 * keeps the index in step with the disk (text at once, vectors in the background) and tells
 * search whether it can skip its stat scan.
 *
 * Freshness contract: a search never answers from text older than the disk. While the
 * watcher is healthy (ready, no error from the file-system watcher, every batch indexed), a
 * search first takes what the watcher has seen but not yet indexed — the debounce is cut
 * short — and waits until it is indexed; then the index holds every change and the scan of
 * every file is skipped. A change the watcher never reported cannot be ruled out after a
 * watcher error (an inotify limit, an overflow), so from then on every search scans, as a
 * process without a watcher does. A batch that failed to index (a busy database) is repaired
 * by one full pass: before the next search, or on its own a moment later (with back-off while
 * it keeps failing), so a watcher that serves no searches catches up too.
 *
 * The file watcher drops a second event for a file that arrives within a few milliseconds of
 * the first (it expects the quiet period to cover it). Cutting the quiet period short for a
 * search could therefore index a file just before a second write whose event is never
 * delivered. So the files of recent batches stay "hot" for a moment: every search re-checks
 * them (a stat each), and each batch's files are checked once more after the moment passes.
 *
 * Embedding never sits in the watcher's batches: a batch indexes text and returns; vectors
 * follow in a background loop, so a search waiting for a batch never waits for embedding.
 */
import type { EmbedReport } from "../indexer/embed-pending.js";
import type { IndexSummary } from "../indexer/indexer.js";
import { watchWorkspace, type WorkspaceWatcher } from "../indexer/watch.js";

/** What the watcher needs of the engine. */
export interface WatchedIndex {
  readonly workspace: string;
  /** A full pass over the workspace. */
  index(): IndexSummary;
  /** Re-checks these workspace-relative paths. */
  syncPaths(rels: string[]): IndexSummary;
  embed(opts: { signal?: AbortSignal; batchChunks?: number }): Promise<EmbedReport>;
  /** Changes whenever the index may hold other data than before (any connection's commit). */
  indexVersion(): string;
  /** Chunks without vectors. */
  pendingVectors(): number;
}

export interface IndexWatchOptions {
  /** Quiet period after the last event before a batch is indexed (default 250 ms). */
  debounceMs?: number;
  /** Compute vectors for new chunks in the background (default false). */
  embed?: boolean;
  /** Chunks per embedding transaction: small, so a search's query is never queued long behind one. */
  embedBatchChunks?: number;
  /** Stops background embedding between (and inside) batches; close() does too. */
  signal?: AbortSignal;
  /** Every pass after the first that changed something or met a problem. */
  onSync?: (s: IndexSummary) => void;
  onEmbed?: (r: EmbedReport) => void;
  /** A problem worth a line: a failed batch, a watcher error, failed embedding. */
  warn?: (message: string) => void;
}

/** How long a batch's files are re-checked by searches, and when they are checked once more. */
const HOT_MS = 1_000;
/** While another process holds the embedding lease, how often the daemon looks whether it is done. */
const BUSY_RETRY_MS = 5_000;
/** At most this long a search waits for the watcher to finish the events it is handling. */
const MAX_BUSY_WAIT_MS = 250;
/** The longest wait between two tries of a repair pass that keeps failing. */
const MAX_REPAIR_MS = 60_000;
/**
 * How often the background embedder looks whether the index changed under it. Chunks arrive
 * by other paths than the watcher's batches: the engine's own writes (an MCP append indexes
 * its note at once, so the batch that follows finds nothing new), another process's
 * `agent index --no-embed` or `--rebuild`. A look costs one PRAGMA while nothing changed.
 */
const PENDING_POLL_MS = 1_000;

export class IndexWatcher {
  /** The first full pass, made once the watcher was live. */
  initial!: IndexSummary;
  private watcher: WorkspaceWatcher | undefined;
  /** Files of recent batches, and when their batch ran. */
  private readonly hot = new Map<string, number>();
  private readonly trailing = new Set<NodeJS.Timeout>();
  private readonly stopEmbed = new AbortController();
  private broken: string | null = null;
  private needsFullPass = false;
  private repairTimer: NodeJS.Timeout | undefined;
  private repairTries = 0;
  private embedding: Promise<void> | null = null;
  private embedAgain = false;
  private closed = false;
  private pendingTimer: NodeJS.Timeout | undefined;
  private seenVersion = "";
  /** Told once the watcher is closed (the engine stops trusting it). */
  onClose: (() => void) | undefined;

  private constructor(
    private readonly index: WatchedIndex,
    private readonly opts: IndexWatchOptions,
  ) {
    const outer = opts.signal;
    if (outer?.aborted) this.stopEmbed.abort(outer.reason);
    else outer?.addEventListener("abort", () => this.stopEmbed.abort(outer.reason), { once: true });
  }

  /** Starts watching, then brings the index up to date; vectors start filling in behind it. */
  static async start(index: WatchedIndex, opts: IndexWatchOptions = {}): Promise<IndexWatcher> {
    const w = new IndexWatcher(index, opts);
    w.watcher = watchWorkspace(index.workspace, {
      ...(opts.debounceMs !== undefined ? { debounceMs: opts.debounceMs } : {}),
      onBatch: ({ paths, rescan }) => w.onBatch(paths, rescan),
      onError: (e) => w.onWatchError(e),
    });
    try {
      await w.watcher.ready;
      // Changes made while the watcher started are in its first batch; this pass covers the rest.
      w.initial = index.index();
    } catch (e) {
      await w.close();
      throw e;
    }
    w.kickEmbed();
    w.watchPending();
    return w;
  }

  /** Embeds chunks that arrived without a batch of this watcher (see PENDING_POLL_MS). */
  private watchPending(): void {
    if (!this.opts.embed) return;
    this.pendingTimer = setInterval(() => {
      if (this.closed || this.embedding) return;
      try {
        const version = this.index.indexVersion();
        if (version === this.seenVersion) return;
        this.seenVersion = version;
        if (this.index.pendingVectors() > 0) this.kickEmbed();
      } catch {
        // A busy or damaged index: the next look, a batch or the repair pass deals with it.
      }
    }, PENDING_POLL_MS);
    this.pendingTimer.unref();
  }

  /** Whether search may trust the index without scanning (see the contract above). */
  get healthy(): boolean {
    return this.watcher !== undefined && this.broken === null;
  }

  /**
   * For the indexing service's `freshness`: true once the index has every change the watcher has seen, false
   * when search must scan.
   */
  async fresh(): Promise<boolean> {
    if (!this.healthy || !this.watcher) return false;
    // A change the kernel has reported may still be on its way through the watcher: one poll
    // phase of the event loop (two setImmediate hops span one) hands every queued event to it,
    // then it may still be statting a file or reading a folder; wait (bounded) until it is done.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (let waited = 0; this.watcher?.busy() && waited < MAX_BUSY_WAIT_MS; waited += 2) {
      await new Promise<void>((resolve) => setTimeout(resolve, 2));
    }
    if (!this.watcher) return false;
    await this.watcher.settle();
    this.recheckHot();
    if (this.needsFullPass && !this.repair()) return false;
    return this.healthy;
  }

  /** Computes vectors for whatever lacks them, unless a run is going (then once more after it). */
  kickEmbed(): void {
    const signal = this.stopEmbed.signal;
    if (!this.opts.embed || signal.aborted) return;
    if (this.embedding) {
      this.embedAgain = true;
      return;
    }
    this.embedding = (async () => {
      do {
        this.embedAgain = false;
        const r = await this.index.embed({ signal, batchChunks: this.opts.embedBatchChunks ?? 8 });
        this.opts.onEmbed?.(r);
        // Another process (an `agent index`) is embedding: it takes new chunks too; whatever
        // is left when it stops (killed, interrupted) is ours, so look again in a moment.
        if (r.busy) this.embedAgain = await pause(BUSY_RETRY_MS, signal);
      } while (this.embedAgain && !signal.aborted);
    })()
      .catch((e: unknown) => {
        if (!signal.aborted) this.warn(`embedding: ${messageOf(e)}`);
      })
      .finally(() => {
        this.embedding = null;
      });
  }

  /** Stops watching; waits for the batch in flight and for background embedding to stop. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.trailing) clearTimeout(t);
    this.trailing.clear();
    if (this.repairTimer) clearTimeout(this.repairTimer);
    if (this.pendingTimer) clearInterval(this.pendingTimer);
    this.stopEmbed.abort(new Error("the watcher was closed"));
    const w = this.watcher;
    this.watcher = undefined;
    this.onClose?.();
    await w?.close();
    await this.embedding;
  }

  private onBatch(paths: string[], rescan: boolean): void {
    let s: IndexSummary;
    try {
      s = rescan ? this.index.index() : this.index.syncPaths(paths);
    } catch (e) {
      // Not a watcher fault (a busy or damaged database): a full pass repairs it.
      this.warn(`index: ${messageOf(e)}`);
      this.failed();
      return;
    }
    this.afterSync(s, true);
    // The last batch, handed over by close(): nothing is left to re-check it later.
    if (this.closed || rescan || paths.length === 0) return;
    const at = Date.now();
    for (const p of paths) this.hot.set(p, at);
    // The check once the moment has passed: a write whose event was dropped is on disk by then.
    const t = setTimeout(() => {
      this.trailing.delete(t);
      if (this.watcher) this.recheck(paths);
    }, HOT_MS);
    t.unref();
    this.trailing.add(t);
  }

  /** Re-checks the files of batches younger than HOT_MS. */
  private recheckHot(): void {
    const now = Date.now();
    const hot: string[] = [];
    for (const [p, at] of this.hot) {
      if (now - at <= HOT_MS) hot.push(p);
      else this.hot.delete(p);
    }
    if (hot.length > 0) this.recheck(hot);
  }

  private recheck(paths: string[]): void {
    try {
      this.afterSync(this.index.syncPaths(paths), false);
    } catch {
      this.failed();
    }
  }

  /** A pass failed: repair before the next search, and on a timer for a watcher no search asks. */
  private failed(): void {
    this.needsFullPass = true;
    if (this.repairTimer || this.closed) return;
    const delay = Math.min(HOT_MS * 2 ** this.repairTries, MAX_REPAIR_MS);
    this.repairTimer = setTimeout(() => {
      this.repairTimer = undefined;
      if (this.closed || !this.needsFullPass) return;
      this.repairTries++;
      if (!this.repair()) this.failed();
    }, delay);
    this.repairTimer.unref();
  }

  /** One full pass; true when the index is whole again. */
  private repair(): boolean {
    try {
      const s = this.index.index();
      this.needsFullPass = false;
      this.repairTries = 0;
      if (this.repairTimer) clearTimeout(this.repairTimer);
      this.repairTimer = undefined;
      this.afterSync(s, true);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Tells onSync about a pass and embeds what it indexed. A re-check is reported only when it
   * found something the watcher had missed.
   */
  private afterSync(s: IndexSummary, always: boolean): void {
    if (!always && s.indexed.length === 0 && s.removed.length === 0) return;
    this.opts.onSync?.(s);
    if (s.indexed.length > 0) this.kickEmbed();
  }

  private onWatchError(e: unknown): void {
    if (this.broken !== null) return;
    this.broken = messageOf(e);
    this.warn(`watch: ${this.broken}; from now on changes may be missed, so every search checks every file (restart to watch again)`);
  }

  private warn(message: string): void {
    this.opts.warn?.(message);
  }
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Waits `ms` unless the signal fires first; true when the whole wait passed. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const done = (ok: boolean) => {
      clearTimeout(t);
      signal.removeEventListener("abort", onAbort);
      resolve(ok);
    };
    const onAbort = () => done(false);
    const t = setTimeout(() => done(true), ms);
    signal.addEventListener("abort", onAbort);
  });
}
