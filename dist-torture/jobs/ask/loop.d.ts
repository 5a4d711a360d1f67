import type { ChatMessage, LLMProvider } from "../../llm/types.js";
import type { ConversationStore, StoredMessage } from "../../store/conversations.js";
import { type AskToolName, type Citation } from "./protocol.js";
export interface AskToolOutcome {
    /** What the model sees. */
    text: string;
    /** Files and lines the result showed (what may be cited). */
    sources: Citation[];
    /** For search: true when nothing relevant was found. */
    empty?: boolean;
}
export interface AskTool {
    name: AskToolName;
    run(args: Record<string, unknown>): Promise<AskToolOutcome>;
}
export interface AskBudget {
    maxToolCalls: number;
    maxTokens: number;
    maxEmptySearches: number;
}
export declare const DEFAULT_ASK_BUDGET: AskBudget;
export interface RunAskInput {
    question: string;
    provider: LLMProvider;
    tools: AskTool[];
    /** Where conversations persist; without one the run is not recorded. */
    store?: ConversationStore;
    /** Resume this conversation. */
    session?: string;
    /** With `session`: continue in a copy under a new id, leaving the original as it was. */
    fork?: boolean;
    budget?: Partial<AskBudget>;
    now?: () => number;
    /** "YYYY-MM-DD" the model is told is today. */
    today: string;
    /** Tokens per model reply. Default 512. */
    replyTokens?: number;
    temperature?: number;
    /** Characters of one tool result shown to the model. Default 2000. */
    resultChars?: number;
    /** Earlier exchanges replayed on resume. Default 6. */
    historyTurns?: number;
    signal?: AbortSignal;
    /** New conversation ids; default "ask-YYYYMMDD-xxxxxx". */
    newId?: () => string;
}
export type AskStatus = "answered" | "not-found" | "budget";
export interface AskToolCall {
    tool: string;
    args: Record<string, unknown>;
    ok: boolean;
    empty?: boolean;
    /** First line of the result (or the error). */
    summary: string;
}
export interface AskResult {
    conversationId: string;
    forkedFrom?: string;
    resumed: boolean;
    question: string;
    answer: string;
    citations: Citation[];
    status: AskStatus;
    toolCalls: AskToolCall[];
    /** Search queries, in order. */
    queries: string[];
    /** Tokens spent (reported or estimated). */
    tokens: number;
    modelCalls: number;
    model: string;
    warnings: string[];
}
export declare function runAsk(input: RunAskInput): Promise<AskResult>;
/** Earlier questions and answers (the last `turns` exchanges), as chat messages. */
export declare function replayHistory(earlier: StoredMessage[], turns: number): ChatMessage[];
