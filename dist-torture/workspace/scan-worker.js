/**
 * Worker thread entry: the workspace scan, run beside the main thread while it loads the
 * engine (see prescan.ts). Posts the raw scan, or { error } when the walk throws.
 */
import { parentPort, workerData } from "node:worker_threads";
import { scanWorkspaceRaw } from "./scan.js";
const { workspace } = workerData;
try {
    parentPort?.postMessage({ scan: scanWorkspaceRaw(workspace) });
}
catch (e) {
    parentPort?.postMessage({ error: e instanceof Error ? e.message : String(e) });
}
//# sourceMappingURL=scan-worker.js.map