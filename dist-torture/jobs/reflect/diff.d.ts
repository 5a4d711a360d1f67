/**
 * A small line diff (Myers' O(ND) algorithm) and unified-diff output, for `agent reflect
 * --dry-run`, `agent soul diff` and the change budget. Pure: strings in, strings out.
 */
export type DiffOpKind = "equal" | "delete" | "insert";
export interface DiffOp {
    kind: DiffOpKind;
    line: string;
    /** 0-based index in the old lines (equal, delete). */
    a?: number;
    /** 0-based index in the new lines (equal, insert). */
    b?: number;
}
/** The shortest edit script turning `a` into `b`, as a list of line operations in order. */
export declare function diffLines(a: readonly string[], b: readonly string[]): DiffOp[];
export interface UnifiedDiffOptions {
    fromFile?: string;
    toFile?: string;
    /** Unchanged lines shown around each change (default 3). */
    context?: number;
}
export interface DiffStats {
    added: number;
    removed: number;
}
export declare function diffStats(oldText: string, newText: string): DiffStats;
/**
 * A unified diff (`diff -u` / `git diff` style) of two texts; "" when they are identical.
 * A last line without a newline is marked "\ No newline at end of file", as diff does.
 */
export declare function unifiedDiff(oldText: string, newText: string, opts?: UnifiedDiffOptions): string;
