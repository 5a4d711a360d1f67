import { ConversationStore } from "../../store/conversations.js";
import { zonedDate } from "../../workspace/time.js";
import { runAsk } from "./loop.js";
import { engineAskTools } from "./tools.js";
export async function askQuestion(input) {
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
export function listConversations(db, limit = 20) {
    return new ConversationStore(db).list(limit);
}
export { runAsk, replayHistory, DEFAULT_ASK_BUDGET } from "./loop.js";
export { engineAskTools } from "./tools.js";
export { AskConfigSchema } from "./config.js";
export { ASK_TOOL_NAMES, ASK_TOOL_SPECS, ASK_ANSWER_SCHEMA, askReplySchema, buildAskSystemPrompt, parseAskReply, parseCitations, extractJsonObject, formatToolResult, notFoundAnswer, } from "./protocol.js";
//# sourceMappingURL=index.js.map