/** Context assembly (issue #5): the system prompt an assistant injects, and the startup audit. */
export { assembleContext, isPrivatePath, truncate, SESSION_TYPES } from "./assemble.js";
export type { AssembleOptions, AssembledContext, BootstrapFile, ContextEntry, ContextFiles, ContextReport, DailyNote, EntryStatus, ExperienceItem, MemoryHit, SessionType, } from "./assemble.js";
export { loadContextFiles, buildContext } from "./load.js";
export type { LoadContextOptions, LoadedContextFiles } from "./load.js";
export { auditWorkspace } from "./audit.js";
export type { WorkspaceAudit } from "./audit.js";
export { ContextConfigSchema, contextConfig, TimeZoneSchema } from "./config.js";
export type { ContextConfig, ContextConfigInput } from "./config.js";
