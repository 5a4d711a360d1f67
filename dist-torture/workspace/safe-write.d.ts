/**
 * Replaces a file so that readers see either the old or the new content, never half of
 * either: write a temp file beside it, fsync, rename over. A crash leaves the old file.
 */
export declare function atomicWrite(file: string, content: string): void;
/** Creates a file only if it does not exist; returns false (and writes nothing) if it does. */
export declare function createExclusive(file: string, content: string | Buffer): boolean;
export declare class AppendVerificationError extends Error {
    constructor(file: string);
}
/**
 * Appends text and proves it did nothing else: the bytes that were there before the
 * append must still be there, byte for byte, afterwards. O_APPEND keeps concurrent hand
 * edits that append from being overwritten.
 */
export declare function appendVerified(file: string, text: string): void;
export type SwapResult = {
    ok: true;
    /** Files kept beside `file` holding writes that landed after an earlier swap (see settleSwaps). */
    keptEarlier?: string[];
} | {
    ok: false;
    /** What a person did to the file meanwhile, in words. */
    reason: string;
    /** Absolute path of a file kept beside `file` so no one's text is lost, if one was needed. */
    kept?: string;
    keptEarlier?: string[];
};
export interface SwapOptions {
    /**
     * True when the caller has the bytes it compared saved elsewhere (a version history):
     * then, when someone else's file took the name during the swap, the old file need not be
     * kept beside it.
     */
    oldIsSaved?: boolean;
    /**
     * How long to wait, after the new file is in place, before the last look at the old one. A
     * writer that opened the old file just before the swap (an `>>` append, an editor writing
     * in place) lands its bytes within microseconds of opening it; this wait catches them.
     */
    settleMs?: number;
    /** Clock for the kept file's name. */
    now?: () => number;
    /**
     * A folder on the same file system (the engine's .agent/swap/) for the swap's temporary and
     * parked files, so none is ever left in the person's folder, even by a kill -9. Default, or
     * when it is on another device: beside the file.
     */
    workDir?: string;
    /**
     * Replace an empty file too. Off by default: an empty file is what an editor's in-place save
     * looks like between its truncate and its write, and a caller that read it a moment ago may
     * be looking at exactly that. A person's explicit command (accept, rollback) turns it on.
     */
    allowEmpty?: boolean;
}
/**
 * Compare-and-swap on a file that people edit by hand: replaces `file` with `content` only if
 * it holds exactly `expected` (null: only if it does not exist), and never loses a byte
 * someone else wrote, whichever way they write.
 *
 * Why not read, compare, then rename a temp file over: an edit landing between the compare and
 * the rename was silently lost. Here the compare happens on the old file after it has left the
 * name, so nothing can change it through the name any more:
 *   1. the new content goes to a temp file (fsync);
 *   2. `file` is renamed aside (atomic); an editor's atomic-rename save after this instant
 *      creates a new `file`, which step 4 will not replace;
 *   3. the aside file is compared with `expected`; a difference means an edit landed before the
 *      rename: the aside file is linked back (never over a file created meanwhile) -> changed;
 *   4. the temp file is hard-linked to `file` (link fails if the name exists, so a file an
 *      editor or an `>>` created meanwhile is never replaced) -> changed;
 *   5. after `settleMs`, the aside file is compared again: a writer that opened the old file
 *      before step 2 writes into it; its text wins: it goes back to `file` if `file` is still
 *      ours, else it is kept beside -> changed;
 *   6. the aside file is parked under a hidden name (see park) and removed by the next swap if
 *      nothing wrote into it meanwhile, else kept beside `file` (settleSwaps).
 * "kept" names any file left beside `file` (`<file>.kept-<time>`) so a person's text survives.
 * An empty file is never replaced (see below).
 */
export declare function swapFile(file: string, expected: Buffer | null, content: string | Buffer, opts?: SwapOptions): SwapResult;
/**
 * Looks at the old files earlier swaps parked beside `file`: one still holding the bytes it was
 * parked with is removed; one written to since is kept beside `file` as `<file>.kept-<time>`,
 * and returned. swapFile calls it first; callers may call it at other times too.
 */
export declare function settleSwaps(file: string, opts?: Pick<SwapOptions, "now" | "workDir">): string[];
/**
 * Cleans up after a swap of `file` that a kill -9 cut short (its process is gone): a leftover
 * new-content temp file is only a second name of `file` (or never reached it: the caller's
 * version history holds that content), so it is removed — while it stays, `file` has two
 * hard links and the indexer, rightly wary of those, would skip it. A leftover old file
 * goes back to `file` when `file` is missing; otherwise it is parked like a finished swap's
 * (settleSwaps keeps it beside `file` if it differs from what was parked). Returns what it
 * did, for a notice.
 */
export declare function recoverInterruptedSwaps(file: string, workDir: string, isAlive: (pid: number) => boolean): string[];
