/** `agent dream` through the built CLI, against a stand-in Ollama on 127.0.0.1. */
import { utimesSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAgent } from "../helpers/cli.js";
import { startFakeOllama, type FakeOllama } from "../helpers/fake-ollama.js";
import { cleanup, read, tempDir, write } from "../helpers/workspace.js";

const MEMORY = "# MEMORY\n\n## People\n\n- Bob works at the bakery.\n";

describe("agent dream (built CLI)", () => {
  let dir = "";
  let ws = "";
  let fake: FakeOllama;

  beforeAll(async () => {
    dir = tempDir();
    ws = path.join(dir, "ws");
    fake = await startFakeOllama(() => "Sure! Here is the durable fact:\n\n**FACT:** Alice prefers green tea in the afternoon.\n\nIt is a lasting preference.");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, search: { mode: "keyword" }, context: { timeZone: "UTC" }, llm: { provider: "ollama", model: "good", host: fake.host }, dream: { thresholds: { minDays: 1 } } }));
    write(ws, "MEMORY.md", MEMORY);
    write(ws, "memory/2026-11-20.md", "# 2026-11-20\n\nAlice said she prefers green tea in the afternoon and never coffee after three.\n");
  });
  afterAll(async () => {
    await fake.close();
    cleanup(dir);
  });

  it("searches feed the dream; it proposes with provenance; accept with an edit writes MEMORY.md; undo takes it back", { timeout: 120_000 }, async () => {
    for (const q of ["alice tea", "green tea afternoon", "what coffee does alice drink"]) {
      const s = await runAgent(["search", q, "--workspace", ws, "--no-daemon"]);
      expect(s.code, s.stderr).toBe(0);
    }
    const dry = await runAgent(["dream", "--dry-run", "--explain", "--workspace", ws]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("memory/2026-11-20.md:1-3  recalls 3, queries 3, days 1");
    expect(dry.stdout).toContain('queries: "alice tea", "green tea afternoon", "what coffee does alice drink"');
    expect(dry.stdout).toContain("> Alice said she prefers green tea in the afternoon and never coffee after three.");
    expect(fake.chats).toHaveLength(0);

    const run = await runAgent(["dream", "--workspace", ws]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^1 fact\(s\) proposed from 1 candidate\(s\), waiting for review/);
    expect(read(ws, "MEMORY.md")).toBe(MEMORY);

    const review = await runAgent(["dream", "review", "--workspace", ws]);
    expect(review.code, review.stderr).toBe(0);
    expect(review.stdout).toContain("#1 [pending] Alice prefers green tea in the afternoon.");
    expect(review.stdout).toContain("from memory/2026-11-20.md:1-3");
    expect(review.stdout).toContain('recalled by: "alice tea", "green tea afternoon", "what coffee does alice drink"');

    const acc = await runAgent(["dream", "accept", "1", "--edit", "Alice drinks green tea in the afternoon, never coffee after three.", "--workspace", ws]);
    expect(acc.code, acc.stderr).toBe(0);
    expect(read(ws, "MEMORY.md")).toBe(`${MEMORY}\n## Dreamed facts\n\n- Alice drinks green tea in the afternoon, never coffee after three.\n`);

    const jobs = await runAgent(["jobs", "--workspace", ws]);
    expect(jobs.stdout).toMatch(/dream .* ok +1 fact\(s\) proposed .*considered 1, proposed 1, skipped 0/);

    const undo = await runAgent(["dream", "undo", "--workspace", ws]);
    expect(undo.code, undo.stderr).toBe(0);
    expect(undo.stdout).toContain("removed from MEMORY.md: Alice drinks green tea in the afternoon, never coffee after three.");
    expect(read(ws, "MEMORY.md")).toBe(`${MEMORY}\n## Dreamed facts\n\n`);

    const bad = await runAgent(["dream", "accept", "--workspace", ws]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("name the proposals");
  });

  it("proposes the fix for an out-of-date MEMORY.md line, shows both sides, and accept swaps that line", { timeout: 120_000 }, async () => {
    const rws = path.join(dir, "replace");
    write(rws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, search: { mode: "keyword" }, context: { timeZone: "UTC" }, llm: { provider: "ollama", model: "good", host: fake.host } }));
    const old = "- The kitchen renovation start date is 3 December, Marek's crew.";
    write(rws, "MEMORY.md", `# Memory\n\n${old}\n`);
    const then = Date.parse("2026-11-10T09:00:00Z") / 1000;
    utimesSync(path.join(rws, "MEMORY.md"), then, then);
    write(rws, "memory/2026-11-23.md", "# 2026-11-23\n\n- Marek called: the kitchen renovation start date moved to 10 December.\n");
    const chats = fake.chats.length;
    const run = await runAgent(["dream", "--workspace", rws]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("1 out-of-date MEMORY.md line(s) proposed for replacement");
    expect(fake.chats).toHaveLength(chats);
    const review = await runAgent(["dream", "review", "--workspace", rws]);
    expect(review.stdout).toContain("#1 [pending] replace MEMORY.md:3");
    expect(review.stdout).toContain(`now: ${old}   (MEMORY.md:3, 2026-11-10)`);
    expect(review.stdout).toContain("new: Marek called: the kitchen renovation start date moved to 10 December. (memory/2026-11-23.md:3, 2026-11-23)");
    const acc = await runAgent(["dream", "accept", "1", "--workspace", rws]);
    expect(acc.code, acc.stderr).toBe(0);
    expect(read(rws, "MEMORY.md")).toBe("# Memory\n\n- Marek called: the kitchen renovation start date moved to 10 December. (memory/2026-11-23.md:3, 2026-11-23)\n");
  });
});
