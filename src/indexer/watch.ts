import type { FSWatcher } from "chokidar";
import path from "node:path";
import { isIndexable } from "../workspace/kinds.js";
import { toRel } from "../workspace/paths.js";

export interface WatchOptions {
  /** Quiet period after the last event before a batch is indexed. */
  debounceMs?: number;
  /**
   * Called with the workspace-relative paths that changed, at most one batch at a time.
   * `rescan` is set when a whole folder went away or appeared, which needs a full pass.
   */
  onBatch: (batch: { paths: string[]; rescan: boolean }) => void | Promise<void>;
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
  /** Paths seen and waiting out the quiet period (not yet handed to `onBatch`). */
  pending(): number;
  /**
   * Stops watching. What is waiting out the quiet period is handed to `onBatch` first and
   * awaited: a note saved just before the daemon is told to stop is in the index it leaves.
   */
  close(): Promise<void>;
}

/**
 * Watches the workspace and hands debounced batches of changed paths to `onBatch`.
 * Every event kind collapses to "this path may have changed": the indexer re-checks the
 * path on disk, so create/modify/delete and editors that save by writing a temp file and
 * renaming it over the original all end in the same, correct state. A burst of hundreds
 * of writes becomes one batch.
 */
export function watchWorkspace(workspace: string, opts: WatchOptions): WorkspaceWatcher {
  const debounceMs = opts.debounceMs ?? 250;
  const pending = new Set<string>();
  let rescan = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  // chokidar loads with the first watcher: a search or `agent log` never pays for it.
  let watcher: FSWatcher | null = null;
  const started = import("chokidar").then(({ watch }) => {
    const w = watch(workspace, {
      ignoreInitial: true,
      // chokidar's atomic mode folds unlink+add within 100 ms into one change event.
      atomic: true,
      ignored: (p: string) => {
        const rel = toRel(workspace, p);
        if (rel === "") return false;
        return rel.split("/").some((seg) => seg.startsWith(".") || seg === "node_modules");
      },
    });
    watcher = w;
    return w;
  });

  const flush = () => {
    timer = null;
    if ((pending.size === 0 && !rescan) || closed) return;
    const batch = { paths: [...pending].sort(), rescan };
    pending.clear();
    rescan = false;
    running = running.then(async () => {
      try {
        await opts.onBatch(batch);
      } catch (e) {
        opts.onError?.(e);
      }
    });
  };

  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  };
  const onPath = (p: string) => {
    const rel = toRel(workspace, path.resolve(workspace, p));
    if (!isIndexable(rel)) return;
    pending.add(rel);
    schedule();
  };
  const onDir = () => {
    rescan = true;
    schedule();
  };

  const ready = started.then(
    (w) =>
      new Promise<void>((resolve) => {
        w.on("add", onPath).on("change", onPath).on("unlink", onPath);
        w.on("addDir", onDir).on("unlinkDir", onDir);
        w.on("error", (e) => opts.onError?.(e));
        w.once("ready", () => resolve());
      }),
  );

  return {
    ready,
    busy() {
      // chokidar 4 keeps this state in private fields; missing fields (another version) read as idle.
      if (watcher === null) return true;
      const w = watcher as unknown as { _throttled?: Map<string, Map<string, unknown>>; _pendingUnlinks?: Map<string, unknown> };
      return (w._throttled?.get("watch")?.size ?? 0) > 0 || (w._throttled?.get("readdir")?.size ?? 0) > 0 || (w._pendingUnlinks?.size ?? 0) > 0;
    },
    pending() {
      return pending.size;
    },
    settle() {
      if (timer) {
        clearTimeout(timer);
        flush();
      }
      return running;
    },
    async close() {
      if (timer) {
        clearTimeout(timer);
        flush();
      }
      closed = true;
      await (await started).close();
      await running;
    },
  };
}
