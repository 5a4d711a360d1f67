/**
 * The tools the ask model may call, each a thin call into what the host hands in: search
 * (the engine's search), get (a line range of a workspace file, path-checked), boot (brain
 * boot) and daily (one day's note). There is deliberately no `ask` tool.
 */
import type { BootOptions, BootResult } from "../../search/boot-sources.js";
import type { SearchOptions, SearchResponse } from "../../search/search.js";
import type { AskConfig } from "./config.js";
import type { AskTool } from "./loop.js";
/** A search over the workspace's index, as the engine runs it. */
export type AskSearch = (query: string, opts: SearchOptions) => Promise<SearchResponse>;
/** Brain boot over the workspace, as the engine runs it. */
export type AskBoot = (query: string, opts: BootOptions) => Promise<BootResult>;
export interface AskToolsOptions {
    workspace: string;
    now: () => number;
    search: AskSearch;
    boot: AskBoot;
    config: AskConfig;
    /** Zone of "today" and "yesterday" (context.timeZone). */
    timeZone?: string;
    /** Serve files with several hard links (index.allowHardLinks). */
    allowHardLinks: boolean;
    /** Restrict every search and boot to one project (annotation filter). */
    project?: string;
}
export declare function engineAskTools(opts: AskToolsOptions): AskTool[];
