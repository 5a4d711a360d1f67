/**
 * The engine's public API. Everything the product does is a method of `Engine` (or of a
 * small service it hands out): open one per workspace, call it, close it. The CLI
 * (src/cli), the MCP server (src/mcp) and the daemon (src/daemon) are thin fronts over it.
 *
 *   const engine = Engine.open({ workspace: "/home/me/assistant" });
 *   engine.indexing.index();
 *   await engine.search("what did we decide about the database");
 *   await (await engine.assist()).context({ session: "main", query: "the pharmacy project" });
 *   await engine.runJob("reflect", { dryRun: true });
 *   (await engine.soul()).proposed();
 *   await engine.close();
 *
 * The surface, by area (the engine keeps the lifecycle and what it owns; the rest is a service):
 *   index      indexing → index(), rebuild(), embed(), status(), statusReport(), warm(), watch()
 *   search     search(query, { limit, mode, filters, explain, session }), plan(query);
 *              searching → the same, and recallLog(): the one writer of the recall log
 *   assistants assist() → context(), boot(), ask(), conversations(), readFile(), appendNote(),
 *              logTurn(), today(), dailyNotes(); assistants() (Claude Code, Codex, OpenCode:
 *              capture, inject, compaction, import)
 *   SOUL       soul() → log, diff, rollback, pending, proposed, accept, reject, save, run
 *   jobs       jobs() → the one runner (run, due, tick, runs, inbox); runJob(name, args) for
 *              reflect, flush, heartbeat, evolve, snapshot and the daily state backup
 *   evolution  evolution() → memories (list, rank, forget/pin/unpin/restore), export/import
 *   dreaming   dream() → run (or dry run), proposals, accept, reject, undo, versions, rollback
 *   web page   overview() → notes(), changeMark()
 *   self       admin() → models(), configView(); Engine.doctor(), Engine.restoreState()
 *
 * Layers, lowest first (a folder uses only folders below it; `node ../shared/tools/import-cycles.mjs src`):
 *   shared/     durations, clock, sleep, WAL, process checks, error text (imports nothing above it)
 *   workspace/  files, kinds, config sections, safe reads and writes (markdown is the truth), the daemon lock
 *   store/      SQLite: index, state (SOUL versions, job runs, inbox, memories...), backups
 *   embed/ llm/ local models: embedders and their cache; Ollama, llama.cpp, scripted
 *   indexer/    chunk, index, watch
 *   search/     keyword, vector, fusion, dates, boot
 *   context/    the system prompt's assembly
 *   jobs/       reflect, flush, heartbeat, evolve, ask; the job runner and the schedule
 *   engine/     the front door: whole-config validation, owned resources, services
 *   cli/ mcp/ daemon/  fronts
 */
// First: refuse a Node.js too old to run the engine before any engine module is evaluated.
import "./shared/node-guard.js";
export { Engine } from "./engine/engine.js";
export type { EngineOptions, EngineSearchOptions, EmbedReport, EngineStatus, StatusReport } from "./engine/engine.js";
export { loadAgentConfig, validateAgentConfig, configEntries, CONFIG_SECTIONS, SECTION_NAMES } from "./engine/config.js";
export type { AgentConfig, ConfigEntry, SectionName } from "./engine/config.js";
export { errorInfo, errorText, UsageError } from "./engine/errors.js";
export type { ErrorInfo } from "./engine/errors.js";
export type { ContextNotesService, ContextArgs, ContextAnswer, BootArgs, ReadArgs, AskArgs } from "./engine/assist.js";
export type { AdminService, ModelsReport, DoctorReport, DoctorCheck, ConfigView } from "./engine/admin.js";
export type { IndexingService, EmbedOptions, WarmOptions, WarmReport } from "./engine/indexing.js";
export type { SearchService } from "./engine/search.js";
export type { WebOverview } from "./engine/overview.js";
export type { SoulService } from "./engine/soul.js";
export type { EvolutionService, MemoryAction, RankRequest } from "./engine/evolution.js";
export type { DreamService } from "./engine/dream.js";
export type { HookService, CaptureRequest, CaptureResult, InjectArgs, InjectAnswer, InjectHit, CompactionRequest, CompactionResult, ImportRequest, ImportResult } from "./engine/assistants.js";
export type { HarnessName, HarnessTurn, HookEvent, HookEventName, Provenance as CaptureProvenance } from "./workspace/harness-turns.js";
export type { RecallLog, RecallEntry, RecallFront } from "./engine/recall-log.js";
export type { DreamResult } from "./jobs/dream/run.js";
export type { Proposal, Provenance } from "./store/dream-proposals.js";

export { initWorkspace, type InitResult } from "./workspace/init.js";
export { resolveWorkspace, WorkspaceError } from "./workspace/paths.js";
export { ConfigError } from "./workspace/config.js";

export type { IndexSummary, IndexProgress } from "./indexer/indexer.js";
export type { IndexStatus } from "./indexer/status.js";
export type { EmbedPendingProgress, EmbedPendingResult } from "./indexer/embed-pending.js";
export type { SearchOptions, SearchResponse, SearchResult, SearchMode, ScoreExplanation, FloorExplanation, NearMiss, SearchPlan, PlanOptions } from "./search/search.js";
export type { SearchReport, VectorInfo } from "./search/report.js";
export type { SearchFilters } from "./search/filters.js";
export type { SearchConfig } from "./search/config.js";
export type { BootOptions, BootResult } from "./context/boot/sources.js";
export type { SessionType } from "./context/assemble.js";

export { JOB_NAMES } from "./jobs/catalog.js";
export type { JobName, JobArgs, JobValues } from "./jobs/catalog.js";
export type { JobService, RunOutcome } from "./jobs/runner.js";
export type { JobRun, JobResult } from "./store/job-runs.js";
export type { ReflectionResult } from "./jobs/reflect/pipeline.js";
export type { AskResult } from "./jobs/ask/loop.js";
export type { Embedder } from "./embed/types.js";
export type { LLMProvider } from "./llm/types.js";

/**
 * The MCP server over an engine (connect it to a transport, e.g. the SDK's
 * StdioServerTransport). Async because the MCP SDK is loaded on first use.
 */
export async function createMcpServer(opts: import("./mcp/server.js").CreateMcpServerOptions): Promise<import("@modelcontextprotocol/server").McpServer> {
  return (await import("./mcp/server.js")).createMcpServer(opts);
}
export type { CreateMcpServerOptions } from "./mcp/server.js";
export { MCP_TOOL_NAMES, MCP_SERVER_NAME } from "./mcp/names.js";
