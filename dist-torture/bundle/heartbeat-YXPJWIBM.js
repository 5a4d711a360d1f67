import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  printJson,
  standard,
  warn,
  withCancel,
  withEngine,
  withProviderOptions
} from "./chunk-EENKQGIA.js";
import "./chunk-2CVVGZF3.js";
import "./chunk-2G4CK54T.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/heartbeat.js
function register(program) {
  standard(withProviderOptions(program.command("heartbeat").description("one heartbeat tick: check HEARTBEAT.md with the local model if one is due (inside active hours, interval elapsed)").option("--now", "run now, even outside the active hours or before the interval has passed"))).action(async (opts) => {
    await withEngine(opts, async (engine) => {
      const jobs = await engine.jobs();
      if (!opts.now) {
        const due = jobs.due("heartbeat");
        if (!due.due) {
          const out = { due: false, reason: `${due.reason}${due.reason.includes("heartbeat.enabled") ? "; --now runs one anyway" : ""}`, ...due.nextAt !== null ? { next: new Date(due.nextAt).toISOString() } : {} };
          if (opts.json)
            printJson(out);
          else
            process.stdout.write(`no heartbeat now: ${out.reason}
`);
          return;
        }
      }
      const { run, value } = await withCancel((signal) => jobs.run("heartbeat", { ignoreActiveHours: opts.now ?? false }, { signal }));
      if (opts.json)
        return printJson({ due: true, run, result: value ?? null });
      if (run.outcome === "error" || value === void 0)
        throw new Error(run.reason ?? "the heartbeat failed");
      const r = value;
      if (r.status === "skipped")
        process.stdout.write(`heartbeat skipped: ${r.reason}
`);
      else if (r.status === "ok")
        process.stdout.write("heartbeat ok: nothing needs attention\n");
      else {
        process.stdout.write(`heartbeat alert (inbox #${r.inboxId}):
${r.reply}
`);
        for (const n of r.notified)
          (n.ok ? (m) => process.stdout.write(`  ${m}
`) : warn)(n.detail);
      }
    });
  });
}
export {
  register
};
//# sourceMappingURL=heartbeat-YXPJWIBM.js.map
