/**
 * `agent ask` conversations in the state database (.agent/state.db, tables `conversations`
 * and `conversation_messages` from schema.sql's state section). A plain repository: the ask
 * loop (src/jobs/ask) decides what to record. Every step is kept — the question, each tool
 * call and its result, the answer — so a conversation can be resumed, forked and audited.
 */
import type { DB } from "./open.js";
export type ConversationRole = "user" | "assistant" | "tool";
export type MessageKind = "question" | "tool-call" | "tool-result" | "answer";
export interface Conversation {
    id: string;
    createdAt: number;
    updatedAt: number;
    title: string;
    /** The conversation this one was forked from. */
    forkedFrom: string | null;
    messages: number;
}
export interface StoredMessage {
    seq: number;
    createdAt: number;
    role: ConversationRole;
    kind: MessageKind;
    content: string;
    /** Structured detail: tool name and args, citations, status... */
    data: Record<string, unknown>;
}
export interface NewMessage {
    createdAt: number;
    role: ConversationRole;
    kind: MessageKind;
    content: string;
    data?: Record<string, unknown>;
}
/** Conversation ids are printed and typed: letters, digits, ".", "_" and "-", up to 64. */
export declare function isValidConversationId(id: string): boolean;
export declare class ConversationStore {
    readonly db: DB;
    constructor(db: DB);
    create(c: {
        id: string;
        title: string;
        createdAt: number;
        forkedFrom?: string | null;
    }): Conversation;
    get(id: string): Conversation | undefined;
    /** Newest first. */
    list(limit?: number): Conversation[];
    messages(id: string): StoredMessage[];
    /** Appends a message and returns its sequence number (1, 2, 3... per conversation). */
    append(id: string, m: NewMessage): number;
    /** The highest sequence number in a conversation (0 when it has no messages). */
    lastSeq(id: string): number;
    /**
     * Undoes a question that failed (the model was unreachable, the run was cancelled): the
     * messages after `keepSeq` go, and a conversation left with no message at all goes too,
     * so a failed first question leaves nothing behind and a failed follow-up leaves the
     * conversation as it was. Returns the number of messages removed.
     */
    rollback(id: string, keepSeq: number): number;
    /** A new conversation `newId` holding a copy of `fromId`'s messages; the original is untouched. */
    fork(fromId: string, newId: string, now: number): Conversation;
}
