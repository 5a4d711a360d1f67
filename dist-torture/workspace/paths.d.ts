export declare class WorkspaceError extends Error {
    constructor(message: string);
}
/**
 * Which workspace a command works on: `--workspace`, else `AGENT_WORKSPACE`, else the
 * nearest folder upward from cwd that holds a workspace marker.
 */
export declare function resolveWorkspace(opts?: {
    flag?: string;
    env?: string;
    cwd?: string;
}): string;
/** The engine's private folder inside a workspace (index, caches, locks); safe to delete. */
export declare function agentDir(workspace: string): string;
/** Where SOUL.md's compare-and-swap keeps its temporary and parked copies (never beside SOUL.md). */
export declare function swapDir(workspace: string): string;
export declare function indexDbPath(workspace: string): string;
/** The engine's own, non-derived state (SOUL versions, runs, memories): back it up. */
export declare function stateDbPath(workspace: string): string;
export declare function configPath(workspace: string): string;
/** Workspace-relative path with forward slashes, as stored in the index and printed. */
export declare function toRel(workspace: string, abs: string): string;
/** True when `abs` is the workspace itself or inside it (after resolution). */
export declare function isInside(workspace: string, abs: string): boolean;
