import { Option, type Command } from "commander";
import { contextOptions } from "../../contract/options.js";
import type { ContextRequest } from "../../contract/requests.js";
import { checkChoice, checkWhole, SESSION_SCOPES } from "../../contract/rules.js";
import type { ContextAnswer } from "../../engine/assist.js";
import { printJson, standard, warn, withEngine, type WorkspaceOpts } from "../common.js";
import { viaDaemon, withDaemonOption, type DaemonRouting } from "../remote.js";

interface ContextOpts extends WorkspaceOpts, DaemonRouting {
  session: NonNullable<ContextRequest["session"]>;
  query?: string;
  budget?: number;
  perFile?: number;
}

export function register(program: Command): void {
  withDaemonOption(standard(
    program
      .command("context")
      .description("print the system prompt an assistant should inject: bootstrap files, recent daily notes and relevant memories, within budget")
      .addOption(
        new Option("--session <type>", "main (private, gets everything); group or isolated (never MEMORY.md, USER.md or daily notes)")
          .choices(SESSION_SCOPES)
          .argParser((v) => checkChoice("session", SESSION_SCOPES, v))
          .default("main"),
      )
      .option("--query <task>", "add the memories most relevant to this task or question")
      .option("--budget <chars>", "total characters (default: context.totalChars, 16000)", (v) => checkWhole("budget", v, 1))
      .option("--per-file <chars>", "characters per file (default: context.perFileChars, 4000)", (v) => checkWhole("perFile", v, 1)),
  )).action(async (opts: ContextOpts) => {
    {
      // The flags as a context request of the contract.
      const req = contextOptions({ session: opts.session, query: opts.query, budget: opts.budget, perFile: opts.perFile });
      // The running daemon answers warm when there is one; the answer is the same object.
      const ctx = (await viaDaemon<ContextAnswer>(opts, "context", req)) ?? (await withEngine(opts, async (engine) => (await engine.assist()).context(req)));
      if (opts.json) return printJson(ctx);
      for (const m of ctx.audit.messages) warn(m);
      for (const p of ctx.problems) warn(p);
      for (const w of ctx.warnings) warn(w);
      if (ctx.report.truncated.length > 0) warn(`cut to fit the budget: ${ctx.report.truncated.join(", ")}`);
      if (ctx.report.omitted.length > 0) warn(`left out (over the budget): ${ctx.report.omitted.join(", ")}`);
      process.stdout.write(ctx.text);
    }
  });
}
