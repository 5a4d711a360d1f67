import path from "node:path";
import { isIndexable } from "../workspace/kinds.js";
import { toRel } from "../workspace/paths.js";
/**
 * Watches the workspace and hands debounced batches of changed paths to `onBatch`.
 * Every event kind collapses to "this path may have changed": the indexer re-checks the
 * path on disk, so create/modify/delete and editors that save by writing a temp file and
 * renaming it over the original all end in the same, correct state. A burst of hundreds
 * of writes becomes one batch.
 */
export function watchWorkspace(workspace, opts) {
    const debounceMs = opts.debounceMs ?? 250;
    const pending = new Set();
    let rescan = false;
    let timer = null;
    let running = Promise.resolve();
    let closed = false;
    // chokidar loads with the first watcher: a search or `agent log` never pays for it.
    let watcher = null;
    const started = import("chokidar").then(({ watch }) => {
        const w = watch(workspace, {
            ignoreInitial: true,
            // chokidar's atomic mode folds unlink+add within 100 ms into one change event.
            atomic: true,
            ignored: (p) => {
                const rel = toRel(workspace, p);
                if (rel === "")
                    return false;
                return rel.split("/").some((seg) => seg.startsWith(".") || seg === "node_modules");
            },
        });
        watcher = w;
        return w;
    });
    const flush = () => {
        timer = null;
        if ((pending.size === 0 && !rescan) || closed)
            return;
        const batch = { paths: [...pending].sort(), rescan };
        pending.clear();
        rescan = false;
        running = running.then(async () => {
            try {
                await opts.onBatch(batch);
            }
            catch (e) {
                opts.onError?.(e);
            }
        });
    };
    const schedule = () => {
        if (timer)
            clearTimeout(timer);
        timer = setTimeout(flush, debounceMs);
    };
    const onPath = (p) => {
        const rel = toRel(workspace, path.resolve(workspace, p));
        if (!isIndexable(rel))
            return;
        pending.add(rel);
        schedule();
    };
    const onDir = () => {
        rescan = true;
        schedule();
    };
    const ready = started.then((w) => new Promise((resolve) => {
        w.on("add", onPath).on("change", onPath).on("unlink", onPath);
        w.on("addDir", onDir).on("unlinkDir", onDir);
        w.on("error", (e) => opts.onError?.(e));
        w.once("ready", () => resolve());
    }));
    return {
        ready,
        busy() {
            // chokidar 4 keeps this state in private fields; missing fields (another version) read as idle.
            if (watcher === null)
                return true;
            const w = watcher;
            return (w._throttled?.get("watch")?.size ?? 0) > 0 || (w._throttled?.get("readdir")?.size ?? 0) > 0 || (w._pendingUnlinks?.size ?? 0) > 0;
        },
        settle() {
            if (timer) {
                clearTimeout(timer);
                flush();
            }
            return running;
        },
        async close() {
            closed = true;
            if (timer)
                clearTimeout(timer);
            await (await started).close();
            await running;
        },
    };
}
//# sourceMappingURL=watch.js.map