#!/usr/bin/env node
import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  Command,
  CommanderError
} from "./chunk-2CVVGZF3.js";
import {
  errorInfo
} from "./chunk-2G4CK54T.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/errors.js
function reportError(e, json) {
  const info = errorInfo(e);
  if (json)
    process.stdout.write(JSON.stringify({ error: info }) + "\n");
  else
    process.stderr.write(`agent: ${info.message}
`);
  if (process.env.AGENT_DEBUG && e instanceof Error)
    process.stderr.write(`${e.stack}
`);
  return 1;
}

// dist/cli/main.js
var COMMANDS = {
  init: { description: "create a workspace with the starter files (keeps existing files)", load: () => import("./init-MOZFYURY.js") },
  index: { description: "bring the index up to date with the markdown, then compute missing vectors", load: () => import("./index-cmd-GBNMB7WC.js") },
  search: { description: "search the agent's memory: keywords + meaning, recent notes first", load: () => import("./search-CGVLKWFI.js") },
  watch: { description: "keep the index in step with the workspace until stopped", load: () => import("./watch-FNP6SFWY.js") },
  status: { description: "what is indexed, how old it is, and anything stale or unreadable", load: () => import("./status-U2TTPOLX.js") },
  doctor: { description: "check config, databases, models, daemon and index in one go, and say what to do", load: () => import("./doctor-46AVIKGQ.js") },
  config: { description: "print the effective configuration and where each value came from", load: () => import("./config-HSK77IC3.js") },
  reflect: { description: "reflect on recent conversations and re-distil SOUL.md (safely)", load: () => import("./reflect-J42KFGXK.js") },
  soul: { description: "SOUL.md's versions and proposals: log, diff, rollback, proposed, accept, reject, save", load: () => import("./soul-KV6QBNG3.js") },
  log: { description: "append a turn to a session transcript, which reflection reads", load: () => import("./log-Q3RUU3WH.js") },
  models: { description: "which LLM and embedder are configured, and whether they work", load: () => import("./models-F6N4WETO.js") },
  daemon: { description: "serve the engine to local clients and run the scheduled jobs (foreground)", load: () => import("./daemon-MFVYNAGG.js") },
  context: { description: "print the system prompt an assistant should inject", load: () => import("./context-JBZZ7IET.js") },
  flush: { description: "the pre-compaction memory flush of a session, now", load: () => import("./flush-RM4SC2MW.js") },
  heartbeat: { description: "one heartbeat: check HEARTBEAT.md with the local model if due", load: () => import("./heartbeat-YXPJWIBM.js") },
  jobs: { description: "recent job runs: start, end, outcome and reason", load: () => import("./jobs-TN6BRGJC.js") },
  inbox: { description: "alerts and reports from the jobs; shown ones are marked read", load: () => import("./inbox-KJSL3TYP.js") },
  boot: { description: "morning context restoration: relevant history plus recent activity", load: () => import("./boot-IDLSPEJ4.js") },
  mcp: { description: "serve this workspace's memory to an MCP client over stdio", load: () => import("./mcp-XU2PYI5O.js") },
  ask: { description: "ask the local model about your past; it answers with citations", load: () => import("./ask-KOQMLMQQ.js") },
  memories: { description: "the agent's memories: list, archive, rank for a task, forget, pin", load: () => import("./memories-SBI73PI7.js") },
  evolve: { description: "the weekly evolution cycle now", load: () => import("./evolve-YTQT5EJK.js") },
  snapshot: { description: "take a personality snapshot now", load: () => import("./snapshot-R6RR5G6P.js") },
  export: { description: "print all the engine's own state as JSON", load: () => import("./export-46527Z7L.js") },
  import: { description: "restore state exported by `agent export`", load: () => import("./import-P6V4GV2L.js") }
};
var COMMAND_NAMES = Object.keys(COMMANDS);
function newProgram() {
  return new Command("agent").description("local-first memory engine for personal AI agents").version("0.1.0").showHelpAfterError(false).exitOverride();
}
async function buildProgram(names = COMMAND_NAMES, completion = false) {
  const program = newProgram();
  for (const name of COMMAND_NAMES) {
    if (names.includes(name))
      (await COMMANDS[name].load()).register(program);
    else
      program.command(name).description(COMMANDS[name].description).allowUnknownOption().allowExcessArguments();
  }
  if (completion) {
    const { default: tab } = await import("./commander-WFHVK3G4.js");
    tab(program, { completionCommandName: "completion" });
  } else {
    program.command("completion").description("print a shell completion script: agent completion bash|zsh|fish|powershell").allowExcessArguments();
  }
  program.commands.forEach((c) => c.exitOverride());
  return program;
}
function commandOf(argv) {
  const args = argv.slice(2);
  const first = args.find((a) => !a.startsWith("-"));
  if (first === "help")
    return args[args.indexOf("help") + 1];
  if (first === "complete" || first === "completion")
    return "*";
  return first;
}
async function main(argv) {
  const json = argv.includes("--json");
  try {
    const name = commandOf(argv);
    const program = await buildProgram(name === "*" ? COMMAND_NAMES : name !== void 0 && name in COMMANDS ? [name] : [], name === "*");
    await program.parseAsync(argv);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help")
        return 0;
      if (json)
        process.stdout.write(JSON.stringify({ error: { code: "usage", message: e.message.replace(/^error: /, "") } }) + "\n");
      return e.exitCode;
    }
    return reportError(e, json);
  }
}
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e) => {
    if (e.code === "EPIPE")
      process.exit(0);
    throw e;
  });
}
main(process.argv).then((code) => {
  if (code !== 0 || process.exitCode === void 0)
    process.exitCode = code;
});
export {
  COMMAND_NAMES,
  buildProgram,
  main
};
//# sourceMappingURL=main.js.map
