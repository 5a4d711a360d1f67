/** Context assembly (issue #5): the system prompt an assistant injects, and the startup audit. */
export { assembleContext, isPrivatePath, truncate, SESSION_TYPES } from "./assemble.js";
export { loadContextFiles, buildContext } from "./load.js";
export { auditWorkspace } from "./audit.js";
export { ContextConfigSchema, contextConfig, TimeZoneSchema } from "./config.js";
//# sourceMappingURL=index.js.map