import { watchWorkspace } from "../indexer/watch.js";
/** How long a batch's files are re-checked by searches, and when they are checked once more. */
const HOT_MS = 1_000;
/** At most this long a search waits for the watcher to finish the events it is handling. */
const MAX_BUSY_WAIT_MS = 250;
export class DaemonWatcher {
    opts;
    watcher;
    /** Files of recent batches, and when their batch ran. */
    hot = new Map();
    trailing = new Set();
    broken = null;
    needsFullPass = false;
    embedding = null;
    embedAgain = false;
    constructor(opts) {
        this.opts = opts;
    }
    /** Starts watching, then brings the index up to date; vectors start filling in behind it. */
    static async start(opts) {
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
        }
        catch (e) {
            await w.close();
            throw e;
        }
        w.kickEmbed();
        return w;
    }
    /** Whether search may trust the index without scanning (see the contract above). */
    get healthy() {
        return this.watcher !== undefined && this.broken === null;
    }
    /**
     * For Engine.freshness: true once the index has every change the watcher has seen, false
     * when search must scan.
     */
    async fresh() {
        if (!this.healthy || !this.watcher)
            return false;
        // A change the kernel has reported may still be on its way through the watcher: one poll
        // phase of the event loop (two setImmediate hops span one) hands every queued event to it,
        // then it may still be statting a file or reading a folder; wait (bounded) until it is done.
        await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setImmediate(resolve));
        for (let waited = 0; this.watcher?.busy() && waited < MAX_BUSY_WAIT_MS; waited += 2) {
            await new Promise((resolve) => setTimeout(resolve, 2));
        }
        if (!this.watcher)
            return false;
        await this.watcher.settle();
        const now = Date.now();
        const hot = [];
        for (const [p, at] of this.hot) {
            if (now - at <= HOT_MS)
                hot.push(p);
            else
                this.hot.delete(p);
        }
        if (hot.length > 0) {
            try {
                this.afterSync(this.opts.engine.syncPaths(hot));
            }
            catch {
                this.needsFullPass = true;
            }
        }
        if (this.needsFullPass) {
            try {
                this.opts.onSync?.(this.opts.engine.index());
                this.needsFullPass = false;
            }
            catch {
                return false;
            }
        }
        return this.healthy;
    }
    /** Computes vectors for whatever lacks them, unless a run is going (then once more after it). */
    kickEmbed() {
        if (!this.opts.embed || this.opts.signal.aborted)
            return;
        if (this.embedding) {
            this.embedAgain = true;
            return;
        }
        this.embedding = (async () => {
            do {
                this.embedAgain = false;
                const r = await this.opts.engine.embed({ signal: this.opts.signal, batchChunks: this.opts.embedBatchChunks ?? 8 });
                this.opts.onEmbed?.(r);
            } while (this.embedAgain && !this.opts.signal.aborted);
        })()
            .catch((e) => {
            if (!this.opts.signal.aborted)
                this.opts.warn(`embedding: ${e instanceof Error ? e.message : String(e)}`);
        })
            .finally(() => {
            this.embedding = null;
        });
    }
    /** Stops watching; waits for the batch in flight and for background embedding to stop. */
    async close() {
        for (const t of this.trailing)
            clearTimeout(t);
        this.trailing.clear();
        const w = this.watcher;
        this.watcher = undefined;
        await w?.close();
        await this.embedding;
    }
    onBatch(paths, rescan) {
        let s;
        try {
            s = rescan ? this.opts.engine.index() : this.opts.engine.syncPaths(paths);
        }
        catch (e) {
            // Not a watcher fault (a busy or damaged database): the next search repairs it with a full pass.
            this.needsFullPass = true;
            this.opts.warn(`index: ${e instanceof Error ? e.message : String(e)}`);
            return;
        }
        this.opts.onSync?.(s);
        if (s.indexed.length > 0)
            this.kickEmbed();
        if (rescan || paths.length === 0)
            return;
        const at = Date.now();
        for (const p of paths)
            this.hot.set(p, at);
        // The check once the moment has passed: a write whose event was dropped is on disk by then.
        const t = setTimeout(() => {
            this.trailing.delete(t);
            if (!this.watcher)
                return;
            try {
                this.afterSync(this.opts.engine.syncPaths(paths));
            }
            catch {
                this.needsFullPass = true;
            }
        }, HOT_MS);
        t.unref();
        this.trailing.add(t);
    }
    /** After a re-check: reported only when it found something the watcher had missed. */
    afterSync(s) {
        if (s.indexed.length === 0 && s.removed.length === 0)
            return;
        this.opts.onSync?.(s);
        if (s.indexed.length > 0)
            this.kickEmbed();
    }
    onWatchError(e) {
        const message = e instanceof Error ? e.message : String(e);
        if (this.broken === null) {
            this.broken = message;
            this.opts.warn(`watch: ${message}; from now on every search checks every file (restart the daemon to watch again)`);
        }
    }
}
//# sourceMappingURL=watcher.js.map