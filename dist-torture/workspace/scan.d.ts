export interface ScannedFile {
    rel: string;
    abs: string;
    size: number;
    mtimeMs: number;
}
export interface ScanResult {
    files: ScannedFile[];
    /** Paths that look indexable but were refused, with a message naming the file and why. */
    skipped: {
        rel: string;
        reason: string;
    }[];
}
/**
 * Lists the workspace's indexable files with their stat, cheaply (one readdir per folder,
 * one stat per file). Symlinks are followed only when they resolve inside the workspace,
 * so a link can never pull outside files into the agent's memory.
 */
export declare function scanWorkspace(workspace: string, opts: {
    allowHardLinks: boolean;
}): ScanResult;
