/**
 * The entry of `agent mcp` (dist/cli/main.js loads it for that command): an assistant starts
 * this server for every run and waits for its first answer, so it loads the stdio server's own
 * modules and nothing of the rest of the CLI. Arguments it does not expect go to the full CLI.
 */
import type { SessionType } from "../context/assemble.js";
import { quietOnClosedPipe } from "./closed-pipe.js";
import { fastArgs, type FastOption } from "./fast-args.js";
import { runMcpCommand, type McpOpts } from "./mcp-stdio.js";

const OPTIONS: Record<string, FastOption> = {
  workspace: { type: "string", short: "w" },
  session: { type: "string" },
  "no-daemon": { type: "boolean" },
};

const SESSIONS: readonly string[] = ["main", "group", "isolated"] satisfies SessionType[];

/** The server's options, or undefined when the full CLI should read the arguments. */
function mcpArgs(argv: string[]): McpOpts | undefined {
  const args = fastArgs(argv, OPTIONS, 0);
  if (args === undefined) return undefined;
  const { workspace, session } = args.values;
  if (session !== undefined && (typeof session !== "string" || !SESSIONS.includes(session))) return undefined;
  return {
    ...(typeof workspace === "string" ? { workspace } : {}),
    ...(typeof session === "string" ? { session: session as SessionType } : {}),
    ...(args.values["no-daemon"] === true ? { daemon: false } : {}),
  };
}

const opts = mcpArgs(process.argv);
if (opts === undefined) await import("./main.js");
else {
  quietOnClosedPipe();
  // Not awaited at the top level: once the client is gone and nothing is left to run, the
  // process ends with its own exit code, where a top-level await still pending (a closing step
  // whose last event never comes) would end it with Node's 13 ("unsettled top-level await").
  runMcpCommand(opts).catch((e: unknown) => {
    process.stderr.write(`agent: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
