/** Nightly reflection and SOUL.md history. See pipeline.ts for the design. */
export { runReflection, localDate, REPLY_CAP } from "./pipeline.js";
export type { ReflectionResult, ReflectionStatus, RunReflectionInput, RecordedReply } from "./pipeline.js";
export { ReflectionConfigSchema, reflectionConfig, parseDuration, soulWordFloor, soulWordTarget } from "./config.js";
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
  rollbackSoul,
  soulLog,
  soulDiff,
  parseSoulRef,
  commitSoul,
  recordUserSoulIfNew,
  isTemplateSoul,
  SOUL_FILE,
  SOUL_PROPOSAL_FILE,
} from "./history.js";
export type { SoulLog, SoulDiffResult, SoulRef, RollbackResult, SoulOnDisk, SoulSwap, CommitSoulResult } from "./history.js";
export {
  pendingProposal,
  soulProposed,
  acceptProposal,
  rejectProposal,
  saveSoul,
  recentRejections,
  showReflectionRun,
  describeReflectionRun,
} from "./review.js";
export type { PendingProposal, ProposalView, AcceptInput, AcceptResult, RejectResult, SaveResult, RejectionNote } from "./review.js";
export { mapToLayers, canonicalLayers, layerOf } from "./layers.js";
export type { MappedSoul } from "./layers.js";
export { parseLenientJson } from "../../llm/lenient-json.js";
export type { LenientJson } from "../../llm/lenient-json.js";
export { appendSessionTurn, SESSION_ROLES } from "./session-log.js";
export type { AppendSessionInput, AppendSessionResult } from "./session-log.js";
