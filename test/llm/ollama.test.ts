import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  LLMError,
  OllamaProvider,
  ollamaEmbed,
  requireCompleteReply,
  resolveOllamaHost,
  ensureContextFits,
  type CompletionRequest,
} from "../../src/llm/index.js";

/**
 * A stand-in Ollama daemon speaking the parts of the HTTP API the provider uses. The model
 * name picks the behaviour, so each test reads as "ask model X, expect Y".
 */
interface Received {
  path: string;
  body: Record<string, unknown>;
}

const received: Received[] = [];
const stalled = new Set<import("node:net").Socket>();
const PULLED = ["good:latest", "llama3.2:3b", "nomic-embed-text:latest"];

function reply(model: string, content: string, doneReason = "stop") {
  return {
    model,
    created_at: new Date().toISOString(),
    message: { role: "assistant", content },
    done: true,
    done_reason: doneReason,
    total_duration: 1000,
    load_duration: 10,
    prompt_eval_count: 7,
    prompt_eval_duration: 10,
    eval_count: 3,
    eval_duration: 10,
  };
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

function fakeOllama(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const raw = Buffer.concat(chunks).toString("utf8");
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    received.push({ path: req.url ?? "", body });

    if (req.method === "GET" && req.url === "/api/tags") {
      sendJson(res, 200, { models: PULLED.map((name) => ({ name, model: name, size: 1, digest: "x" })) });
      return;
    }
    const model = String(body.model);
    if (req.method === "POST" && req.url === "/api/embed") {
      const input = body.input as string[];
      sendJson(res, 200, { model, embeddings: input.map((t) => [t.length, 1, 0]) });
      return;
    }
    if (req.method === "POST" && req.url === "/api/show") {
      // Ollama's /api/show: the model's trained window under "<architecture>.context_length".
      if (model === "good") sendJson(res, 200, { modelfile: "", parameters: "", template: "", details: {}, model_info: { "general.architecture": "llama", "llama.context_length": 131072 }, capabilities: ["completion"] });
      else sendJson(res, 404, { error: `model '${model}' not found` });
      return;
    }
    if (req.method !== "POST" || req.url !== "/api/chat") {
      sendJson(res, 404, { error: "not found" });
      return;
    }
    switch (model) {
      case "good":
        sendJson(res, 200, reply(model, "hello from the fake daemon"));
        return;
      case "json":
        sendJson(res, 200, reply(model, '{"title":"a","count":2}'));
        return;
      case "empty":
        sendJson(res, 200, reply(model, ""));
        return;
      case "long":
        sendJson(res, 200, reply(model, "this reply was cut", "length"));
        return;
      case "stall":
        stalled.add(req.socket); // never answers; destroyed in afterEach
        return;
      default:
        sendJson(res, 404, { error: `model '${model}' not found, try pulling it first` });
    }
  });
}

let server: http.Server;
let host: string;

beforeAll(async () => {
  server = http.createServer(fakeOllama);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  received.length = 0;
  // Only stalled sockets: killing idle keep-alive ones races the client's reuse of them.
  for (const socket of stalled) socket.destroy();
  stalled.clear();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A port that was just bound and released: nothing listens there. */
async function deadPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

const ask = (extra: Partial<CompletionRequest> = {}): CompletionRequest => ({
  messages: [{ role: "user", content: "say hello" }],
  ...extra,
});

async function llmError(promise: Promise<unknown>): Promise<LLMError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LLMError);
  return err as LLMError;
}

describe("OllamaProvider.complete", () => {
  it("returns the reply with token counts and sends system, messages and options", async () => {
    const provider = new OllamaProvider({ host, model: "good" });
    const result = await provider.complete(ask({ system: "be brief", maxTokens: 42, temperature: 0.1 }));
    expect(result).toMatchObject({
      text: "hello from the fake daemon",
      model: "good",
      finishReason: "stop",
      promptTokens: 7,
      completionTokens: 3,
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);

    const sent = received.find((r) => r.path === "/api/chat")!.body;
    expect(sent.stream).toBe(false);
    expect(sent.messages).toEqual([
      { role: "system", content: "be brief" },
      { role: "user", content: "say hello" },
    ]);
    expect(sent.options).toEqual({ num_predict: 42, temperature: 0.1 });
    expect(sent.format).toBeUndefined();
  });

  it("forwards the JSON schema as `format`", async () => {
    const schema = {
      type: "object",
      properties: { title: { type: "string" }, count: { type: "number" } },
      required: ["title", "count"],
    };
    const provider = new OllamaProvider({ host, model: "json" });
    const result = await provider.complete(ask({ jsonSchema: schema }));
    expect(JSON.parse(result.text)).toEqual({ title: "a", count: 2 });
    expect(received.find((r) => r.path === "/api/chat")!.body.format).toEqual(schema);
  });

  it("maps a 404 for an unknown model to model-not-found with the pull command", async () => {
    const provider = new OllamaProvider({ host, model: "qwen9:77b" });
    const err = await llmError(provider.complete(ask()));
    expect(err.code).toBe("model-not-found");
    expect(err.message).toContain("ollama pull qwen9:77b");
    expect(err.message).toContain(host);
  });

  it("maps connection refused to unreachable: how to install Ollama, start it and pull the model", async () => {
    const deadHost = `http://127.0.0.1:${await deadPort()}`;
    const provider = new OllamaProvider({ host: deadHost, model: "good" });
    const err = await llmError(provider.complete(ask()));
    expect(err.code).toBe("unreachable");
    expect(err.message).toContain("ollama serve");
    expect(err.message).toContain(deadHost);
    // Someone without Ollama learns how to install it and which model to pull.
    expect(err.message).toMatch(/install Ollama if it is not installed \(https:\/\/ollama\.com\/download/);
    expect(err.message).toContain("`ollama pull good`");
  });

  it("times out when the daemon never answers", async () => {
    const provider = new OllamaProvider({ host, model: "stall" });
    const started = Date.now();
    const err = await llmError(provider.complete(ask({ timeoutMs: 200 })));
    expect(err.code).toBe("timeout");
    expect(err.message).toContain("200 ms");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("uses the provider's default timeout when the request has none", async () => {
    const provider = new OllamaProvider({ host, model: "stall", defaultTimeoutMs: 150 });
    expect((await llmError(provider.complete(ask()))).code).toBe("timeout");
  });

  it("reports cancelled when the caller aborts, before or during the call", async () => {
    const provider = new OllamaProvider({ host, model: "stall" });
    const before = new AbortController();
    before.abort();
    expect((await llmError(provider.complete(ask({ signal: before.signal })))).code).toBe("cancelled");

    const during = new AbortController();
    setTimeout(() => during.abort(), 50);
    const err = await llmError(provider.complete(ask({ signal: during.signal, timeoutMs: 5_000 })));
    expect(err.code).toBe("cancelled");
  });

  it("returns an empty reply that requireCompleteReply rejects as empty-reply", async () => {
    const provider = new OllamaProvider({ host, model: "empty" });
    const result = await provider.complete(ask());
    expect(result.text).toBe("");
    expect(() => requireCompleteReply(result)).toThrow(expect.objectContaining({ code: "empty-reply" }));
  });

  it("reports done_reason length as finishReason length (truncated for strict callers)", async () => {
    const provider = new OllamaProvider({ host, model: "long" });
    const result = await provider.complete(ask({ maxTokens: 4 }));
    expect(result.finishReason).toBe("length");
    expect(() => requireCompleteReply(result)).toThrow(expect.objectContaining({ code: "truncated" }));
  });
});

describe("OllamaProvider.check", () => {
  it("is ok when the model is pulled, with or without the :latest tag", async () => {
    expect(await new OllamaProvider({ host, model: "good" }).check()).toMatchObject({ ok: true });
    expect(await new OllamaProvider({ host, model: "good:latest" }).check()).toMatchObject({ ok: true });
    expect(await new OllamaProvider({ host, model: "llama3.2:3b" }).check()).toMatchObject({ ok: true });
  });

  it("says which pull to run when the model is missing", async () => {
    const status = await new OllamaProvider({ host, model: "llama3.2:1b" }).check();
    expect(status.ok).toBe(false);
    expect(status.detail).toContain("ollama pull llama3.2:1b");
  });

  it("says to start the daemon when nothing listens, without throwing", async () => {
    const status = await new OllamaProvider({ host: `127.0.0.1:${await deadPort()}`, model: "good" }).check();
    expect(status.ok).toBe(false);
    expect(status.detail).toContain("ollama serve");
  });
});

describe("ollamaEmbed", () => {
  it("returns one vector per text, in order", async () => {
    const vectors = await ollamaEmbed(host, "nomic-embed-text", ["a", "abc"]);
    expect(vectors).toEqual([
      [1, 1, 0],
      [3, 1, 0],
    ]);
    expect(received.find((r) => r.path === "/api/embed")!.body).toMatchObject({
      model: "nomic-embed-text",
      input: ["a", "abc"],
    });
  });

  it("maps errors like completions do", async () => {
    const err = await llmError(ollamaEmbed(`http://127.0.0.1:${await deadPort()}`, "m", ["x"]));
    expect(err.code).toBe("unreachable");
  });
});

describe("OllamaProvider context window", () => {
  it("reads the model's window from /api/show, once", async () => {
    const provider = new OllamaProvider({ model: "good", host });
    received.length = 0;
    expect(await provider.contextSize()).toBe(131072);
    expect(await provider.contextSize()).toBe(131072);
    expect(received.filter((r) => r.path === "/api/show")).toHaveLength(1);
  });

  it("a configured window wins and is sent as num_ctx with every call", async () => {
    const provider = new OllamaProvider({ model: "good", host, contextSize: 8192 });
    received.length = 0;
    expect(await provider.contextSize()).toBe(8192);
    await provider.complete(ask());
    const chat = received.find((r) => r.path === "/api/chat")!;
    expect((chat.body.options as Record<string, unknown>).num_ctx).toBe(8192);
    expect(received.some((r) => r.path === "/api/show")).toBe(false);
  });

  it("without a configured window, a long prompt gets a num_ctx that holds it, capped at the model's; a short one none", async () => {
    const provider = new OllamaProvider({ model: "good", host });
    received.length = 0;
    await provider.complete(ask({ maxTokens: 16 }));
    expect((received.find((r) => r.path === "/api/chat")!.body.options as Record<string, unknown>).num_ctx).toBeUndefined();
    received.length = 0;
    await provider.complete(ask({ messages: [{ role: "user", content: "word ".repeat(4000) }], maxTokens: 1024 }));
    // ~5,000 prompt tokens + a 1,024-token reply: rounded up to the next multiple of 2048.
    expect((received.find((r) => r.path === "/api/chat")!.body.options as Record<string, unknown>).num_ctx).toBe(6144);
  });

  it("unknown when Ollama cannot say: callers skip their check", async () => {
    expect(await new OllamaProvider({ model: "nope", host }).contextSize()).toBeUndefined();
  });

  it("ensureContextFits refuses a prompt that cannot fit, before any chat call", async () => {
    const provider = new OllamaProvider({ model: "good", host, contextSize: 512 });
    received.length = 0;
    const big = ask({ messages: [{ role: "user", content: "word ".repeat(1000) }], maxTokens: 256 });
    const err = await ensureContextFits(provider, big, "lower reflection.maxMessages").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(LLMError);
    expect((err as LLMError).code).toBe("context-too-small");
    expect((err as LLMError).message).toMatch(
      /^model good \(ollama\) has a context window of 512 tokens, but this call needs about \d+ \(prompt ~\d+ \+ reply up to 256\): set llm.contextSize to at least \d+ or use a model with a larger window, or lower reflection.maxMessages$/,
    );
    expect(received.some((r) => r.path === "/api/chat")).toBe(false);
    // A prompt that fits passes and says what it measured.
    expect(await ensureContextFits(provider, ask({ maxTokens: 16 }))).toMatchObject({ contextSize: 512, replyTokens: 16 });
  });
});

describe("resolveOllamaHost", () => {
  it("reads OLLAMA_HOST the way the ollama CLI does", () => {
    const saved = process.env.OLLAMA_HOST;
    try {
      delete process.env.OLLAMA_HOST;
      expect(resolveOllamaHost()).toBe("http://127.0.0.1:11434");
      process.env.OLLAMA_HOST = "0.0.0.0";
      expect(resolveOllamaHost()).toBe("http://0.0.0.0:11434");
      expect(resolveOllamaHost("localhost:8080")).toBe("http://localhost:8080");
      expect(resolveOllamaHost("https://ollama.example.com/")).toBe("https://ollama.example.com");
    } finally {
      if (saved === undefined) delete process.env.OLLAMA_HOST;
      else process.env.OLLAMA_HOST = saved;
    }
  });
});
