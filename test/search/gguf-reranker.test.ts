import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openReranker, rerankerName } from "../../src/embed/cross-encoder.js";
import { GgufCrossEncoder } from "../../src/embed/gguf-cross-encoder.js";
import { Engine } from "../../src/index.js";
import { TINY_RERANK_WORD, writeTinyGgufEmbedder, writeTinyGgufReranker } from "../fixtures/tiny-gguf.js";
import { SEARCH_NOW } from "../helpers/search-workspace.js";
import { CLI, cleanup, tempDir, write } from "../helpers/workspace.js";
import { missing, titled } from "../helpers/needs.js";

const NEEDS_GGUF = missing("gguf");

/**
 * A reranker GGUF (search.rerank.crossEncoder.modelPath ending in .gguf), run by the real
 * node-llama-cpp through llama.cpp's ranking path, with a tiny hand-written qwen3 reranker
 * whose relevance grows with the share of the word "mom" in the input (fixture).
 */

let dir = "";
let file = "";
/** A GGUF model that is not a reranker (no ranking head). */
let notRanker = "";
beforeAll(async () => {
  dir = tempDir("agent-gguf-rr-");
  file = await writeTinyGgufReranker(path.join(dir, "tiny-reranker.gguf"));
  notRanker = await writeTinyGgufEmbedder(path.join(dir, "tiny-embedder.gguf"));
});
afterAll(() => cleanup(dir));

describe.skipIf(NEEDS_GGUF !== undefined)(titled("GgufCrossEncoder: a reranker GGUF run by node-llama-cpp", NEEDS_GGUF), { timeout: 60_000 }, () => {
  it("scores each pair in 0..1, in the passages' order, by what the model reads", async () => {
    const rr = await openReranker({ modelPath: file, threads: 1 });
    try {
      expect(rr).toBeInstanceOf(GgufCrossEncoder);
      expect(rr.model).toBe("tiny-reranker.gguf");
      expect(rr.modelDir).toBe(file);
      const w = TINY_RERANK_WORD;
      const passages = ["The weather was nice all day.", `I called my ${w} today.`, `${w} and ${w} and ${w}`, "We went to the park."];
      const got = await rr.score("when does she come", passages);
      expect(got).toHaveLength(4);
      for (const x of got) {
        expect(x).toBeGreaterThan(0);
        expect(x).toBeLessThan(1);
      }
      // The passages with the word rank above those without, and more of it ranks higher.
      expect(got[2]!).toBeGreaterThan(got[1]!);
      expect(got[1]!).toBeGreaterThan(Math.max(got[0]!, got[3]!));
      // The same pair scores the same, alone or among others.
      expect((await rr.score("when does she come", [passages[1]!]))[0]).toBeCloseTo(got[1]!, 6);
    } finally {
      await rr.close();
    }
  });

  it("a passage longer than the context is scored in pieces, never refused", async () => {
    const rr = await GgufCrossEncoder.open({ file, threads: 1, contextSize: 64 });
    try {
      const long = `${"We went to the park and the weather was nice. ".repeat(30)}Then I called my mom.`;
      const [score] = await rr.score("a question", [long]);
      // The best piece is the one ending with the word.
      const [plain] = await rr.score("a question", ["We went to the park and the weather was nice. ".repeat(30)]);
      expect(score!).toBeGreaterThan(plain!);
    } finally {
      await rr.close();
    }
  });

  it("a cancelled call stops between passages, and the next call still runs", async () => {
    const rr = await GgufCrossEncoder.open({ file, threads: 1 });
    try {
      const ctl = new AbortController();
      ctl.abort(new Error("stop"));
      await expect(rr.score("q", ["a", "b"], ctl.signal)).rejects.toThrow("stop");
      expect(await rr.score("q", ["my mom"])).toHaveLength(1);
    } finally {
      await rr.close();
    }
  });

  it("a missing file and a GGUF that is not a reranker are named, with what to do", async () => {
    const missing = await openReranker({ modelPath: path.join(dir, "nope.gguf") }).catch((e: unknown) => e as Error);
    expect((missing as Error).message).toBe(`no reranker GGUF file at ${path.join(dir, "nope.gguf")}: set search.rerank.crossEncoder.modelPath to a reranker .gguf (Qwen3-Reranker, bge-reranker, …)`);
    // stories260K is a language model: no ranking head.
    const refused = await openReranker({ modelPath: notRanker, threads: 1 }).catch((e: unknown) => e as Error);
    expect((refused as Error).message).toMatch(/tiny-embedder\.gguf is not a reranker: it has no ranking head \(a cls\.output tensor\)/);
  });

  it("names a GGUF reranker by its file before it loads; an ONNX one by its model id", () => {
    expect(rerankerName({ model: "Xenova/ms-marco-MiniLM-L-6-v2", modelPath: "/m/qwen3-reranker-0.6b-q8_0.gguf" })).toBe("qwen3-reranker-0.6b-q8_0.gguf");
    expect(rerankerName({ model: "Xenova/bge-reranker-base", modelPath: "/m/Xenova/bge-reranker-base" })).toBe("Xenova/bge-reranker-base");
    expect(rerankerName({})).toBe("Xenova/ms-marco-MiniLM-L-6-v2");
  });
});

describe.skipIf(NEEDS_GGUF !== undefined)(titled("a GGUF reranker through the engine, doctor and CLI", NEEDS_GGUF), { timeout: 60_000 }, () => {
  let ws = "";
  const savedXdg = process.env.XDG_CACHE_HOME;
  afterEach(() => {
    cleanup(ws);
    if (savedXdg === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = savedXdg;
  });
  const NOTES: Record<string, string> = {
    // The most keyword matches for "family visit", but not what the model looks for.
    "memory/2026-11-10.md": "# 2026-11-10\n\nFamily visit plans: the family visit is in June, a long family visit.\n",
    "memory/2026-11-11.md": "# 2026-11-11\n\nFamily visit: mom arrives on the 12th.\n",
  };
  function workspace(rerank: object): string {
    ws = tempDir("agent-gguf-ws-");
    for (const [rel, text] of Object.entries(NOTES)) write(ws, rel, text);
    write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword", recency: { enabled: false }, rerank } }));
    return ws;
  }

  it("reorders by the model's relevance and says which file judged", async () => {
    workspace({ enabled: true, provider: "cross-encoder", dropUnrelated: false, crossEncoder: { modelPath: file, threads: 1 } });
    const e = Engine.open({ workspace: ws, now: () => SEARCH_NOW, embedder: null });
    try {
      e.indexing.index();
      const first = await e.search("family visit", { rerank: false });
      expect(first.results.map((r) => r.path)).toEqual(["memory/2026-11-10.md", "memory/2026-11-11.md"]);
      const res = await e.search("family visit");
      expect(res.results.map((r) => r.path)).toEqual(["memory/2026-11-11.md", "memory/2026-11-10.md"]);
      expect(res.results[0]!.relevance!).toBeGreaterThan(res.results[1]!.relevance!);
      expect(res.rerank).toMatchObject({ model: "cross-encoder/tiny-reranker.gguf", candidates: 2, graded: 2, dropped: 0 });
      expect(res.rerank!.error).toBeUndefined();
    } finally {
      await e.close();
    }
  });

  it("a GGUF that is not a reranker keeps the first stage's order, with the reason", async () => {
    workspace({ enabled: true, provider: "cross-encoder", crossEncoder: { modelPath: notRanker, threads: 1 } });
    const e = Engine.open({ workspace: ws, now: () => SEARCH_NOW, embedder: null });
    try {
      e.indexing.index();
      const res = await e.search("family visit");
      expect(res.results.map((r) => r.path)).toEqual(["memory/2026-11-10.md", "memory/2026-11-11.md"]);
      expect(res.rerank!.error).toMatch(/tiny-embedder\.gguf is not a reranker/);
    } finally {
      await e.close();
    }
  });

  it("agent doctor loads it, and points a user with qmd at qmd's reranker when the ONNX model is missing", async () => {
    workspace({ enabled: true, provider: "cross-encoder", crossEncoder: { modelPath: file, threads: 1 } });
    const check = async () => (await Engine.doctor(ws, { embedder: null })).checks.find((c) => c.name === "reranker");
    expect(await check()).toMatchObject({ status: "ok", detail: `cross-encoder tiny-reranker.gguf loads from ${file}` });
    write(ws, "agent.config.json", JSON.stringify({ search: { rerank: { enabled: true, provider: "cross-encoder", crossEncoder: { modelPath: "gone.gguf" } } } }));
    expect(await check()).toMatchObject({
      status: "fail",
      fix: "set search.rerank.crossEncoder.modelPath to a reranker .gguf file (Qwen3-Reranker, bge-reranker), or remove it to use an ONNX model folder",
    });
    // qmd keeps its models in $XDG_CACHE_HOME/qmd/models.
    const cache = path.join(ws, "cache");
    write(cache, "qmd/models/hf_ggml-org_qwen3-reranker-0.6b-q8_0.gguf", "not read by the check");
    write(cache, "qmd/models/hf_ggml-org_embeddinggemma-300M-Q8_0.gguf", "an embedder: not offered");
    process.env.XDG_CACHE_HOME = cache;
    write(ws, "agent.config.json", JSON.stringify({ search: { rerank: { enabled: true, provider: "cross-encoder", crossEncoder: { modelPath: "models" } } } }));
    const missing = await check();
    expect(missing!.status).toBe("fail");
    expect(missing!.fix).toBe(
      "run `agent models pull Xenova/ms-marco-MiniLM-L-6-v2` where there is a network, or set search.rerank.crossEncoder.modelPath" +
        `; qmd's reranker is on this machine: "modelPath": "${path.join(cache, "qmd/models/hf_ggml-org_qwen3-reranker-0.6b-q8_0.gguf")}"`,
    );
  });

  it("the CLI reranks with it and prints each relevance", () => {
    workspace({ enabled: false, provider: "cross-encoder", crossEncoder: { modelPath: file, threads: 1 } });
    const r = spawnSync(process.execPath, [CLI, "search", "family visit", "--rerank", "--workspace", ws], { encoding: "utf8", env: { ...process.env, AGENT_WORKSPACE: "" } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^reranked by cross-encoder\/tiny-reranker\.gguf: 2 of 2 graded, 0 unrelated left out \(\d+\.\d s\)\n/);
    expect(r.stdout).toMatch(/1\. memory\/2026-11-11\.md:1-3 {2}2026-11-11 {2}score [\d.]+ {2}relevance 0\.\d{3}\n/);
    // agent models names it beside the LLM and the embedder (exit 1: no LLM answers here).
    const m = spawnSync(process.execPath, [CLI, "models", "--workspace", ws], { encoding: "utf8", env: { ...process.env, AGENT_WORKSPACE: "" } });
    expect(m.stdout).toContain(`\nreranker: cross-encoder tiny-reranker.gguf — working: loads from ${file} (used with --rerank)\n`);
    const json = JSON.parse(spawnSync(process.execPath, [CLI, "models", "--workspace", ws, "--json"], { encoding: "utf8", env: { ...process.env, AGENT_WORKSPACE: "" } }).stdout);
    expect(json.reranker).toEqual({ model: "tiny-reranker.gguf", loads: true, detail: `loads from ${file}`, enabled: false });
  });
});
