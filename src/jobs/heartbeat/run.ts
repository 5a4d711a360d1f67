/**
 * Heartbeat, I/O part: one tick. HEARTBEAT.md with nothing in it skips the model call; an
 * "all quiet" reply (HEARTBEAT_OK) is recorded and never shown; anything else becomes an
 * alert in the inbox and goes to the notifier.
 */
import { NO_HARD_LINKS, readNoteText } from "../../workspace/guard.js";
import type { ContextConfig } from "../../context/config.js";
import { buildContext } from "../../context/load.js";
import { requireCompleteReply } from "../../llm/factory.js";
import type { LLMProvider } from "../../llm/types.js";
import { timeZoneLabel } from "../../workspace/time.js";
import type { DB } from "../../store/open.js";
import { InboxStore } from "../../store/inbox.js";
import { JobRunStore, type JobResult } from "../../store/job-runs.js";
import { heartbeatIntervalMs, type HeartbeatConfig } from "./config.js";
import { notify as sendNotification, type AlertMessage, type NotifyResult } from "./notify.js";
import { alertTitle, buildHeartbeatPrompt, heartbeatDueAt, isHeartbeatEmpty, isOkReply, isWithinActiveHours, type HeartbeatDue } from "./plan.js";

export const HEARTBEAT_JOB = "heartbeat";

export interface HeartbeatSettings {
  config: HeartbeatConfig;
  context: ContextConfig;
  /** heartbeat.timeZone, else context.timeZone, else this machine's zone (undefined). */
  timeZone?: string;
}

/** The heartbeat settings from the validated config (`heartbeat`, and `context`). */
export function heartbeatSettings(c: { heartbeat: HeartbeatConfig; context: ContextConfig }): HeartbeatSettings {
  const config = c.heartbeat;
  const context = c.context;
  const tz = config.timeZone ?? context.timeZone;
  return { config, context, ...(tz !== undefined ? { timeZone: tz } : {}) };
}

/** Whether a heartbeat is due now, from the last one recorded in job_runs (manual ones count). */
export function heartbeatDue(db: DB, now: number, settings: HeartbeatSettings): HeartbeatDue {
  const last = new JobRunStore(db).last(HEARTBEAT_JOB, ["ok", "skip"]);
  return heartbeatDueAt(now, last?.startedAt, heartbeatIntervalMs(settings.config), settings.config.activeHours, settings.timeZone);
}

export interface RunHeartbeatInput {
  workspace: string;
  provider: LLMProvider;
  /** The state database (the inbox); owned by the caller. */
  db: DB;
  now: () => number;
  settings: HeartbeatSettings;
  /** Run even outside the active hours (`agent heartbeat --now`). */
  ignoreActiveHours?: boolean;
  signal?: AbortSignal;
  /** The job_runs row, linked from the alert. */
  runId?: number;
  /** Replaces the configured notifier (tests). */
  notify?: (alert: AlertMessage) => Promise<NotifyResult[]>;
}

export type HeartbeatStatus = "ok" | "alert" | "skipped";

export interface HeartbeatResult {
  status: HeartbeatStatus;
  reason: string;
  /** The model's reply (recorded, shown only when it is an alert). */
  reply?: string;
  inboxId?: number;
  notified: NotifyResult[];
  model?: string;
}

export async function runHeartbeat(input: RunHeartbeatInput): Promise<HeartbeatResult> {
  const now = input.now;
  const settings = input.settings;
  const cfg = settings.config;
  const at = now();
  if (!input.ignoreActiveHours && !isWithinActiveHours(at, cfg.activeHours, settings.timeZone)) {
    return {
      status: "skipped",
      reason: `outside active hours ${cfg.activeHours.start}–${cfg.activeHours.end} (${timeZoneLabel(settings.timeZone)})`,
      notified: [],
    };
  }
  const heartbeat = readNoteText(input.workspace, "HEARTBEAT.md", NO_HARD_LINKS)?.text ?? null;
  if (isHeartbeatEmpty(heartbeat)) {
    return {
      status: "skipped",
      reason: heartbeat === null ? "HEARTBEAT.md is missing: nothing to check" : "HEARTBEAT.md has no tasks (only headings, blank lines and empty checkboxes)",
      notified: [],
    };
  }

  const context = buildContext(input.workspace, {
    now: at,
    ...(settings.context.timeZone !== undefined ? { timeZone: settings.context.timeZone } : {}),
    session: "main",
    perFileChars: settings.context.perFileChars,
    totalChars: settings.context.totalChars,
  });
  const result = requireCompleteReply(
    await input.provider.complete({
      ...buildHeartbeatPrompt({ context: context.text, now: at, ...(settings.timeZone !== undefined ? { timeZone: settings.timeZone } : {}) }),
      maxTokens: cfg.maxReplyTokens,
      temperature: cfg.temperature,
      ...(input.signal !== undefined ? { signal: input.signal } : {}),
    }),
    "heartbeat.maxReplyTokens"
  );
  const reply = result.text.trim();
  if (isOkReply(reply, cfg.okMaxChars)) {
    return { status: "ok", reason: "HEARTBEAT_OK", reply, notified: [], model: result.model };
  }

  const title = alertTitle(reply);
  const createdAt = now();
  const inboxId = new InboxStore(input.db).add({ createdAt, kind: "alert", title, body: reply, source: HEARTBEAT_JOB, runId: input.runId ?? null });
  const alert: AlertMessage = { kind: "alert", title, body: reply, createdAt, workspace: input.workspace, source: HEARTBEAT_JOB, inboxId };
  const notified = await (input.notify ?? ((a: AlertMessage) => sendNotification(a, cfg.notifier)))(alert);
  return { status: "alert", reason: `alert #${inboxId}: ${title}`, reply, inboxId, notified, model: result.model };
}

/** How a heartbeat is recorded in job_runs. A failing notifier is noted, not an error (the alert is in the inbox). */
export function heartbeatJobResult(r: HeartbeatResult): JobResult {
  const details: Record<string, unknown> = {};
  if (r.model !== undefined) details.model = r.model;
  if (r.reply !== undefined) details.reply = r.reply.length > 500 ? `${r.reply.slice(0, 499)}…` : r.reply;
  if (r.inboxId !== undefined) details.inboxId = r.inboxId;
  if (r.notified.length > 0) details.notified = r.notified;
  const failed = r.notified.filter((n) => !n.ok);
  const reason = failed.length > 0 ? `${r.reason} (${failed.map((f) => f.detail).join("; ")})` : r.reason;
  return { outcome: r.status === "skipped" ? "skip" : "ok", reason, details };
}
