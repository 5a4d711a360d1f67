import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GgufEmbedder } from "../../src/embed/gguf.js";
import { familyPrefixes } from "../../src/embed/prefixes.js";
import { chooseEmbedder } from "../../src/embed/select.js";
import { parseEmbedConfig } from "../../src/embed/config.js";
import { cosine } from "../../src/embed/vector.js";
import { Engine } from "../../src/index.js";
import { embedText } from "../../src/indexer/embed-pending.js";
import { writeTinyGgufEmbedder } from "../fixtures/tiny-gguf.js";
import { SEARCH_NOW } from "../helpers/search-workspace.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { missing, titled } from "../helpers/needs.js";

const NEEDS_GGUF = missing("gguf");

/**
 * A GGUF embedding model (embed.modelPath ending in .gguf), run by the real node-llama-cpp
 * through llama.cpp's embedding path, with a tiny hand-written qwen3 embedder whose vector
 * for a text is the mean of its tokens' fixed pseudo-random directions (fixture).
 */

let dir = "";
let plain = "";
let nomic = "";
beforeAll(async () => {
  dir = tempDir("agent-gguf-emb-");
  plain = await writeTinyGgufEmbedder(path.join(dir, "tiny-embedder.gguf"));
  nomic = await writeTinyGgufEmbedder(path.join(dir, "nomic-embed-tiny.gguf"), "nomic-embed-tiny");
});
afterAll(() => cleanup(dir));

describe("familyPrefixes: what each model family was trained to see before a query and a passage", () => {
  it.each([
    ["nomic-bert", "nomic-embed-text-v1.5.Q8_0.gguf", "search_query: ", "search_document: "],
    ["gemma-embedding", "embeddinggemma-300M-Q8_0.gguf", "task: search result | query: ", "title: none | text: "],
    ["qwen3", "Qwen3 Embedding 0.6B Qwen3-Embedding-0.6B-Q8_0.gguf", "Instruct: Given a web search query, retrieve relevant passages that answer the query\nQuery: ", ""],
    ["bert", "multilingual-e5-small-q8_0.gguf", "query: ", "passage: "],
    ["bert", "bge-small-en-v1.5-q8_0.gguf", "", ""],
    ["qwen3", "Qwen3 Reranker 0.6B", "", ""],
    ["", "nomic-embed-text:latest", "search_query: ", "search_document: "],
    ["", "mxbai-embed-large", "Represent this sentence for searching relevant passages: ", ""],
    ["", "Xenova/bge-small-en-v1.5", "", ""],
    ["", "all-minilm", "", ""],
    ["", "intfloat/e5-small-v2", "query: ", "passage: "],
    ["", "some-code5-model", "", ""],
  ])("%s %s", (arch, name, query, document) => {
    expect(familyPrefixes(name, arch)).toEqual({ query, document });
  });
});

describe.skipIf(NEEDS_GGUF !== undefined)(titled("GgufEmbedder", NEEDS_GGUF), { timeout: 60_000 }, () => {
  it("gives normalised vectors of the model's size; the same text the same vector, related texts nearer", async () => {
    const e = await GgufEmbedder.open({ file: plain, threads: 1 });
    try {
      expect(e.provider).toBe("gguf");
      expect(e.dimension).toBe(16);
      // Without prefixes the id carries no prefix tag.
      expect(e.modelId).toMatch(/^gguf:tiny-embedder\.gguf:[0-9a-f]{8}$/);
      expect(e.prefixes).toEqual({ query: "", document: "" });
      const [a, b, c, d] = await e.embed(["the cat sat on the mat", "the cat sat on the mat", "a cat on a mat", "stock market fell sharply"]);
      expect(Math.hypot(...a!)).toBeCloseTo(1, 5);
      expect(cosine(a!, b!)).toBeCloseTo(1, 6);
      expect(cosine(a!, c!)).toBeGreaterThan(cosine(a!, d!) + 0.3);
    } finally {
      await e.close();
    }
  });

  it("splits a long text into windows the model reads whole, counted with its own tokenizer", async () => {
    const e = await GgufEmbedder.open({ file: plain, threads: 1, maxInputTokens: 64 });
    try {
      const text = Array.from({ length: 300 }, (_, i) => `word${i}`).join(" ");
      const windows = e.windows(text);
      expect(windows.length).toBeGreaterThan(3);
      // Every window embeds without llama.cpp refusing it for length.
      const vs = await e.embed(windows);
      expect(vs).toHaveLength(windows.length);
      expect(e.windows("a short note")).toEqual(["a short note"]);
      // A text longer than the context, given whole, is cut to what fits rather than refused.
      const [whole] = await e.embed([text]);
      expect(whole).toHaveLength(16);
    } finally {
      await e.close();
    }
  });

  it("puts the family's prefixes on queries and notes; they are part of the model's identity", async () => {
    const withPrefixes = await GgufEmbedder.open({ file: nomic, threads: 1 });
    const without = await GgufEmbedder.open({ file: nomic, threads: 1, queryPrefix: "", documentPrefix: "" });
    try {
      expect(withPrefixes.prefixes).toEqual({ query: "search_query: ", document: "search_document: " });
      expect(withPrefixes.modelId).not.toBe(without.modelId);
      const [asQuery] = await withPrefixes.embed(["cat on the mat"], { kind: "query" });
      const [asNote] = await withPrefixes.embed(["cat on the mat"]);
      const [byHandQ, byHandD] = await without.embed(["search_query: cat on the mat", "search_document: cat on the mat"]);
      expect(cosine(asQuery!, byHandQ!)).toBeCloseTo(1, 6);
      expect(cosine(asNote!, byHandD!)).toBeCloseTo(1, 6);
      expect(cosine(asQuery!, asNote!)).toBeLessThan(0.999);
    } finally {
      await withPrefixes.close();
      await without.close();
    }
  });

  it("an aborted call stops with an AbortError, and the next one runs", async () => {
    const e = await GgufEmbedder.open({ file: plain, threads: 1 });
    try {
      const ctl = new AbortController();
      ctl.abort();
      await expect(e.embed(["a", "b"], { signal: ctl.signal })).rejects.toMatchObject({ name: "AbortError" });
      expect(await e.embed(["a"])).toHaveLength(1);
    } finally {
      await e.close();
    }
  });

  it("is chosen for a .gguf modelPath; a missing file or a missing path says what to set", async () => {
    const auto = await chooseEmbedder(parseEmbedConfig({ modelPath: plain, threads: 1 }));
    try {
      expect(auto.embedder!.provider).toBe("gguf");
      expect(auto.reason).toBe(`gguf: tiny-embedder.gguf from ${plain} (16-d, no prefixes)`);
    } finally {
      await auto.embedder!.close();
    }
    await expect(chooseEmbedder(parseEmbedConfig({ provider: "gguf" }))).rejects.toThrow('embed.provider "gguf" needs embed.modelPath: the path of a .gguf embedding model');
    await expect(chooseEmbedder(parseEmbedConfig({ modelPath: path.join(dir, "gone.gguf") }))).rejects.toThrow(
      `no GGUF embedding model at ${path.join(dir, "gone.gguf")}: set embed.modelPath to a .gguf embedding model (embeddinggemma, nomic-embed-text, bge, …)`,
    );
  });
});

describe.skipIf(NEEDS_GGUF !== undefined)(titled("a GGUF embedder through the engine", NEEDS_GGUF), { timeout: 60_000 }, () => {
  it("indexes with it, searches with the query prefix, and doctor reports it", async () => {
    const ws = tempDir("agent-gguf-ws-");
    try {
      write(ws, "memory/2026-11-10.md", "# 2026-11-10\n\nThe cat sat on the mat by the door.\n");
      write(ws, "memory/2026-11-11.md", "# 2026-11-11\n\nStock market fell sharply at noon.\n");
      write(ws, "agent.config.json", JSON.stringify({ embed: { modelPath: nomic, threads: 1 }, search: { floor: { enabled: false } } }));
      const e = Engine.open({ workspace: ws, now: () => SEARCH_NOW });
      try {
        e.indexing.index();
        const done = await e.indexing.embed();
        expect(done.modelId).toMatch(/^gguf:nomic-embed-tiny\.gguf:/);
        const res = await e.search("cat on a mat", { mode: "vector", explain: true, withText: true });
        expect(res.vectors.provider).toBe("gguf");
        expect(res.results[0]!.path).toBe("memory/2026-11-10.md");
        // The engine embedded the question as a query ("search_query: …") and the note as a
        // document: the cosine it reports is between those two.
        const check = await GgufEmbedder.open({ file: nomic, threads: 1 });
        try {
          const [q] = await check.embed(["cat on a mat"], { kind: "query" });
          const top = res.results[0]!;
          const [d] = await check.embed([embedText({ heading: top.heading, text: top.text! })]);
          const [dPlainQuery] = await check.embed(["cat on a mat"]);
          const reported = res.results[0]!.explain!.cosine!;
          expect(reported).toBeCloseTo(cosine(q!, d!), 3);
          expect(Math.abs(reported - cosine(dPlainQuery!, d!))).toBeGreaterThan(1e-3);
        } finally {
          await check.close();
        }
      } finally {
        await e.close();
      }
      const doctor = await Engine.doctor(ws);
      expect(doctor.checks.find((c) => c.name === "embedder")).toMatchObject({ status: "ok" });
      expect(doctor.checks.find((c) => c.name === "embedder")!.detail).toMatch(/^gguf: nomic-embed-tiny\.gguf from .* \(16-d, prefixes "search_query: " \/ "search_document: "\)$/);
    } finally {
      cleanup(ws);
    }
  });
});

describe("agent doctor and qmd's embedder", { timeout: 60_000 }, () => {
  it("a USE-lite user with qmd's embedder on the machine is told how to use it", async () => {
    const ws = tempDir("agent-gguf-doctor-");
    const saved = process.env.XDG_CACHE_HOME;
    try {
      write(ws, "memory/2026-11-10.md", "# 2026-11-10\n\nA note.\n");
      const cache = path.join(ws, "cache");
      write(cache, "qmd/models/hf_ggml-org_embeddinggemma-300M-Q8_0.gguf", "not read by the check");
      write(cache, "qmd/models/hf_ggml-org_qwen3-reranker-0.6b-q8_0.gguf", "a reranker: not offered as an embedder");
      process.env.XDG_CACHE_HOME = cache;
      write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "use-lite", threads: 0 } }));
      const check = (await Engine.doctor(ws)).checks.find((c) => c.name === "embedder")!;
      expect(check.status).toBe("ok");
      expect(check.detail).toMatch(/^use-lite: use-lite@/);
      expect(check.detail.endsWith(`; qmd's embedder, a stronger model than USE-lite, is on this machine: to use it set "embed": {"modelPath": "${path.join(cache, "qmd/models/hf_ggml-org_embeddinggemma-300M-Q8_0.gguf")}"} (re-embeds the notes once)`)).toBe(true);
      // Without qmd's files, no note.
      process.env.XDG_CACHE_HOME = path.join(ws, "empty");
      expect((await Engine.doctor(ws)).checks.find((c) => c.name === "embedder")!.detail).not.toContain("qmd");
    } finally {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = saved;
      cleanup(ws);
    }
  });
});
