import { Option, type Command } from "commander";
import type { SessionType } from "../../context/assemble.js";
import { withWorkspaceOption, workspaceFrom, type WorkspaceOpts } from "../common.js";
import { connectMcp, forwardToDaemon, serveInProcess } from "../mcp-stdio.js";
import { routingEnabled, withDaemonOption } from "../remote.js";

interface McpOpts extends WorkspaceOpts {
  session?: SessionType;
  daemon?: boolean;
}

/**
 * `agent mcp`: the MCP server on stdio, through the workspace's daemon when one runs (it
 * carries on in-process if the daemon goes away), else in-process; see mcp-stdio.ts.
 *
 * stdout carries nothing but JSON-RPC: everything a library might print with console.log is
 * sent to stderr, and so are our own messages.
 */
export function register(program: Command): void {
  withDaemonOption(
    withWorkspaceOption(
      program
        .command("mcp")
        .description("serve this workspace's memory to an MCP client over stdio (through the running daemon when there is one)")
        .addOption(
          new Option("--session <type>", "privacy scope: main (everything), or group/isolated (never MEMORY.md, USER.md, daily notes or transcripts); default daemon.session").choices([
            "main",
            "group",
            "isolated",
          ]),
        ),
    ),
  ).action(async (opts: McpOpts) => {
    const toStderr = (...args: unknown[]) => console.error(...args);
    console.log = toStderr;
    console.info = toStderr;
    console.debug = toStderr;
    const workspace = workspaceFrom(opts);
    const conn = routingEnabled(opts) ? await connectMcp(workspace, opts.session) : undefined;
    if (conn) await forwardToDaemon(conn, workspace, opts.session);
    else await serveInProcess(workspace, opts.session);
    // Nothing should keep the process alive now; if a native handle does, do not linger: the
    // client (Claude Code ends its servers with SIGINT, then SIGTERM) waits for this exit.
    setTimeout(() => process.exit(process.exitCode ?? 0), 50).unref();
  });
}
