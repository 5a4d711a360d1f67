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
  init: { description: "create a workspace with the starter files (keeps existing files)", load: () => import("./init-CQUXWPAQ.js") },
  index: { description: "bring the index up to date with the markdown, then compute missing vectors", load: () => import("./index-cmd-TG32TEVR.js") },
  search: { description: "search the agent's memory: keywords + meaning, recent notes first", load: () => import("./search-U5UMXXBG.js") },
  watch: { description: "keep the index in step with the workspace until stopped", load: () => import("./watch-WNR7QYXB.js") },
  status: { description: "what is indexed, how old it is, and anything stale or unreadable", load: () => import("./status-XYCG6Z4J.js") },
  doctor: { description: "check config, databases, models, daemon and index in one go, and say what to do", load: () => import("./doctor-BU4YLSYL.js") },
  config: { description: "print the effective configuration and where each value came from", load: () => import("./config-2YLLKPOH.js") },
  reflect: { description: "reflect on recent conversations and re-distil SOUL.md (safely)", load: () => import("./reflect-4DTOIUVV.js") },
  soul: { description: "SOUL.md's versions and proposals: log, diff, rollback, proposed, accept, reject, save", load: () => import("./soul-5ZR5EJCH.js") },
  log: { description: "append a turn to a session transcript, which reflection reads", load: () => import("./log-2YG5WN7K.js") },
  models: { description: "which LLM and embedder are configured, and whether they work", load: () => import("./models-56FBASNI.js") },
  daemon: { description: "serve the engine to local clients and run the scheduled jobs (foreground)", load: () => import("./daemon-L3R4PT74.js") },
  context: { description: "print the system prompt an assistant should inject", load: () => import("./context-FC32R3AW.js") },
  flush: { description: "the pre-compaction memory flush of a session, now", load: () => import("./flush-EUIXKD5N.js") },
  heartbeat: { description: "one heartbeat: check HEARTBEAT.md with the local model if due", load: () => import("./heartbeat-EBVXBA6C.js") },
  jobs: { description: "recent job runs: start, end, outcome and reason", load: () => import("./jobs-JQFD2UQG.js") },
  inbox: { description: "alerts and reports from the jobs; shown ones are marked read", load: () => import("./inbox-MVDFCLKC.js") },
  boot: { description: "morning context restoration: relevant history plus recent activity", load: () => import("./boot-KIIIZ5ND.js") },
  mcp: { description: "serve this workspace's memory to an MCP client over stdio", load: () => import("./mcp-QFNMIFKE.js") },
  ask: { description: "ask the local model about your past; it answers with citations", load: () => import("./ask-5XSYUAHG.js") },
  memories: { description: "the agent's memories: list, archive, rank for a task, forget, pin", load: () => import("./memories-7REPXYOP.js") },
  evolve: { description: "the weekly evolution cycle now", load: () => import("./evolve-MIJEWQIP.js") },
  snapshot: { description: "take a personality snapshot now", load: () => import("./snapshot-6INPHPIJ.js") },
  export: { description: "print all the engine's own state as JSON", load: () => import("./export-GUDHC5SH.js") },
  import: { description: "restore state exported by `agent export`", load: () => import("./import-JMCTKGTV.js") }
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
