/**
 * What an assistant asks of the engine: the system prompt (context), brain boot, reading and
 * appending notes, logging a turn. One implementation, so `agent context` and the MCP
 * `context` tool cannot drift apart, and a privacy scope that every front applies the same.
 */
import { type SessionType } from "../context/assemble.js";
import { type WorkspaceAudit } from "../context/audit.js";
import { type EvolvedContext } from "../jobs/evolve/context.js";
import type { AskResult } from "../jobs/ask/loop.js";
import type { Conversation } from "../store/conversations.js";
import { type AppendSessionInput, type AppendSessionResult } from "../jobs/reflect/session-log.js";
import { type BootOptions, type BootResult } from "../search/boot-sources.js";
import { type AppendDailyResult, type DailyDay, type DailyFileInfo } from "../workspace/daily.js";
import { type LineRange } from "../workspace/safe-read.js";
import type { EngineCore } from "./core.js";
export interface ContextRequest {
    session?: SessionType;
    /** A task or question: adds the notes and memories most relevant to it. */
    query?: string;
    /** Total characters (default context.totalChars). */
    budget?: number;
    /** Characters per file (default context.perFileChars). */
    perFile?: number;
}
export interface ContextAnswer {
    workspace: string;
    session: SessionType;
    text: string;
    chars: number;
    report: EvolvedContext["report"];
    audit: WorkspaceAudit;
    /** Files that exist but could not be read, or state that could not be used. */
    problems: string[];
    experience: {
        identity: EvolvedContext["experience"]["identity"];
        relevance: EvolvedContext["experience"]["relevance"];
        memories: {
            id: number;
            type: string;
            score: number;
            relevance: number;
            shown: boolean;
        }[];
        recalled: number[];
    };
    warnings: string[];
}
/**
 * The system prompt for a session type. Group and isolated sessions never get private files
 * (MEMORY.md, USER.md, daily notes, transcripts) nor private search hits. When state.db
 * cannot be read, the prompt is still built from the markdown, with a warning: an assistant
 * must never be left without its system prompt.
 */
export declare function context(engine: EngineCore, req: ContextRequest): Promise<ContextAnswer>;
/** Only what a session of this type may see. */
export declare function scopeHits<T extends {
    path: string;
}>(hits: readonly T[], session: SessionType): T[];
export interface BootRequest extends BootOptions {
    session?: SessionType;
}
/** Brain boot; group and isolated sessions get no private items and no daily note. */
export declare function boot(engine: EngineCore, query: string, req?: BootRequest): Promise<BootResult>;
export interface ReadRequest {
    from?: number;
    lines?: number;
    session?: SessionType;
}
/** Lines of a workspace file (never outside it, never .agent/); private files only for main sessions. */
export declare function readFile(engine: EngineCore, rel: string, req?: ReadRequest): LineRange;
export declare class PrivateFileError extends Error {
    constructor(rel: string);
}
/** Appends to today's daily note (checked, verified, within the size limits). */
export declare function appendNote(engine: EngineCore, text: string | Uint8Array, title?: string): AppendDailyResult;
/** Appends a turn (or a compaction mark) to a session transcript. */
export declare function logTurn(engine: EngineCore, input: Omit<AppendSessionInput, "workspace">): AppendSessionResult;
/** Today's date in the context zone. */
export declare function today(engine: EngineCore): string;
export declare function dailyNotes(engine: EngineCore, days: number): DailyDay[];
export declare function dailyFiles(engine: EngineCore, days: number): DailyFileInfo[];
export interface AskRequest {
    /** Continue this conversation. */
    session?: string;
    /** With session: continue in a copy under a new id. */
    fork?: boolean;
    /** Search only within this project (project:: annotations). */
    project?: string;
    maxToolCalls?: number;
    signal?: AbortSignal;
}
/** `agent ask`: the local model answers from the notes with citations; the conversation is kept. */
export declare function ask(engine: EngineCore, question: string, req?: AskRequest): Promise<AskResult>;
/** Conversations of `agent ask`, newest first. */
export declare function conversations(engine: EngineCore, limit?: number): Conversation[];
