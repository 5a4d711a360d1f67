import { describe, expect, it } from "vitest";
import {
  LLMConfigSchema,
  LLMError,
  LlamaCppProvider,
  OllamaProvider,
  ScriptedProvider,
  createLLMProvider,
  requireCompleteReply,
  type CompletionResult,
} from "../../src/llm/index.js";

describe("LLMConfigSchema", () => {
  it("fills defaults", () => {
    expect(LLMConfigSchema.parse({})).toEqual({ provider: "ollama", model: "llama3.2:3b", timeoutMs: 120_000 });
  });
});

describe("createLLMProvider", () => {
  it("builds each provider kind without connecting or loading anything", async () => {
    const ollama = createLLMProvider({ host: "http://127.0.0.1:1" });
    expect(ollama).toBeInstanceOf(OllamaProvider);
    expect(ollama.model).toBe("llama3.2:3b");
    expect((ollama as OllamaProvider).host).toBe("http://127.0.0.1:1");

    const llama = createLLMProvider({ provider: "llama-cpp", model: "/nowhere/x.gguf", threads: 2 });
    expect(llama).toBeInstanceOf(LlamaCppProvider);
    expect(llama.name).toBe("llama-cpp");
    expect(llama.model).toBe("/nowhere/x.gguf");

    const scripted = createLLMProvider({ provider: "scripted" }, { scriptedReplies: ["hi"] });
    expect(scripted).toBeInstanceOf(ScriptedProvider);
    expect((await scripted.complete({ messages: [] })).text).toBe("hi");
  });

  it("rejects a bad config with bad-config naming the field", () => {
    let err: unknown;
    try {
      createLLMProvider({ provider: "openai" as "ollama", timeoutMs: -1 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LLMError);
    expect((err as LLMError).code).toBe("bad-config");
    expect((err as LLMError).message).toMatch(/provider/);
    expect((err as LLMError).message).toMatch(/timeoutMs/);
  });
});

describe("requireCompleteReply", () => {
  const base: CompletionResult = { text: "ok", model: "m", finishReason: "stop", durationMs: 1 };

  it("passes a complete reply through", () => {
    expect(requireCompleteReply(base)).toBe(base);
  });

  it("rejects blank text as empty-reply and a cut-off reply as truncated", () => {
    expect(() => requireCompleteReply({ ...base, text: "  \n" })).toThrow(
      expect.objectContaining({ code: "empty-reply" }),
    );
    expect(() => requireCompleteReply({ ...base, finishReason: "length" })).toThrow(
      expect.objectContaining({ code: "truncated" }),
    );
  });
});
