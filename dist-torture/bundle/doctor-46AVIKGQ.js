import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  viaDaemon,
  withDaemonOption
} from "./chunk-UVXRVTYK.js";
import "./chunk-C7XSXXD5.js";
import {
  printJson,
  standard,
  warn,
  workspaceFrom
} from "./chunk-EENKQGIA.js";
import {
  Engine
} from "./chunk-VEPDMEQG.js";
import "./chunk-RVKSXO2E.js";
import "./chunk-DCOOZYPX.js";
import "./chunk-SOHIBQDK.js";
import "./chunk-P4TWOYVN.js";
import "./chunk-LTX5SA6R.js";
import "./chunk-EQ5JI7WZ.js";
import "./chunk-6GL6RHDK.js";
import "./chunk-ALMWBFSW.js";
import "./chunk-UXHALSJY.js";
import "./chunk-DDYDWEWT.js";
import "./chunk-FEQ2CM7F.js";
import "./chunk-2CVVGZF3.js";
import "./chunk-2G4CK54T.js";
import "./chunk-MSVBQ5DD.js";
import "./chunk-IH6GUBBK.js";
import "./chunk-JKQF62IV.js";
import "./chunk-U66UVQVN.js";
import "./chunk-AKCMT4GJ.js";
import "./chunk-AWOS4YYZ.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/doctor.js
var MARK = { ok: "\u2713", warn: "!", fail: "\u2717" };
function register(program) {
  withDaemonOption(standard(program.command("doctor").description("check everything in one go \u2014 config, databases, embedder, LLM, daemon, index freshness \u2014 and say what to do (exit 1 when anything fails)").option("--restore-state", "put the newest good backup of state.db in place of a damaged one (the damaged file is kept)").option("--backup <file>", "with --restore-state: this backup instead of the newest").option("--force", "with --restore-state: replace a state.db that is still readable"))).action(async (opts) => {
    const workspace = workspaceFrom(opts);
    if (opts.restoreState) {
      const r2 = await Engine.restoreState(workspace, { ...opts.backup ? { backup: opts.backup } : {}, force: opts.force ?? false });
      if (opts.json)
        return printJson(r2);
      process.stdout.write(`state.db restored from ${r2.restored.file}${r2.movedAside ? `; the previous file was kept as ${r2.movedAside}` : ""}
`);
      return;
    }
    const r = await viaDaemon(opts, "doctor", {}, { timeoutMs: 12e4 }) ?? await Engine.doctor(workspace);
    if (opts.json)
      printJson(r);
    else {
      const width = Math.max(...r.checks.map((c) => c.name.length));
      const out = [`workspace: ${r.workspace}`];
      for (const c of r.checks) {
        out.push(`${MARK[c.status]} ${c.name.padEnd(width)}  ${c.detail}`);
        if (c.fix && c.status !== "ok")
          out.push(`  ${" ".repeat(width)}  \u2192 ${c.fix}`);
      }
      out.push(r.ok ? "all checks passed" : `${r.checks.filter((c) => c.status === "fail").length} check(s) failed`);
      process.stdout.write(out.join("\n") + "\n");
      if (!r.ok)
        warn("some checks failed; see above");
    }
    if (!r.ok)
      process.exitCode = 1;
  });
}
export {
  register
};
//# sourceMappingURL=doctor-46AVIKGQ.js.map
