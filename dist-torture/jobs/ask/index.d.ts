/**
 * `agent ask`: the local model answers a question about the person's past by calling the
 * engine's own tools, with citations; conversations persist in the state database.
 * `askQuestion` wires the loop (loop.ts) to what its host hands it — the search and boot
 * functions, the `ask` config and the state database — so this module never opens an
 * engine, a database or the config itself.
 */
import type { LLMProvider } from "../../llm/types.js";
import { type Conversation } from "../../store/conversations.js";
import type { DB } from "../../store/open.js";
import type { AskConfig } from "./config.js";
import { type AskBudget, type AskResult } from "./loop.js";
import { type AskBoot, type AskSearch } from "./tools.js";
export interface AskQuestionInput {
    workspace: string;
    /** The state database (conversations); owned by the caller. */
    db: DB;
    /** The `ask` section. */
    config: AskConfig;
    /** Zone of "today" (context.timeZone). */
    timeZone?: string;
    now: () => number;
    /** The engine's search (hybrid, the workspace's search config). */
    search: AskSearch;
    /** The engine's brain boot. */
    boot: AskBoot;
    /** Serve files with several hard links (index.allowHardLinks). */
    allowHardLinks: boolean;
    provider: LLMProvider;
    question: string;
    /** Resume this conversation. */
    session?: string;
    /** With session: continue in a copy under a new id. */
    fork?: boolean;
    /** Overrides of the `ask` config's budget. */
    budget?: Partial<AskBudget>;
    /** Only search and boot within this project (annotation filter). */
    project?: string;
    signal?: AbortSignal;
    /** New conversation ids (tests). */
    newId?: () => string;
}
export declare function askQuestion(input: AskQuestionInput): Promise<AskResult>;
/** Conversations, newest first (for `agent ask --list`). */
export declare function listConversations(db: DB, limit?: number): Conversation[];
export { runAsk, replayHistory, DEFAULT_ASK_BUDGET } from "./loop.js";
export type { AskBudget, AskResult, AskStatus, AskTool, AskToolCall, AskToolOutcome, RunAskInput } from "./loop.js";
export { engineAskTools } from "./tools.js";
export type { AskToolsOptions, AskSearch, AskBoot } from "./tools.js";
export { AskConfigSchema } from "./config.js";
export type { AskConfig, AskConfigInput } from "./config.js";
export { ASK_TOOL_NAMES, ASK_TOOL_SPECS, ASK_ANSWER_SCHEMA, askReplySchema, buildAskSystemPrompt, parseAskReply, parseCitations, extractJsonObject, formatToolResult, notFoundAnswer, } from "./protocol.js";
export type { AskToolName, AskToolSpec, Citation, ParsedAskReply } from "./protocol.js";
