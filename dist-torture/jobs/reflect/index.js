/** Nightly reflection and SOUL.md history. See pipeline.ts for the design. */
export { runReflection, localDate, REPLY_CAP } from "./pipeline.js";
export { ReflectionConfigSchema, reflectionConfig, parseDuration, soulWordFloor, soulWordTarget } from "./config.js";
export { gatherSessions, cutTranscript } from "./gather.js";
export { buildReflectionPrompt, parseReflection, buildSoulPrompt, parseSoul, REFLECTION_SKIP, REFLECTION_SCHEMA, SOUL_SCHEMA, } from "./prompts.js";
export { findLockedBlocks, restoreLocked, verifyLocked, changedLineShare, truncateAtSentence, countWords, estimateTokens, LOCK_OPEN, LOCK_CLOSE, } from "./soul-safety.js";
export { diffLines, unifiedDiff, diffStats } from "./diff.js";
export { readSoul, rollbackSoul, soulLog, soulDiff, parseSoulRef, commitSoul, recordUserSoulIfNew, isTemplateSoul, SOUL_FILE, SOUL_PROPOSAL_FILE, } from "./history.js";
export { pendingProposal, soulProposed, acceptProposal, rejectProposal, saveSoul, recentRejections, showReflectionRun, describeReflectionRun, } from "./review.js";
export { mapToLayers, canonicalLayers, layerOf } from "./layers.js";
export { parseLenientJson } from "./lenient-json.js";
export { appendSessionTurn, SESSION_ROLES } from "./session-log.js";
//# sourceMappingURL=index.js.map