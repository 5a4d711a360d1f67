/**
 * Heartbeat, pure part: is there anything to check (HEARTBEAT.md), is now inside the active
 * hours, when is the next heartbeat due, the prompt, and whether a reply means "all quiet".
 */
import type { CompletionRequest } from "../../llm/types.js";
import type { ActiveHours } from "./config.js";
export declare const HEARTBEAT_OK = "HEARTBEAT_OK";
/**
 * True when HEARTBEAT.md gives the model nothing to do: missing, or only headings, blank
 * lines, empty list items / checkboxes ("- [ ]"), HTML comments and horizontal rules. Then
 * the heartbeat skips the model call entirely.
 */
export declare function isHeartbeatEmpty(text: string | null | undefined): boolean;
/**
 * True when a heartbeat reply means "nothing needs attention": HEARTBEAT_OK at the start or
 * the end (markdown emphasis and punctuation around it allowed), with at most `maxRemainder`
 * characters of anything else.
 */
export declare function isOkReply(text: string, maxRemainder?: number): boolean;
/**
 * Whether the wall clock in `timeZone` at `ms` is inside the window [start, end). A window
 * whose end is before its start crosses midnight (22:00–06:00 is active at 23:30 and 05:59);
 * start equal to end is active all day.
 */
export declare function isWithinActiveHours(ms: number, hours: ActiveHours, timeZone?: string): boolean;
/** `ms` itself when inside the active hours, else the next time the window opens, computed forward from `ms`. */
export declare function nextActiveStart(ms: number, hours: ActiveHours, timeZone?: string): number;
export interface HeartbeatDue {
    due: boolean;
    /** When it is (or was) due. */
    at: number;
    reason: string;
}
/**
 * When the next heartbeat is due: `interval` after the last one, pushed forward to the next
 * opening of the active hours when that falls outside them. No last heartbeat: now.
 */
export declare function heartbeatDueAt(now: number, lastStartedAt: number | undefined, intervalMs: number, hours: ActiveHours, timeZone?: string): HeartbeatDue;
export interface HeartbeatPromptInput {
    /** The assembled workspace context (main session), which holds HEARTBEAT.md. */
    context: string;
    now: number;
    timeZone?: string;
}
export declare function buildHeartbeatPrompt(input: HeartbeatPromptInput): Pick<CompletionRequest, "system" | "messages">;
/** First line of an alert, without markdown heading marks, as its title. */
export declare function alertTitle(reply: string, max?: number): string;
