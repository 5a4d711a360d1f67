/**
 * The engine's public API. Everything the product does is a method of `Engine` (or of a
 * small service it hands out): open one per workspace, call it, close it. The CLI
 * (src/cli), the MCP server (src/mcp) and the daemon (src/daemon) are thin fronts over it.
 *
 *   const engine = Engine.open({ workspace: "/home/me/assistant" });
 *   await engine.search("what did we decide about the database");
 *   await engine.context({ session: "main", query: "the pharmacy project" });
 *   await engine.runJob("reflect", { dryRun: true });
 *   (await engine.soul()).proposed();
 *   await engine.close();
 *
 * The surface, by area:
 *   index      index(), rebuild(), embed(), status(), statusReport(), watch()
 *   search     search(query, { limit, mode, filters, explain, session })
 *   assistants context(), boot(), ask(), conversations(), readFile(), appendNote(), logTurn()
 *   SOUL       soul() → log, diff, rollback, pending, proposed, accept, reject, save, run
 *   jobs       jobs() → the one runner (run, due, tick, runs, inbox); runJob(name, args)
 *   evolution  evolution() → memories (list, rank, forget/pin/unpin/restore), snapshot, export/import
 *   self       models(), configView(), Engine.doctor(), Engine.restoreState()
 *
 * Layers, lowest first (a folder uses only folders below it; `node ../shared/tools/import-cycles.mjs src`):
 *   shared/     durations, clock, locks, process checks
 *   workspace/  files, kinds, config sections, safe reads and writes (markdown is the truth)
 *   store/      SQLite: index, state (SOUL versions, runs, memories...), backups
 *   embed/ llm/ local models: embedders and their cache; Ollama, llama.cpp, scripted
 *   indexer/    chunk, index, watch
 *   search/     keyword, vector, fusion, dates, boot
 *   context/    the system prompt's assembly
 *   jobs/       reflect, flush, heartbeat, evolve, ask; the job runner and the schedule
 *   engine/     the front door: whole-config validation, owned resources, services
 *   cli/ mcp/ daemon/  fronts
 */
export { Engine } from "./engine/engine.js";
export { loadAgentConfig, validateAgentConfig, configEntries, CONFIG_SECTIONS, SECTION_NAMES } from "./engine/config.js";
export { errorInfo, errorText, UsageError } from "./engine/errors.js";
export { initWorkspace } from "./workspace/init.js";
export { resolveWorkspace, WorkspaceError } from "./workspace/paths.js";
export { ConfigError } from "./workspace/config.js";
export { JOB_NAMES } from "./jobs/catalog.js";
/**
 * The MCP server over an engine (connect it to a transport, e.g. the SDK's
 * StdioServerTransport). Async because the MCP SDK is loaded on first use.
 */
export async function createMcpServer(opts) {
    return (await import("./mcp/server.js")).createMcpServer(opts);
}
export { MCP_TOOL_NAMES, MCP_SERVER_NAME } from "./mcp/names.js";
//# sourceMappingURL=index.js.map