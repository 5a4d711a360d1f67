export type ReadOutcome = {
    ok: true;
    text: string;
    /** sha256 of the whole file's bytes, even when only a prefix was decoded. */
    hash: string;
    size: number;
    capped: boolean;
    warnings: string[];
} | {
    ok: false;
    reason: string;
};
/**
 * Reads a workspace file for indexing without ever trusting it: binary files are refused,
 * invalid UTF-8 is decoded lossily (the file itself is untouched), and huge files are
 * indexed only up to `maxBytes`, cut at a line end so no line is split.
 */
export declare function readForIndex(abs: string, rel: string, maxBytes: number): ReadOutcome;
export declare function sha256(text: string | Buffer): string;
export declare function errCode(e: unknown): string;
