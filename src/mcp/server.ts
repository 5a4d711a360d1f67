/**
 * The MCP server (`agent mcp`, and the daemon's HTTP transport): the engine's memory as tools,
 * resources and a prompt for any MCP client. Each tool lives in tools/ and is a thin call into
 * the engine, so the CLI and MCP always give the same answers.
 *
 * One factory serves every protocol revision the SDK speaks: 2026-07-28 (no handshake, each
 * request carries its own envelope; `server/discover`) and the 2025 ones (the `initialize`
 * handshake). serve.ts puts it on a line channel (stdio, the daemon's socket); the daemon's
 * HTTP endpoint (daemon/http.ts) asks it for an instance per request.
 *
 * Privacy: the server has a session scope. `main` (the person's own assistant) gets every
 * tool; `group` and `isolated` (a bot in a group chat) never get MEMORY.md, USER.md, daily
 * notes or transcripts — not through search, boot, context, memory_get, a resource or the
 * recall prompt — and have no tool that writes or asks the model.
 *
 * Safety: `memory_get` reads only regular files inside the workspace (no `..`, no absolute
 * path outside, no symlink or hard link that leads outside, never `.agent/`); a refused path
 * is a tool error (`isError`). `memory_append` only appends to today's daily note, verified.
 * No result names a path of the machine outside the workspace.
 */
import { McpServer } from "@modelcontextprotocol/server";
import type { SessionType } from "../context/assemble.js";
import type { Engine } from "../engine/engine.js";
import { MCP_SERVER_NAME, MCP_TOOL_NAMES } from "./names.js";
import { register as prompts } from "./prompts.js";
import { register as resources } from "./resources.js";
import { register as ask } from "./tools/ask.js";
import { register as boot } from "./tools/boot.js";
import { register as health } from "./tools/health.js";
import { register as context } from "./tools/context.js";
import { register as notes } from "./tools/notes.js";
import { register as search } from "./tools/search.js";
import { register as soul } from "./tools/soul.js";
import { register as dream } from "./tools/dream.js";

export { MCP_SERVER_NAME, MCP_TOOL_NAMES };

export interface CreateMcpServerOptions {
  engine: Engine;
  /** Privacy scope of every client of this server (default main). */
  session?: SessionType;
  version?: string;
}

export const MCP_INSTRUCTIONS =
  "Long-term memory of the person: markdown notes (memory/YYYY-MM-DD.md daily notes, MEMORY.md, SOUL.md) and past conversations. " +
  "Search before answering questions about the past; cite path:lines. An empty result means nothing relevant is stored. Append new facts with memory_append.";

export function createMcpServer(opts: CreateMcpServerOptions): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version: opts.version ?? "0.1.0" }, { instructions: MCP_INSTRUCTIONS });
  const ctx = { server, engine: opts.engine, session: opts.session ?? "main" };
  for (const register of [search, notes, context, soul, dream, boot, health, ask, resources, prompts]) register(ctx);
  return server;
}
