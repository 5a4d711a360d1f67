export declare class PathRefusedError extends Error {
    readonly requested: string;
    constructor(requested: string, reason: string);
}
/**
 * One answer for "does not exist", "is an engine file" and "leads outside": telling them
 * apart would let a caller probe which files exist under .agent/ or outside the workspace.
 */
export declare const NOT_READABLE = "no such file in the workspace, or not one that can be read here (only regular files inside the workspace, outside .agent/)";
export interface WorkspaceFile {
    /** Real absolute path (symlinks resolved). */
    abs: string;
    /** Workspace-relative path with forward slashes (of the real file). */
    rel: string;
    size: number;
    /** Device and inode, so an opened descriptor can be checked to be this very file. */
    dev: number;
    ino: number;
}
export interface ResolveOptions {
    /** Serve regular files with more than one hard link (index.allowHardLinks, from the caller's config). */
    allowHardLinks: boolean;
}
/** Largest file `readLines` reads whole. */
export declare const MAX_READ_BYTES: number;
/**
 * Resolves `requested` (workspace-relative, or absolute inside the workspace) to a regular
 * file inside the workspace, or throws PathRefusedError: `..`, outside the workspace, an
 * engine file, missing, or a file with several hard links (one of which may live outside,
 * so its content would leak). Missing, engine and through-a-link-outside files get the same
 * message (NOT_READABLE), so the answer never tells whether such a file exists.
 */
export declare function resolveWorkspaceFile(workspace: string, requested: string, opts: ResolveOptions): WorkspaceFile;
export interface LineRange {
    rel: string;
    /** 1-based first line returned. */
    from: number;
    /** Last line returned (from - 1 when nothing was). */
    to: number;
    totalLines: number;
    lines: string[];
}
/**
 * Lines [from, from + count) of a workspace file (1-based). `from` past the end returns no
 * lines; a binary file (NUL bytes) is refused.
 */
export declare function readLines(workspace: string, requested: string, from: number | undefined, count: number, opts: ResolveOptions): LineRange;
/** "  12| text" lines, so a reader can cite line numbers. */
export declare function numberLines(r: LineRange): string;
