import { describe, expect, it } from "vitest";
import { LLMError, ScriptedProvider, requireCompleteReply, type CompletionRequest } from "../../src/llm/index.js";

const ask = (content: string, extra: Partial<CompletionRequest> = {}): CompletionRequest => ({
  messages: [{ role: "user", content }],
  ...extra,
});

describe("ScriptedProvider", () => {
  it("returns replies in order and records every request", async () => {
    const provider = new ScriptedProvider(["first", "second"]);
    expect((await provider.complete(ask("a"))).text).toBe("first");
    const second = await provider.complete(ask("b", { maxTokens: 9 }));
    expect(second).toEqual({ text: "second", model: "scripted", finishReason: "stop", durationMs: 0 });
    expect(provider.calls.map((c) => c.messages[0]?.content)).toEqual(["a", "b"]);
    expect(provider.calls[1]?.maxTokens).toBe(9);
    expect(provider.remaining).toBe(0);
  });

  it("computes function replies from the request, sync or async", async () => {
    const provider = new ScriptedProvider([
      (req) => `echo: ${req.messages.at(-1)?.content}`,
      async (req) => JSON.stringify({ hasSchema: req.jsonSchema !== undefined }),
    ]);
    expect((await provider.complete(ask("hi"))).text).toBe("echo: hi");
    const json = await provider.complete(ask("x", { jsonSchema: { type: "object" } }));
    expect(JSON.parse(json.text)).toEqual({ hasSchema: true });
  });

  it("throws scripted errors at their turn, then carries on", async () => {
    const boom = new LLMError("timeout", "scripted timeout");
    const provider = new ScriptedProvider([boom, "after"]);
    await expect(provider.complete(ask("1"))).rejects.toBe(boom);
    expect((await provider.complete(ask("2"))).text).toBe("after");
    expect(provider.calls).toHaveLength(2);
  });

  it("can fake a cut-off reply for requireCompleteReply", async () => {
    const provider = new ScriptedProvider([{ text: '{"a":', finishReason: "length", completionTokens: 3 }]);
    const result = await provider.complete(ask("json please"));
    expect(result.finishReason).toBe("length");
    expect(() => requireCompleteReply(result)).toThrow(expect.objectContaining({ code: "truncated" }));
  });

  it("fails loudly when it runs out of replies", async () => {
    const provider = new ScriptedProvider(["only"]);
    await provider.complete(ask("one"));
    await expect(provider.complete(ask("two"))).rejects.toThrow(/ran out of replies: call #2.*"two"/);
    provider.push("more");
    expect((await provider.complete(ask("three"))).text).toBe("more");
  });

  it("honours an aborted signal without consuming a reply", async () => {
    const provider = new ScriptedProvider(["kept"]);
    const controller = new AbortController();
    controller.abort();
    await expect(provider.complete(ask("x", { signal: controller.signal }))).rejects.toMatchObject({
      code: "cancelled",
    });
    expect(provider.remaining).toBe(1);
  });
});
