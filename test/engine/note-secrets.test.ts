/**
 * A key written in a hand-written note stays in the person's file and goes nowhere else: not
 * into the index (stored text, FTS, statements), not into a search result, an injection, an
 * MCP `memory_get` read, nor a job's prompt. The result still says a key is there, with
 * path:line, so the person can open their own file.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { ContextConfigSchema } from "../../src/context/config.js";
import { chunkMarkdown } from "../../src/indexer/chunk.js";
import { toNewChunk } from "../../src/indexer/indexer.js";
import { HeartbeatConfigSchema } from "../../src/jobs/heartbeat/config.js";
import { runHeartbeat } from "../../src/jobs/heartbeat/run.js";
import { readDay } from "../../src/jobs/reflect/day.js";
import { createLLMProvider } from "../../src/llm/factory.js";
import { ScriptedProvider } from "../../src/llm/scripted.js";
import { IndexStore } from "../../src/store/index-store.js";
import { openIndexDb } from "../../src/store/open.js";
import { agentDir, indexDbPath } from "../../src/workspace/paths.js";
import { openJobs } from "../jobs/deps.js";
import { keywordEngines } from "../helpers/keyword-engine.js";
import { SEARCH_NOW } from "../helpers/search-workspace.js";
import { allBytes, cleanup, tempDir, write } from "../helpers/workspace.js";

// Built in pieces so no scanner flags the test itself; neither is AWS's documented example key.
const AWS = "AKIA" + "QX4TZ7RM2W9PLK3V";
const GH = "ghp_" + "R8kTz2Lq9Wm4Xv7Bn3Yc6Pd1Hs5Gf0Ja2Ke8";
const NOTE =
  "# 2026-11-20\n\n" +
  "- Moved the backup script to the NAS; it runs at 02:00.\n" +
  `- aws key for the backup script: ${AWS} (rotate!)\n` +
  "- The NAS admin page is on port 5001.\n" +
  `- github token for the deploy bot: ${GH}\n` +
  "- Backup retention is 30 days.\n";
const REL = "memory/2026-11-20.md";
const NOW = SEARCH_NOW;

const engines = keywordEngines();
let dir = "";
afterEach(() => {
  if (dir !== "") cleanup(dir);
  dir = "";
});

function holdsNoKey(what: unknown): void {
  const text = typeof what === "string" ? what : JSON.stringify(what);
  expect(text).not.toContain(AWS);
  expect(text).not.toContain(GH);
}

describe("a secret in a hand-written note", () => {
  it("is in no search result, no stored chunk or statement; the result says where the key is", async () => {
    const e = engines({ [REL]: NOTE });
    const res = await e.search("aws key backup script", { mode: "keyword", withText: true, refresh: false });
    const hit = res.results.find((r) => r.path === REL);
    expect(hit).toBeDefined();
    expect(hit!.text).toContain("aws key for the backup script: [redacted: aws access key] (rotate!)");
    expect(hit!.text).toContain("github token for the deploy bot: [redacted: github token]");
    // Line numbers are the file's: the person opens their own note there.
    expect(hit!.startLine).toBe(1);
    holdsNoKey(res);
    // A search for the key itself finds nothing: the FTS never saw it.
    expect((await e.search(AWS, { mode: "keyword", refresh: false })).results).toEqual([]);
    holdsNoKey(allBytes(agentDir(e.workspace)));
    // The person's file is theirs: unchanged.
    expect(readFileSync(path.join(e.workspace, REL), "utf8")).toBe(NOTE);
  });

  it("is not injected, nor returned by memory_get (same lines, the key's line says what was there)", async () => {
    const e = engines({ [REL]: NOTE });
    const hit = await (await e.assistants()).inject({ prompt: "when does the backup script run on the NAS?", budgetMs: 0, refresh: false });
    expect(hit.text).toContain("backup script");
    holdsNoKey(hit);
    const r = await (await e.assist()).readFile(REL);
    expect(r.totalLines).toBe(NOTE.split("\n").length - 1);
    expect(r.lines[3]).toBe("- aws key for the backup script: [redacted: aws access key] (rotate!)");
    holdsNoKey(r);
    const days = await (await e.assist()).dailyNotes(3);
    holdsNoKey(days);
    // MCP's soul_get: SOUL.md as handed to an assistant.
    write(e.workspace, "SOUL.md", `# SOUL\n\nKeep the deploy token ${GH} out of chats.\n`);
    expect((await e.soul()).shownText()).toBe("# SOUL\n\nKeep the deploy token [redacted: github token] out of chats.\n");
  });

  it("an index built before the redaction re-chunks the note and stops serving the key", async () => {
    const first = engines({ [REL]: NOTE });
    const ws = first.workspace;
    await first.close();
    // What the earlier version stored: the note's chunks as written, under its chunking stamp.
    const { db } = openIndexDb(indexDbPath(ws));
    const store = new IndexStore(db);
    const row = store.getFile(REL)!;
    const chunks = chunkMarkdown(NOTE, { targetTokens: 400, overlapTokens: 0 }).map((c) => toNewChunk(c));
    store.replaceFile({ path: REL, kind: row.kind, source: row.source, date: row.date, size: row.size, mtimeMs: row.mtime_ms, hash: row.hash, capped: false }, chunks, NOW);
    store.setMeta("chunking", store.getMeta("chunking")!.replace(/"v":\d+/, '"v":4'));
    db.close();

    const engine = Engine.open({ workspace: ws, now: () => NOW, embedder: null });
    try {
      const before = await engine.search(AWS, { mode: "keyword", refresh: false });
      expect(before.results.map((r) => r.path)).toEqual([REL]);
      // The next pass (any search runs one) sees the old stamp and reads every note again.
      const after = await engine.search("aws key backup script", { mode: "keyword", withText: true });
      expect(after.results.find((r) => r.path === REL)?.text).toContain("[redacted: aws access key]");
      holdsNoKey(after);
      expect((await engine.search(AWS, { mode: "keyword" })).results).toEqual([]);
    } finally {
      await engine.close();
    }
  });
});

describe("a job's prompt built from notes", () => {
  it("heartbeat: HEARTBEAT.md, MEMORY.md and the daily notes reach the model redacted", async () => {
    dir = tempDir("agent-note-secrets-hb-");
    write(dir, REL, NOTE);
    write(dir, "MEMORY.md", `# Memory\n\n- deploy token: ${GH}\n`);
    write(dir, "HEARTBEAT.md", `# HEARTBEAT\n\n- [ ] check the backup ran (key ${AWS})\n`);
    const jobs = openJobs(dir);
    try {
      const provider = new ScriptedProvider(["HEARTBEAT_OK"]);
      const settings = { config: HeartbeatConfigSchema.parse({}), context: ContextConfigSchema.parse({ timeZone: "UTC" }), timeZone: "UTC" };
      await runHeartbeat({ workspace: dir, provider, db: jobs.db, now: () => NOW, settings, notify: async () => [] });
      expect(provider.calls).toHaveLength(1);
      expect(provider.calls[0]!.system).toContain("check the backup ran (key [redacted: aws access key])");
      expect(provider.calls[0]!.system).toContain("deploy token: [redacted: github token]");
      holdsNoKey(provider.calls);
    } finally {
      jobs.close();
    }
  });

  it("reflection reads the day's notes redacted, each line at its number", () => {
    dir = tempDir("agent-note-secrets-day-");
    write(dir, REL, NOTE);
    const day = readDay(dir, { since: 0, until: Number.MAX_SAFE_INTEGER, memoryBefore: null });
    const lines = day.notes.find((n) => n.path === REL)!.lines;
    expect(lines.find((l) => l.n === 4)?.text).toBe("- aws key for the backup script: [redacted: aws access key] (rotate!)");
    holdsNoKey(day);
  });

  it("the model provider redacts whatever a prompt still holds (a SOUL.md, a summary)", async () => {
    const provider = createLLMProvider({ provider: "scripted" }, { scriptedReplies: ["ok"] });
    await provider.complete({ system: `SOUL: keep ${AWS} handy`, messages: [{ role: "user", content: `and ${GH}` }] });
    const calls = (provider as ScriptedProvider).calls;
    expect(calls[0]).toMatchObject({ system: "SOUL: keep [redacted: aws access key] handy", messages: [{ role: "user", content: "and [redacted: github token]" }] });
  });
});
