import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  printJson,
  standard,
  withEngine
} from "./chunk-EENKQGIA.js";
import {
  Option
} from "./chunk-2CVVGZF3.js";
import {
  UsageError
} from "./chunk-2G4CK54T.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/log.js
import { readFileSync } from "node:fs";
function register(program) {
  standard(program.command("log").description("append a turn to a session transcript (sessions/<id>.jsonl), which reflection reads").argument("[text...]", 'what was said ("-" reads it from standard input)').requiredOption("--session <id>", "session id: letters, digits, '.', '_', '-'").addOption(new Option("--role <role>", "who said it").choices(["user", "assistant", "system", "tool"])).option("--thread <name>", "thread or channel name").option("--compacted", 'record that the assistant compacted its context here ({"type":"compaction"} line)')).action(async (words, opts) => {
    let text = words.join(" ");
    if (text === "-")
      text = readFileSync(0, "utf8").replace(/\n$/, "");
    if (text !== "" && opts.role === void 0)
      throw new UsageError("--role is required with text (user or assistant)");
    if (text === "" && opts.role !== void 0)
      throw new UsageError(`no text to log for --role ${opts.role}`);
    const res = await withEngine(opts, (engine) => engine.logTurn({
      session: opts.session,
      ...opts.role !== void 0 ? { turn: { role: opts.role, content: text, ...opts.thread !== void 0 ? { thread: opts.thread } : {} } } : {},
      compacted: opts.compacted ?? false
    }));
    if (opts.json)
      return printJson(res);
    process.stdout.write(`${res.file}: ${res.lines === 1 ? "1 line" : `${res.lines} lines`} appended at ${res.ts}
`);
  });
}
export {
  register
};
//# sourceMappingURL=log-Q3RUU3WH.js.map
