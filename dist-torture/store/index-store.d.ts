import { type DB } from "./open.js";
export interface FileRow {
    id: number;
    path: string;
    kind: string;
    source: string;
    date: string | null;
    size: number;
    mtime_ms: number;
    hash: string;
    capped: number;
    chunk_count: number;
    indexed_at: number;
}
export interface NewFile {
    path: string;
    kind: string;
    source: string;
    date: string | null;
    size: number;
    mtimeMs: number;
    hash: string;
    capped: boolean;
}
export interface NewChunk {
    startLine: number;
    endLine: number;
    heading: string;
    text: string;
    hash: string;
    tokens: number;
    /** Overrides the file's date (sessions date each chunk by its turns). */
    date?: string | null;
    /** Extra text for the CJK bigram column. */
    cjk: string;
    /** Inline annotations (ctx::, project::, meeting::, mode::), distinct by (key, norm). */
    annotations?: {
        key: string;
        value: string;
        norm: string;
    }[];
}
export interface ChunkRow {
    id: number;
    file_id: number;
    seq: number;
    start_line: number;
    end_line: number;
    heading: string;
    text: string;
    hash: string;
    tokens: number;
    date: string | null;
}
export interface ProblemRow {
    path: string;
    severity: "skipped" | "warning";
    message: string;
    seen_at: number;
}
/**
 * All reads and writes of the index tables. Writes that change a file's chunks happen in
 * one IMMEDIATE transaction, so a concurrent reader sees the old chunks or the new ones,
 * and two writers (watch + search) queue on the busy timeout instead of deadlocking.
 */
export declare class IndexStore {
    readonly db: DB;
    private readonly s;
    constructor(db: DB);
    getFile(path: string): FileRow | undefined;
    allFiles(): FileRow[];
    /**
     * Path → (size, mtime) of every indexed file: all the freshness check needs. Raw rows of
     * three columns read about 5x faster than allFiles() at 5,000 files.
     */
    /**
     * Every file's size and mtime as indexed, read once and kept until the database changes:
     * the freshness check before each search compares the disk with it.
     */
    fileStats(): ReadonlyMap<string, {
        size: number;
        mtimeMs: number;
    }>;
    private fileStatsMemo;
    chunksOf(fileId: number): ChunkRow[];
    /**
     * Runs `fn` in one IMMEDIATE write transaction; inside one already, it just runs. The
     * indexer groups many files per transaction this way (one commit per file was half the time
     * of a full index); each transaction still leaves the index consistent, so a crash loses at
     * most the files of the batch in flight, which the next pass redoes.
     */
    batch<T>(fn: () => T): T;
    /** Replaces a file's row and all its chunks atomically (deleting first removes orphans via cascade). */
    replaceFile(file: NewFile, chunks: NewChunk[], now: number): void;
    /** The file did not change in content, only in stat: remember the new stat. */
    touchFile(path: string, size: number, mtimeMs: number): void;
    deleteFile(path: string): boolean;
    setProblem(path: string, severity: "skipped" | "warning", message: string, now: number): void;
    clearProblem(path: string): void;
    problems(): ProblemRow[];
    getMeta(key: string): string | undefined;
    setMeta(key: string, value: string): void;
    counts(): {
        files: number;
        chunks: number;
    };
}
