import type { NotifierConfig } from "./config.js";
export interface AlertMessage {
    kind: "alert" | "report";
    title: string;
    body: string;
    /** ms since epoch. */
    createdAt: number;
    workspace: string;
    source: string;
    inboxId?: number;
}
export interface NotifyResult {
    via: "command" | "webhook";
    ok: boolean;
    detail: string;
}
/** Sends the alert through every configured channel; [] when none is configured. */
export declare function notify(alert: AlertMessage, cfg: NotifierConfig): Promise<NotifyResult[]>;
/**
 * Runs `command` through the shell with the alert on stdin ("title\n\nbody\n") and in the
 * environment (AGENT_ALERT_TITLE, AGENT_ALERT_KIND, AGENT_ALERT_SOURCE, AGENT_WORKSPACE).
 * Exit 0 is success. Past the timeout the whole process group is killed.
 */
export declare function notifyCommand(alert: AlertMessage, command: string, timeoutMs: number): Promise<NotifyResult>;
/** POSTs {kind, title, body, createdAt, workspace, source, inboxId} as JSON; any 2xx is success. */
export declare function notifyWebhook(alert: AlertMessage, url: string, timeoutMs: number): Promise<NotifyResult>;
