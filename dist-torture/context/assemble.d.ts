/**
 * Context assembly: the system prompt an assistant injects at the start of a session.
 * Pure — file contents and search results come in as data, the prompt and a report of what
 * was included, cut, missing or withheld come out — so it can be tested without a disk and
 * reused by the CLI, the heartbeat and anything else.
 *
 * Order is fixed: AGENTS, SOUL, TOOLS, IDENTITY, USER, HEARTBEAT, MEMORY, today's note,
 * yesterday's note, then search results. Budgets: each file is cut to `perFileChars`, and
 * the whole text never exceeds `totalChars`; what does not fit is cut or left out from the
 * end of that order, always visibly: a cut file ends (or, for a daily note, starts) with a
 * [TRUNCATED ...] marker naming the file to read for the rest, and one last [OMITTED ...]
 * line names the files left out entirely (room for it is kept in reserve).
 * Long files keep their beginning, except daily notes, which keep their end (they are
 * append-only, so the newest entries are at the bottom).
 *
 * Privacy: only `main` sessions (the person's own, one-to-one) see MEMORY.md, USER.md, daily
 * notes and search results from private files; `group` and `isolated` sessions never do,
 * and the text does not even mention those files.
 */
import { BOOTSTRAP_FILES } from "../workspace/kinds.js";
export type SessionType = "main" | "group" | "isolated";
export declare const SESSION_TYPES: readonly SessionType[];
export type BootstrapFile = (typeof BOOTSTRAP_FILES)[number];
/**
 * Whether a workspace-relative path is private to main sessions: MEMORY.md, USER.md, the
 * daily notes, transcripts and reflections (which are made from transcripts).
 */
export declare function isPrivatePath(rel: string): boolean;
/** One search result, as the caller got it from `engine.search` (only these fields are used). */
export interface MemoryHit {
    path: string;
    startLine: number;
    endLine: number;
    heading?: string;
    date?: string | null;
    snippet: string;
}
export interface DailyNote {
    /** "YYYY-MM-DD". */
    date: string;
    label: "today" | "yesterday";
    /** The note's text, or null when there is no note for that day. */
    text: string | null;
}
export interface ContextFiles {
    /** Each bootstrap file's text, or null (or absent) when the file does not exist. */
    bootstrap: Partial<Record<BootstrapFile, string | null>>;
    /** Today's and yesterday's notes, in that order. */
    daily: DailyNote[];
}
export interface AssembleOptions {
    session: SessionType;
    perFileChars: number;
    totalChars: number;
    /** The task or query the memories were searched for (shown in their heading). */
    query?: string;
    /** Search results, best first; the caller runs the search. */
    memories?: MemoryHit[];
    /** Folder prefixed to paths in markers (the workspace), so the model can open the file. */
    root?: string;
    /**
     * From the evolution system (issue #6): the latest personality snapshot's narrative, shown
     * as "## Who you are now" right after SOUL.md; and memories ranked for the query, shown as
     * "## Memories" after the daily notes (before search results). Items marked private are
     * withheld from group and isolated sessions.
     */
    identity?: {
        text: string;
        private: boolean;
    };
    experience?: {
        legend: string;
        memories: ExperienceItem[];
    };
}
/** One memory line for the "## Memories" section (formatted by the caller). */
export interface ExperienceItem {
    id: number;
    line: string;
    private: boolean;
}
export type EntryStatus = "included" | "truncated" | "missing" | "omitted" | "withheld";
export interface ContextEntry {
    /** Workspace-relative path ("AGENTS.md", "memory/2026-11-21.md"), or "search" for the results. */
    path: string;
    status: EntryStatus;
    /** Characters of the file's text that made it into the prompt, and the file's length. */
    shownChars: number;
    totalChars: number;
    /** Why it was cut, left out or withheld. */
    reason?: string;
}
export interface ContextReport {
    session: SessionType;
    budget: {
        perFileChars: number;
        totalChars: number;
    };
    entries: ContextEntry[];
    included: string[];
    truncated: string[];
    missing: string[];
    omitted: string[];
    withheld: string[];
    memories: {
        given: number;
        shown: number;
        withheld: number;
        duplicate: number;
    };
    /** Issue #6: whether the identity narrative went in, and which memories were shown (their ids). */
    experience: {
        identity: "none" | "included" | "truncated" | "withheld" | "omitted";
        given: number;
        shown: number;
        withheld: number;
        shownIds: number[];
    };
}
export interface AssembledContext {
    text: string;
    chars: number;
    report: ContextReport;
}
export declare function assembleContext(files: ContextFiles, opts: AssembleOptions): AssembledContext;
/**
 * Cuts `body` so that the cut text plus its marker is at most `max` characters, at a line
 * end where one is near, never inside a surrogate pair.
 */
export declare function truncate(body: string, max: number, keep: "head" | "tail", rel: string, where: string): {
    text: string;
    shown: number;
};
