import type { Command } from "commander";
import { openJobsDb, readDaemonLock, type JobRun } from "../../index.js";
import { parsePositiveInt, printJson, withJsonOption, withWorkspaceOption, workspaceFrom, type WorkspaceOpts } from "../common.js";

interface JobsOpts extends WorkspaceOpts {
  limit: number;
  job?: string;
}

export function registerJobs(program: Command): void {
  withJsonOption(
    withWorkspaceOption(
      program
        .command("jobs")
        .description("recent job runs (flush, heartbeat, reflect): start, end, outcome and reason")
        .option("-n, --limit <n>", "number of runs", parsePositiveInt("--limit"), 20)
        .option("--job <name>", "only this job (flush, heartbeat, reflect)"),
    ),
  ).action((opts: JobsOpts) => {
    const workspace = workspaceFrom(opts);
    const jobs = openJobsDb(workspace);
    try {
      const runs = jobs.runs.recent({ limit: opts.limit, ...(opts.job !== undefined ? { job: opts.job } : {}) });
      const daemon = readDaemonLock(workspace);
      const unread = jobs.inbox.unreadCount();
      if (opts.json) return printJson({ daemon: daemon ?? null, unread, runs });
      const out: string[] = [
        daemon === undefined
          ? "daemon: not running"
          : daemon.alive
            ? `daemon: running (pid ${daemon.pid}, since ${stamp(daemon.startedAt)})`
            : `daemon: not running (stale lock of pid ${daemon.pid}; the next \`agent daemon\` takes it over)`,
      ];
      if (unread > 0) out.push(`inbox: ${unread} unread — see \`agent inbox\``);
      if (runs.length === 0) out.push("no job runs yet");
      else {
        out.push("");
        out.push(`${"job".padEnd(10)} ${"start".padEnd(19)} ${"end".padEnd(8)} ${"outcome".padEnd(7)} reason`);
        for (const r of runs) out.push(formatRun(r));
      }
      process.stdout.write(out.join("\n") + "\n");
    } finally {
      jobs.close();
    }
  });
}

function formatRun(r: JobRun): string {
  const end = r.endedAt === null ? "-" : sameDay(r.startedAt, r.endedAt) ? stamp(r.endedAt).slice(11) : stamp(r.endedAt);
  const who = typeof r.details.session === "string" ? `[${r.details.session}] ` : "";
  return `${r.job.padEnd(10)} ${stamp(r.startedAt)} ${end.padEnd(8)} ${r.outcome.padEnd(7)} ${who}${r.reason ?? ""}`.trimEnd();
}

/** Local "YYYY-MM-DD HH:MM:SS". */
function stamp(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

function sameDay(a: number, b: number): boolean {
  return stamp(a).slice(0, 10) === stamp(b).slice(0, 10);
}
