import type { SearchReport } from "./report.js";
import type { LoadedConfig } from "../workspace/config.js";
import { type ResolveOptions } from "../workspace/safe-read.js";
import { type BootItem } from "./boot.js";
import type { SearchOptions } from "./search.js";
/** What boot needs of the Engine (a structural type, so this module does not import it). */
export interface BootEngine {
    readonly workspace: string;
    readonly config: LoadedConfig;
    readonly now: () => number;
    search(query: string, opts?: SearchOptions & {
        refresh?: boolean;
    }): Promise<SearchReport>;
}
export interface BootOptions {
    /** Days of recent activity (today included). Default 7. */
    days?: number;
    /** Only items annotated `project:: ...` matching this (fuzzily). */
    project?: string;
    /** Items in all. Default 10. */
    limit?: number;
    /** Share of the items kept for recent activity. Default 0.3. */
    recentShare?: number;
    /** Default 400. */
    snippetChars?: number;
    /** Also return today's note verbatim. */
    includeDaily?: boolean;
    /** Turns per session block. Default 4. */
    turnsPerBlock?: number;
}
export interface BootResult {
    query: string;
    days: number;
    project: string | null;
    /** The recent window, YYYY-MM-DD inclusive. */
    from: string;
    to: string;
    items: BootItem[];
    counts: {
        history: number;
        session: number;
        daily: number;
    };
    /** Candidates each source offered before fusion. */
    offered: {
        history: number;
        session: number;
        daily: number;
    };
    /** Today's note verbatim, with includeDaily. */
    today?: {
        date: string;
        path: string;
        text: string | null;
    };
    warnings: string[];
}
export declare function bootContext(engine: BootEngine, query: string, opts?: BootOptions): Promise<BootResult>;
/** The lines of a result as text ("role: content" for transcripts), or null if unreadable. */
export declare function rangeText(workspace: string, rel: string, start: number, end: number, read: ResolveOptions): string | null;
