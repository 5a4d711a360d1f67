/** Heartbeats: periodic checks of HEARTBEAT.md inside active hours, alerts to the inbox. */
export { HeartbeatConfigSchema, ActiveHoursSchema, NotifierConfigSchema, heartbeatIntervalMs } from "./config.js";
export type { HeartbeatConfig, HeartbeatConfigInput, ActiveHours, NotifierConfig } from "./config.js";
export { HEARTBEAT_OK, isHeartbeatEmpty, isOkReply, isWithinActiveHours, nextActiveStart, heartbeatDueAt, buildHeartbeatPrompt, alertTitle, } from "./plan.js";
export type { HeartbeatDue, HeartbeatPromptInput } from "./plan.js";
export { notify, notifyCommand, notifyWebhook } from "./notify.js";
export type { AlertMessage, NotifyResult } from "./notify.js";
export { runHeartbeat, heartbeatDue, heartbeatSettings, heartbeatJobResult, HEARTBEAT_JOB } from "./run.js";
export type { RunHeartbeatInput, HeartbeatResult, HeartbeatStatus, HeartbeatSettings } from "./run.js";
