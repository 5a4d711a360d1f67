import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import type { Embedder } from "../../src/embed/types.js";
import { Engine } from "../../src/index.js";
import { practiceQueries } from "../../src/engine/indexing.js";
import { RecallStore } from "../../src/store/recalls.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const NOW = Date.UTC(2026, 10, 21, 10);
const PEOPLE = ["Ana", "Grace", "Hiro", "Jonas"];
const TOPICS = ["router firmware", "pharmacy invoice", "garden watering", "schema migration", "backup job", "reading list"];
let dirs: string[] = [];
let engines: Engine[] = [];

afterEach(async () => {
  for (const e of engines) await e.close();
  for (const d of dirs) cleanup(d);
  engines = [];
  dirs = [];
});

function notes(): string {
  const ws = tempDir("agent-warm-");
  dirs.push(ws);
  for (let i = 0; i < 40; i++) {
    const day = `2026-10-${String((i % 28) + 1).padStart(2, "0")}`;
    write(ws, `memory/${day}-${i}.md`, `# ${day}\n\n${PEOPLE[i % 4]} and I looked at the ${TOPICS[i % 6]} on ${day}; we decided to follow up next week.\n\nThe ${TOPICS[(i + 2) % 6]} was postponed.\n`);
  }
  return ws;
}

function open(ws: string): Engine {
  const e = Engine.open({ workspace: ws, now: () => NOW, embedder: null });
  engines.push(e);
  return e;
}

describe("warm(): a long-lived host's warm-up", () => {
  it("leaves every search's results as a host that did not warm up gives them, and records no practice search in the recall log", async () => {
    const ws = notes();
    const cold = open(ws);
    cold.indexing.index();
    const warm = open(ws);
    const w = await warm.indexing.warm();
    expect(w.words).toBeGreaterThan(5);
    expect(new RecallStore(warm.state()).count()).toBe(0);
    const queries = ["router firmware Ana", "pharmacy invoice", "what did we decide last week", "Grace garden watering", "schema migration postponed", "reading list on 3 October"];
    for (const q of queries) {
      const a = await cold.search(q, { limit: 10, refresh: false, explain: true, recall: false });
      const b = await warm.search(q, { limit: 10, refresh: false, explain: true, recall: false });
      expect(b.results, q).toEqual(a.results);
    }
    // A search asked of the warm host is recorded as ever, each result with its chunk's text hash.
    const asked = await warm.search("backup job", { limit: 5, refresh: false });
    expect(new RecallStore(warm.state()).count()).toBe(asked.results.length);
    const index = new Database(warm.indexPath, { readonly: true });
    try {
      const recorded = warm.state().prepare("SELECT path, start_line AS s, end_line AS e, chunk_hash AS h FROM recalls ORDER BY rank").all() as { path: string; s: number; e: number; h: string }[];
      expect(recorded.map((r) => [r.path, r.s, r.e])).toEqual(asked.results.map((r) => [r.path, r.startLine, r.endLine]));
      for (const r of recorded) {
        const want = index.prepare("SELECT c.hash FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ? AND c.start_line = ? AND c.end_line = ?").get(r.path, r.s, r.e) as { hash: string };
        expect(r.h).toBe(want.hash);
      }
    } finally {
      index.close();
    }
  });

  it("has the embedder practise its query path when asked (the daemon) on a host that searches by meaning, not on a keyword host nor unasked", async () => {
    const ws = notes();
    const practised: string[] = [];
    const embedder = (name: string): Embedder => ({
      provider: "use-lite",
      modelId: "use-lite@test",
      dimension: 4,
      maxInputTokens: 100,
      batchSize: 8,
      windows: (t) => [t],
      embed: async (texts) => texts.map(() => Float32Array.from([1, 0, 0, 0])),
      practise: async () => void practised.push(name),
      close: async () => undefined,
    });
    for (const [mode, practiseQueries] of [["hybrid", true], ["keyword", true], ["vector", false]] as const) {
      write(ws, "agent.config.json", JSON.stringify({ search: { mode } }));
      const e = Engine.open({ workspace: ws, now: () => NOW, embedder: embedder(mode) });
      engines.push(e);
      e.indexing.index();
      await e.indexing.warm(undefined, { practiseQueries });
    }
    expect(practised).toEqual(["hybrid"]);
  });

  it("practises with pairs of the index's common words, then dated questions", () => {
    expect(practiceQueries(["felt", "decid", "met", "schedul", "water"])).toEqual(["felt decid", "met schedul", "what did we decide last week", "notes from 3 May 2023", "the meeting on Friday morning"]);
  });
});
