import type { Command } from "commander";
import { Engine } from "../../index.js";
import { warn, withWorkspaceOption, workspaceFrom, type WorkspaceOpts } from "../common.js";

/**
 * `agent mcp`: the MCP server on stdio. stdout carries nothing but JSON-RPC: everything a
 * library might print with console.log is sent to stderr, and so are our own messages.
 */
export function registerMcp(program: Command): void {
  withWorkspaceOption(
    program
      .command("mcp")
      .description("serve this workspace's memory to MCP clients over stdio (tools: memory_search, memory_get, memory_append, context, soul_get, boot, ask)"),
  ).action(async (opts: WorkspaceOpts) => {
    const toStderr = (...args: unknown[]) => console.error(...args);
    console.log = toStderr;
    console.info = toStderr;
    console.debug = toStderr;
    // Loaded here, not at start-up: the SDK adds ~0.4 s to every other command otherwise.
    const [{ StdioServerTransport }, { createMcpServer }] = await Promise.all([
      import("@modelcontextprotocol/sdk/server/stdio.js"),
      import("../../mcp/server.js"),
    ]);
    const workspace = workspaceFrom(opts);
    const engine = Engine.open({ workspace });
    for (const n of engine.notices) warn(n.message);
    const server = createMcpServer({ engine });
    const transport = new StdioServerTransport();
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    // The client ends the session by closing our stdin (or with a signal).
    process.stdin.once("end", () => stop());
    process.stdin.once("close", () => stop());
    process.once("SIGINT", () => stop());
    process.once("SIGTERM", () => stop());
    try {
      await server.connect(transport);
      server.server.onclose = () => stop();
      warn(`MCP server for ${workspace} on stdio`);
      await stopped;
    } finally {
      await server.close().catch(() => undefined);
      engine.close();
      // Nothing should keep the process alive now; if a native handle does, do not linger.
      setTimeout(() => process.exit(process.exitCode ?? 0), 1000).unref();
    }
  });
}
