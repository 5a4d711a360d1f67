#!/usr/bin/env node
import { Command, CommanderError } from "commander";
import { registerIndex } from "./commands/index-cmd.js";
import { registerInit } from "./commands/init.js";
import { registerSearch } from "./commands/search.js";
import { registerStatus } from "./commands/status.js";
import { registerWatch } from "./commands/watch.js";
import { registerReflect } from "./commands/reflect.js";
import { registerSoul } from "./commands/soul.js";
import { registerLog } from "./commands/log.js";
import { registerModels } from "./commands/models.js";
import { registerDaemon } from "./commands/daemon.js";
import { registerContext } from "./commands/context.js";
import { registerFlush } from "./commands/flush.js";
import { registerHeartbeat } from "./commands/heartbeat.js";
import { registerJobs } from "./commands/jobs.js";
import { registerInbox } from "./commands/inbox.js";
import { registerBoot } from "./commands/boot.js";
import { registerMcp } from "./commands/mcp.js";
import { registerAsk } from "./commands/ask.js";
import { registerMemories } from "./commands/memories.js";
import { registerEvolve } from "./commands/evolve.js";
import { registerExport, registerImport } from "./commands/export.js";

/** Builds the CLI. Each command lives in commands/ and only adapts arguments to the Engine. */
export function buildProgram(): Command {
  const program = new Command("agent")
    .description("local-first memory engine for personal AI agents")
    .version("0.1.0")
    .showHelpAfterError(false)
    .exitOverride();
  registerInit(program);
  registerIndex(program);
  registerSearch(program);
  registerWatch(program);
  registerStatus(program);
  registerReflect(program);
  registerModels(program);
  registerSoul(program);
  registerLog(program);
  registerDaemon(program);
  registerContext(program);
  registerFlush(program);
  registerHeartbeat(program);
  registerJobs(program);
  registerInbox(program);
  registerBoot(program);
  registerMcp(program);
  registerAsk(program);
  registerMemories(program);
  registerEvolve(program);
  registerExport(program);
  registerImport(program);
  program.commands.forEach((c) => c.exitOverride());
  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // Commander already printed help or its own one-line error.
      return e.exitCode;
    }
    const msg = e instanceof Error ? e.message : String(e);
    process.stderr.write(`agent: ${msg.split("\n")[0]}\n`);
    if (process.env.AGENT_DEBUG && e instanceof Error) process.stderr.write(`${e.stack}\n`);
    return 1;
  }
}

main(process.argv).then((code) => {
  process.exitCode = code;
});
