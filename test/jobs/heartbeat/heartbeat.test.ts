import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HeartbeatConfigSchema } from "../../../src/jobs/heartbeat/config.js";
import { notifyCommand, notifyWebhook, type AlertMessage } from "../../../src/jobs/heartbeat/notify.js";
import {
  heartbeatDueAt,
  isHeartbeatEmpty,
  isOkReply,
  isWithinActiveHours,
  nextActiveStart,
} from "../../../src/jobs/heartbeat/plan.js";
import { heartbeatDue, heartbeatJobResult, runHeartbeat, type HeartbeatSettings } from "../../../src/jobs/heartbeat/run.js";
import { ContextConfigSchema } from "../../../src/context/config.js";
import { recordRun, type JobStores } from "../../../src/store/job-runs.js";
import { openJobs } from "../deps.js";
import { ScriptedProvider } from "../../../src/llm/scripted.js";
import { initWorkspace } from "../../../src/workspace/init.js";
import { cleanup, read, REPO_ROOT, tempDir, write } from "../../helpers/workspace.js";

const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (iso: string) => Date.parse(iso);

describe("isHeartbeatEmpty", () => {
  it("missing, headings, blank lines, empty checkboxes and comments are empty; any task is not", () => {
    expect(isHeartbeatEmpty(null)).toBe(true);
    expect(isHeartbeatEmpty("")).toBe(true);
    expect(isHeartbeatEmpty("# HEARTBEAT\n\n## Checks\n\n- [ ]\n* [ ]\n- \n1. [ ]\n---\n<!-- add tasks\nhere -->\n")).toBe(true);
    expect(isHeartbeatEmpty(readFileSync(path.join(REPO_ROOT, "workspace-template/HEARTBEAT.md"), "utf8"))).toBe(true);
    expect(isHeartbeatEmpty("# HEARTBEAT\n\n- [ ] check the backup ran\n")).toBe(false);
    expect(isHeartbeatEmpty("# HEARTBEAT\n\nLook at the inbox.\n")).toBe(false);
    expect(isHeartbeatEmpty("## Checks\n- remind me of birthdays\n")).toBe(false);
    expect(isHeartbeatEmpty("#hashtag-not-heading\n")).toBe(false);
  });
});

describe("isOkReply", () => {
  it("HEARTBEAT_OK at the start or end with at most a short remainder is OK; anything else is an alert", () => {
    for (const ok of ["HEARTBEAT_OK", " heartbeat_ok ".toUpperCase(), "**HEARTBEAT_OK**", "`HEARTBEAT_OK`.", "HEARTBEAT_OK — nothing due, inbox quiet.", "All quiet here. HEARTBEAT_OK"]) {
      expect(isOkReply(ok), ok).toBe(true);
    }
    expect(isOkReply("The backup did not run last night; check the NAS.")).toBe(false);
    expect(isOkReply(`HEARTBEAT_OK\n\n${"But the disk is almost full and needs attention today. ".repeat(4)}`)).toBe(false);
    expect(isOkReply("Server down! (HEARTBEAT_OK does not apply)")).toBe(false);
    expect(isOkReply("HEARTBEAT_OK — but one thing", 5)).toBe(false);
  });
});

describe("active hours", () => {
  const day = { start: "08:00", end: "22:00" };
  const night = { start: "22:00", end: "06:00" };

  it("a same-day window, in UTC and in another zone", () => {
    expect(isWithinActiveHours(at("2026-11-21T07:59:00Z"), day, "UTC")).toBe(false);
    expect(isWithinActiveHours(at("2026-11-21T08:00:00Z"), day, "UTC")).toBe(true);
    expect(isWithinActiveHours(at("2026-11-21T21:59:00Z"), day, "UTC")).toBe(true);
    expect(isWithinActiveHours(at("2026-11-21T22:00:00Z"), day, "UTC")).toBe(false);
    // 07:30 UTC is 16:30 in Tokyo; 13:30 UTC is 22:30 there.
    expect(isWithinActiveHours(at("2026-11-21T07:30:00Z"), day, "Asia/Tokyo")).toBe(true);
    expect(isWithinActiveHours(at("2026-11-21T13:30:00Z"), day, "Asia/Tokyo")).toBe(false);
    // Equal start and end: all day. "24:00" is the end of the day.
    expect(isWithinActiveHours(at("2026-11-21T03:00:00Z"), { start: "00:00", end: "00:00" }, "UTC")).toBe(true);
    expect(isWithinActiveHours(at("2026-11-21T23:59:00Z"), { start: "08:00", end: "24:00" }, "UTC")).toBe(true);
  });

  it("a window that crosses midnight", () => {
    expect(isWithinActiveHours(at("2026-11-21T23:30:00Z"), night, "UTC")).toBe(true);
    expect(isWithinActiveHours(at("2026-11-22T05:59:00Z"), night, "UTC")).toBe(true);
    expect(isWithinActiveHours(at("2026-11-22T06:00:00Z"), night, "UTC")).toBe(false);
    expect(isWithinActiveHours(at("2026-11-21T12:00:00Z"), night, "UTC")).toBe(false);
    // Computed forward from now: at noon the window opens at 22:00 the same day.
    expect(nextActiveStart(at("2026-11-21T12:00:00Z"), night, "UTC")).toBe(at("2026-11-21T22:00:00Z"));
    // In New York (UTC-5) it opens at 03:00 UTC.
    expect(nextActiveStart(at("2026-11-21T12:00:00Z"), night, "America/New_York")).toBe(at("2026-11-22T03:00:00Z"));
    expect(nextActiveStart(at("2026-11-22T01:00:00Z"), night, "UTC")).toBe(at("2026-11-22T01:00:00Z"));
  });

  it("the next opening is computed forward, across days and a DST change", () => {
    expect(nextActiveStart(at("2026-11-21T22:30:00Z"), day, "UTC")).toBe(at("2026-11-22T08:00:00Z"));
    expect(nextActiveStart(at("2026-11-21T05:00:00Z"), day, "UTC")).toBe(at("2026-11-21T08:00:00Z"));
    // Europe/Berlin goes from UTC+1 to UTC+2 on 2026-03-29: 08:00 local is 07:00Z the day before, 06:00Z after.
    expect(nextActiveStart(at("2026-03-27T22:00:00Z"), day, "Europe/Berlin")).toBe(at("2026-03-28T07:00:00Z"));
    expect(nextActiveStart(at("2026-03-28T22:00:00Z"), day, "Europe/Berlin")).toBe(at("2026-03-29T06:00:00Z"));
  });

  it("the next heartbeat: interval after the last, pushed to the next opening when outside", () => {
    const last = at("2026-11-21T10:00:00Z");
    expect(heartbeatDueAt(at("2026-11-21T10:10:00Z"), last, 30 * MIN, day, "UTC")).toMatchObject({ due: false, at: at("2026-11-21T10:30:00Z") });
    expect(heartbeatDueAt(at("2026-11-21T10:30:00Z"), last, 30 * MIN, day, "UTC")).toMatchObject({ due: true });
    const late = heartbeatDueAt(at("2026-11-21T21:50:00Z"), at("2026-11-21T21:45:00Z"), 30 * MIN, day, "UTC");
    expect(late).toMatchObject({ due: false, at: at("2026-11-22T08:00:00Z") });
    expect(late.reason).toMatch(/^outside active hours 08:00–22:00 \(UTC\); next at 08:00$/);
    expect(heartbeatDueAt(at("2026-11-22T08:00:00Z"), at("2026-11-21T21:45:00Z"), 30 * MIN, day, "UTC")).toMatchObject({ due: true });
    expect(heartbeatDueAt(at("2026-11-21T03:00:00Z"), undefined, 30 * MIN, day, "UTC")).toMatchObject({ due: false, at: at("2026-11-21T08:00:00Z") });
  });

  it("config: defaults, HH:MM checks, intervals of at least a minute", () => {
    const d = HeartbeatConfigSchema.parse({});
    expect(d).toMatchObject({ enabled: true, interval: "30m", activeHours: { start: "08:00", end: "22:00" }, okMaxChars: 120, notifier: { timeoutMs: 10_000 } });
    expect(HeartbeatConfigSchema.safeParse({ activeHours: { start: "8am" } }).success).toBe(false);
    expect(HeartbeatConfigSchema.safeParse({ activeHours: { start: "24:00" } }).success).toBe(false);
    expect(HeartbeatConfigSchema.safeParse({ interval: "10s" }).success).toBe(false);
    expect(HeartbeatConfigSchema.safeParse({ timeZone: "Nowhere/Special" }).success).toBe(false);
    expect(HeartbeatConfigSchema.safeParse({ notifier: { webhook: "ftp://x" } }).success).toBe(false);
    expect(HeartbeatConfigSchema.safeParse({ notifier: { webhook: "http://127.0.0.1:9/hook", command: "notify-send agent" } }).success).toBe(true);
  });
});

describe("runHeartbeat", () => {
  let dir = "";
  let jobs: JobStores & { close(): void };
  const NOON = at("2026-11-21T12:00:00Z");
  const settings = (over: Record<string, unknown> = {}): HeartbeatSettings => ({
    config: HeartbeatConfigSchema.parse(over),
    context: ContextConfigSchema.parse({ timeZone: "UTC" }),
    timeZone: "UTC",
  });
  const alerts: AlertMessage[] = [];
  const notify = async (a: AlertMessage) => {
    alerts.push(a);
    return [{ via: "command" as const, ok: true, detail: "notifier command ran" }];
  };

  beforeEach(() => {
    dir = tempDir("agent-heartbeat-");
    initWorkspace(dir);
    jobs = openJobs(dir);
    alerts.length = 0;
  });
  afterEach(() => {
    jobs.close();
    cleanup(dir);
  });

  it("skips without calling the model when HEARTBEAT.md has no tasks, or outside active hours", async () => {
    const provider = new ScriptedProvider([]);
    const r = await runHeartbeat({ workspace: dir, provider, db: jobs.db, now: () => NOON, settings: settings(), notify });
    expect(r).toMatchObject({ status: "skipped", reason: "HEARTBEAT.md has no tasks (only headings, blank lines and empty checkboxes)" });
    write(dir, "HEARTBEAT.md", "# HEARTBEAT\n\n- [ ] check the backups\n");
    const night = await runHeartbeat({ workspace: dir, provider, db: jobs.db, now: () => at("2026-11-21T23:00:00Z"), settings: settings(), notify });
    expect(night).toMatchObject({ status: "skipped", reason: "outside active hours 08:00–22:00 (UTC)" });
    expect(provider.calls).toHaveLength(0);
    expect(heartbeatJobResult(r)).toMatchObject({ outcome: "skip" });
  });

  it("HEARTBEAT_OK is recorded and never shown: no inbox item, no notification", async () => {
    write(dir, "HEARTBEAT.md", "# HEARTBEAT\n\n- [ ] check the backups\n");
    const provider = new ScriptedProvider(["HEARTBEAT_OK"]);
    const run = await recordRun(jobs.runs, "heartbeat", () => NOON, {}, async (runId) =>
      heartbeatJobResult(await runHeartbeat({ workspace: dir, provider, db: jobs.db, now: () => NOON, settings: settings(), notify, runId })),
    );
    expect(run).toMatchObject({ job: "heartbeat", outcome: "ok", reason: "HEARTBEAT_OK", details: { reply: "HEARTBEAT_OK" } });
    expect(jobs.inbox.list({ all: true })).toEqual([]);
    expect(alerts).toEqual([]);
    // The prompt carries the workspace context (HEARTBEAT.md included) and the OK contract.
    const req = provider.calls[0]!;
    expect(req.system).toContain("- [ ] check the backups");
    expect(req.system).toContain("## SOUL.md");
    expect(req.messages[0]!.content).toMatch(/^Heartbeat at Saturday 2026-11-21 12:00 \(UTC\)\./);
    expect(req.messages[0]!.content).toContain("reply with exactly HEARTBEAT_OK");
  });

  it("anything else becomes an inbox alert and goes to the notifier", async () => {
    write(dir, "HEARTBEAT.md", "# HEARTBEAT\n\n- [ ] check the backups\n");
    const provider = new ScriptedProvider(["## Backup missing\nThe NAS backup did not run last night."]);
    const run = await recordRun(jobs.runs, "heartbeat", () => NOON, {}, async (runId) =>
      heartbeatJobResult(await runHeartbeat({ workspace: dir, provider, db: jobs.db, now: () => NOON, settings: settings(), notify, runId })),
    );
    const [item] = jobs.inbox.list();
    expect(item).toMatchObject({ kind: "alert", title: "Backup missing", body: "## Backup missing\nThe NAS backup did not run last night.", source: "heartbeat", runId: run.id, read: false });
    expect(run).toMatchObject({ outcome: "ok", reason: `alert #${item!.id}: Backup missing` });
    expect(alerts).toEqual([expect.objectContaining({ title: "Backup missing", inboxId: item!.id, workspace: dir })]);
  });

  it("a heartbeat is due again only after the interval (manual runs count)", async () => {
    write(dir, "HEARTBEAT.md", "- [ ] look around\n");
    const s = settings();
    expect(heartbeatDue(jobs.db, NOON, s).due).toBe(true);
    jobs.runs.finish(jobs.runs.start("heartbeat", NOON), { outcome: "ok", endedAt: NOON });
    expect(heartbeatDue(jobs.db, NOON + 29 * MIN, s)).toMatchObject({ due: false, at: NOON + 30 * MIN });
    // Errors do not count as the last heartbeat: the next tick retries.
    jobs.runs.finish(jobs.runs.start("heartbeat", NOON + 30 * MIN), { outcome: "error", endedAt: NOON + 30 * MIN, reason: "x" });
    expect(heartbeatDue(jobs.db, NOON + 31 * MIN, s).due).toBe(true);
    expect(heartbeatDue(jobs.db, NOON + 11 * HOUR, s).due).toBe(false); // 23:00 UTC
  });
});

describe("notifiers", () => {
  const alert: AlertMessage = { kind: "alert", title: "Backup missing", body: "The NAS backup did not run.", createdAt: Date.parse("2026-11-21T12:00:00Z"), workspace: "/ws", source: "heartbeat", inboxId: 3 };
  let dir = "";
  beforeEach(() => {
    dir = tempDir("agent-notify-");
  });
  afterEach(() => cleanup(dir));

  it("a shell command gets the alert on stdin and in its environment", async () => {
    const out = path.join(dir, "got.txt");
    const r = await notifyCommand(alert, `cat > "${out}"; echo "$AGENT_ALERT_TITLE|$AGENT_ALERT_KIND|$AGENT_WORKSPACE" >> "${out}"`, 5000);
    expect(r).toEqual({ via: "command", ok: true, detail: "notifier command ran" });
    expect(read(dir, "got.txt")).toBe("Backup missing\n\nThe NAS backup did not run.\nBackup missing|alert|/ws\n");
  });

  it("a failing or hanging command is reported, within the timeout", async () => {
    const fail = await notifyCommand(alert, "echo boom >&2; exit 3", 5000);
    expect(fail).toEqual({ via: "command", ok: false, detail: "notifier command failed (exit 3): boom" });
    const started = Date.now();
    const slow = await notifyCommand(alert, "sleep 30", 300);
    expect(slow).toMatchObject({ ok: false, detail: "notifier command did not finish within 300 ms and was stopped" });
    expect(Date.now() - started).toBeLessThan(5000);
    const ignoresStdin = await notifyCommand(alert, "true", 5000);
    expect(ignoresStdin.ok).toBe(true);
  });

  it("a webhook gets a JSON POST; errors and timeouts are reported", async () => {
    const got: { method?: string; type?: string; body: unknown }[] = [];
    let status = 200;
    let hang = false;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        got.push({ method: req.method, type: req.headers["content-type"], body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
        if (hang) return;
        res.writeHead(status);
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook?token=secret`;
    try {
      expect(await notifyWebhook(alert, url, 5000)).toMatchObject({ via: "webhook", ok: true });
      expect(got[0]).toEqual({
        method: "POST",
        type: "application/json; charset=utf-8",
        body: { kind: "alert", title: "Backup missing", body: "The NAS backup did not run.", createdAt: "2026-11-21T12:00:00.000Z", workspace: "/ws", source: "heartbeat", inboxId: 3 },
      });
      status = 500;
      const bad = await notifyWebhook(alert, url, 5000);
      expect(bad.ok).toBe(false);
      expect(bad.detail).toMatch(/answered 500/);
      expect(bad.detail).not.toContain("secret");
      hang = true;
      const slow = await notifyWebhook(alert, url, 300);
      expect(slow).toMatchObject({ ok: false, detail: expect.stringMatching(/did not answer within 300 ms$/) });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
