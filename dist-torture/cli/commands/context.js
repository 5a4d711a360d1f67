import { Option } from "commander";
import { parsePositiveInt, printJson, standard, warn, withEngine } from "../common.js";
import { viaDaemon, withDaemonOption } from "../remote.js";
export function register(program) {
    withDaemonOption(standard(program
        .command("context")
        .description("print the system prompt an assistant should inject: bootstrap files, recent daily notes and relevant memories, within budget")
        .addOption(new Option("--session <type>", "main (private, gets everything); group or isolated (never MEMORY.md, USER.md or daily notes)")
        .choices(["main", "group", "isolated"])
        .default("main"))
        .option("--query <task>", "add the memories most relevant to this task or question")
        .option("--budget <chars>", "total characters (default: context.totalChars, 16000)", parsePositiveInt("--budget"))
        .option("--per-file <chars>", "characters per file (default: context.perFileChars, 4000)", parsePositiveInt("--per-file")))).action(async (opts) => {
        {
            const req = {
                session: opts.session,
                ...(opts.query !== undefined ? { query: opts.query } : {}),
                ...(opts.budget !== undefined ? { budget: opts.budget } : {}),
                ...(opts.perFile !== undefined ? { perFile: opts.perFile } : {}),
            };
            // The running daemon answers warm when there is one; the answer is the same object.
            const ctx = (await viaDaemon(opts, "context", req)) ?? (await withEngine(opts, (engine) => engine.context(req)));
            if (opts.json)
                return printJson(ctx);
            for (const m of ctx.audit.messages)
                warn(m);
            for (const p of ctx.problems)
                warn(p);
            for (const w of ctx.warnings)
                warn(w);
            if (ctx.report.truncated.length > 0)
                warn(`cut to fit the budget: ${ctx.report.truncated.join(", ")}`);
            if (ctx.report.omitted.length > 0)
                warn(`left out (over the budget): ${ctx.report.omitted.join(", ")}`);
            process.stdout.write(ctx.text);
        }
    });
}
//# sourceMappingURL=context.js.map