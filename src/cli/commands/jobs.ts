import type { Command } from "commander";
import { JOB_NAMES, parseJobName, type JobName } from "../../jobs/catalog.js";
import type { JobRun } from "../../store/job-runs.js";
import type { HomeStatus } from "../../store/events/home.js";
import { readDaemonLock } from "../../workspace/lock.js";
import { UsageError } from "../../engine/errors.js";
import { parsePositiveInt, printJson, stamp, standard, withEngine, type WorkspaceOpts } from "../common.js";

interface JobsOpts extends WorkspaceOpts {
  limit: number;
  job?: string;
  home?: boolean;
}

export function register(program: Command): void {
  standard(
    program
      .command("jobs")
      .description(`recent job runs (${JOB_NAMES.join(", ")}), by hand or scheduled: start, end, outcome and reason`)
      .option("-n, --limit <n>", "number of runs", parsePositiveInt("--limit"), 20)
      .option("--job <name>", `only this job (${JOB_NAMES.join(", ")})`)
      .option("--home", "make this device the home of the writing jobs (reflect, dream, flush, heartbeat, summarize, evolve): the others skip them"),
  ).action(async (opts: JobsOpts) => {
    let job: JobName | undefined;
    if (opts.job !== undefined) {
      try {
        job = parseJobName(opts.job);
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
    }
    const { runs, unread, daemon, home } = await withEngine(opts, async (engine) => {
      const jobs = await engine.jobs();
      const home = opts.home === true ? jobs.makeHome() : jobs.home();
      const hasState = engine.hasState();
      return {
        home,
        runs: hasState ? jobs.runs({ limit: opts.limit, ...(job !== undefined ? { job } : {}) }) : [],
        unread: hasState ? jobs.inbox.unreadCount() : 0,
        daemon: readDaemonLock(engine.workspace),
      };
    });
    if (opts.json) return printJson({ daemon: daemon ?? null, home, unread, runs });
    const out: string[] = [
      daemon === undefined
        ? "daemon: not running"
        : daemon.alive
          ? `daemon: running (pid ${daemon.pid}, since ${stamp(daemon.startedAt)})`
          : `daemon: not running (stale lock of pid ${daemon.pid}; the next \`agent daemon\` takes it over)`,
    ];
    if (home.home !== null) out.push(homeLine(home));
    if (unread > 0) out.push(`inbox: ${unread} unread — see \`agent inbox\``);
    if (runs.length === 0) out.push("no job runs yet");
    else {
      out.push("");
      out.push(`${"job".padEnd(10)} ${"start".padEnd(19)} ${"end".padEnd(8)} ${"outcome".padEnd(7)} reason`);
      for (const r of runs) out.push(formatRun(r));
    }
    process.stdout.write(out.join("\n") + "\n");
  });
}

function homeLine(h: HomeStatus): string {
  if (h.here) return `home: this device, ${h.home!.name} (${h.home!.id}): the writing jobs run here`;
  return `home: ${h.home!.name} (${h.home!.id}); here the writing jobs are skipped — \`agent jobs --home\` makes this device their home`;
}

function formatRun(r: JobRun): string {
  const end = r.endedAt === null ? "-" : stamp(r.startedAt).slice(0, 10) === stamp(r.endedAt).slice(0, 10) ? stamp(r.endedAt).slice(11) : stamp(r.endedAt);
  const who = typeof r.details.session === "string" ? `[${r.details.session}] ` : "";
  return `${r.job.padEnd(10)} ${stamp(r.startedAt)} ${end.padEnd(8)} ${r.outcome.padEnd(7)} ${who}${r.reason ?? ""}`.trimEnd();
}
