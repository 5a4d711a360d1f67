/**
 * A long-lived host remembers the query vectors it computed, by exact text: a query asked
 * again skips the model and gets the very bits the model gave. With the real USE-lite model,
 * and the real daemon host on a real workspace.
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DaemonHost } from "../../src/daemon/host.js";
import { askDaemon } from "../../src/daemon/client.js";
import { rememberedQueries, rememberQueries } from "../../src/embed/query-memo.js";
import type { Embedder } from "../../src/embed/types.js";
import { Engine } from "../../src/engine/engine.js";
import { sharedUseLite } from "../helpers/use-lite.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

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
    const ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "use-lite" }, search: { mode: "hybrid" } }));
    for (let i = 0; i < 12; i++) write(ws, `memory/2025-03-${String(i + 1).padStart(2, "0")}.md`, `# Note ${i}\n\nWe planned the ${i % 2 ? "canoe trip" : "kitchen renovation"}, step ${i}.\n`);
    // Indexed and embedded beforehand, as `agent index` leaves a workspace.
    const pre = await Engine.load({ workspace: ws });
    pre.indexing.index();
    await pre.indexing.embed();
    await pre.close();
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
