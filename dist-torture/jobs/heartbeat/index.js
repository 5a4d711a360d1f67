/** Heartbeats: periodic checks of HEARTBEAT.md inside active hours, alerts to the inbox. */
export { HeartbeatConfigSchema, ActiveHoursSchema, NotifierConfigSchema, heartbeatIntervalMs } from "./config.js";
export { HEARTBEAT_OK, isHeartbeatEmpty, isOkReply, isWithinActiveHours, nextActiveStart, heartbeatDueAt, buildHeartbeatPrompt, alertTitle, } from "./plan.js";
export { notify, notifyCommand, notifyWebhook } from "./notify.js";
export { runHeartbeat, heartbeatDue, heartbeatSettings, heartbeatJobResult, HEARTBEAT_JOB } from "./run.js";
//# sourceMappingURL=index.js.map