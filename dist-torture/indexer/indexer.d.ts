import type { IndexStore } from "../store/index-store.js";
import type { IndexConfig } from "../workspace/config.js";
/** Bump when chunk boundaries change for the same input (forces a re-chunk of every file). */
export declare const CHUNKER_VERSION = 3;
export interface IndexProblem {
    path: string;
    severity: "skipped" | "warning";
    message: string;
}
export interface IndexSummary {
    scanned: number;
    /** Files whose chunks were (re)written. */
    indexed: string[];
    /** Files dropped from the index because they are gone (deleted, renamed away). */
    removed: string[];
    unchanged: number;
    problems: IndexProblem[];
    /** Chunks in the index after the pass; -1 when the caller asked not to count (countChunks: false). */
    chunks: number;
    ms: number;
}
export interface IndexProgress {
    done: number;
    total: number;
    path: string;
}
export interface IndexerOptions {
    now?: () => number;
}
/**
 * Keeps the index equal to the workspace, file by file. The test for "changed" is cheap
 * first: same size and mtime → untouched (one stat). Otherwise the content hash decides,
 * so a `touch` or a save without changes rewrites nothing.
 */
export declare class Indexer {
    readonly workspace: string;
    readonly store: IndexStore;
    readonly config: IndexConfig;
    private readonly now;
    constructor(workspace: string, store: IndexStore, config: IndexConfig, opts?: IndexerOptions);
    /** Full pass: every file in the workspace, and removal of files that are gone. */
    sync(opts?: {
        force?: boolean;
        onProgress?: (p: IndexProgress) => void;
        countChunks?: boolean;
    }): IndexSummary;
    /**
     * Brings specific paths up to date (the watcher's entry point): a path that no longer
     * exists is removed; anything else is checked like in `sync`.
     */
    syncPaths(rels: string[]): IndexSummary;
    private syncPath;
    /** `known`: the file's row when the caller has it (null: known to be absent). */
    private syncOne;
    private recordProblem;
}
