import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  parsePositiveInt,
  printJson,
  stamp,
  standard,
  withEngine
} from "./chunk-EENKQGIA.js";
import {
  JOB_NAMES,
  parseJobName
} from "./chunk-SYRWSFJK.js";
import "./chunk-3FNR63DB.js";
import "./chunk-JY63XUVN.js";
import "./chunk-2YPZIKJZ.js";
import "./chunk-2RZH2ITT.js";
import "./chunk-7TYOPXQS.js";
import "./chunk-D3YNOGQB.js";
import "./chunk-QHBY2DEB.js";
import {
  readDaemonLock
} from "./chunk-TYLLTPQG.js";
import "./chunk-P4TWOYVN.js";
import "./chunk-LTX5SA6R.js";
import "./chunk-EQ5JI7WZ.js";
import "./chunk-ALMWBFSW.js";
import "./chunk-UXHALSJY.js";
import "./chunk-DDYDWEWT.js";
import "./chunk-FEQ2CM7F.js";
import "./chunk-2CVVGZF3.js";
import {
  UsageError
} from "./chunk-2G4CK54T.js";
import "./chunk-MSVBQ5DD.js";
import "./chunk-Q7MNPCDJ.js";
import "./chunk-YGG5RE66.js";
import "./chunk-EYPOEGPV.js";
import "./chunk-C7GQ5C77.js";
import "./chunk-PUIWUURG.js";
import "./chunk-UWHEQYUJ.js";
import "./chunk-JKQF62IV.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QD2MJU4L.js";
import "./chunk-IWEEPCH3.js";
import "./chunk-L3UHGH52.js";
import "./chunk-EIUDDPL2.js";
import "./chunk-AKCMT4GJ.js";
import "./chunk-AWOS4YYZ.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/jobs.js
function register(program) {
  standard(program.command("jobs").description(`recent job runs (${JOB_NAMES.join(", ")}), by hand or scheduled: start, end, outcome and reason`).option("-n, --limit <n>", "number of runs", parsePositiveInt("--limit"), 20).option("--job <name>", `only this job (${JOB_NAMES.join(", ")})`)).action(async (opts) => {
    let job;
    if (opts.job !== void 0) {
      try {
        job = parseJobName(opts.job);
      } catch (e) {
        throw new UsageError(e.message);
      }
    }
    const { runs, unread, daemon } = await withEngine(opts, async (engine) => {
      const jobs = await engine.jobs();
      const hasState = engine.hasState();
      return {
        runs: hasState ? jobs.runs({ limit: opts.limit, ...job !== void 0 ? { job } : {} }) : [],
        unread: hasState ? jobs.inbox.unreadCount() : 0,
        daemon: readDaemonLock(engine.workspace)
      };
    });
    if (opts.json)
      return printJson({ daemon: daemon ?? null, unread, runs });
    const out = [
      daemon === void 0 ? "daemon: not running" : daemon.alive ? `daemon: running (pid ${daemon.pid}, since ${stamp(daemon.startedAt)})` : `daemon: not running (stale lock of pid ${daemon.pid}; the next \`agent daemon\` takes it over)`
    ];
    if (unread > 0)
      out.push(`inbox: ${unread} unread \u2014 see \`agent inbox\``);
    if (runs.length === 0)
      out.push("no job runs yet");
    else {
      out.push("");
      out.push(`${"job".padEnd(10)} ${"start".padEnd(19)} ${"end".padEnd(8)} ${"outcome".padEnd(7)} reason`);
      for (const r of runs)
        out.push(formatRun(r));
    }
    process.stdout.write(out.join("\n") + "\n");
  });
}
function formatRun(r) {
  const end = r.endedAt === null ? "-" : stamp(r.startedAt).slice(0, 10) === stamp(r.endedAt).slice(0, 10) ? stamp(r.endedAt).slice(11) : stamp(r.endedAt);
  const who = typeof r.details.session === "string" ? `[${r.details.session}] ` : "";
  return `${r.job.padEnd(10)} ${stamp(r.startedAt)} ${end.padEnd(8)} ${r.outcome.padEnd(7)} ${who}${r.reason ?? ""}`.trimEnd();
}
export {
  register
};
//# sourceMappingURL=jobs-TN6BRGJC.js.map
