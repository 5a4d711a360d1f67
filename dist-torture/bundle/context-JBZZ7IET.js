import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  viaDaemon,
  withDaemonOption
} from "./chunk-UVXRVTYK.js";
import "./chunk-C7XSXXD5.js";
import {
  parsePositiveInt,
  printJson,
  standard,
  warn,
  withEngine
} from "./chunk-EENKQGIA.js";
import {
  Option
} from "./chunk-2CVVGZF3.js";
import "./chunk-2G4CK54T.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/context.js
function register(program) {
  withDaemonOption(standard(program.command("context").description("print the system prompt an assistant should inject: bootstrap files, recent daily notes and relevant memories, within budget").addOption(new Option("--session <type>", "main (private, gets everything); group or isolated (never MEMORY.md, USER.md or daily notes)").choices(["main", "group", "isolated"]).default("main")).option("--query <task>", "add the memories most relevant to this task or question").option("--budget <chars>", "total characters (default: context.totalChars, 16000)", parsePositiveInt("--budget")).option("--per-file <chars>", "characters per file (default: context.perFileChars, 4000)", parsePositiveInt("--per-file")))).action(async (opts) => {
    {
      const req = {
        session: opts.session,
        ...opts.query !== void 0 ? { query: opts.query } : {},
        ...opts.budget !== void 0 ? { budget: opts.budget } : {},
        ...opts.perFile !== void 0 ? { perFile: opts.perFile } : {}
      };
      const ctx = await viaDaemon(opts, "context", req) ?? await withEngine(opts, (engine) => engine.context(req));
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
export {
  register
};
//# sourceMappingURL=context-JBZZ7IET.js.map
