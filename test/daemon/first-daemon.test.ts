/**
 * A brand-new workspace whose machine has no Ollama: the first daemon owes no reflection for a
 * night before the workspace existed, and a model that does not answer is a state said once
 * (how to install Ollama, which model to pull), never a failure streak or an alert. Both with
 * the real Ollama client against a port where nothing listens: once as a real daemon process,
 * once as the daemon's host on a simulated clock running two days.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DaemonHost, type DaemonEvent } from "../../src/daemon/host.js";
import { FakeClock } from "../../src/shared/clock.js";
import { InboxStore } from "../../src/store/inbox.js";
import { JobRunStore } from "../../src/store/job-runs.js";
import { openStateDb } from "../../src/store/state.js";
import { initWorkspace } from "../../src/workspace/init.js";
import { stateDbPath } from "../../src/workspace/paths.js";
import { zonedTime } from "../../src/workspace/time.js";
import { runAgent, spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const HOUR = 3_600_000;
const MIN = 60_000;

/** A port that was just bound and released: nothing listens there. */
async function deadPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** A short conversation that ended an hour ago (reflection has something to read). */
function writeConversation(ws: string, endedAt: number): void {
  const lines = [0, 1, 2, 3].map((i) => JSON.stringify({ role: i % 2 === 0 ? "user" : "assistant", content: `message ${i + 1} about the garden shed`, ts: new Date(endedAt - (3 - i) * MIN).toISOString() }));
  write(ws, "sessions/chat-1.jsonl", lines.join("\n") + "\n");
}

let dir = "";
let ws = "";
let host = "";
const running: RunningAgent[] = [];

beforeEach(async () => {
  dir = tempDir("agent-first-daemon-");
  ws = path.join(dir, "ws");
  initWorkspace(ws);
  host = `http://127.0.0.1:${await deadPort()}`;
});
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await child.done.catch(() => undefined);
  }
  cleanup(dir);
});

describe("a first daemon without Ollama", { timeout: 120_000 }, () => {
  it("as a process: no catch-up for a night before the workspace, the missing model said once, doctor passes and says what is missing", async () => {
    // The reflection time was two hours ago: before this fix the daemon ran a catch-up at once.
    const earlier = zonedTime(Date.now() - 2 * HOUR, "UTC");
    write(
      ws,
      "agent.config.json",
      JSON.stringify({
        embed: { provider: "none" },
        llm: { host },
        context: { timeZone: "UTC" },
        schedule: { reflectAt: earlier, tick: "1s" },
        heartbeat: { interval: "5m", activeHours: { start: "00:00", end: "24:00" } },
      }),
    );
    // A task in HEARTBEAT.md: the heartbeat asks the model on the first tick.
    write(ws, "HEARTBEAT.md", "# HEARTBEAT\n\n- [ ] Check whether the garden shed is locked.\n");
    writeConversation(ws, Date.now() - HOUR);
    const d = spawnAgent(["daemon", "--workspace", ws, "--no-watch"], { TZ: "UTC" });
    running.push(d);
    await d.waitFor(/no LLM answers/, 60_000);
    const out = `${d.out().stdout}${d.out().stderr}`;
    expect(out).toMatch(/nightly reflection: night \d{4}-\d{2}-\d{2} is done \(the workspace did not exist yet\); next at /);
    expect(out).toMatch(/install Ollama if it is not installed \(https:\/\/ollama\.com\/download[^)]*\), start it with `ollama serve`, then `ollama pull llama3\.2:3b`/);
    expect(out).not.toMatch(/ALERT|failed 3 times/);
    d.kill("SIGTERM");
    await d.done;

    const db = openStateDb(stateDbPath(ws));
    try {
      const runs = new JobRunStore(db).recent({ limit: 50 });
      expect(runs.filter((r) => r.job === "reflect"), "no catch-up reflection").toEqual([]);
      const beats = runs.filter((r) => r.job === "heartbeat" && r.reason !== "cancelled");
      expect(beats.length).toBeGreaterThan(0);
      for (const b of beats) expect(b).toMatchObject({ outcome: "skip", details: { llm: "missing", llmError: "unreachable" } });
      const inbox = new InboxStore(db).list({ all: true, limit: 50 });
      expect(inbox.filter((i) => i.kind === "alert")).toEqual([]);
      expect(inbox).toHaveLength(1);
      expect(inbox[0]!.title).toMatch(/No local model answers yet/);
      expect(inbox[0]!.body).toMatch(/Search, context and the web page work without a model/);
    } finally {
      db.close();
    }

    // Doctor: the model is missing, search is not broken (exit 0, the LLM a warning that says what to do).
    const doctor = await runAgent(["doctor", "--workspace", ws, "--json"]);
    expect(doctor.code, doctor.stdout).toBe(0);
    const llm = (JSON.parse(doctor.stdout) as { checks: { name: string; status: string; detail: string; fix?: string }[] }).checks.find((c) => c.name === "llm")!;
    expect(llm.status).toBe("warn");
    expect(llm.detail).toMatch(/search works without it; schedule\.reflect, heartbeat\.enabled, flush\.enabled wait until a model answers/);
    expect(llm.detail).not.toMatch(/install Ollama/);
    expect(llm.fix).toMatch(/install Ollama .*ollama pull llama3\.2:3b/);
  });

  it("on a simulated clock for two days: the first reflection is the coming night's, retries every 30 minutes, one notice and no alert", async () => {
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, llm: { host }, context: { timeZone: "UTC" }, evolution: { weekly: false } }));
    const start = Date.now();
    // Ended as the daemon starts: an hour earlier falls before the first night's day when the
    // test starts between 03:00 and 04:00 (the night reflects on the day since the 03:00 before).
    writeConversation(ws, start);
    const end = start + 2 * 24 * HOUR;
    const events: DaemonEvent[] = [];
    let daemon: DaemonHost | undefined;
    const clock = new FakeClock(start, { onSleep: (c) => void (c.now() >= end && daemon?.stop("the simulated days are over")) });
    daemon = new DaemonHost({ workspace: ws, clock, watch: false, http: { enabled: false }, log: (e) => events.push(e) });
    await daemon.run();

    // The coming night: today's 03:00 when the test starts before it (between midnight and 3 in
    // the morning, UTC), else tomorrow's.
    const today = Date.parse(`${new Date(start).toISOString().slice(0, 10)}T03:00:00Z`);
    const firstNight = today > start ? today : today + 24 * HOUR;
    expect(events.find((e) => e.event === "schedule")?.message).toMatch(/the workspace did not exist yet/);
    const db = openStateDb(stateDbPath(ws));
    try {
      const reflects = new JobRunStore(db)
        .recent({ job: "reflect", limit: 500 })
        .filter((r) => r.reason !== "cancelled")
        .reverse();
      expect(reflects.length).toBeGreaterThan(1);
      expect(reflects[0]!.startedAt, "no reflection before the first night").toBeGreaterThanOrEqual(firstNight);
      expect(reflects[0]!.details).toMatchObject({ trigger: "scheduled", llm: "missing" });
      expect(reflects.every((r) => r.outcome === "skip")).toBe(true);
      const missing = reflects.filter((r) => r.details.llm === "missing");
      for (let i = 1; i < missing.length; i++) expect(missing[i]!.startedAt - missing[i - 1]!.startedAt).toBeGreaterThanOrEqual(30 * MIN);
      const inbox = new InboxStore(db).list({ all: true, limit: 50 });
      expect(inbox.filter((i) => i.kind === "alert")).toEqual([]);
      expect(inbox.map((i) => i.title)).toEqual(["No local model answers yet: reflection, heartbeat and flush wait for one"]);
    } finally {
      db.close();
    }
    expect(events.filter((e) => /no LLM answers/.test(e.message))).toHaveLength(1);
    expect(events.filter((e) => e.level === "error")).toEqual([]);
  });
});
