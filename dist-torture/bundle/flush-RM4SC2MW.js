import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  printJson,
  standard,
  withCancel,
  withEngine,
  withProviderOptions
} from "./chunk-EENKQGIA.js";
import "./chunk-2CVVGZF3.js";
import "./chunk-2G4CK54T.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/flush.js
function register(program) {
  standard(withProviderOptions(program.command("flush").description("the pre-compaction memory flush, now: if the session is near compaction, append its durable notes to today's memory/YYYY-MM-DD.md").requiredOption("--session <id>", "session id (sessions/<id>.jsonl)").option("--force", "flush even below the threshold or if this compaction cycle was already flushed"))).action(async (opts) => {
    const { run, value } = await withEngine(opts, (engine) => withCancel((signal) => engine.runJob("flush", { session: opts.session, force: opts.force ?? false }, { signal })));
    if (opts.json)
      return printJson({ run, result: value ?? null });
    if (run.outcome === "error" || value === void 0)
      throw new Error(run.reason ?? "the flush failed");
    const r = value;
    switch (r.status) {
      case "flushed":
        process.stdout.write(`flushed session ${r.session}: ${r.chars} characters appended to ${r.file}
  ${r.reason}
`);
        break;
      case "no-reply":
        process.stdout.write(`flushed session ${r.session}: the model had nothing worth keeping (NO_REPLY); nothing written
`);
        break;
      case "not-due":
        process.stdout.write(`no flush for session ${r.session}: ${r.reason}${r.reason.startsWith("already") || r.reason.startsWith("not yet") ? " (--force to flush anyway)" : ""}
`);
        break;
    }
  });
}
export {
  register
};
//# sourceMappingURL=flush-RM4SC2MW.js.map
