import { scanWorkspace } from "../workspace/scan.js";
/**
 * Compares the index with the disk by stat only (no reading, no hashing), so it is cheap
 * and never writes: a file is stale when its size or mtime differ from what was indexed.
 */
export function indexStatus(workspace, store, opts) {
    const rows = store.allFiles();
    const byPath = new Map(rows.map((r) => [r.path, r]));
    const scan = scanWorkspace(workspace, opts);
    const stale = [];
    const onDisk = new Set();
    for (const f of scan.files) {
        onDisk.add(f.rel);
        const row = byPath.get(f.rel);
        if (!row || row.size !== f.size || row.mtime_ms !== f.mtimeMs) {
            // A file recorded as a problem (skipped) is reported there, not as stale.
            if (!row && store.problems().some((p) => p.path === f.rel && p.severity === "skipped"))
                continue;
            stale.push(f.rel);
        }
    }
    const byKind = {};
    for (const r of rows)
        byKind[r.kind] = (byKind[r.kind] ?? 0) + 1;
    const last = store.getMeta("last_sync_at");
    const counts = store.counts();
    return {
        files: counts.files,
        chunks: counts.chunks,
        byKind,
        lastSyncAt: last ? Number(last) : null,
        stale,
        missing: rows.filter((r) => !onDisk.has(r.path)).map((r) => r.path),
        problems: store.problems().map((p) => ({ path: p.path, severity: p.severity, message: p.message })),
    };
}
//# sourceMappingURL=status.js.map