/**
 * A long-lived host remembers the query vectors it computed, by exact text: a query asked
 * again skips the model and gets the very bits the model gave. With the real USE-lite model,
 * an engine as a library user or an MCP stdio server holds it, and the real daemon host on a
 * real workspace.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { DaemonHost } from "../../src/daemon/host.js";
import { askDaemon } from "../../src/daemon/client.js";
import { rememberedQueries, rememberQueries } from "../../src/embed/query-memo.js";
import type { Embedder } from "../../src/embed/types.js";
import { Engine } from "../../src/engine/engine.js";
import { embeddedWorkspace, watchQueryEmbeds } from "../helpers/embedded-workspace.js";
import { sharedUseLite } from "../helpers/use-lite.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

/** The embedder's model calls, counted beneath whatever decorates it later. */
function counted(e: Embedder): string[][] {
  const calls: string[][] = [];
  const embed = e.embed.bind(e);
  e.embed = (texts, opts) => (calls.push(texts), embed(texts, opts));
  return calls;
}

const bits = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("hex");

describe("remembered query vectors (USE-lite)", { timeout: 120_000 }, () => {
  const plain = sharedUseLite();
  const memo = sharedUseLite();

  it("a query asked again does not run the model and gets the model's own bits; notes and batches are never kept", async () => {
    const calls = counted(memo);
    rememberQueries(memo);
    rememberQueries(memo); // once only: a second decoration would not add a second layer
    const q = "when is the dentist appointment";
    const [first] = await memo.embed([q], { kind: "query" });
    const [again] = await memo.embed([q], { kind: "query" });
    expect(calls).toEqual([[q]]);
    const [fresh] = await plain.embed([q], { kind: "query" });
    expect(bits(again!)).toBe(bits(fresh!));
    expect(bits(first!)).toBe(bits(fresh!));
    // The caller owns what it was given: changing it changes nothing remembered.
    again!.fill(0);
    const [third] = await memo.embed([q], { kind: "query" });
    expect(bits(third!)).toBe(bits(fresh!));
    // A note's text, and a batch, go to the model every time.
    await memo.embed([q]);
    await memo.embed([q, "another"], { kind: "query" });
    expect(calls.length).toBe(3);
    expect(rememberedQueries(memo)).toBe(1);
  });

  it("keeps the most recently used: the oldest goes when it is full", async () => {
    const e: Embedder = { provider: "t", modelId: "t", dimension: 1, maxInputTokens: 8, batchSize: 1, windows: (t: string) => [t], close: async () => undefined, embed: async (texts: string[]) => texts.map((t) => new Float32Array([t.length])) };
    const calls = counted(e);
    rememberQueries(e, 2);
    for (const q of ["a", "bb", "a", "ccc", "a", "bb"]) await e.embed([q], { kind: "query" });
    // "a" was used again before "ccc" came, so "bb" went first and had to be computed again.
    expect(calls.map((c) => c[0])).toEqual(["a", "bb", "ccc", "bb"]);
    expect(rememberedQueries(e)).toBe(2);
  });
});

/** A workspace of a dozen notes, indexed and embedded as `agent index` leaves it. */
describe("an engine remembers its queries", { timeout: 180_000 }, () => {
  let dir = "";
  afterEach(() => {
    vi.restoreAllMocks();
    cleanup(dir);
  });

  it("one engine asked the same hybrid search twice embeds its query once, and answers the same", async () => {
    dir = tempDir("agent-query-memo-engine-");
    const ws = await embeddedWorkspace(dir);
    // Counted on the model's class, beneath the engine's own embedder and whatever it adds.
    const queries = watchQueryEmbeds();
    const engine = await Engine.load({ workspace: ws });
    try {
      const q = "what did we plan for the canoe";
      const first = await engine.search(q);
      const second = await engine.search(q);
      expect(first.mode).toBe("hybrid");
      expect(queries.filter((t) => t === q)).toHaveLength(1);
      expect(second.results.map((r) => [r.path, r.score])).toEqual(first.results.map((r) => [r.path, r.score]));
      // A new engine starts with nothing remembered: its first search asks the model again.
      const other = await Engine.load({ workspace: ws });
      try {
        await other.search(q);
      } finally {
        await other.close();
      }
      expect(queries.filter((t) => t === q)).toHaveLength(2);
    } finally {
      await engine.close();
    }
  });
});

describe("the daemon remembers its queries", { timeout: 180_000 }, () => {
  let dir = "";
  let host: DaemonHost | undefined;
  afterEach(async () => {
    host?.stop("test over");
    await host?.run().catch(() => undefined);
    host = undefined;
    cleanup(dir);
  });

  it("a hybrid search asked twice embeds its query once, and answers the same", async () => {
    dir = tempDir("agent-query-memo-");
    const ws = await embeddedWorkspace(dir);
    // Counted once the host's own warm-up (which practises queries) is over.
    let warmed = () => {};
    const warmedUp = new Promise<void>((resolve) => (warmed = resolve));
    host = new DaemonHost({ workspace: ws, watch: false, log: (e) => e.event === "warm" && warmed() });
    await host.start();
    await warmedUp;
    // Element access reaches the host's engine, which the daemon keeps to itself.
    const engine = host["engine"] as Engine;
    const { embedder } = await engine.embedder();
    type Answer = { mode: string; vectors: { missing: number }; results: { path: string; score: number }[] };
    const ask = (query: string) => askDaemon<Answer>(ws, "search", { query }, { timeoutMs: 0 });
    const warm = await ask("a first search of the daemon");
    expect(warm?.mode).toBe("hybrid");
    expect(warm?.vectors.missing).toBe(0);
    const before = rememberedQueries(embedder!);
    const first = await ask("what did we plan for the canoe");
    expect(first?.mode).toBe("hybrid");
    expect(rememberedQueries(embedder!)).toBe(before + 1);
    const second = await ask("what did we plan for the canoe");
    expect(second?.results).toEqual(first?.results);
    expect(rememberedQueries(embedder!)).toBe(before + 1);
  });
});
