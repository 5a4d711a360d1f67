/**
 * The pre-compaction flush as a job: due for each transcript in sessions/ that nears its
 * assistant's compaction (checked again only when the file changed), run per session.
 */
import { errorMessage } from "../../shared/errors.js";
import { statWorkspacePath } from "../../workspace/guard.js";
import { listSessionFiles } from "../../workspace/transcripts.js";
import { notDue, type Job, type JobDeps, type JobWarn } from "../job.js";
import { checkFlush, flushJobResult, flushSettings, runFlush, type FlushResult } from "./run.js";

export const FLUSH_JOB = "flush";

export interface FlushArgs {
  session: string;
  /** Ignore the threshold and the once-per-cycle rule. */
  force?: boolean;
  /** Run for an assistant's compaction (its name). */
  compaction?: string;
  /** With compaction: no LLM is configured, so the turns are only captured (the run says so). */
  captureOnly?: boolean;
}

export function flushJob(deps: JobDeps, env: { warn: JobWarn }): Job<FlushArgs, FlushResult> {
  // Per transcript: its size and mtime when last checked, and whether it was due then. An
  // unchanged transcript that was not due is not read again.
  const seen = new Map<string, { key: string; due: boolean }>();
  return {
    name: FLUSH_JOB,
    due() {
      const cfg = deps.config.flush;
      if (!cfg.enabled) return notDue("the pre-compaction flush is off (flush.enabled is false)");
      if (statWorkspacePath(deps.workspace, "sessions")?.isDirectory !== true) return notDue("no sessions/ folder");
      const runs: { key: string; args: FlushArgs }[] = [];
      // A session's continuation files (`<id>-2.jsonl`…) are one session: its newest file says whether it changed.
      for (const [session, files] of listSessionFiles(deps.workspace)) {
        const name = files[files.length - 1]!.slice("sessions/".length);
        const st = statWorkspacePath(deps.workspace, `sessions/${name}`);
        if (st === null || !st.isFile) continue;
        const key = `${st.size}:${st.mtimeMs}`;
        const prev = seen.get(session);
        if (prev !== undefined && prev.key === key && !prev.due) continue;
        let due: boolean;
        try {
          due = checkFlush(deps.workspace, session, deps.state(), cfg).decision.due;
        } catch (e) {
          env.warn(`flush:${session}:${key}`, `flush check of sessions/${name} failed: ${errorMessage(e)}`);
          seen.set(session, { key, due: false });
          continue;
        }
        seen.set(session, { key, due });
        if (due) runs.push({ key: `${FLUSH_JOB}:${session}`, args: { session } });
      }
      return runs.length > 0
        ? { due: true, nextAt: null, reason: `${runs.length} transcript(s) near compaction`, runs }
        : notDue("no transcript is near compaction");
    },
    startDetails(args, trigger) {
      if (args.compaction !== undefined) return { session: args.session, trigger: `${args.compaction} compaction` };
      return { session: args.session, trigger: trigger === "manual" ? (args.force ? "manual --force" : "manual") : "threshold" };
    },
    recorded: () => true,
    async run(args, ctx) {
      if (args.compaction !== undefined && args.captureOnly === true) {
        // Not an error: the person has not set up a model, and the turns are safe in sessions/.
        return { result: { outcome: "skip", reason: `capture only: no LLM is configured (no "llm" section in agent.config.json); the turns before the ${args.compaction} compaction are in sessions/${args.session}.jsonl, no notes were written` }, value: { status: "not-due", session: args.session, reason: "capture only: no LLM is configured", cycleKey: "", tokens: 0, bytes: 0, thresholdTokens: 0 } };
      }
      const r = await runFlush({
        workspace: deps.workspace,
        session: args.session,
        provider: deps.llm(),
        db: deps.state(),
        now: deps.now,
        settings: flushSettings(deps.config),
        force: args.force ?? false,
        signal: ctx.signal,
        ...(ctx.runId !== null ? { runId: ctx.runId } : {}),
      });
      return { result: flushJobResult(r), value: r };
    },
  };
}
