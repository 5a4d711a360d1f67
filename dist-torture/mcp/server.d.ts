/**
 * The MCP server (`agent mcp`, and the daemon's HTTP transport): the engine's memory as tools
 * and resources for any MCP client. Each tool lives in tools/ and is a thin call into the
 * engine, so the CLI and MCP always give the same answers.
 *
 * Privacy: the server has a session scope. `main` (the person's own assistant) gets every
 * tool; `group` and `isolated` (a bot in a group chat) never get MEMORY.md, USER.md, daily
 * notes or transcripts — not through search, boot, context, memory_get or a resource — and
 * have no tool that writes or asks the model.
 *
 * Safety: `memory_get` reads only regular files inside the workspace (no `..`, no absolute
 * path outside, no symlink or hard link that leads outside, never `.agent/`); a refused path
 * is a tool error (`isError`). `memory_append` only appends to today's daily note, verified.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { SessionType } from "../context/assemble.js";
import type { Engine } from "../engine/engine.js";
import { MCP_SERVER_NAME, MCP_TOOL_NAMES } from "./names.js";
export { MCP_SERVER_NAME, MCP_TOOL_NAMES };
export interface CreateMcpServerOptions {
    engine: Engine;
    /** Privacy scope of every client of this server (default main). */
    session?: SessionType;
    version?: string;
}
export declare function createMcpServer(opts: CreateMcpServerOptions): McpServer;
