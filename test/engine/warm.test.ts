import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import type { Embedder } from "../../src/embed/types.js";
import { Engine } from "../../src/index.js";
import { practiceQueries } from "../../src/engine/indexing.js";
import { RecallStore } from "../../src/store/recalls.js";
import { openIndexDb } from "../../src/store/open.js";
import { keepChunkData } from "../../src/search/pipeline/chunk-data.js";
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

/** A 4-dimension embedder that gives every text the same vector; `over` replaces any part. */
function testEmbedder(over: Partial<Embedder> = {}): Embedder {
  return {
    provider: "use-lite",
    modelId: "use-lite@test",
    dimension: 4,
    maxInputTokens: 100,
    batchSize: 8,
    windows: (t) => [t],
    embed: async (texts) => texts.map(() => Float32Array.from([1, 0, 0, 0])),
    close: async () => undefined,
    ...over,
  };
}

/** One engine that indexed the notes, and a second on the same workspace that warmed up. */
async function coldAndWarm() {
  const ws = notes();
  const cold = open(ws);
  cold.indexing.index();
  const warm = open(ws);
  const w = await warm.indexing.warm();
  return { ws, cold, warm, w };
}

describe("warm(): a long-lived host's warm-up", () => {
  it("leaves every search's results as a host that did not warm up gives them, and records no practice search in the recall log", async () => {
    const { cold, warm, w } = await coldAndWarm();
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

  it("makes each chunk's per-search values ahead: after warm() a search reads no chunk's row or length for them, and a write between searches is seen", async () => {
    const { ws, cold, warm, w } = await coldAndWarm();
    const index = new Database(warm.indexPath, { readonly: true });
    const chunks = (index.prepare("SELECT count(*) AS n FROM chunks").get() as { n: number }).n;
    index.close();
    expect(w.chunks).toBe(chunks);
    const queries = ["router firmware Ana", "pharmacy invoice decided", "Grace garden watering", "schema migration postponed", "follow up next week", "Jonas reading list"];
    const ask = (e: Engine, q: string) => e.search(q, { limit: 10, refresh: false, explain: true, recall: false });
    // The warm host's first searches: none reads a chunk's row or length.
    const warmReads = await readsDuring(async () => {
      for (const q of queries) await ask(warm, q);
    });
    expect(warmReads.filter(perChunk)).toEqual([]);
    // The same searches on an engine that did not warm up do (so the spy would see them).
    const coldReads = await readsDuring(async () => {
      for (const q of queries) await ask(cold, q);
    });
    expect(coldReads.filter(perChunk).length).toBeGreaterThan(0);
    for (const q of queries) expect((await ask(warm, q)).results, q).toEqual((await ask(cold, q)).results);
    // A note written after warm(): the kept values go with the index's version, the new one is found.
    write(ws, "memory/2026-11-20.md", "# 2026-11-20\n\nAna moved the router firmware update to the zeppelin hangar.\n");
    warm.indexing.index();
    const after = await ask(warm, "router firmware zeppelin");
    expect(after.results[0]?.path).toBe("memory/2026-11-20.md");
    expect(after.results).toEqual((await cold.search("router firmware zeppelin", { limit: 10, refresh: true, explain: true, recall: false })).results);
  });

  it("has the embedder practise its query path when asked (the daemon) on a host that searches by meaning, not on a keyword host nor unasked", async () => {
    const ws = notes();
    const practised: string[] = [];
    const embedder = (name: string): Embedder => testEmbedder({ practise: async () => void practised.push(name) });
    for (const [mode, practiseQueries] of [["hybrid", true], ["keyword", true], ["vector", false]] as const) {
      write(ws, "agent.config.json", JSON.stringify({ search: { mode } }));
      const e = Engine.open({ workspace: ws, now: () => NOW, embedder: embedder(mode) });
      engines.push(e);
      e.indexing.index();
      await e.indexing.warm(undefined, { practiseQueries });
    }
    expect(practised).toEqual(["hybrid"]);
  });

  it("stops reading chunks ahead when the index changes under it, and reads none while another process writes vectors", async () => {
    const ws = tempDir("agent-warm-many-");
    dirs.push(ws);
    // More chunks than one batch of the pass (500).
    for (let i = 0; i < 700; i++) write(ws, `memory/2025-01-01-${i}.md`, `# Note ${i}\n\n${PEOPLE[i % 4]} checked the ${TOPICS[i % 6]} today.\n`);
    const writer = open(ws);
    writer.indexing.index();
    const { db } = openIndexDb(writer.indexPath);
    try {
      // The first batch is read at once; an edit indexed before the next one changes the index.
      const pass = keepChunkData(db);
      write(ws, "memory/2025-01-02.md", "# 2025-01-02\n\nAna moved the router firmware update.\n");
      writer.indexing.index();
      expect(await pass).toMatchObject({ chunks: 500, changed: true });
      // Undisturbed, it reads them all.
      expect(await keepChunkData(db)).toMatchObject({ chunks: 701, changed: false });
    } finally {
      db.close();
    }

    // Another engine embedding (its embedder held mid-batch): the warm host reads no chunk ahead.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = testEmbedder({ embed: async (texts) => (await held, texts.map(() => Float32Array.from([1, 0, 0, 0]))) });
    const embedding = Engine.open({ workspace: ws, now: () => NOW, embedder: slow });
    engines.push(embedding);
    const run = embedding.indexing.embed();
    const warm = open(ws);
    await eventuallyTrue(() => warm.indexing.embedding() !== null);
    expect((await warm.indexing.warm()).chunks).toBe(0);
    release();
    await run;
    const after = open(ws);
    expect((await after.indexing.warm()).chunks).toBe(701);
  });

  it("reads no chunk ahead on a host that embeds in the background while chunks wait for vectors, and does once they have them", async () => {
    const ws = notes();
    const e = open(ws);
    e.indexing.index();
    const index = new Database(e.indexPath, { readonly: true });
    const pending = (index.prepare("SELECT count(*) AS n FROM chunks").get() as { n: number }).n;
    index.close();
    expect(pending).toBeGreaterThan(0);
    // The daemon: its own embedding is about to write every chunk's vector; what it kept
    // ahead would sit beside the embedder, then each commit would drop it.
    const daemonLike = open(ws);
    daemonLike.indexing.backgroundEmbedder = "a test host";
    expect((await daemonLike.indexing.warm()).chunks).toBe(0);
    // A host that does not embed (a keyword host, a plain engine) reads them all.
    expect((await open(ws).indexing.warm()).chunks).toBe(pending);
    // Vectors made: the background host reads them ahead too.
    const fixed = testEmbedder();
    const embedder = Engine.open({ workspace: ws, now: () => NOW, embedder: fixed });
    engines.push(embedder);
    await embedder.indexing.embed();
    const later = open(ws);
    later.indexing.backgroundEmbedder = "a test host";
    expect((await later.indexing.warm()).chunks).toBe(pending);
  });

  it("practises with pairs of the index's common words, then dated questions", () => {
    expect(practiceQueries(["felt", "decid", "met", "schedul", "water"])).toEqual(["felt decid", "met schedul", "what did we decide last week", "notes from 3 May 2023", "the meeting on Friday morning"]);
  });
});

/** Resolves once `check` holds, looking each turn of the event loop (no timing). */
async function eventuallyTrue(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

/** The SQL text of every statement run (all, get, iterate) while `fn` runs, in this process. */
async function readsDuring(fn: () => Promise<void>): Promise<string[]> {
  const probe = new Database(":memory:");
  const proto = Object.getPrototypeOf(probe.prepare("SELECT 1")) as Record<"all" | "get" | "iterate", (this: { source: string }, ...args: unknown[]) => unknown>;
  probe.close();
  const seen: string[] = [];
  const saved = { all: proto.all, get: proto.get, iterate: proto.iterate };
  for (const m of ["all", "get", "iterate"] as const) {
    const orig = saved[m];
    proto[m] = function (this: { source: string }, ...args: unknown[]) {
      seen.push(this.source);
      return orig.apply(this, args);
    };
  }
  try {
    await fn();
  } finally {
    Object.assign(proto, saved);
  }
  return seen;
}

/** A read of chunks' rows or FTS lengths by a list of chunk ids: what warm() makes ahead (statements are left to the searches). */
function perChunk(source: string): boolean {
  return /c\.id IN \(SELECT value FROM json_each|chunks_fts_docsize WHERE id IN/.test(source);
}
