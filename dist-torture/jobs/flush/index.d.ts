/** The pre-compaction memory flush. See run.ts for what it may write and how. */
export { FlushConfigSchema, flushThresholdTokens } from "./config.js";
export type { FlushConfig, FlushConfigInput } from "./config.js";
export { currentCycle, decideFlush, buildFlushPrompt, parseFlushReply, formatFlushEntry, cutTurns, NO_REPLY } from "./plan.js";
export type { CycleView, FlushDecision, FlushPromptInput, FlushReply, FlushEntryInput } from "./plan.js";
export { FlushCycleStore } from "./state.js";
export type { FlushedCycle } from "./state.js";
export { runFlush, checkFlush, flushSettings, flushJobResult, sessionFile, FlushAppendError } from "./run.js";
export type { RunFlushInput, FlushResult, FlushStatus, FlushSettings, FlushCheck } from "./run.js";
