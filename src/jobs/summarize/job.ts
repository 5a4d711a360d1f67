/**
 * Conversation summaries as a job of the one runner (`agent summarize`, the daemon): due when
 * a transcript changed and its conversation has ended (untouched for reflection.summaryIdle,
 * or compacted after its last turn) while its summary is older than it. A transcript is looked
 * at again only when it changes, so a conversation too small for a summary costs one run.
 */
import { errorMessage } from "../../shared/errors.js";
import { listWorkspaceDir, statWorkspacePath } from "../../workspace/guard.js";
import { notDue, triggerWord, type Job, type JobDeps, type JobWarn } from "../job.js";
import { parseDuration } from "../reflect/config.js";
import { readConversations, sessionOf } from "./conversations.js";
import { summaryPath } from "./file.js";
import { summarizeConversations, type SummarizeResult } from "./run.js";

export const SUMMARIZE_JOB = "summarize";

/** A scheduled run writes at most this many, so the tick's other jobs never wait long; the rest follow on the next ticks. */
export const SUMMARIES_PER_RUN = 5;

export interface SummarizeArgs {
  session?: string;
  /** Only conversations with a turn at or after this ISO date or time. */
  since?: string;
  dryRun?: boolean;
}

export function summarizeJob(deps: JobDeps, env: { warn: JobWarn }): Job<SummarizeArgs, SummarizeResult> {
  // Per session: the transcript's size and mtime when a run last dealt with it; and those an
  // ended conversation's due check found, handed to `seen` once a run has dealt with them.
  const seen = new Map<string, string>();
  const found = new Map<string, string>();
  // Per live session: the transcript's size and mtime when it was last read and found not yet
  // ended. Unchanged, it cannot have ended by a compaction since, only by going idle, which a
  // stat tells: the daemon looks every tick (twice: tick and wake time), and reading every
  // live transcript again each time was most of its own CPU beside the model for the half
  // hour after a big import (1,000 sessions: each look listed the folder and parsed each one).
  const live = new Map<string, string>();
  return {
    name: SUMMARIZE_JOB,
    due(now) {
      // Summaries feed the nightly reflection: with it off (cron runs `agent reflect`, which writes them first), the daemon writes none.
      if (!deps.config.schedule.reflect) return notDue("the nightly reflection is off (schedule.reflect is false); `agent reflect` writes the summaries it needs");
      if (statWorkspacePath(deps.workspace, "sessions")?.isDirectory !== true) return notDue("no sessions/ folder");
      const ended = endedSessions(deps, now, { seen, found, live }, env.warn);
      return ended.length > 0
        ? { due: true, nextAt: null, reason: `${ended.length} finished conversation(s) without an up-to-date summary`, runs: [{ key: SUMMARIZE_JOB, args: {} }] }
        : notDue("no finished conversation waits for a summary");
    },
    startDetails(args, trigger) {
      return { trigger: triggerWord(trigger, false, "conversation ended"), ...(args.session !== undefined ? { session: args.session } : {}), ...(args.since !== undefined ? { since: args.since } : {}) };
    },
    recorded: (args) => args.dryRun !== true,
    async run(args, ctx) {
      const r = await summarizeConversations({
        workspace: deps.workspace,
        cfg: deps.config.reflection,
        provider: deps.llm,
        now: deps.now,
        signal: ctx.signal,
        ...(args.session !== undefined ? { session: args.session } : {}),
        ...(args.since !== undefined ? { since: parseSince(args.since) } : {}),
        ...(args.dryRun ? { dryRun: true } : {}),
        ...(ctx.trigger === "schedule" ? { limit: SUMMARIES_PER_RUN } : {}),
      });
      // Without a model nothing was dealt with: the runner says so once (with the other model
      // jobs) and looks again every 30 minutes, so the summaries come once a model answers.
      if (!args.dryRun && args.session === undefined && r.noModel === undefined) {
        for (const [id, key] of found) if (!r.deferred.includes(id)) seen.set(id, key);
      }
      const did = r.dryRun ? "would write" : "wrote";
      const reason =
        r.noModel ??
        `${did} ${r.written.length} summar${r.written.length === 1 ? "y" : "ies"}${r.failed.length > 0 ? `, ${r.failed.length} failed (${r.failed[0]!.session}: ${r.failed[0]!.reason})` : ""}${r.deferred.length > 0 ? `, ${r.deferred.length} left for the next run` : ""}${r.removed.length > 0 ? `; ${r.dryRun ? "would remove" : "removed"} ${r.removed.length} of a conversation not the person's own` : ""}`;
      const outcome = r.failed.length > 0 && r.written.length === 0 ? "error" : r.written.length === 0 ? "skip" : "ok";
      const details: Record<string, unknown> = { written: r.written.map((w) => w.session), skipped: r.skipped.length, failed: r.failed };
      if (r.noModel !== undefined) details.llm = "missing";
      if (r.removed.length > 0) details.removed = r.removed;
      return { result: { outcome, reason, details }, value: r };
    },
  };
}

/** "2026-11-20" or a full ISO time, as ms; a clear error otherwise. */
export function parseSince(since: string): number {
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(since) ? `${since}T00:00:00` : since);
  if (Number.isNaN(ms)) throw new Error(`--since must be a date like 2026-11-20 (or an ISO time), got "${since}"`);
  return ms;
}

/** What the due checks remember per session id: each a transcript's size-and-mtime key. */
interface Looked {
  /** Dealt with by a run (or summarized since): not looked at again until it changes. */
  seen: Map<string, string>;
  /** Found ended by the latest check, handed to `seen` once a run has dealt with them. */
  found: Map<string, string>;
  /** Read and found still going: not read again until it changes (it may still go idle). */
  live: Map<string, string>;
}

/**
 * Sessions whose transcript changed since last looked at, has ended and has a summary older
 * than itself (or none). Cheap for the quiet ones: a stat each.
 */
function endedSessions(deps: JobDeps, now: number, { seen, found, live }: Looked, warn: JobWarn): string[] {
  const idleMs = parseDuration(deps.config.reflection.summaryIdle) ?? 30 * 60_000;
  const stems = listWorkspaceDir(deps.workspace, "sessions").filter((n) => n.endsWith(".jsonl")).map((n) => n.slice(0, -6));
  const stemSet = new Set(stems);
  const latest = new Map<string, { key: string; mtime: number }>();
  for (const stem of stems) {
    const st = statWorkspacePath(deps.workspace, `sessions/${stem}.jsonl`);
    if (st === null || !st.isFile) continue;
    const { id } = sessionOf(stem, stemSet);
    const prev = latest.get(id);
    latest.set(id, { key: `${prev?.key ?? ""}${st.size}:${st.mtimeMs};`, mtime: Math.max(prev?.mtime ?? 0, st.mtimeMs) });
  }
  const out: string[] = [];
  for (const [id, { key, mtime }] of latest) {
    if (seen.get(id) === key) continue;
    const summary = statWorkspacePath(deps.workspace, summaryPath(id));
    if (summary !== null && summary.mtimeMs >= mtime) {
      seen.set(id, key);
      continue;
    }
    let ended = mtime <= now - idleMs;
    if (!ended && live.get(id) !== key) {
      try {
        const c = readConversations(deps.workspace, undefined, new Set([id])).conversations[0];
        const last = c?.turns[c.turns.length - 1];
        ended = c !== undefined && last !== undefined && c.compactedAt !== null && c.compactedAt >= last.at;
        if (!ended) live.set(id, key);
      } catch (e) {
        warn(`summarize:${id}`, `could not read sessions/${id}.jsonl: ${errorMessage(e)}`);
      }
    }
    if (ended) live.delete(id);
    // Set aside for good only once a run has dealt with it: a live conversation is looked at again.
    if (ended) {
      found.set(id, key);
      out.push(id);
    }
  }
  return out;
}
