/** The evolution system: memories that form, fade and are recalled; snapshots; the weekly cycle; backups. */
export {
  MEMORY_TYPES,
  MEMORY_TYPE_CONFIG,
  VALENCES,
  SIGNALS,
  SIGNAL_WEIGHTS,
  isMemoryType,
  typeLabel,
} from "./types.js";
export type { Memory, MemoryType, MemoryTypeConfig, MemorySignals, MemorySource, Valence, SignalName } from "./types.js";
export {
  significanceOf,
  parseMemoryCandidates,
  planFormation,
  normalizeText,
  reinforcedSignificance,
  DUPLICATE_COSINE,
  MAX_CANDIDATES,
} from "./form.js";
export type { MemoryCandidate, FormationDecision, FormationTarget, ExistingMemory, PlanOptions } from "./form.js";
export {
  effectiveDailyDecay,
  vividnessAfter,
  vividnessAt,
  refreshOnRecall,
  isFaded,
  daysToFade,
  fadedOut,
  FADE_OUT,
  RECALL_REFRESH,
  SIGNIFICANCE_SLOWING,
  RECALL_SLOWING,
} from "./fade.js";
export {
  rankMemories,
  memoryLine,
  vividnessMark,
  valenceMark,
  INJECT_WEIGHTS,
  DOMAIN_BONUS,
  MIN_RELEVANCE,
  MEMORY_LEGEND,
} from "./inject.js";
export type { MemoryView, RankedMemory, RankOptions } from "./inject.js";
export { takeSnapshot, deriveTraits, memoryStats, definingMemories, narrativeFromRules, TRAIT_NAMES, TRAIT_TITLES } from "./snapshot.js";
export type { Trait, Traits, TraitName, MemoryStats, DefiningMemory, PersonalitySnapshot, SnapshotInput } from "./snapshot.js";
export { detectDrift, driftLine, DRIFT_MIN_DELTA } from "./drift.js";
export type { TraitDrift, DriftInput } from "./drift.js";
export { weeklyReportMarkdown, teamLines, REPORT_MARKER } from "./report.js";
export type { WeeklyReportInput, TeamMember, MemoryWeek, SoulWeek } from "./report.js";
export { isoWeekOf, isoWeekOfDate, isoWeekDates } from "../schedule/week.js";
export { EvolutionConfigSchema, evolutionTimeZone } from "./config.js";
export type { EvolutionConfig, EvolutionConfigInput } from "./config.js";
export { planMemories, applyFormation, fadePass } from "./formation.js";
export type { FormationPlan, FormationSummary } from "./formation.js";
export {
  recordRecall,
  rankForTask,
  currentIdentity,
  experienceForContext,
  markRecalled,
  listMemories,
  forgetMemory,
  pinMemory,
  unpinMemory,
  restoreMemory,
  isShareable,
  MemoryNotFoundError,
} from "./recall.js";
export type { RecallInput, RecallResult, Identity, ExperienceForContext, ListMemoriesOptions, MemoryChange, RecallVia } from "./recall.js";
export { runEvolution, takePersonalitySnapshot, evolveJobResult, EVOLVE_JOB } from "./cycle.js";
export type { RunEvolutionInput, EvolutionResult, SnapshotResult } from "./cycle.js";
export { exportStateDb, importState, stateJson, validateExport, ImportRefusedError, STATE_FORMAT } from "./export.js";
export type { StateExport, StateRow, ImportResult } from "./export.js";
export { activeViews, viewAt, embedTexts, resolveEmbedder } from "./memory-db.js";
export type { EmbedderInput } from "./memory-db.js";
export { buildNarrativePrompt, parseNarrative } from "./narrative.js";
