import { type ResolveOptions } from "./safe-read.js";
export declare function dailyRel(date: string): string;
/** `n` dates ending at `today`, newest first: lastDays("2026-11-21", 3) → 21, 20, 19. */
export declare function lastDays(today: string, n: number): string[];
export interface DailyDay {
    date: string;
    /** The note's text, or null when there is none (or it cannot be read safely). */
    text: string | null;
}
/** A day's note, or null when there is no readable note inside the workspace for it. */
export declare function readDailyNote(workspace: string, date: string, read: ResolveOptions): string | null;
export declare function readDailyNotes(workspace: string, dates: string[], read: ResolveOptions): DailyDay[];
export interface DailyFileInfo {
    date: string;
    path: string;
    exists: boolean;
    bytes: number;
}
export declare function dailyFileInfo(workspace: string, date: string, read: ResolveOptions): DailyFileInfo;
export interface AppendLimits {
    /** Largest single append, in UTF-8 bytes (index.maxAppendBytes). */
    maxAppendBytes: number;
    /** Largest note the indexer reads whole (index.maxFileBytes): an append may not push a note past it. */
    maxFileBytes: number;
}
/** An append refused before anything was written: the note is unchanged. */
export declare class AppendRefusedError extends Error {
    constructor(message: string);
}
/**
 * Why `text` may not go into a note, or null when it may: a control character other than
 * tab and newline (carriage returns are expected to be normalised away first), or a lone
 * UTF-16 surrogate, which has no UTF-8 form and would be written as a replacement character.
 */
export declare function appendTextProblem(text: string, what?: string): string | null;
/** `text` with the characters appendTextProblem refuses removed: for model output, which is cleaned rather than lost. */
export declare function cleanAppendText(text: string): string;
/** Bytes decoded as UTF-8, refused (not repaired) when they are not valid UTF-8. */
export declare function decodeAppendBytes(bytes: Uint8Array): string;
/**
 * Refuses an append of `entry` to the note `file` (shown as `rel`) that breaks a limit:
 * over maxAppendBytes in one go, or pushing the note past maxFileBytes, beyond which the
 * indexer stops reading and later entries of that day would not be searchable.
 */
export declare function checkDailyAppend(file: string, rel: string, entry: string, limits: AppendLimits, bodyBytes?: number): void;
export interface AppendDailyInput {
    workspace: string;
    /** The note; bytes must be valid UTF-8. */
    text: string | Uint8Array;
    now: number;
    timeZone?: string;
    /** Words after the time in the entry's heading ("## 09:14 — <title>"). */
    title?: string;
    /** index.maxAppendBytes and index.maxFileBytes from the caller's config. */
    limits: AppendLimits;
    /** Default appendVerified; tests wrap it. */
    append?: (file: string, text: string) => void;
}
export interface AppendDailyResult {
    /** Workspace-relative path of the note appended to. */
    path: string;
    date: string;
    /** Characters appended (heading included). */
    chars: number;
    created: boolean;
}
/**
 * Appends `text` to today's note under a timestamped heading, creating the note (with a
 * `# YYYY-MM-DD` title) when there is none. Only ever appends: the bytes already in the file
 * are verified unchanged afterwards. A note that is not a plain file (a symlink, a folder)
 * is refused, and so is text that would damage the note (control characters, invalid
 * UTF-8) or outgrow the limits (AppendRefusedError; nothing is written).
 */
export declare function appendDailyNote(input: AppendDailyInput): AppendDailyResult;
/** The daily note must be a plain file (a symlink could point an append at any other file). */
export declare function noteState(file: string): {
    exists: boolean;
    endsWithNewline: boolean;
};
