import type { ContextConfig } from "../../context/config.js";
import type { LLMProvider } from "../../llm/types.js";
import type { DB } from "../../store/open.js";
import { type JobResult } from "../runs.js";
import { type HeartbeatConfig } from "./config.js";
import { type AlertMessage, type NotifyResult } from "./notify.js";
import { type HeartbeatDue } from "./plan.js";
export declare const HEARTBEAT_JOB = "heartbeat";
export interface HeartbeatSettings {
    config: HeartbeatConfig;
    context: ContextConfig;
    /** heartbeat.timeZone, else context.timeZone, else this machine's zone (undefined). */
    timeZone?: string;
}
/** The heartbeat settings from the validated config (`heartbeat`, and `context`). */
export declare function heartbeatSettings(c: {
    heartbeat: HeartbeatConfig;
    context: ContextConfig;
}): HeartbeatSettings;
/** Whether a heartbeat is due now, from the last one recorded in job_runs (manual ones count). */
export declare function heartbeatDue(db: DB, now: number, settings: HeartbeatSettings): HeartbeatDue;
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
export declare function runHeartbeat(input: RunHeartbeatInput): Promise<HeartbeatResult>;
/** How a heartbeat is recorded in job_runs. A failing notifier is noted, not an error (the alert is in the inbox). */
export declare function heartbeatJobResult(r: HeartbeatResult): JobResult;
