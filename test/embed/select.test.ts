import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OllamaEmbedder } from "../../src/embed/ollama.js";
import { EmbedConfigSchema } from "../../src/embed/config.js";
import { KEYWORD_ONLY_WARNING, selectEmbedder } from "../../src/embed/select.js";
import { TransformersEmbedder } from "../../src/embed/transformers.js";
import { EmbedError } from "../../src/embed/types.js";
import { UseLiteEmbedder } from "../../src/embed/use-lite.js";
import { writeTinyOnnxModel } from "../fixtures/tiny-onnx-model.js";
import { SHARED_USE_LITE } from "./helpers.js";
import { missing, titled } from "../helpers/needs.js";

const NEEDS_ONNX = missing("onnx");
const NEEDS_UNIVERSAL_SENTENCE_ENCODER_LITE = missing("shared/models/universal-sentence-encoder-lite");

describe("selectEmbedder", () => {
  let tmp: string;
  let emptyModels: string;
  let fixtureModels: string;

  beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "embed-select-"));
    emptyModels = path.join(tmp, "empty");
    fixtureModels = path.join(tmp, "models");
    writeTinyOnnxModel(fixtureModels, { modelId: "test-org/tiny-bert" });
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it("defaults to auto", () => {
    expect(EmbedConfigSchema.parse({})).toEqual({ provider: "auto", transcripts: "digest", allowDownload: false });
  });

  it("auto without a local transformers model picks use-lite and says why", async () => {
    const { embedder, reason, warning, better } = await selectEmbedder({}, { modelsDir: emptyModels });
    expect(embedder).toBeInstanceOf(UseLiteEmbedder);
    expect(embedder?.modelId).toBe("use-lite@0.2.0");
    // The line says what is in use; how to get the stronger model is said apart, where asked.
    expect(reason).toBe("use-lite (built in, use-lite@0.2.0)");
    expect(better).toBe(
      `Xenova/bge-small-en-v1.5 embeds better: \`agent models pull Xenova/bge-small-en-v1.5\` fetches it into ${path.join(emptyModels, "Xenova", "bge-small-en-v1.5")} (re-embeds the notes once)`,
    );
    expect(warning).toBeUndefined();
    await embedder?.close();
  });

  it.skipIf(NEEDS_ONNX !== undefined)(titled("auto prefers a transformers model that is on disk", NEEDS_ONNX), async () => {
    const { embedder, reason } = await selectEmbedder({ model: "test-org/tiny-bert" }, { modelsDir: fixtureModels });
    expect(embedder).toBeInstanceOf(TransformersEmbedder);
    expect(reason).toMatch(/^transformers: test-org\/tiny-bert from .*tiny-bert \(mean pooling, no prefixes\)$/);
    await embedder?.close();
  });

  it.skipIf(NEEDS_UNIVERSAL_SENTENCE_ENCODER_LITE !== undefined)(titled("auto with modelPath at a USE-lite folder loads use-lite from it (relative to the workspace)", NEEDS_UNIVERSAL_SENTENCE_ENCODER_LITE), async () => {
    const rel = path.relative(tmp, SHARED_USE_LITE);
    const { embedder, reason } = await selectEmbedder({ modelPath: rel }, { baseDir: tmp, modelsDir: emptyModels });
    expect(embedder).toBeInstanceOf(UseLiteEmbedder);
    expect((embedder as UseLiteEmbedder).modelDir).toBe(SHARED_USE_LITE);
    expect(reason).toContain(SHARED_USE_LITE);
  });

  it('"none" gives no embedder and a keyword-only warning', async () => {
    const { embedder, reason, warning } = await selectEmbedder({ provider: "none" });
    expect(embedder).toBeNull();
    expect(reason).toContain('"none"');
    expect(warning).toBe(KEYWORD_ONLY_WARNING);
    expect(warning).toMatch(/keyword-only/);
  });

  it("an explicitly chosen transformers model that is missing is an error, not a fallback", async () => {
    await expect(selectEmbedder({ provider: "transformers" }, { modelsDir: emptyModels })).rejects.toThrow(
      /not found locally: looked in .*bge-small-en-v1\.5.*agent models pull Xenova\/bge-small-en-v1\.5/s,
    );
  });

  it("builds an Ollama embedder without contacting it", async () => {
    const { embedder, reason } = await selectEmbedder({ provider: "ollama", host: "127.0.0.1:9" });
    expect(embedder).toBeInstanceOf(OllamaEmbedder);
    expect(embedder?.modelId).toMatch(/^ollama:nomic-embed-text:latest:p[0-9a-f]{8}$/);
    expect(reason).toBe('ollama: nomic-embed-text at http://127.0.0.1:9 (not contacted yet; prefixes "search_query: " / "search_document: ")');
  });

  it("rejects a bad config with the offending key", async () => {
    await expect(selectEmbedder({ provider: "magic" } as never)).rejects.toBeInstanceOf(EmbedError);
    await expect(selectEmbedder({ provdier: "none" } as never)).rejects.toThrow(/provdier/);
  });
});
