/**
 * A scan of the workspace started at process start, in a worker thread, so that a cold
 * `agent search` stats every file on the second core while the first one loads the engine
 * and opens the index: the freshness check then only compares. Best effort: when the worker
 * cannot start (a build without the worker file, a sandbox without threads) or fails, the
 * result is null and the caller scans as before.
 */
import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
export function startPrescan(workspace) {
    const file = new URL("./scan-worker.js", import.meta.url);
    if (!existsSync(file))
        return { result: Promise.resolve(null), cancel: () => undefined };
    let worker;
    try {
        worker = new Worker(file, { workerData: { workspace } });
    }
    catch {
        return { result: Promise.resolve(null), cancel: () => undefined };
    }
    // Never the reason the process stays alive.
    worker.unref();
    const result = new Promise((resolve) => {
        worker.once("message", (m) => resolve(m.scan ?? null));
        worker.once("error", () => resolve(null));
        worker.once("exit", () => resolve(null));
    });
    return { result, cancel: () => void worker.terminate() };
}
//# sourceMappingURL=prescan.js.map