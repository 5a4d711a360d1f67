#!/usr/bin/env node
/**
 * The `agent` command line. Start-up is a hot path: only the module of the command being run
 * is loaded (the list below is all `agent --help` needs), and each command only parses its
 * arguments, calls one engine method and formats the answer.
 */
import { Command, CommanderError } from "commander";
import { quietOnClosedPipe } from "./closed-pipe.js";
import { reportError } from "./errors.js";

type Loader = () => Promise<{ register(program: Command): void }>;

/** Every command: its one-line help and its module, loaded only when the command runs. */
const COMMANDS: Record<string, { description: string; load: Loader }> = {
  init: { description: "create a workspace with the starter files (keeps existing files)", load: () => import("./commands/init.js") },
  index: { description: "bring the index up to date with the markdown, then compute missing vectors", load: () => import("./commands/index-cmd.js") },
  search: { description: "search the agent's memory: keywords + meaning, recent notes first", load: () => import("./commands/search.js") },
  watch: { description: "keep the index in step with the workspace until stopped", load: () => import("./commands/watch.js") },
  status: { description: "what is indexed, how old it is, and anything stale or unreadable", load: () => import("./commands/status.js") },
  health: { description: "contradictions, facts a later note replaced, duplicates, MEMORY.md's size", load: () => import("./commands/health.js") },
  doctor: { description: "check config, databases, models, daemon and index in one go, and say what to do", load: () => import("./commands/doctor.js") },
  config: { description: "print the effective configuration and where each value came from", load: () => import("./commands/config.js") },
  reflect: { description: "reflect on recent conversations and re-distil SOUL.md (safely)", load: () => import("./commands/reflect.js") },
  summarize: { description: "write summaries of finished conversations (sessions/<id>.summary.md) with the local model", load: () => import("./commands/summarize.js") },
  soul: { description: "SOUL.md's versions and proposals: log, diff, rollback, proposed, accept, reject, save", load: () => import("./commands/soul.js") },
  log: { description: "append a turn to a session transcript, which reflection reads", load: () => import("./commands/log.js") },
  models: { description: "which LLM, embedder and reranker are configured, and whether they work", load: () => import("./commands/models.js") },
  runtime: { description: "the optional GGUF and ONNX model runtimes: list, add", load: () => import("./commands/runtime.js") },
  daemon: { description: "serve the engine to local clients and run the scheduled jobs (foreground)", load: () => import("./commands/daemon.js") },
  ui: { description: "open the running daemon's web page (prints a one-time login link)", load: () => import("./commands/ui.js") },
  context: { description: "print the system prompt an assistant should inject", load: () => import("./commands/context.js") },
  flush: { description: "the pre-compaction memory flush of a session, now", load: () => import("./commands/flush.js") },
  heartbeat: { description: "one heartbeat: check HEARTBEAT.md with the local model if due", load: () => import("./commands/heartbeat.js") },
  jobs: { description: "recent job runs: start, end, outcome and reason", load: () => import("./commands/jobs.js") },
  inbox: { description: "alerts and reports from the jobs; shown ones are marked read", load: () => import("./commands/inbox.js") },
  boot: { description: "morning context restoration: relevant history plus recent activity", load: () => import("./commands/boot.js") },
  mcp: { description: "serve this workspace's memory to an MCP client over stdio", load: () => import("./commands/mcp.js") },
  ask: { description: "ask the local model about your past; it answers with citations", load: () => import("./commands/ask.js") },
  memories: { description: "the agent's memories: list, archive, rank for a task, forget, pin", load: () => import("./commands/memories.js") },
  dream: { description: "dreaming: what keeps being recalled, distilled into proposed MEMORY.md lines; review, accept, reject, undo", load: () => import("./commands/dream.js") },
  evolve: { description: "the weekly evolution cycle now", load: () => import("./commands/evolve.js") },
  snapshot: { description: "take a personality snapshot now", load: () => import("./commands/snapshot.js") },
  state: { description: "the engine's own state across devices: digest, events, devices, home; compact this device's log", load: () => import("./commands/state.js") },
  export: { description: "print all the engine's own state as JSON", load: () => import("./commands/export.js") },
  import: { description: "restore state exported by `agent export`, or back-fill an assistant's past conversations", load: () => import("./commands/import.js") },
  connect: { description: "connect Claude Code, Codex or OpenCode to this workspace: hooks, plugin and MCP server", load: () => import("./commands/connect.js") },
  disconnect: { description: "remove what `agent connect` wrote into an assistant's config", load: () => import("./commands/disconnect.js") },
  hook: { description: "run one assistant hook (what `agent connect` registers); never fails the turn", load: () => import("./commands/hook.js") },
};

export const COMMAND_NAMES = Object.keys(COMMANDS);

function newProgram(): Command {
  return new Command("agent")
    .description("local-first memory engine for personal AI agents")
    .version("0.1.0")
    .showHelpAfterError(false)
    .exitOverride();
}

/** The program with the named commands' full definitions (all of them when `names` is omitted). */
export async function buildProgram(names: string[] = COMMAND_NAMES, completion = false): Promise<Command> {
  const program = newProgram();
  for (const name of COMMAND_NAMES) {
    if (names.includes(name)) (await COMMANDS[name]!.load()).register(program);
    else program.command(name).description(COMMANDS[name]!.description).allowUnknownOption().allowExcessArguments();
  }
  if (completion) {
    // `agent completion bash|zsh|fish|powershell` prints a script; the script calls the hidden
    // `agent complete -- <words>`, which sees every command and option.
    const { default: tab } = await import("@bomb.sh/tab/commander");
    tab(program, { completionCommandName: "completion" });
  } else {
    program.command("completion").description("print a shell completion script: agent completion bash|zsh|fish|powershell").allowExcessArguments();
  }
  program.commands.forEach((c) => c.exitOverride());
  return program;
}

/** The library prints its bash script with console.log: take it and print the portable version. */
async function bashCompletion(program: Command, argv: string[]): Promise<number> {
  const { portableBash } = await import("./completion.js");
  const lines: string[] = [];
  const log = console.log;
  console.log = (...a: unknown[]) => void lines.push(a.map(String).join(" "));
  try {
    await program.parseAsync(argv);
  } finally {
    console.log = log;
  }
  process.stdout.write(portableBash(lines.join("\n") + "\n"));
  return 0;
}

/** Which command the arguments run: the first word, or the one after `help`. */
function commandOf(argv: string[]): string | undefined {
  const args = argv.slice(2);
  const first = args.find((a) => !a.startsWith("-"));
  if (first === "help") return args[args.indexOf("help") + 1];
  // Shell completion asks about any command: it needs them all.
  if (first === "complete" || first === "completion") return "*";
  return first;
}

export async function main(argv: string[]): Promise<number> {
  const json = argv.includes("--json");
  try {
    const name = commandOf(argv);
    const program = await buildProgram(name === "*" ? COMMAND_NAMES : name !== undefined && name in COMMANDS ? [name] : [], name === "*");
    if (argv.slice(2).join(" ") === "completion bash") return await bashCompletion(program, argv);
    await program.parseAsync(argv);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // Commander printed help, the version or its own one-line usage error.
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help") return 0;
      if (json) process.stdout.write(JSON.stringify({ error: { code: "usage", message: e.message.replace(/^error: /, "") } }) + "\n");
      return e.exitCode;
    }
    return reportError(e, json);
  }
}

quietOnClosedPipe();

main(process.argv).then((code) => {
  // A command that finished but found a problem (doctor, models) has set its own exit code.
  if (code !== 0 || process.exitCode === undefined) process.exitCode = code;
});
