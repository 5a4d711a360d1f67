import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { CrossEncoder, relevanceOf } from "../../src/embed/cross-encoder.js";
import { pullTransformersModel } from "../../src/embed/transformers.js";
import { Engine } from "../../src/index.js";
import { applyRelevance } from "../../src/search/rerank/rerank.js";
import { TINY_RELEVANCE, writeTinyOnnxModel } from "../fixtures/tiny-onnx-model.js";
import { serveModels } from "../helpers/model-hub.js";
import { SEARCH_NOW } from "../helpers/search-workspace.js";
import { CLI, cleanup, tempDir, write } from "../helpers/workspace.js";
import { missing, titled } from "../helpers/needs.js";

const NEEDS_ONNX = missing("onnx");

const MODEL = "test-org/tiny-ce";
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
/** The tiny model's logit for a pair: the summed weights of every word of both texts. */
const logit = (question: string, passage: string) =>
  `${question} ${passage}`
    .toLowerCase()
    .split(/\W+/)
    .reduce((s, w) => s + (TINY_RELEVANCE[w] ?? 0), 0);

let models = "";
beforeAll(() => {
  models = tempDir("agent-ce-models-");
  writeTinyOnnxModel(models, { modelId: MODEL, classifier: true });
});
afterAll(() => cleanup(models));

describe("CrossEncoder: a reranker model run by transformers.js from a local folder", () => {
  it.skipIf(NEEDS_ONNX !== undefined)(titled("scores each (question, passage) pair, in batches, as the sigmoid of the model's logit", NEEDS_ONNX), async () => {
    const passages = ["a cat sat on the mat", "the stock market fell", "a dog ran in the park", "the cat was sitting on the rug"];
    for (const batchSize of [8, 3, 1]) {
      const ce = await CrossEncoder.open({ model: MODEL, cacheDir: models, batchSize });
      try {
        const got = await ce.score("the cat", passages);
        expect(got.map((x) => Number(x.toFixed(6)))).toEqual(passages.map((p) => Number(sigmoid(logit("the cat", p)).toFixed(6))));
      } finally {
        await ce.close();
      }
    }
  });

  it.skipIf(NEEDS_ONNX !== undefined)(titled("agent models pull fetches a reranker like an embedder (from a local hub), and it scores the same", NEEDS_ONNX), async () => {
    const hub = await serveModels(models);
    const pulled = tempDir("agent-ce-pulled-");
    try {
      const { dir } = await pullTransformersModel(MODEL, pulled, { remoteHost: hub.url });
      expect(dir).toBe(path.join(pulled, "test-org", "tiny-ce"));
      const a = await CrossEncoder.open({ model: MODEL, cacheDir: pulled });
      const b = await CrossEncoder.open({ model: MODEL, cacheDir: models });
      try {
        expect(await a.score("cat", ["the cat sat on the mat", "the stock market fell"])).toEqual(await b.score("cat", ["the cat sat on the mat", "the stock market fell"]));
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      await hub.close();
      cleanup(pulled);
    }
  });

  it("reads one logit as a sigmoid and two as the positive class", () => {
    expect(relevanceOf([0])).toBe(0.5);
    expect(relevanceOf([2])).toBeCloseTo(0.8808, 4);
    expect(relevanceOf([0, Math.log(3)])).toBeCloseTo(0.75, 6);
    expect(() => relevanceOf([1, 2, 3])).toThrow(/one or two logits per pair, this model gives 3/);
  });

  it("a missing model names the folder, the pull command and the setting", async () => {
    const empty = tempDir("agent-ce-empty-");
    try {
      const err = await CrossEncoder.open({ model: "Xenova/ms-marco-MiniLM-L-6-v2", cacheDir: empty }).catch((e: unknown) => e as Error);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toContain(path.join(empty, "Xenova", "ms-marco-MiniLM-L-6-v2"));
      expect((err as Error).message).toContain("agent models pull Xenova/ms-marco-MiniLM-L-6-v2");
      expect((err as Error).message).toContain("search.rerank.crossEncoder.modelPath");
    } finally {
      cleanup(empty);
    }
  });

  it("orders by relevance, keeps the first stage's order among ties, and drops below the level", () => {
    const { kept, dropped } = applyRelevance(["a", "b", "c", "d"], [0.2, 0.9, 0.2, 0.001], 0.01);
    expect(kept).toEqual([
      { item: "b", relevance: 0.9 },
      { item: "a", relevance: 0.2 },
      { item: "c", relevance: 0.2 },
    ]);
    expect(dropped).toBe(1);
    expect(applyRelevance(["a", "b"], [0.001, 0.5], null).kept.map((k) => k.item)).toEqual(["b", "a"]);
  });
});

describe.skipIf(NEEDS_ONNX !== undefined)(titled("search.rerank.provider cross-encoder, through the engine", NEEDS_ONNX), () => {
  let ws = "";
  afterEach(() => cleanup(ws));
  const NOTES: Record<string, string> = {
    // Shares "market" with the question, four times over; the model finds it unrelated.
    "memory/2026-11-10.md": "# 2026-11-10\n\nMarket report: the stock market fell, market down, market closed.\n",
    "memory/2026-11-11.md": "# 2026-11-11\n\nThe cat sat on the mat near the market.\n",
    "memory/2026-11-12.md": "# 2026-11-12\n\nOur cat was sitting on the rug all day.\n",
  };
  function engine(rerank: object): Engine {
    ws = tempDir("agent-ce-ws-");
    for (const [rel, text] of Object.entries(NOTES)) write(ws, rel, text);
    write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword", recency: { enabled: false }, rerank } }));
    const e = Engine.open({ workspace: ws, now: () => SEARCH_NOW, embedder: null });
    e.indexing.index();
    return e;
  }

  it("reorders by the model's relevance, drops what it finds unrelated, and says what it did", async () => {
    const e = engine({ enabled: true, provider: "cross-encoder", crossEncoder: { model: MODEL, modelPath: models } });
    try {
      const first = await e.search("cat market", { rerank: false });
      // The first stage puts the note with both words first.
      expect(first.results.map((r) => r.path)[0]).toBe("memory/2026-11-11.md");
      expect(first.results).toHaveLength(3);
      const res = await e.search("cat market");
      expect(res.results.map((r) => [r.path, r.relevance])).toEqual([
        ["memory/2026-11-12.md", Number(sigmoid(logit("cat market", "Our cat was sitting on the rug all day.")).toFixed(4))],
        ["memory/2026-11-11.md", Number(sigmoid(logit("cat market", "The cat sat on the mat near the market.")).toFixed(4))],
      ]);
      expect(res.rerank).toMatchObject({ model: `cross-encoder/${MODEL}`, candidates: 3, graded: 3, dropped: 1 });
      expect(res.rerank!.error).toBeUndefined();
      // Nothing the model finds related: no results, and why.
      const none = await e.search("stock fell");
      expect(none.results).toEqual([]);
      expect(none.reason).toBe(`nothing relevant: cross-encoder/${MODEL} judged all 1 result(s) unrelated to the question`);
      // With dropUnrelated off, everything comes back, reordered.
      write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword", recency: { enabled: false }, rerank: { enabled: true, provider: "cross-encoder", dropUnrelated: false, crossEncoder: { model: MODEL, modelPath: models } } } }));
    } finally {
      await e.close();
    }
    const kept = Engine.open({ workspace: ws, now: () => SEARCH_NOW, embedder: null });
    try {
      const res = await kept.search("cat market");
      expect(res.results.map((r) => r.path)).toEqual(["memory/2026-11-12.md", "memory/2026-11-11.md", "memory/2026-11-10.md"]);
      expect(res.rerank!.dropped).toBe(0);
    } finally {
      await kept.close();
    }
  });

  it("a missing model keeps the first stage's order and says why; a timeout does the same", async () => {
    const e = engine({ enabled: true, provider: "cross-encoder", crossEncoder: { model: "Xenova/ms-marco-MiniLM-L-6-v2", modelPath: path.join(ws || models, "nowhere") } });
    try {
      const res = await e.search("cat market");
      expect(res.results.map((r) => r.path)).toEqual((await e.search("cat market", { rerank: false })).results.map((r) => r.path));
      expect(res.rerank!.error).toMatch(/not found locally.*agent models pull Xenova\/ms-marco-MiniLM-L-6-v2/);
    } finally {
      await e.close();
    }
    // A fresh engine loads the model inside the 1 ms it is given, so the stage times out.
    const slow = engine({ enabled: true, provider: "cross-encoder", timeoutMs: 1, crossEncoder: { model: MODEL, modelPath: models } });
    try {
      const res = await slow.search("cat market");
      expect(res.rerank!.error).toBe("the reranker took longer than 1 ms");
      expect(res.results.map((r) => r.path)).toEqual((await slow.search("cat market", { rerank: false })).results.map((r) => r.path));
    } finally {
      await slow.close();
    }
  });

  it("agent doctor loads the reranker and says what is wrong with it", async () => {
    const e = engine({ enabled: true, provider: "cross-encoder", crossEncoder: { model: MODEL, modelPath: models } });
    await e.close();
    // A qmd reranker on this machine would be offered in the fix (gguf-reranker.test.ts).
    const savedXdg = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = path.join(ws, "no-cache");
    onTestFinished(() => {
      if (savedXdg === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = savedXdg;
    });
    const check = async () => (await Engine.doctor(ws, { embedder: null })).checks.find((c) => c.name === "reranker");
    expect(await check()).toMatchObject({ status: "ok", detail: `cross-encoder ${MODEL} loads from ${path.join(models, "test-org", "tiny-ce")}` });
    write(ws, "agent.config.json", JSON.stringify({ search: { rerank: { enabled: true, provider: "cross-encoder", crossEncoder: { modelPath: "models" } } } }));
    const missing = await check();
    expect(missing).toMatchObject({ status: "fail", fix: "run `agent models pull Xenova/ms-marco-MiniLM-L-6-v2` where there is a network, or set search.rerank.crossEncoder.modelPath" });
    expect(missing!.detail).toContain(path.join(ws, "models", "Xenova", "ms-marco-MiniLM-L-6-v2"));
    // Off by default, a missing reranker only matters to --rerank: a warning.
    write(ws, "agent.config.json", JSON.stringify({ search: { rerank: { provider: "cross-encoder", crossEncoder: { modelPath: "models" } } } }));
    expect((await check())!.status).toBe("warn");
    write(ws, "agent.config.json", "{}");
    expect(await check()).toBeUndefined();
  });

  it("the CLI prints the relevance and what the reranker did", async () => {
    const e = engine({ enabled: false, provider: "cross-encoder", crossEncoder: { model: MODEL, modelPath: models } });
    await e.close();
    const r = spawnSync(process.execPath, [CLI, "search", "cat market", "--rerank", "--workspace", ws], { encoding: "utf8", env: { ...process.env, AGENT_WORKSPACE: "" } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^reranked by cross-encoder/${MODEL}: 3 of 3 graded, 1 unrelated left out \\(\\d+\\.\\d s\\)\\n`));
    expect(r.stdout).toContain("1. memory/2026-11-12.md:1-3  2026-11-12  score ");
    expect(r.stdout).toMatch(/2026-11-12 {2}score [\d.]+ {2}relevance 0\.99\d\n/);
  });
});
