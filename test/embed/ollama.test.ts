import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OllamaEmbedder, resolveOllamaEmbedHost } from "../../src/embed/ollama.js";
import { EmbedError } from "../../src/embed/types.js";
import { norm } from "./helpers.js";

/** What a real daemon does for /api/embed, minus the model: a deterministic 8-d vector per input. */
function fakeVector(text: string): number[] {
  return Array.from({ length: 8 }, (_, j) => ((text.charCodeAt(j % text.length) || 1) * (j + 1)) % 17);
}

describe("OllamaEmbedder against an HTTP server speaking /api/embed", () => {
  let server: http.Server;
  let host: string;
  let refusedHost: string;
  const bodies: { model: string; input: string[] }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
      req.on("end", () => {
        if (req.method !== "POST" || req.url !== "/api/embed") {
          res.writeHead(404, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: "not found" }));
          return;
        }
        const body = JSON.parse(raw) as { model: string; input: string | string[] };
        const input = Array.isArray(body.input) ? body.input : [body.input];
        bodies.push({ model: body.model, input });
        if (body.model !== "nomic-embed-text") {
          res.writeHead(404, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: `model "${body.model}" not found, try pulling it first` }));
          return;
        }
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ model: body.model, embeddings: input.map(fakeVector) }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // A port that was free a moment ago: nothing listens there.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    refusedHost = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("sends {model, input} and returns unit vectors in order; dimension comes from the reply", async () => {
    // Without its prefixes (next test), the texts go as they are.
    const e = new OllamaEmbedder({ host, queryPrefix: "", documentPrefix: "" });
    expect(e.provider).toBe("ollama");
    expect(e.modelId).toBe("ollama:nomic-embed-text:latest");
    expect(e.dimension).toBe(0);
    const texts = ["first", "second text", "third"];
    const vectors = await e.embed(texts);
    expect(bodies.at(-1)).toEqual({ model: "nomic-embed-text", input: texts });
    expect(e.dimension).toBe(8);
    vectors.forEach((v, i) => {
      expect(norm(v)).toBeCloseTo(1, 5);
      const raw = fakeVector(texts[i]);
      expect(v[0]).toBeCloseTo(raw[0] / norm(raw), 6);
    });
    expect(await e.embed([])).toEqual([]);
  });

  it("nomic-embed-text (the default) gets its prefixes: search_query on a question, search_document on notes", async () => {
    const e = new OllamaEmbedder({ host });
    expect(e.prefixes).toEqual({ query: "search_query: ", document: "search_document: " });
    // The prefixes change the vectors, so they are part of the identity the cache keys on.
    expect(e.modelId).toMatch(/^ollama:nomic-embed-text:latest:p[0-9a-f]{8}$/);
    await e.embed(["a note", "another"]);
    expect(bodies.at(-1)).toEqual({ model: "nomic-embed-text", input: ["search_document: a note", "search_document: another"] });
    await e.embed(["what did we decide"], { kind: "query" });
    expect(bodies.at(-1)).toEqual({ model: "nomic-embed-text", input: ["search_query: what did we decide"] });
    // The config can set them, or switch them off.
    const off = new OllamaEmbedder({ host, queryPrefix: "", documentPrefix: "" });
    expect(off.modelId).toBe("ollama:nomic-embed-text:latest");
    await off.embed(["what did we decide"], { kind: "query" });
    expect(bodies.at(-1)).toEqual({ model: "nomic-embed-text", input: ["what did we decide"] });
  });

  it("learns the dimension up front with init()", async () => {
    const e = new OllamaEmbedder({ host, model: "nomic-embed-text" });
    await e.init();
    expect(e.dimension).toBe(8);
  });

  it("says to pull a model the daemon does not have", async () => {
    const e = new OllamaEmbedder({ host, model: "mxbai-embed-large" });
    const err = await e.embed(["x"]).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(EmbedError);
    expect((err as EmbedError).code).toBe("model-missing");
    expect((err as Error).message).toContain("`ollama pull mxbai-embed-large`");
    expect((err as Error).message).toContain(host);
  });

  it("says to start the daemon when nothing listens", async () => {
    const e = new OllamaEmbedder({ host: refusedHost });
    const err = await e.init().catch((x: unknown) => x);
    expect(err).toBeInstanceOf(EmbedError);
    expect((err as EmbedError).code).toBe("unreachable");
    expect((err as Error).message).toBe(
      `Ollama is not running at ${refusedHost}: start it with \`ollama serve\` (or set OLLAMA_HOST / embed.host)`,
    );
  });

  it("resolves hosts the way the ollama CLI reads OLLAMA_HOST", () => {
    expect(resolveOllamaEmbedHost("localhost")).toBe("http://localhost:11434");
    expect(resolveOllamaEmbedHost("0.0.0.0:1234")).toBe("http://0.0.0.0:1234");
    expect(resolveOllamaEmbedHost(":5000")).toBe("http://127.0.0.1:5000");
    expect(resolveOllamaEmbedHost("https://ollama.example/")).toBe("https://ollama.example");
    const saved = process.env.OLLAMA_HOST;
    try {
      process.env.OLLAMA_HOST = "10.0.0.2";
      expect(resolveOllamaEmbedHost()).toBe("http://10.0.0.2:11434");
      delete process.env.OLLAMA_HOST;
      expect(resolveOllamaEmbedHost()).toBe("http://127.0.0.1:11434");
    } finally {
      if (saved === undefined) delete process.env.OLLAMA_HOST;
      else process.env.OLLAMA_HOST = saved;
    }
  });

  it("windows by a generous estimate of the model's context", () => {
    const e = new OllamaEmbedder({ host, model: "all-minilm" });
    expect(e.maxInputTokens).toBe(256);
    const text = Array.from({ length: 2000 }, (_, i) => `word${i}`).join(" ");
    const windows = e.windows(text);
    expect(windows.length).toBeGreaterThan(10);
    for (const w of windows) {
      const est = w.split(" ").reduce((n, x) => n + Math.max(1, Math.ceil(x.length / 3)), 0);
      expect(est).toBeLessThanOrEqual(256);
    }
    expect(e.windows("short")).toEqual(["short"]);
  });
});
