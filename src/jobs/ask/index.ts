/**
 * `agent ask` (issue #7): the local model answers a question about the person's past by
 * calling the engine's own tools, with citations; conversations persist in the state
 * database. `askQuestion` wires the loop (loop.ts) to an Engine, the workspace's `ask`
 * config and the state database; the CLI and the MCP `ask` tool both call it.
 */
import { contextConfig } from "../../context/config.js";
import type { LLMProvider } from "../../llm/types.js";
import type { BootEngine } from "../../search/boot-sources.js";
import { ConversationStore, type Conversation } from "../../store/conversations.js";
import { openStateDb } from "../../store/state.js";
import { stateDbPath } from "../../workspace/paths.js";
import { zonedDate } from "../../workspace/time.js";
import { askConfig } from "./config.js";
import { runAsk, type AskBudget, type AskResult } from "./loop.js";
import { engineAskTools } from "./tools.js";

export interface AskQuestionInput {
  engine: BootEngine;
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
  const cfg = askConfig(input.engine.config);
  const tz = contextConfig(input.engine.config).timeZone;
  const db = openStateDb(stateDbPath(input.engine.workspace));
  try {
    return await runAsk({
      question: input.question,
      provider: input.provider,
      tools: engineAskTools(input.engine, { config: cfg, ...(input.project ? { project: input.project } : {}) }),
      store: new ConversationStore(db),
      ...(input.session !== undefined ? { session: input.session } : {}),
      ...(input.fork ? { fork: true } : {}),
      budget: { maxToolCalls: cfg.maxToolCalls, maxTokens: cfg.maxTokens, maxEmptySearches: cfg.maxEmptySearches, ...input.budget },
      now: input.engine.now,
      today: zonedDate(input.engine.now(), tz),
      replyTokens: cfg.replyTokens,
      temperature: cfg.temperature,
      resultChars: cfg.resultChars,
      historyTurns: cfg.historyTurns,
      ...(input.signal ? { signal: input.signal } : {}),
      ...(input.newId ? { newId: input.newId } : {}),
    });
  } finally {
    db.close();
  }
}

/** Conversations, newest first, and one conversation's messages (for `agent ask --list` / `--show`). */
export function listConversations(workspace: string, limit = 20): Conversation[] {
  const db = openStateDb(stateDbPath(workspace));
  try {
    return new ConversationStore(db).list(limit);
  } finally {
    db.close();
  }
}

export { runAsk, replayHistory, DEFAULT_ASK_BUDGET } from "./loop.js";
export type { AskBudget, AskResult, AskStatus, AskTool, AskToolCall, AskToolOutcome, RunAskInput } from "./loop.js";
export { engineAskTools } from "./tools.js";
export type { AskToolsOptions } from "./tools.js";
export { AskConfigSchema, askConfig } from "./config.js";
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
