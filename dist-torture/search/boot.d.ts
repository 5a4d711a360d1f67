export type BootOrigin = "history" | "session" | "daily";
export interface BootCandidate {
    path: string;
    startLine: number;
    endLine: number;
    /** "memory" or "sessions". */
    source: string;
    kind: string;
    heading: string;
    date: string | null;
    /** The text the snippet is cut from. */
    text: string;
    /** The search score (history only). */
    score?: number | null;
    annotations?: Record<string, string[]>;
}
export interface BootItem {
    path: string;
    startLine: number;
    endLine: number;
    source: string;
    kind: string;
    heading: string;
    date: string | null;
    snippet: string;
    /** The source whose slot it fills. */
    origin: BootOrigin;
    /** Other sources that found the same lines. */
    alsoFrom: BootOrigin[];
    score: number | null;
    annotations?: Record<string, string[]>;
}
export interface BootSources {
    history: BootCandidate[];
    session: BootCandidate[];
    daily: BootCandidate[];
}
export interface FuseBootOptions {
    limit: number;
    /** Share of `limit` kept for recent activity (session + daily) when there is any. Default 0.3. */
    recentShare?: number;
    /** Snippet length; cut at sentence boundaries. Default 400. */
    snippetChars?: number;
    /** Query terms the snippet centres on. */
    terms?: string[];
}
export interface FusedBoot {
    items: BootItem[];
    /** Slots that went to recent activity, and to history. */
    recentSlots: number;
    historySlots: number;
    /** Candidates folded into another item (duplicates and overlaps); empty ones are not counted. */
    merged: number;
}
export declare const DEFAULT_RECENT_SHARE = 0.3;
export declare const DEFAULT_BOOT_SNIPPET_CHARS = 400;
/** The composite identity of a candidate: source, path and line range. */
export declare function bootKey(c: {
    source: string;
    path: string;
    startLine: number;
    endLine: number;
}): string;
/** [a0, b0, a1, b1, ...]: two ranked lists share the recent slots evenly. */
export declare function interleave<T>(a: T[], b: T[]): T[];
export declare function fuseBoot(sources: BootSources, opts: FuseBootOptions): FusedBoot;
/**
 * Orders recent candidates: those sharing a word with the question first, then newest
 * first (by `at`, then by the order given). Pure; used for session turns and daily notes.
 */
export declare function rankRecent<T extends {
    text: string;
    heading: string;
}>(items: {
    item: T;
    at: string;
}[], terms: string[]): T[];
