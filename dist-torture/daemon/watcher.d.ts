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
export declare class DaemonWatcher {
    private readonly opts;
    private watcher;
    /** Files of recent batches, and when their batch ran. */
    private readonly hot;
    private readonly trailing;
    private broken;
    private needsFullPass;
    private embedding;
    private embedAgain;
    private constructor();
    /** Starts watching, then brings the index up to date; vectors start filling in behind it. */
    static start(opts: DaemonWatcherOptions): Promise<DaemonWatcher>;
    /** Whether search may trust the index without scanning (see the contract above). */
    get healthy(): boolean;
    /**
     * For Engine.freshness: true once the index has every change the watcher has seen, false
     * when search must scan.
     */
    fresh(): Promise<boolean>;
    /** Computes vectors for whatever lacks them, unless a run is going (then once more after it). */
    kickEmbed(): void;
    /** Stops watching; waits for the batch in flight and for background embedding to stop. */
    close(): Promise<void>;
    private onBatch;
    /** After a re-check: reported only when it found something the watcher had missed. */
    private afterSync;
    private onWatchError;
}
