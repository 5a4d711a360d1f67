/**
 * Session transcripts: `sessions/<id>.jsonl`, one JSON object per line:
 *   {"role":"user"|"assistant"|"system"|"tool", "content":"...", "ts":"2026-11-21T09:14:03.120Z",
 *    "thread":"optional thread or channel name"}
 * plus marker lines the engine understands:
 *   {"type":"compaction","ts":"..."}   the assistant compacted its context here
 * Unknown fields are kept and ignored. A line that is not valid JSON is reported, never fatal.
 */
export type SessionRole = "user" | "assistant" | "system" | "tool";
export interface SessionTurn {
    role: SessionRole;
    content: string;
    /** ISO-8601 timestamp. */
    ts: string;
    thread?: string;
    /** 1-based line number in the .jsonl file. */
    line: number;
}
export interface SessionMarker {
    type: "compaction";
    ts: string;
    line: number;
}
export interface ParsedSession {
    id: string;
    turns: SessionTurn[];
    markers: SessionMarker[];
    /** Lines that could not be read, with the reason; the rest of the file still counts. */
    problems: {
        line: number;
        reason: string;
    }[];
}
export declare function parseSessionText(id: string, text: string): ParsedSession;
/** One transcript line for `agent log`; the inverse of parseSessionText for a turn. */
export declare function formatSessionTurn(turn: {
    role: SessionRole;
    content: string;
    ts: string;
    thread?: string;
}): string;
/** Session ids become file names, so they are restricted to a safe alphabet. */
export declare function isValidSessionId(id: string): boolean;
