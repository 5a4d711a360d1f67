import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  external_exports
} from "./chunk-EIUDDPL2.js";

// dist/jobs/ask/config.js
var AskConfigSchema = external_exports.object({
  /** Tool calls per question; then the model must answer. */
  maxToolCalls: external_exports.number().int().min(1).max(100).default(8),
  /** Tokens over all model calls of one question (reported by the provider, else estimated). */
  maxTokens: external_exports.number().int().min(500).max(1e7).default(24e3),
  /** Searches in a row that find nothing relevant before answering "not found". */
  maxEmptySearches: external_exports.number().int().min(1).max(100).default(3),
  /** Results per search shown to the model. */
  searchLimit: external_exports.number().int().min(1).max(50).default(5),
  /** A vector-only hit counts as relevant from this cosine up (keyword hits always do). */
  minCosine: external_exports.number().min(-1).max(1).default(0.35),
  /** Lines a `get` returns at most. */
  getLines: external_exports.number().int().min(1).max(2e3).default(80),
  /** Characters of one tool result shown to the model. */
  resultChars: external_exports.number().int().min(200).max(1e5).default(2e3),
  /** Tokens per model reply. */
  replyTokens: external_exports.number().int().min(32).max(8192).default(512),
  temperature: external_exports.number().min(0).max(2).default(0.2),
  /** Earlier question/answer pairs replayed when a conversation is resumed. */
  historyTurns: external_exports.number().int().min(0).max(100).default(6)
}).strict();

export {
  AskConfigSchema
};
//# sourceMappingURL=chunk-QAMZSPMF.js.map
