import { Option, type Command } from "commander";
import { withWorkspaceOption } from "../common.js";
import { runMcpCommand, type McpOpts } from "../mcp-stdio.js";
import { withDaemonOption } from "../remote.js";

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
  ).action((opts: McpOpts) => runMcpCommand(opts));
}
