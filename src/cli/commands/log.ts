import { readFileSync } from "node:fs";
import { Option, type Command } from "commander";
import { checkChoice, checkSessionId, LOG_ROLES, logProblem, refuse } from "../../contract/rules.js";
import type { SessionRole } from "../../workspace/sessions.js";
import { printJson, standard, withEngine, type WorkspaceOpts } from "../common.js";

interface LogOpts extends WorkspaceOpts {
  session: string;
  role?: SessionRole;
  thread?: string;
  compacted?: boolean;
}

export function register(program: Command): void {
  standard(
      program
        .command("log")
        .description("append a turn to a session transcript (sessions/<id>.jsonl), which reflection reads")
        .argument("[text...]", 'what was said ("-" reads it from standard input)')
        .requiredOption("--session <id>", "session id: letters, digits, '.', '_', '-'", (v) => checkSessionId("session", v))
        .addOption(new Option("--role <role>", "who said it").choices(LOG_ROLES).argParser((v) => checkChoice("role", LOG_ROLES, v)))
        .option("--thread <name>", "thread or channel name")
        .option("--compacted", 'record that the assistant compacted its context here ({"type":"compaction"} line)'),
  ).action(async (words: string[], opts: LogOpts) => {
    let text = words.join(" ");
    if (text === "-") text = readFileSync(0, "utf8").replace(/\n$/, "");
    // A log request of the contract: text and role come together.
    refuse(logProblem({ text, role: opts.role }));
    const res = await withEngine(opts, async (engine) => (await engine.assist()).logTurn({
      session: opts.session,
      ...(opts.role !== undefined
        ? { turn: { role: opts.role, content: text, ...(opts.thread !== undefined ? { thread: opts.thread } : {}) } }
        : {}),
      compacted: opts.compacted ?? false,
    }));
    if (opts.json) return printJson(res);
    process.stdout.write(`${res.file}: ${res.lines === 1 ? "1 line" : `${res.lines} lines`} appended at ${res.ts}\n`);
  });
}
