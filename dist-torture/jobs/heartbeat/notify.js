/**
 * The notifier: pushes an alert out of the inbox as it happens, through a shell command
 * (the alert on stdin) and/or a webhook (a JSON POST). Both are optional and bounded by a
 * timeout; a failing notifier is reported, never fatal — the alert is in the inbox anyway.
 */
import { spawn } from "node:child_process";
/** Sends the alert through every configured channel; [] when none is configured. */
export async function notify(alert, cfg) {
    const out = [];
    if (cfg.command !== undefined)
        out.push(await notifyCommand(alert, cfg.command, cfg.timeoutMs));
    if (cfg.webhook !== undefined)
        out.push(await notifyWebhook(alert, cfg.webhook, cfg.timeoutMs));
    return out;
}
/**
 * Runs `command` through the shell with the alert on stdin ("title\n\nbody\n") and in the
 * environment (AGENT_ALERT_TITLE, AGENT_ALERT_KIND, AGENT_ALERT_SOURCE, AGENT_WORKSPACE).
 * Exit 0 is success. Past the timeout the whole process group is killed.
 */
export function notifyCommand(alert, command, timeoutMs) {
    return new Promise((resolve) => {
        let settled = false;
        const done = (ok, detail) => {
            if (settled)
                return;
            settled = true;
            clearTimeout(timer);
            resolve({ via: "command", ok, detail });
        };
        const posix = process.platform !== "win32";
        const child = spawn(command, {
            shell: true,
            // Its own process group on POSIX, so a timeout also stops whatever the shell started.
            detached: posix,
            stdio: ["pipe", "ignore", "pipe"],
            env: {
                ...process.env,
                AGENT_ALERT_TITLE: alert.title,
                AGENT_ALERT_KIND: alert.kind,
                AGENT_ALERT_SOURCE: alert.source,
                AGENT_WORKSPACE: alert.workspace,
            },
        });
        let stderr = "";
        child.stderr?.on("data", (d) => {
            stderr = (stderr + d.toString("utf8")).slice(-500);
        });
        const timer = setTimeout(() => {
            try {
                if (posix && child.pid !== undefined)
                    process.kill(-child.pid, "SIGKILL");
                else
                    child.kill("SIGKILL");
            }
            catch {
                // Already gone.
            }
            done(false, `notifier command did not finish within ${timeoutMs} ms and was stopped`);
        }, timeoutMs);
        child.on("error", (e) => done(false, `notifier command could not start: ${e.message}`));
        child.on("close", (code, signal) => {
            if (code === 0)
                done(true, "notifier command ran");
            else
                done(false, `notifier command failed (${signal ?? `exit ${code}`})${stderr.trim() ? `: ${stderr.trim().split("\n").pop()}` : ""}`);
        });
        // A command that does not read stdin closes the pipe early: that is not a failure.
        child.stdin?.on("error", () => undefined);
        child.stdin?.end(`${alert.title}\n\n${alert.body}\n`);
    });
}
/** POSTs {kind, title, body, createdAt, workspace, source, inboxId} as JSON; any 2xx is success. */
export async function notifyWebhook(alert, url, timeoutMs) {
    const where = redact(url);
    try {
        const res = await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json; charset=utf-8" },
            body: JSON.stringify({
                kind: alert.kind,
                title: alert.title,
                body: alert.body,
                createdAt: new Date(alert.createdAt).toISOString(),
                workspace: alert.workspace,
                source: alert.source,
                ...(alert.inboxId !== undefined ? { inboxId: alert.inboxId } : {}),
            }),
            signal: AbortSignal.timeout(timeoutMs),
        });
        await res.arrayBuffer().catch(() => undefined);
        return res.ok
            ? { via: "webhook", ok: true, detail: `webhook ${where} answered ${res.status}` }
            : { via: "webhook", ok: false, detail: `webhook ${where} answered ${res.status} ${res.statusText}`.trim() };
    }
    catch (e) {
        const err = e;
        const why = err.name === "TimeoutError" ? `did not answer within ${timeoutMs} ms` : (err.cause?.code ?? err.message);
        return { via: "webhook", ok: false, detail: `webhook ${where} failed: ${why}` };
    }
}
/** The URL without credentials or query (tokens often live there), for messages and logs. */
function redact(url) {
    try {
        const u = new URL(url);
        return `${u.protocol}//${u.host}${u.pathname}`;
    }
    catch {
        return "(invalid URL)";
    }
}
//# sourceMappingURL=notify.js.map