export interface WorkspaceAudit {
    present: string[];
    /** Bootstrap files and folders that are not there. */
    missing: string[];
    /** One line per finding, saying what to do. */
    messages: string[];
}
export declare function auditWorkspace(workspace: string): WorkspaceAudit;
