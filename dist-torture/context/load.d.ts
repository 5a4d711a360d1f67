import { type AssembledContext, type AssembleOptions, type ContextFiles } from "./assemble.js";
export interface LoadContextOptions {
    /** The instant that decides "today"; ms since epoch. */
    now: number;
    /** Zone of "today" (default: this machine's). */
    timeZone?: string;
}
export interface LoadedContextFiles extends ContextFiles {
    /** Files that exist but could not be read, with the reason; they count as missing. */
    problems: string[];
}
export declare function loadContextFiles(workspace: string, opts: LoadContextOptions): LoadedContextFiles;
/** Loads and assembles in one call; markers name files by their absolute path. */
export declare function buildContext(workspace: string, opts: LoadContextOptions & Omit<AssembleOptions, "root">): AssembledContext & {
    problems: string[];
};
