/**
 * A search's query goes to the model as soon as it is planned, before the freshness check
 * (here a stat scan of every file, no watcher keeping the index), and the pipeline's own
 * request for it joins that call: one model call, the same vector. With the real USE-lite model.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { rememberQueries } from "../../src/embed/query-memo.js";
import type { Embedder } from "../../src/embed/types.js";
import { Engine } from "../../src/engine/engine.js";
import { Indexer } from "../../src/indexer/indexer.js";
import { embeddedWorkspace, watchQueryEmbeds } from "../helpers/embedded-workspace.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

/** A stand-in model whose calls the test answers or fails by hand. */
function handModel(): { e: Embedder; calls: string[][]; answer: (rows: Float32Array[]) => void; fail: (err: Error) => void } {
  const calls: string[][] = [];
  let settle: { ok: (rows: Float32Array[]) => void; no: (err: Error) => void } | undefined;
  const e: Embedder = {
    provider: "t",
    modelId: "t",
    dimension: 2,
    maxInputTokens: 8,
    batchSize: 1,
    windows: (t: string) => [t],
    close: async () => undefined,
    embed: (texts: string[]) => (calls.push(texts), new Promise<Float32Array[]>((ok, no) => (settle = { ok, no }))),
  };
  return { e, calls, answer: (rows) => settle?.ok(rows), fail: (err) => settle?.no(err) };
}

describe("a query on its way to the model", () => {
  it("is joined by a second call for the same text: one model call, each caller its own copy", async () => {
    const m = handModel();
    rememberQueries(m.e);
    const first = m.e.embed(["canoe"], { kind: "query" });
    const second = m.e.embed(["canoe"], { kind: "query" });
    m.answer([new Float32Array([1, 2])]);
    const [[a], [b]] = await Promise.all([first, second]);
    expect(m.calls).toEqual([["canoe"]]);
    a!.fill(0); // the first caller changing its rows changes nothing the other got
    expect([...b!]).toEqual([1, 2]);
  });

  it("a call that failed is forgotten: the next asks the model again", async () => {
    const m = handModel();
    rememberQueries(m.e);
    const [x, y] = [m.e.embed(["q"], { kind: "query" }), m.e.embed(["q"], { kind: "query" })];
    m.fail(new Error("model busy"));
    expect((await Promise.allSettled([x, y])).map((r) => r.status)).toEqual(["rejected", "rejected"]);
    const z = m.e.embed(["q"], { kind: "query" });
    m.answer([new Float32Array([7, 8])]);
    expect([...(await z)[0]!]).toEqual([7, 8]);
    expect(m.calls).toEqual([["q"], ["q"]]);
  });
});

describe("an engine's search starts its query before the freshness check", { timeout: 180_000 }, () => {
  let dir = "";
  afterEach(() => {
    vi.restoreAllMocks();
    cleanup(dir);
  });

  it("the model is asked before the stat scan, once, and a keyword search scans without asking it", async () => {
    dir = tempDir("agent-query-early-");
    const ws = await embeddedWorkspace(dir);
    const events: string[] = [];
    const queries = watchQueryEmbeds();
    const sync = Indexer.prototype.sync;
    vi.spyOn(Indexer.prototype, "sync").mockImplementation(function (this: Indexer, opts) {
      events.push("scan");
      return sync.call(this, opts);
    });
    const engine = await Engine.load({ workspace: ws });
    try {
      // Loaded first, so the order is the search's own, not the model's load.
      await engine.embedder().then((s) => s.embedder?.init?.());
      const q = "what did we plan for the canoe";
      const from = queries.length;
      const mark = events.length;
      const watched = queries.push.bind(queries);
      queries.push = (...t: string[]) => (events.push("model"), watched(...t));
      const first = await engine.search(q);
      expect(first.mode).toBe("hybrid");
      expect(events.slice(mark)).toEqual(["model", "scan"]);
      expect(queries.slice(from)).toEqual([q]);
      // Asked again (the remembered vector): the same results, the same scores.
      const again = await engine.search(q);
      expect(again.results.map((r) => [r.path, r.score])).toEqual(first.results.map((r) => [r.path, r.score]));
      // By keywords, nothing goes to the model.
      const before = queries.length;
      await engine.search("kitchen renovation step", { mode: "keyword" });
      expect(queries.length).toBe(before);
      expect(events.at(-1)).toBe("scan");
    } finally {
      await engine.close();
    }
  });
});
