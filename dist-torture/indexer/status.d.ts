import type { IndexStore } from "../store/index-store.js";
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
    problems: {
        path: string;
        severity: string;
        message: string;
    }[];
}
/**
 * Compares the index with the disk by stat only (no reading, no hashing), so it is cheap
 * and never writes: a file is stale when its size or mtime differ from what was indexed.
 */
export declare function indexStatus(workspace: string, store: IndexStore, opts: {
    allowHardLinks: boolean;
}): IndexStatus;
