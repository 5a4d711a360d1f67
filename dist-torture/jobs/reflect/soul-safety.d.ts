export declare const LOCK_OPEN = "<!-- locked -->";
export declare const LOCK_CLOSE = "<!-- /locked -->";
export interface LockedBlock {
    /** Offsets in the text: `text.slice(start, end)` is the block, markers included. */
    start: number;
    end: number;
    text: string;
    /** The heading line the block sits under ("## Core Identity"), or "" before any heading. */
    heading: string;
}
export interface LockedScan {
    blocks: LockedBlock[];
    /** Unbalanced markers, said in words; an unclosed block is locked to the end of the file. */
    problems: string[];
}
/** Every `<!-- locked -->…<!-- /locked -->` block, in order. Nested opens belong to the outer block. */
export declare function findLockedBlocks(text: string): LockedScan;
export interface Section {
    /** Offsets of the heading line's start and the section's end (trailing blank lines excluded). */
    start: number;
    end: number;
    text: string;
    level: number;
}
/**
 * The section under a heading titled `title` (any level, case-insensitive): from its heading
 * line to the next heading of the same or a higher level, without trailing blank lines.
 */
export declare function findSection(text: string, title: string): Section | undefined;
export declare const CORE_IDENTITY = "Core Identity";
export declare const ACTIVE_VALUES = "Active Values";
export declare const RECENT_GROWTH = "Recent Growth";
export declare const SOUL_LAYERS: readonly ["Core Identity", "Active Values", "Recent Growth"];
export interface LockOptions {
    /** Treat the whole "Core Identity" section as locked. */
    lockCoreIdentity: boolean;
}
export interface RestoreResult {
    text: string;
    /** What had to be put back, in words (empty when the model kept everything). */
    restored: string[];
}
/**
 * Puts the original's locked content back into a proposal, byte for byte: the Core Identity
 * section when it is locked, then every locked block (in place when the proposal kept the
 * markers, otherwise re-inserted under the heading it sat under, or at the end with that
 * heading when the proposal dropped the heading). Follow with `verifyLocked`.
 */
export declare function restoreLocked(original: string, proposal: string, opts: LockOptions): RestoreResult;
/**
 * The code check behind "locked sections come back byte-identical": the proposal's locked
 * blocks must equal the original's, in order, and (when configured) so must Core Identity.
 * Returns what is wrong; empty means safe.
 */
export declare function verifyLocked(original: string, proposal: string, opts: LockOptions): string[];
/**
 * The change budget's measure: the share of non-blank lines that differ, counted over both
 * versions — (lines removed + lines added) / (old lines + new lines), from a line diff that
 * ignores blank lines and trailing spaces. Replacing k of n lines gives k/n; adding k lines
 * to n gives k/(2n+k); an unchanged file 0; a complete rewrite 1.
 */
export declare function changedLineShare(oldText: string, newText: string): number;
/** Words as a reader counts them: markdown symbols and comment markers are not words. */
export declare function countWords(text: string): number;
/** Estimated tokens the text costs in a model's context (about 4 characters per token). */
export declare function estimateTokens(text: string): number;
export interface TruncateResult {
    text: string;
    truncated: boolean;
    words: number;
}
/**
 * Cuts text longer than `maxWords` at the end of the last complete sentence within the
 * limit (a ".", "!", "?" or "…" followed by space, or the end of a list item), never
 * before `keepUntil` (the end of the last locked block, which must survive). Headings left
 * without content at the end are dropped. Text within the limit comes back unchanged.
 */
export declare function truncateAtSentence(text: string, maxWords: number, keepUntil?: number): TruncateResult;
/** Offset just after the last locked block: truncation must not cut before it. */
export declare function lockedEnd(text: string): number;
/** Which of the three layer headings the text lacks (empty when all are there). */
export declare function missingLayers(text: string): string[];
/** Line endings and trailing space normalised, exactly one final newline. */
export declare function normalizeSoul(text: string): string;
/**
 * The change budget's measure for a SOUL that was mapped into the layers: the share of the
 * mapped SOUL's non-blank, non-heading lines that the new SOUL no longer has. What the model
 * added (into layers that were empty) is not counted: the person's text is all that existed.
 */
export declare function removedLineShare(oldText: string, newText: string): number;
/** A SOUL version as the floors see it: its text and whether a person wrote it. */
export interface VersionForFloor {
    number: number;
    content: string;
    /** True for versions a person made (their own SOUL.md, a save, a rollback they asked for). */
    byUser: boolean;
}
export interface RequiredLocked {
    text: string;
    /** Where it comes from: "SOUL.md" or "version N". */
    from: string;
}
/**
 * Locked text a proposal must keep: every locked block of SOUL.md and of every earlier version
 * back to (and including) the newest one a person made. A block the person removed by hand is
 * not required any more: their edit was recorded as a version of their own before reflection
 * read it, so the walk stops there.
 */
export declare function requiredLockedTexts(current: string | undefined, newestFirst: VersionForFloor[]): RequiredLocked[];
/** The required locked texts a proposal does not contain, byte for byte (inside a bigger block counts). */
export declare function droppedLocked(required: RequiredLocked[], proposal: string): RequiredLocked[];
/**
 * The shortest SOUL a run may write: `minWords`, or the current SOUL's own length when that is
 * shorter (a person's 50-word SOUL is not made to grow to 200 in one night, but may not shrink).
 */
export declare function wordFloor(minWords: number, currentWords: number | undefined): number;
