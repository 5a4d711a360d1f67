/**
 * No secret is stored anywhere the engine keeps state. A workspace whose note, transcript and
 * typed questions hold keys goes through index, search (a query with a key in it), ask,
 * reflection and dream with a scripted model that echoes what it was sent, and then every
 * byte of the engine's folder (state.db, the index, the device's event log, logs, caches) is
 * scanned for the keys. The person's own markdown keeps them; nothing else may.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { redactingProvider } from "../../src/llm/factory.js";
import { ScriptedProvider } from "../../src/llm/scripted.js";
import type { CompletionRequest } from "../../src/llm/types.js";
import { RecallStore } from "../../src/store/recalls.js";
import { InboxStore } from "../../src/store/inbox.js";
import { JobRunStore } from "../../src/store/job-runs.js";
import { MemoryStore } from "../../src/store/memories.js";
import { agentDir } from "../../src/workspace/paths.js";
import { allBytes, cleanup, tempDir, write } from "../helpers/workspace.js";
import { reflectionJson, soulJson } from "../jobs/reflect/helpers.js";

// Built in pieces so no scanner flags the test itself; none is a vendor's documented example.
const AWS = "AKIA" + "QX4TZ7RM2W9PLK3V";
const GH = "ghp_" + "R8kTz2Lq9Wm4Xv7Bn3Yc6Pd1Hs5Gf0Ja2Ke8";
const SK = "sk-proj-" + "Hq7Tz2Lm9Wx4Kc8Vb3Nd6Rf1Gs5Yp0Ja2Ue8Io4Qw7";
const KEYS = [AWS, GH, SK];
const NOW = Date.parse("2026-11-21T10:00:00Z");
const NOTE = "# 2026-11-21\n\n- Moved the backup script to the NAS; it runs at 02:00.\n" + `- aws key for the backup script: ${AWS} (rotate!)\n` + `- github token for the deploy bot: ${GH}\n`;
const SOUL = "# SOUL\n\n## Core Identity\n\n- I am a personal assistant for one person.\n\n## Active Values\n\n- Brief answers first.\n\n## Recent Growth\n\n- Learned to confirm time zones.\n";

/** What a model that repeats its prompt would keep: the last words it was sent. */
const echo = (r: CompletionRequest) => r.messages.map((m) => m.content).join(" ").slice(-400).replace(/\s+/g, " ");

/**
 * A model that repeats what it was sent, whichever job asks: ask searches for what it was asked,
 * then answers with what it read; reflection's insights and SOUL repeat the prompt's last words.
 */
function reply(r: CompletionRequest): string {
  const last = r.messages[r.messages.length - 1]!.content;
  if (last.startsWith("Here is the current SOUL.md")) return soulJson(SOUL.replace("- Learned to confirm time zones.\n", `- Learned to confirm time zones.\n- Noted: ${echo(r).slice(-120)}\n`));
  if ((r.system ?? "").includes('"tool"')) {
    return r.messages.length > 1 ? JSON.stringify({ answer: echo(r), citations: [] }) : JSON.stringify({ tool: "search", args: { query: echo(r).slice(-120) } });
  }
  return reflectionJson([{ content: `The person said: ${echo(r).slice(-200)}`, topics: ["pattern"] }]);
}

let root = "";
let ws = "";
let home = "";
let engine: Engine;
let model: ScriptedProvider;
const saved = process.env.AGENT_STATE_HOME;
beforeEach(() => {
  root = tempDir("agent-secrets-kept-");
  ws = path.join(root, "ws");
  home = path.join(root, "home");
  process.env.AGENT_STATE_HOME = home;
  write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword" }, context: { timeZone: "UTC" }, embed: { provider: "none" } }));
  write(ws, "SOUL.md", SOUL);
  write(ws, "MEMORY.md", "# Memory\n\n- The NAS admin page is on port 5001.\n");
  write(ws, "memory/2026-11-21.md", NOTE);
  const turn = (role: string, content: string, min: number) => JSON.stringify({ role, content, ts: new Date(NOW - 3_600_000 + min * 60_000).toISOString() });
  write(ws, "sessions/s1.jsonl", [turn("user", `set the deploy key to ${SK} please`, 0), turn("assistant", "Done, the deploy key is set.", 1), turn("user", "and the backup script?", 2), turn("assistant", "It runs at 02:00 on the NAS.", 3)].join("\n") + "\n");
  model = new ScriptedProvider(Array.from({ length: 12 }, () => reply));
  engine = Engine.open({ workspace: ws, now: () => NOW, embedder: null, llm: redactingProvider(model) });
});
afterEach(async () => {
  await engine.close();
  if (saved === undefined) delete process.env.AGENT_STATE_HOME;
  else process.env.AGENT_STATE_HOME = saved;
  cleanup(root);
});

describe("secrets and the engine's state", () => {
  it("index, a search typed with a key, ask, reflect and dream keep no key in any file of the engine", async () => {
    engine.indexing.index();
    const typed = await engine.search(`backup script ${AWS}`, { mode: "keyword" });
    expect(typed.results.length).toBeGreaterThan(0);
    await engine.search(`deploy bot token ${GH}`, { mode: "keyword" });
    const asked = await (await engine.assist()).ask(`which backup script uses ${AWS} and the deploy key ${SK}?`);
    expect(asked.answer).toBeDefined();
    const reflected = await engine.runJob("reflect", {});
    expect(reflected.value?.status, JSON.stringify(reflected.run)).toBe("updated");
    const dreamt = await (await engine.dream()).run();
    expect(dreamt.run.outcome, JSON.stringify(dreamt.run)).not.toBe("error");
    // The keys reached every step as placeholders: a model repeating its prompt repeats those.
    expect(JSON.stringify(model.calls)).toContain("[redacted: aws access key]");
    expect(model.calls.some((c) => (c.system ?? "").includes('"tool"'))).toBe(true);
    expect((engine.state().prepare("SELECT count(*) AS n FROM conversation_messages").get() as { n: number }).n).toBeGreaterThan(2);
    // The recall log kept the typed query, as its placeholder's words.
    const queries = (engine.state().prepare("SELECT DISTINCT query FROM recalls").all() as { query: string }[]).map((q) => q.query);
    expect(queries).toContain("backup script redacted aws access key");
    expect(new RecallStore(engine.state()).count()).toBeGreaterThan(0);
    await engine.close();
    // Everything the engine keeps: the workspace's engine folder and the state home (the device, logs).
    const kept = allBytes(agentDir(ws)) + allBytes(home) + (existsSync(path.join(ws, ".agent")) ? allBytes(path.join(ws, ".agent")) : "");
    for (const key of KEYS) expect(kept.includes(key), `${key.slice(0, 6)}… kept by the engine`).toBe(false);
    // The person's own note is theirs, unchanged.
    expect(readFileSync(path.join(ws, "memory/2026-11-21.md"), "utf8")).toBe(NOTE);
    engine = Engine.open({ workspace: ws, now: () => NOW, embedder: null });
  });

  it("SOUL's history keeps the person's file whole (a rollback restores it), but every view of it is redacted", async () => {
    write(ws, "SOUL.md", SOUL.replace("- Brief answers first.\n", `- Brief answers first.\n- The deploy bot signs in with ${GH}.\n`));
    const soul = await engine.soul();
    const saved = soul.save("with the bot's token");
    expect(saved.version).toBeDefined();
    const n = saved.version!;
    expect(soul.version(n).content).toContain("signs in with [redacted: github token].");
    expect(JSON.stringify(soul.diff(n - 1 > 0 ? n - 1 : undefined, n))).not.toContain(GH);
    expect(soul.log().versions.map((v) => JSON.stringify(v)).join("")).not.toContain(GH);
    write(ws, "SOUL.md", SOUL);
    soul.rollback(n);
    expect(readFileSync(path.join(ws, "SOUL.md"), "utf8")).toContain(GH);
  });

  it("a job's reason and details, a notification and a memory's recall keep no key, whatever quoted it", () => {
    const db = engine.state();
    const runs = new JobRunStore(db);
    const id = runs.start("dream", NOW, { asked: `the line "- deploy token ${GH}"` });
    runs.finish(id, { outcome: "skip", reason: `MEMORY.md already says: "- token ${GH}"`, details: { skipped: [{ reason: `key ${AWS}` }] }, endedAt: NOW });
    const run = runs.get(id)!;
    expect(run.reason).toBe('MEMORY.md already says: "- token [redacted: github token]"');
    expect(JSON.stringify(run.details)).toContain("key [redacted: aws access key]");
    new InboxStore(db).add({ createdAt: NOW, kind: "alert", title: `token ${GH}`, body: `use ${SK}`, source: "heartbeat" });
    const memories = new MemoryStore(db);
    const m = memories.insert({ type: "user_preference", content: "Prefers morning calls.", significance: 0.5, valence: "neutral", domain: "work", createdAt: NOW, source: { kind: "manual" } });
    memories.logRecall(m, NOW, "context", `deploy with ${SK}`);
    const stored = JSON.stringify([db.prepare("SELECT * FROM job_runs").all(), db.prepare("SELECT * FROM inbox").all(), db.prepare("SELECT * FROM memory_recalls").all()]);
    for (const key of KEYS) expect(stored.includes(key), key.slice(0, 6)).toBe(false);
    expect(stored).toContain("deploy with [redacted: openai key]");
  });
});
