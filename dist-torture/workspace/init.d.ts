/** workspace-template/ ships beside src/ and dist/ at the package root. */
export declare function templateDir(): string;
export interface InitResult {
    workspace: string;
    created: string[];
    /** Files that already existed and were left exactly as they were. */
    kept: string[];
}
/**
 * Creates a workspace from the template. Never overwrites: every file is created with an
 * exclusive open, so even a file that appears between our check and our write survives.
 */
export declare function initWorkspace(target: string, template?: string): InitResult;
