import { type SessionRole } from "../../workspace/sessions.js";
export declare const SESSION_ROLES: readonly SessionRole[];
export interface AppendSessionInput {
    workspace: string;
    session: string;
    /** A turn to record; omit with `compacted` to record only the marker. */
    turn?: {
        role: SessionRole;
        content: string;
        thread?: string;
    };
    /** Also record a {"type":"compaction"} marker (after the turn, if any). */
    compacted?: boolean;
    /** Injectable clock, ms since epoch: the timestamp written. */
    now?: () => number;
}
export interface AppendSessionResult {
    /** Workspace-relative path of the transcript. */
    file: string;
    ts: string;
    /** Lines appended. */
    lines: number;
    created: boolean;
}
export declare function appendSessionTurn(input: AppendSessionInput): AppendSessionResult;
