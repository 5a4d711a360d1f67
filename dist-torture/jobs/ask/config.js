import { z } from "zod";
/** The `ask` section of agent.config.json: the budget guard and what the model is shown. */
export const AskConfigSchema = z
    .object({
    /** Tool calls per question; then the model must answer. */
    maxToolCalls: z.number().int().min(1).max(100).default(8),
    /** Tokens over all model calls of one question (reported by the provider, else estimated). */
    maxTokens: z.number().int().min(500).max(10_000_000).default(24_000),
    /** Searches in a row that find nothing relevant before answering "not found". */
    maxEmptySearches: z.number().int().min(1).max(100).default(3),
    /** Results per search shown to the model. */
    searchLimit: z.number().int().min(1).max(50).default(5),
    /** A vector-only hit counts as relevant from this cosine up (keyword hits always do). */
    minCosine: z.number().min(-1).max(1).default(0.35),
    /** Lines a `get` returns at most. */
    getLines: z.number().int().min(1).max(2000).default(80),
    /** Characters of one tool result shown to the model. */
    resultChars: z.number().int().min(200).max(100_000).default(2_000),
    /** Tokens per model reply. */
    replyTokens: z.number().int().min(32).max(8192).default(512),
    temperature: z.number().min(0).max(2).default(0.2),
    /** Earlier question/answer pairs replayed when a conversation is resumed. */
    historyTurns: z.number().int().min(0).max(100).default(6),
})
    .strict();
//# sourceMappingURL=config.js.map