import type { IndexStore } from "../store/index-store.js";
import { scanWorkspace } from "../workspace/scan.js";
import { RACY_MTIME } from "./indexer.js";
import { readRedactionTally, type RedactionTally } from "./redaction.js";

export interface IndexStatus {
  files: number;
  chunks: number;
  byKind: Record<string, number>;
  /** ms since epoch of the last full sync, or null if never. */
  lastSyncAt: number | null;
  /** Files on disk that are newer than the index, or not in it yet. */
  stale: string[];
  /** Indexed files that are gone from disk. */
  missing: string[];
  problems: { path: string; severity: string; message: string }[];
  /** Secrets redacted in sessions/ by the index passes (null: no pass has looked yet). */
  redaction: RedactionTally | null;
}

/**
 * Compares the index with the disk by stat only (no reading, no hashing), so it is cheap
 * and never writes: a file is stale when its size or mtime differ from what was indexed.
 */
export function indexStatus(workspace: string, store: IndexStore, opts: { allowHardLinks: boolean }): IndexStatus {
  const rows = store.allFiles();
  const byPath = new Map(rows.map((r) => [r.path, r]));
  const scan = scanWorkspace(workspace, opts);
  const stale: string[] = [];
  const onDisk = new Set<string>();
  for (const f of scan.files) {
    onDisk.add(f.rel);
    const row = byPath.get(f.rel);
    // A racy file (indexer.ts) is stale only when its size says so: the next pass hashes it anyway.
    if (!row || row.size !== f.size || (row.mtime_ms !== f.mtimeMs && row.mtime_ms !== RACY_MTIME)) {
      // A file recorded as a problem (skipped) is reported there, not as stale.
      if (!row && store.problems().some((p) => p.path === f.rel && p.severity === "skipped")) continue;
      stale.push(f.rel);
    }
  }
  const byKind: Record<string, number> = {};
  for (const r of rows) byKind[r.kind] = (byKind[r.kind] ?? 0) + 1;
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
    redaction: readRedactionTally(store) ?? null,
  };
}
