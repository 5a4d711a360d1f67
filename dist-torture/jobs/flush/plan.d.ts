import type { CompletionRequest } from "../../llm/types.js";
import { type SessionTurn } from "../../workspace/sessions.js";
import { type FlushConfig } from "./config.js";
export declare const NO_REPLY = "NO_REPLY";
export interface CycleView {
    session: string;
    /** Names the current cycle: "<compaction markers>:<ts of the latest>" ("0:" before the first). */
    cycleKey: string;
    compactions: number;
    lastCompactionTs: string | null;
    /** Turns after the latest compaction marker. */
    turns: SessionTurn[];
    /** Estimated tokens of those turns. */
    tokens: number;
    /** UTF-8 bytes of the transcript after the latest marker. */
    bytes: number;
    problems: {
        line: number;
        reason: string;
    }[];
}
export declare function currentCycle(session: string, text: string): CycleView;
export interface FlushDecision {
    due: boolean;
    /** Why (not) — said in words for `agent flush` and the job log. */
    reason: string;
    thresholdTokens: number;
    maxBytes: number;
    /** True when this cycle was already flushed. */
    alreadyFlushed: boolean;
}
export declare function decideFlush(view: CycleView, cfg: Pick<FlushConfig, "contextWindow" | "reserveTokensFloor" | "softThresholdTokens" | "maxBytes">, flushedCycleKey: string | undefined, force?: boolean): FlushDecision;
export interface FlushPromptInput {
    session: string;
    turns: SessionTurn[];
    /** "YYYY-MM-DD" of the note the reply goes to. */
    today: string;
    /** The end of today's note, so the model does not repeat what is already written. */
    dailyNoteTail?: string;
    maxTranscriptChars: number;
    /** Formats a turn's timestamp (local "HH:MM"); defaults to the raw ts. */
    stamp?: (ts: string) => string;
}
/** The newest messages that fit in `maxChars`, oldest first, with a note of how many were left out. */
export declare function cutTurns(turns: SessionTurn[], maxChars: number, stamp?: (ts: string) => string): {
    text: string;
    shown: number;
};
export declare function buildFlushPrompt(input: FlushPromptInput): Pick<CompletionRequest, "system" | "messages">;
export type FlushReply = {
    kind: "none";
} | {
    kind: "notes";
    notes: string;
};
/**
 * NO_REPLY (alone, or at the start or end with a few words of slack, in any markdown
 * wrapping) means nothing to write. Anything else is notes, with stray NO_REPLY lines and a
 * wrapping code fence removed.
 */
export declare function parseFlushReply(text: string): FlushReply;
export interface FlushEntryInput {
    notes: string;
    /** "YYYY-MM-DD", used as the title when the note is new. */
    date: string;
    /** Local "HH:MM" for the heading. */
    time: string;
    session: string;
    /** Whether the daily note exists, and whether its last byte is a newline. */
    fileExists: boolean;
    endsWithNewline: boolean;
}
/** The exact text a flush appends: a timestamped heading, then the notes. */
export declare function formatFlushEntry(e: FlushEntryInput): string;
