import { Option, type Command } from "commander";
import type { SessionType } from "../../context/assemble.js";
import { assistantNamed, findAssistant } from "../../assistants/registry.js";
import { DaemonHost, type DaemonEvent } from "../../daemon/host.js";
import type { AssistantReaders } from "../../daemon/methods.js";
import { UsageError } from "../../engine/errors.js";
import { parsePositiveInt, stamp, standard, warn, withProviderOptions, workspaceFrom, type ProviderOpts, type WorkspaceOpts } from "../common.js";
import { releaseStopSignals } from "../held-signals.js";

interface DaemonOpts extends WorkspaceOpts, ProviderOpts {
  watch: boolean;
  embed: boolean;
  http?: boolean;
  port?: number;
  session?: SessionType;
  stopTimeout: number;
}

export function register(program: Command): void {
  standard(
    withProviderOptions(
      program
        .command("daemon")
        .description(
          "serve the workspace's engine warm to the CLI and assistants (Unix socket in .agent/, optional MCP over HTTP), keep the index and vectors in step, and run the scheduled jobs; foreground (Ctrl-C or SIGTERM stops it)",
        )
        .option("--no-watch", "do not run the index watcher (searches then check every file, as without a daemon)")
        .option("--no-embed", "the watcher keeps text only in step; leave vectors to `agent index`")
        .option("--http", "also serve MCP over Streamable HTTP on 127.0.0.1 (default: daemon.http.enabled)")
        .option("--port <n>", "port of --http (default: daemon.http.port, 7357; 0 picks a free one)", parsePort)
        .addOption(
          new Option("--session <type>", "privacy scope of MCP clients that do not name one: main, or group/isolated (never MEMORY.md, USER.md, daily notes or transcripts); default daemon.session").choices([
            "main",
            "group",
            "isolated",
          ]),
        )
        .option("--stop-timeout <ms>", "after a stop signal, exit anyway after this long", parsePositiveInt("--stop-timeout"), 2000),
    ),
  ).action(async (opts: DaemonOpts) => {
    const workspace = workspaceFrom(opts);
    const print = (e: DaemonEvent) => {
      if (opts.json) {
        process.stdout.write(JSON.stringify({ at: new Date(e.at).toISOString(), level: e.level, event: e.event, message: e.message, ...(e.run ? { run: e.run } : {}) }) + "\n");
      } else {
        (e.level === "info" ? process.stdout : process.stderr).write(`${stamp(e.at)} ${e.message}\n`);
      }
    };
    const llm = { ...(opts.provider ? { provider: opts.provider } : {}), ...(opts.model ? { model: opts.model } : {}) };
    const http = { ...(opts.http ? { enabled: true } : {}), ...(opts.port !== undefined ? { port: opts.port } : {}) };
    const daemon = new DaemonHost({
      workspace,
      llm,
      watch: opts.watch,
      embed: opts.embed,
      http,
      ...(opts.session ? { session: opts.session } : {}),
      readers: assistantReaders,
      log: print,
    });

    // Handlers first: a SIGTERM during start-up must still stop cleanly.
    let signals = 0;
    const onSignal = (sig: NodeJS.Signals) => {
      signals++;
      if (signals > 1) {
        warn(`${sig} again: exiting now`);
        process.exit(130);
      }
      daemon.stop(sig);
      // Whatever is still running gets a moment (writes are atomic, model calls are cancelled).
      setTimeout(() => {
        warn(`did not stop within ${opts.stopTimeout} ms; exiting anyway`);
        process.exit(1);
      }, opts.stopTimeout).unref();
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    // A stop asked while the CLI was loading (the launcher held it): the daemon stops before it
    // starts (no lock taken, nothing opened), and says so.
    const early = releaseStopSignals();
    if (early.length > 0) print({ at: Date.now(), level: "info", event: "stopped", message: `daemon stopped before it started (${early[0]})` });
    for (const sig of early) onSignal(sig);
    try {
      await daemon.run();
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
    // Everything is closed and the lock released; a model still loading in a worker thread
    // must not keep the process (and a service manager) waiting.
    await new Promise<void>((resolve) => process.stdout.write("", () => resolve()));
    process.exit(process.exitCode ?? 0);
  });
}

function parsePort(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535, got "${v}"`);
  return n;
}

/** The daemon's `capture` reads each assistant's turns with that assistant's own adapter. */
const assistantReaders: AssistantReaders = {
  messages: (harness, messages) => assistantNamed(harness).readTranscript(JSON.stringify(messages)),
  lines: (harness) => {
    const assistant = assistantNamed(harness);
    return (lines, firstLine) => assistant.readTranscriptLines(lines, firstLine);
  },
  known: (harness) => findAssistant(harness) !== undefined,
  payload: (harness, text, event) => assistantNamed(harness).readHookPayload(text, event),
  output: (harness, event, context) => assistantNamed(harness).hookOutput(event, context),
};
