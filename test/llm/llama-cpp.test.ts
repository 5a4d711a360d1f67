import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isContextSizeMessage, LLMError, LlamaCppProvider, type CompletionRequest } from "../../src/llm/index.js";
import { writeTinyGgufChatModel } from "../fixtures/tiny-gguf.js";
import { missing, titled } from "../helpers/needs.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

const NEEDS_GGUF_STORIES260K = missing("gguf", "shared/models/stories260K.gguf");

/**
 * End to end over the real node-llama-cpp with karpathy's stories260K: it writes children's
 * stories, so these tests check the pipeline (load, stop, grammar, abort), never the content.
 */
const repoRoot = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const MODEL = path.resolve(repoRoot, "../shared/models/stories260K.gguf");

const story = (extra: Partial<CompletionRequest> = {}): CompletionRequest => ({
  messages: [{ role: "user", content: "Once upon a time, there was a little girl named Lily." }],
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

describe.skipIf(NEEDS_GGUF_STORIES260K !== undefined)(titled("LlamaCppProvider with stories260K", NEEDS_GGUF_STORIES260K), { timeout: 60_000 }, () => {
  const provider = new LlamaCppProvider({ modelPath: MODEL, threads: 1 });

  afterAll(async () => {
    await provider.close();
  });

  it("completes a prompt with non-empty text and token counts", async () => {
    const result = await provider.complete(story({ system: "You write short stories.", maxTokens: 24 }));
    expect(result.text.trim().length).toBeGreaterThan(0);
    expect(result.model).toBe(MODEL);
    expect(result.completionTokens).toBeGreaterThan(0);
    expect(result.completionTokens).toBeLessThanOrEqual(24);
    expect(result.promptTokens).toBeGreaterThan(0);
    expect(["stop", "length"]).toContain(result.finishReason);
  });

  it("reports finishReason length when maxTokens cuts the reply", async () => {
    const result = await provider.complete(story({ maxTokens: 3 }));
    expect(result.finishReason).toBe("length");
    expect(result.completionTokens).toBe(3);
  });

  it("constrains the reply to a JSON schema", async () => {
    const schema = {
      type: "object",
      properties: { title: { type: "string" }, count: { type: "number" } },
      required: ["title", "count"],
    };
    const result = await provider.complete(story({ jsonSchema: schema, maxTokens: 200 }));
    expect(result.finishReason).toBe("stop");
    const parsed = JSON.parse(result.text) as Record<string, unknown>;
    expect(typeof parsed.title).toBe("string");
    expect(typeof parsed.count).toBe("number");
    expect(Object.keys(parsed).sort()).toEqual(["count", "title"]);
  });

  it("keeps earlier turns: a multi-turn conversation still completes", async () => {
    const result = await provider.complete({
      system: "Stories only.",
      messages: [
        { role: "user", content: "Tell me about a dog." },
        { role: "assistant", content: "The dog was happy." },
        { role: "user", content: "What did the dog do next?" },
      ],
      maxTokens: 8,
    });
    expect(result.text.length).toBeGreaterThan(0);
    expect(result.promptTokens).toBeGreaterThan(10);
  });

  it("serializes concurrent calls on the single context sequence", async () => {
    const results = await Promise.all([
      provider.complete(story({ maxTokens: 5 })),
      provider.complete(story({ maxTokens: 5 })),
      provider.complete(story({ maxTokens: 5 })),
    ]);
    // Greedy decoding from a fresh sequence each time gives the same text.
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
  });

  it("throws cancelled for an already-aborted signal", async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await llmError(provider.complete(story({ signal: controller.signal, maxTokens: 8 })));
    expect(err.code).toBe("cancelled");
  });

  it("throws cancelled when the caller aborts mid-generation", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    // Long enough that generation is still running at 20 ms (about 400 tokens/s here).
    const err = await llmError(provider.complete(story({ signal: controller.signal, maxTokens: 2_000 })));
    expect(err.code).toBe("cancelled");
  });

  it("throws timeout when generation outlasts timeoutMs", async () => {
    const started = Date.now();
    const err = await llmError(provider.complete(story({ timeoutMs: 30, maxTokens: 2_000 })));
    expect(err.code).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("lets a queued call give up without breaking the queue", async () => {
    const running = provider.complete(story({ maxTokens: 2_000, timeoutMs: 300 }));
    const queued = new AbortController();
    const waiting = provider.complete(story({ signal: queued.signal, maxTokens: 4 }));
    const after = provider.complete(story({ maxTokens: 4 }));
    setTimeout(() => queued.abort(), 20);
    expect((await llmError(waiting)).code).toBe("cancelled");
    expect((await llmError(running)).code).toBe("timeout");
    expect((await after).completionTokens).toBe(4);
  });

  it("still works after aborted calls (the sequence was released)", async () => {
    const result = await provider.complete(story({ maxTokens: 4 }));
    expect(result.completionTokens).toBe(4);
  });

  it("check() reports the loaded model", async () => {
    const status = await provider.check();
    expect(status.ok).toBe(true);
    expect(status.detail).toContain("stories260K.gguf");
  });

  it("names the missing GGUF path as model-not-found, in complete() and check()", async () => {
    const missing = path.join(repoRoot, "no-such-model.gguf");
    const absent = new LlamaCppProvider({ modelPath: missing });
    const err = await llmError(absent.complete(story({ maxTokens: 4 })));
    expect(err.code).toBe("model-not-found");
    expect(err.message).toContain(missing);
    const status = await absent.check();
    expect(status).toMatchObject({ ok: false });
    expect(status.detail).toContain(missing);
    await absent.close();
  });
});

describe.skipIf(NEEDS_GGUF_STORIES260K !== undefined)(titled("LlamaCppProvider context window", NEEDS_GGUF_STORIES260K), { timeout: 60_000 }, () => {
  const tiny = new LlamaCppProvider({ modelPath: MODEL, threads: 1, contextSize: 64 });

  afterAll(async () => {
    await tiny.close();
  });

  it("reports the loaded context's size (llama.cpp rounds tiny windows up to 256)", async () => {
    expect(await tiny.contextSize()).toBe(256);
  });

  it("a prompt longer than the window is refused before generation, naming the setting (node-llama-cpp would silently drop its start)", async () => {
    const err = await llmError(tiny.complete(story({ messages: [{ role: "user", content: "Once upon a time there was a cat. ".repeat(40) }], maxTokens: 8 })));
    expect(err.code).toBe("context-too-small");
    expect(err.message).toMatch(
      /^model stories260K\.gguf \(llama-cpp\) has a context window of 256 tokens, but the prompt alone takes \d+: raise llm\.contextSize \(this model was trained for up to \d+ tokens\) or shorten the input$/,
    );
    // A prompt that fits still runs on the same provider.
    const ok = await tiny.complete(story({ maxTokens: 8 }));
    expect(ok.text.length).toBeGreaterThan(0);
  });

  it("llama.cpp's own context-size messages are recognised", () => {
    expect(isContextSizeMessage("Input is longer than the usable context size. Consider increasing the context size or shortening the long prompt or system message.")).toBe(true);
    expect(isContextSizeMessage("Failed to compress chat history to fit context window. Try increasing the context size or shortening the system prompt")).toBe(true);
    expect(isContextSizeMessage("model file is corrupt")).toBe(false);
  });
});


/**
 * The same generation path with a tiny model the test writes (test/fixtures/tiny-gguf.ts), so
 * it runs wherever the GGUF runtime is installed, ../shared or not. The model's words are
 * meaningless; what is checked is what llama.cpp guarantees: the limit, the grammar, the counts.
 */
const NEEDS_GGUF = missing("gguf");
describe.skipIf(NEEDS_GGUF !== undefined)(titled("LlamaCppProvider with a tiny model written by the test", NEEDS_GGUF), { timeout: 60_000 }, () => {
  let dir = "";
  let provider: LlamaCppProvider;
  beforeAll(async () => {
    dir = tempDir("agent-tiny-chat-");
    provider = new LlamaCppProvider({ modelPath: await writeTinyGgufChatModel(path.join(dir, "tiny-chat.gguf")), threads: 1, contextSize: 512 });
  });
  afterAll(async () => {
    await provider?.close();
    cleanup(dir);
  });

  it("loads it and says what it loaded", async () => {
    expect(await provider.check()).toEqual({ ok: true, detail: `loaded ${path.join(dir, "tiny-chat.gguf")} (qwen3, context 512, 1 thread(s))` });
  });

  it("generates up to maxTokens and reports the cut and the token counts", async () => {
    const result = await provider.complete({ system: "You answer briefly.", messages: [{ role: "user", content: "what did my mom say about the garden" }], maxTokens: 4 });
    expect(result.finishReason).toBe("length");
    expect(result.completionTokens).toBe(4);
    expect(result.promptTokens).toBeGreaterThan(8);
  });

  it("a JSON schema holds the reply to it, and the reply ends there", async () => {
    const schema = { type: "object", properties: { done: { type: "boolean" } }, required: ["done"] };
    const result = await provider.complete({ messages: [{ role: "user", content: "is the plan done" }], jsonSchema: schema, maxTokens: 64 });
    expect(result.finishReason).toBe("stop");
    const parsed = JSON.parse(result.text) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(["done"]);
    expect(typeof parsed.done).toBe("boolean");
  });
});
