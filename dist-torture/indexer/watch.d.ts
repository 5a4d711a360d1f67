export interface WatchOptions {
    /** Quiet period after the last event before a batch is indexed. */
    debounceMs?: number;
    /**
     * Called with the workspace-relative paths that changed, at most one batch at a time.
     * `rescan` is set when a whole folder went away or appeared, which needs a full pass.
     */
    onBatch: (batch: {
        paths: string[];
        rescan: boolean;
    }) => void | Promise<void>;
    onError?: (err: unknown) => void;
}
export interface WorkspaceWatcher {
    /** Resolves once the initial scan is done and events are being delivered. */
    ready: Promise<void>;
    /**
     * Hands what is pending to `onBatch` now, without waiting for the quiet period, and resolves
     * once every batch so far is done: after it, the index has every change the watcher has seen.
     */
    settle(): Promise<void>;
    /**
     * Whether chokidar is still turning a file-system event into a change event (a stat or a
     * folder read in flight, a file event in its 5 ms window, a deletion held back to see whether
     * the file comes back): a change made just now may not have reached `onBatch` yet.
     */
    busy(): boolean;
    close(): Promise<void>;
}
/**
 * Watches the workspace and hands debounced batches of changed paths to `onBatch`.
 * Every event kind collapses to "this path may have changed": the indexer re-checks the
 * path on disk, so create/modify/delete and editors that save by writing a temp file and
 * renaming it over the original all end in the same, correct state. A burst of hundreds
 * of writes becomes one batch.
 */
export declare function watchWorkspace(workspace: string, opts: WatchOptions): WorkspaceWatcher;
