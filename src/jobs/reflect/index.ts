/** Nightly reflection and SOUL.md history (issue #4). See pipeline.ts for the design. */
export { runReflection, localDate } from "./pipeline.js";
export type { ReflectionOptions, ReflectionResult, ReflectionStatus, RunReflectionInput } from "./pipeline.js";
export { ReflectionConfigSchema, reflectionConfig, parseDuration } from "./config.js";
export type { ReflectionConfig, ReflectionConfigInput } from "./config.js";
export { gatherSessions, cutTranscript } from "./gather.js";
export type { GatherResult, GatheredSession, GatheredMessage, CutTranscript } from "./gather.js";
export {
  buildReflectionPrompt,
  parseReflection,
  buildSoulPrompt,
  parseSoul,
  REFLECTION_SKIP,
  REFLECTION_SCHEMA,
  SOUL_SCHEMA,
} from "./prompts.js";
export type { Insight, Reflection, ParsedReflection, ParsedSoul } from "./prompts.js";
export {
  findLockedBlocks,
  restoreLocked,
  verifyLocked,
  changedLineShare,
  truncateAtSentence,
  countWords,
  estimateTokens,
  LOCK_OPEN,
  LOCK_CLOSE,
} from "./soul-safety.js";
export { diffLines, unifiedDiff, diffStats } from "./diff.js";
export {
  readSoul,
  commitSoul,
  rollbackSoul,
  soulLog,
  soulDiff,
  parseSoulRef,
  openSoulHistory,
  isTemplateSoul,
  SOUL_FILE,
  SOUL_PROPOSAL_FILE,
} from "./history.js";
export type { SoulLog, SoulDiffResult, SoulRef, RollbackResult, SoulHistory } from "./history.js";
export { appendSessionTurn, SESSION_ROLES } from "./session-log.js";
export type { AppendSessionInput, AppendSessionResult } from "./session-log.js";
