import { type SessionRole } from "../../workspace/sessions.js";
export interface GatheredMessage {
    session: string;
    thread?: string;
    role: SessionRole;
    content: string;
    /** ms since epoch (the turn's ts, or the file's mtime when the turn has none). */
    at: number;
}
export interface GatheredSession {
    id: string;
    /** User and assistant messages inside the window (system and tool turns are not counted). */
    messageCount: number;
    messages: GatheredMessage[];
}
export interface GatherResult {
    since: number;
    until: number;
    /** Every session with at least one message in the window, oldest first. */
    sessions: GatheredSession[];
    /** Those with at least `minMessagesPerSession` messages: the ones reflected on. */
    qualified: GatheredSession[];
    /** Lines that could not be read, per file, so a damaged transcript is visible. */
    problems: string[];
}
export interface GatherOptions {
    since: number;
    until: number;
    minMessagesPerSession: number;
}
/** Reads `sessions/*.jsonl` and keeps the user/assistant turns with since <= time <= until. */
export declare function gatherSessions(workspace: string, opts: GatherOptions): GatherResult;
export interface CutOptions {
    maxMessages: number;
    maxMessageChars: number;
}
export interface CutTranscript {
    text: string;
    /** Messages shown, and messages in the qualifying sessions altogether. */
    shown: number;
    total: number;
}
/**
 * Fits the sessions into a prompt: the newest `maxMessages` messages across all sessions
 * are kept (older ones dropped first), each cut to `maxMessageChars`, then printed grouped
 * by session and thread, oldest first inside each group.
 */
export declare function cutTranscript(sessions: GatheredSession[], opts: CutOptions): CutTranscript;
/** One line, at most `max` characters, "…" marking a cut. */
export declare function clip(text: string, max: number): string;
