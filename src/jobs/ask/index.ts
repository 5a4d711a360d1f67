/**
 * `agent ask`: the local model answers a question about the person's past by calling the
 * engine's own tools, with citations; conversations persist in the state database.
 * `askQuestion` wires the loop (loop.ts) to what its host hands it — the search and boot
 * functions, the `ask` config and the state database — so this module never opens an
 * engine, a database or the config itself.
 */
import type { LLMProvider } from "../../llm/types.js";
import { ConversationStore, type Conversation } from "../../store/conversations.js";
import type { DB } from "../../store/open.js";
import { zonedDate } from "../../workspace/time.js";
import type { AskConfig } from "./config.js";
import { runAsk, type AskBudget, type AskResult } from "./loop.js";
import { engineAskTools, type AskBoot, type AskSearch } from "./tools.js";

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

export async function askQuestion(input: AskQuestionInput): Promise<AskResult> {
  const cfg = input.config;
  return runAsk({
    question: input.question,
    provider: input.provider,
    tools: engineAskTools({
      workspace: input.workspace,
      now: input.now,
      search: input.search,
      boot: input.boot,
      config: cfg,
      ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
      allowHardLinks: input.allowHardLinks,
      ...(input.project ? { project: input.project } : {}),
    }),
    store: new ConversationStore(input.db),
    ...(input.session !== undefined ? { session: input.session } : {}),
    ...(input.fork ? { fork: true } : {}),
    budget: { maxToolCalls: cfg.maxToolCalls, maxTokens: cfg.maxTokens, maxEmptySearches: cfg.maxEmptySearches, ...input.budget },
    now: input.now,
    today: zonedDate(input.now(), input.timeZone),
    replyTokens: cfg.replyTokens,
    temperature: cfg.temperature,
    resultChars: cfg.resultChars,
    historyTurns: cfg.historyTurns,
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.newId ? { newId: input.newId } : {}),
  });
}

/** Conversations, newest first (for `agent ask --list`). */
export function listConversations(db: DB, limit = 20): Conversation[] {
  return new ConversationStore(db).list(limit);
}

export { runAsk, replayHistory, DEFAULT_ASK_BUDGET } from "./loop.js";
export type { AskBudget, AskResult, AskStatus, AskTool, AskToolCall, AskToolOutcome, RunAskInput } from "./loop.js";
export { engineAskTools } from "./tools.js";
export type { AskToolsOptions, AskSearch, AskBoot } from "./tools.js";
export { AskConfigSchema } from "./config.js";
export type { AskConfig, AskConfigInput } from "./config.js";
export {
  ASK_TOOL_NAMES,
  ASK_TOOL_SPECS,
  ASK_ANSWER_SCHEMA,
  askReplySchema,
  buildAskSystemPrompt,
  parseAskReply,
  parseCitations,
  extractJsonObject,
  formatToolResult,
  notFoundAnswer,
} from "./protocol.js";
export type { AskToolName, AskToolSpec, Citation, ParsedAskReply } from "./protocol.js";
