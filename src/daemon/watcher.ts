/**
 * The daemon's watcher: keeps the index in step with the disk (text at once, vectors in the
 * background) and tells search whether it can skip its stat scan.
 *
 * Freshness contract: a search never answers from text older than the disk. While the
 * watcher is healthy (ready, no error from the file-system watcher, every batch indexed), a
 * search first takes what the watcher has seen but not yet indexed — the debounce is cut
 * short — and waits until it is indexed; then the index holds every change and the scan of
 * every file is skipped. A change the watcher never reported cannot be ruled out after a
 * watcher error (an inotify limit, an overflow), so from then on every search scans, as a
 * process without a daemon does. A batch that failed to index (a busy database) is repaired
 * by one full pass before the next search.
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
import type { Engine, EmbedReport } from "../engine/engine.js";
import type { IndexSummary } from "../indexer/indexer.js";
import { watchWorkspace, type WorkspaceWatcher } from "../indexer/watch.js";

export interface DaemonWatcherOptions {
  engine: Engine;
  /** Compute vectors for new chunks in the background. */
  embed: boolean;
  /** Aborts background embedding between (and inside) batches on stop. */
  signal: AbortSignal;
  debounceMs?: number;
  /** Chunks per embedding transaction: small, so a search's query is never queued long behind one. */
  embedBatchChunks?: number;
  onSync?: (s: IndexSummary) => void;
  onEmbed?: (r: EmbedReport) => void;
  warn: (message: string) => void;
}

/** How long a batch's files are re-checked by searches, and when they are checked once more. */
const HOT_MS = 1_000;
/** While another process holds the embedding lease, how often the daemon looks whether it is done. */
const BUSY_RETRY_MS = 5_000;
/** At most this long a search waits for the watcher to finish the events it is handling. */
const MAX_BUSY_WAIT_MS = 250;

export class DaemonWatcher {
  private watcher: WorkspaceWatcher | undefined;
  /** Files of recent batches, and when their batch ran. */
  private readonly hot = new Map<string, number>();
  private readonly trailing = new Set<NodeJS.Timeout>();
  private broken: string | null = null;
  private needsFullPass = false;
  private embedding: Promise<void> | null = null;
  private embedAgain = false;

  private constructor(private readonly opts: DaemonWatcherOptions) {}

  /** Starts watching, then brings the index up to date; vectors start filling in behind it. */
  static async start(opts: DaemonWatcherOptions): Promise<DaemonWatcher> {
    const w = new DaemonWatcher(opts);
    w.watcher = watchWorkspace(opts.engine.workspace, {
      ...(opts.debounceMs !== undefined ? { debounceMs: opts.debounceMs } : {}),
      onBatch: ({ paths, rescan }) => w.onBatch(paths, rescan),
      onError: (e) => w.onWatchError(e),
    });
    try {
      await w.watcher.ready;
      // Changes made while the watcher started are in its first batch; this pass covers the rest.
      opts.onSync?.(opts.engine.index());
    } catch (e) {
      await w.close();
      throw e;
    }
    w.kickEmbed();
    return w;
  }

  /** Whether search may trust the index without scanning (see the contract above). */
  get healthy(): boolean {
    return this.watcher !== undefined && this.broken === null;
  }

  /**
   * For Engine.freshness: true once the index has every change the watcher has seen, false
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
    const now = Date.now();
    const hot: string[] = [];
    for (const [p, at] of this.hot) {
      if (now - at <= HOT_MS) hot.push(p);
      else this.hot.delete(p);
    }
    if (hot.length > 0) {
      try {
        this.afterSync(this.opts.engine.syncPaths(hot));
      } catch {
        this.needsFullPass = true;
      }
    }
    if (this.needsFullPass) {
      try {
        this.opts.onSync?.(this.opts.engine.index());
        this.needsFullPass = false;
      } catch {
        return false;
      }
    }
    return this.healthy;
  }

  /** Computes vectors for whatever lacks them, unless a run is going (then once more after it). */
  kickEmbed(): void {
    if (!this.opts.embed || this.opts.signal.aborted) return;
    if (this.embedding) {
      this.embedAgain = true;
      return;
    }
    this.embedding = (async () => {
      do {
        this.embedAgain = false;
        const r = await this.opts.engine.embed({ signal: this.opts.signal, batchChunks: this.opts.embedBatchChunks ?? 8 });
        this.opts.onEmbed?.(r);
        // Another process (an `agent index`) is embedding: it takes new chunks too; whatever
        // is left when it stops (killed, interrupted) is ours, so look again in a moment.
        if (r.busy) this.embedAgain = await pause(BUSY_RETRY_MS, this.opts.signal);
      } while (this.embedAgain && !this.opts.signal.aborted);
    })()
      .catch((e: unknown) => {
        if (!this.opts.signal.aborted) this.opts.warn(`embedding: ${e instanceof Error ? e.message : String(e)}`);
      })
      .finally(() => {
        this.embedding = null;
      });
  }

  /** Stops watching; waits for the batch in flight and for background embedding to stop. */
  async close(): Promise<void> {
    for (const t of this.trailing) clearTimeout(t);
    this.trailing.clear();
    const w = this.watcher;
    this.watcher = undefined;
    await w?.close();
    await this.embedding;
  }

  private onBatch(paths: string[], rescan: boolean): void {
    let s: IndexSummary;
    try {
      s = rescan ? this.opts.engine.index() : this.opts.engine.syncPaths(paths);
    } catch (e) {
      // Not a watcher fault (a busy or damaged database): the next search repairs it with a full pass.
      this.needsFullPass = true;
      this.opts.warn(`index: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    this.opts.onSync?.(s);
    if (s.indexed.length > 0) this.kickEmbed();
    if (rescan || paths.length === 0) return;
    const at = Date.now();
    for (const p of paths) this.hot.set(p, at);
    // The check once the moment has passed: a write whose event was dropped is on disk by then.
    const t = setTimeout(() => {
      this.trailing.delete(t);
      if (!this.watcher) return;
      try {
        this.afterSync(this.opts.engine.syncPaths(paths));
      } catch {
        this.needsFullPass = true;
      }
    }, HOT_MS);
    t.unref();
    this.trailing.add(t);
  }

  /** After a re-check: reported only when it found something the watcher had missed. */
  private afterSync(s: IndexSummary): void {
    if (s.indexed.length === 0 && s.removed.length === 0) return;
    this.opts.onSync?.(s);
    if (s.indexed.length > 0) this.kickEmbed();
  }

  private onWatchError(e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    if (this.broken === null) {
      this.broken = message;
      this.opts.warn(`watch: ${message}; from now on every search checks every file (restart the daemon to watch again)`);
    }
  }
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
