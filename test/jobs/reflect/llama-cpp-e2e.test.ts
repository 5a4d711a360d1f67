import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { LLMError, LlamaCppProvider, type CompletionRequest, type LLMProvider } from "../../../src/llm/index.js";
import { readSoul } from "../../../src/jobs/reflect/history.js";
import type { ReflectionResult } from "../../../src/jobs/reflect/pipeline.js";
import { findLockedBlocks, missingLayers } from "../../../src/jobs/reflect/soul-safety.js";
import { cleanup, REPO_ROOT, tempDir } from "../../helpers/workspace.js";
import { history, HOUR, T0, TEMPLATE_LOCKED, TEMPLATE_SOUL, templateWorkspace, writeSession, reflectIn } from "./helpers.js";
import { missing, titled } from "../../helpers/needs.js";

const NEEDS_GGUF_STORIES260K = missing("gguf", "shared/models/stories260K.gguf");

/**
 * The whole pipeline over the real embedded provider (node-llama-cpp) with karpathy's
 * stories260K. It writes children's stories, not wisdom, so these tests assert on the
 * pipeline: JSON-schema decoding makes its replies parse, and whatever it says, the run
 * ends in a clean, recorded outcome and SOUL.md is either untouched or a valid new SOUL.
 */
const MODEL = path.resolve(REPO_ROOT, "../shared/models/stories260K.gguf");
const CLEAN = ["skipped", "kept", "updated", "proposed", "unchanged"];

/**
 * Passes every call to the real model; optionally requires at least one insight in call 1
 * (the tiny model otherwise tends to answer with empty lists, a clean skip that would never
 * reach the SOUL call).
 */
class Recording implements LLMProvider {
  readonly name: string;
  readonly model: string;
  readonly replies: string[] = [];
  constructor(
    private readonly inner: LLMProvider,
    private readonly requireInsight: boolean,
  ) {
    this.name = inner.name;
    this.model = inner.model;
  }
  async complete(request: CompletionRequest) {
    let req = request;
    const props = request.jsonSchema?.properties as Record<string, Record<string, unknown>> | undefined;
    if (this.requireInsight && props?.insights) {
      // One insight, at most one principle, no memories: with the whole prompt in its window
      // the tiny model otherwise writes until the token limit.
      req = {
        ...request,
        jsonSchema: {
          ...request.jsonSchema,
          properties: {
            ...props,
            insights: { ...props.insights, minItems: 1, maxItems: 1 },
            principles: { ...props.principles, maxItems: 1 },
            memories: { ...props.memories, maxItems: 0 },
          },
        },
      };
    }
    const result = await this.inner.complete(req);
    this.replies.push(result.text);
    return result;
  }
  check() {
    return this.inner.check();
  }
  close() {
    return Promise.resolve();
  }
}

describe.skipIf(NEEDS_GGUF_STORIES260K !== undefined)(titled("reflection end to end with the embedded stories260K model", NEEDS_GGUF_STORIES260K), { timeout: 120_000 }, () => {
  // The model was trained on 512-token stories; the reflection prompt needs a bigger window,
  // which llama.cpp gives it (quality past the trained length does not matter here).
  const llama = new LlamaCppProvider({ modelPath: MODEL, threads: 1, contextSize: 8192 });
  let ws = "";
  beforeEach(() => {
    ws = templateWorkspace(tempDir("agent-reflect-llama-"));
    writeSession(ws, "s1", 4, T0 - HOUR);
  });
  afterEach(() => cleanup(ws));
  afterAll(async () => {
    await llama.close();
  });

  async function run(provider: LLMProvider): Promise<ReflectionResult | LLMError> {
    return reflectIn({
      workspace: ws,
      provider,
      now: () => T0,
      // Greedy decoding and small output limits keep the run short and repeatable.
      options: { config: { temperature: 0, reflectionMaxTokens: 1000, soulMaxTokens: 800 } },
    }).catch((e: unknown) => {
      if (e instanceof LLMError) return e;
      throw e;
    });
  }

  /** Whatever happened, SOUL.md and the history agree and nothing is corrupt. */
  function expectIntact(outcome: ReflectionResult | LLMError): void {
    const soul = readSoul(ws);
    const h = history(ws);
    if (!(outcome instanceof LLMError) && outcome.status === "updated") {
      expect(missingLayers(soul.text)).toEqual([]);
      expect(findLockedBlocks(soul.text).blocks.map((b) => b.text)).toEqual([TEMPLATE_LOCKED]);
      expect(h.versions.at(-1)!.content).toBe(soul.text);
      expect(h.versions[0]).toMatchObject({ origin: "baseline", content: TEMPLATE_SOUL });
    } else {
      expect(soul.text).toBe(TEMPLATE_SOUL);
      // Only the starter SOUL, recorded before the model read it.
      expect(h.versions.map((v) => [v.origin, v.author, v.content])).toEqual([["baseline", "user", TEMPLATE_SOUL]]);
    }
    expect(h.runs).toHaveLength(1);
    expect(h.runs[0]!.outcome).not.toBe("tick");
    expect(h.runs[0]!.endedAt).toBe(T0);
  }

  it("runs the pipeline as is and ends cleanly", async () => {
    const provider = new Recording(llama, false);
    const outcome = await run(provider);
    if (outcome instanceof LLMError) expect(["truncated", "empty-reply"]).toContain(outcome.code);
    else expect(CLEAN).toContain(outcome.status);
    // Call 1 was decoded under the JSON schema, so it parsed (no raw-text fallback).
    expect(() => JSON.parse(provider.replies[0]!)).not.toThrow();
    expectIntact(outcome);
  });

  it("reaches the SOUL call; a story instead of a SOUL is recorded as malformed and SOUL.md is kept", async () => {
    const provider = new Recording(llama, true);
    const outcome = await run(provider);
    expect(provider.replies).toHaveLength(2);
    for (const reply of provider.replies) expect(() => JSON.parse(reply)).not.toThrow();
    if (outcome instanceof LLMError) {
      expect(["truncated", "empty-reply"]).toContain(outcome.code);
    } else {
      expect(outcome.insights.length).toBeGreaterThan(0);
      expect(outcome.reflectionFallback).toBeUndefined();
      expect(CLEAN).toContain(outcome.status);
      if (outcome.status === "kept") {
        expect(outcome.reason).toMatch(/^malformed SOUL from the model: .*kept the existing SOUL.md$/);
        expect(history(ws).runs[0]).toMatchObject({ outcome: "error", reason: outcome.reason });
      }
    }
    expectIntact(outcome);
    expect(readFileSync(path.join(ws, "SOUL.md"), "utf8").length).toBeGreaterThan(0);
  });

  it("with its own 512-token window the run is refused before any generation, naming model, window and need", async () => {
    const small = new LlamaCppProvider({ modelPath: MODEL, threads: 1 });
    try {
      const outcome = await run(small);
      expect(outcome).toBeInstanceOf(LLMError);
      const e = outcome as LLMError;
      expect(e.code).toBe("context-too-small");
      expect(e.message).toMatch(/^model .*stories260K\.gguf \(llama-cpp\) has a context window of \d+ tokens, but this call needs about \d+ .*set llm\.contextSize to at least \d+/);
      const h = history(ws);
      expect(h.runs.map((r) => [r.outcome, r.reason])).toEqual([["error", e.message]]);
      expect(readSoul(ws).text).toBe(TEMPLATE_SOUL);
    } finally {
      await small.close();
    }
  });
});
