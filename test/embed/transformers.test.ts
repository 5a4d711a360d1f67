import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  TransformersEmbedder,
  defaultPooling,
  loadLib,
  locateTransformersModel,
  pullTransformersModel,
} from "../../src/embed/transformers.js";
import type { TransformersLib } from "../../src/embed/transformers-types.js";
import { EmbedError } from "../../src/embed/types.js";
import { TINY_VOCAB, tinyEmbeddingRow, writeTinyOnnxModel } from "../fixtures/tiny-onnx-model.js";
import { maxAbsDiff, norm } from "./helpers.js";
import { serveModels, type ModelHub } from "../helpers/model-hub.js";
import { missing, titled } from "../helpers/needs.js";

const NEEDS_ONNX = missing("onnx");

const MODEL = "test-org/tiny-bert";
const DIM = 16;

/** Mean of the table rows of [CLS] + words + [SEP], normalised: what mean pooling must return. */
function expectedMean(words: string[]): Float32Array {
  const ids = [TINY_VOCAB.indexOf("[CLS]"), ...words.map((w) => TINY_VOCAB.indexOf(w)), TINY_VOCAB.indexOf("[SEP]")];
  const sum = new Float32Array(DIM);
  for (const id of ids) {
    expect(id).toBeGreaterThanOrEqual(0);
    const row = tinyEmbeddingRow(id, DIM);
    for (let j = 0; j < DIM; j++) sum[j] += row[j] / ids.length;
  }
  const n = norm(sum);
  return sum.map((x) => x / n);
}

describe.skipIf(NEEDS_ONNX !== undefined)(titled("TransformersEmbedder with a tiny local ONNX model", NEEDS_ONNX), () => {
  let tmp: string;
  let modelsDir: string;
  let hub: ModelHub;
  let hubUrl: string;
  let hubRequests: string[] = [];
  // The library's settings, as the embedder loads it (from the ONNX runtime's folder or node_modules).
  let env: TransformersLib["env"];
  let savedRemoteHost = "";
  let savedAllowRemote = false;

  beforeAll(async () => {
    env = (await loadLib("embed.provider")).env;
    savedRemoteHost = env.remoteHost;
    savedAllowRemote = env.allowRemoteModels;
    tmp = mkdtempSync(path.join(os.tmpdir(), "embed-tf-"));
    modelsDir = path.join(tmp, "models");
    writeTinyOnnxModel(modelsDir, { modelId: MODEL, dim: DIM });
    // A stand-in for huggingface.co serving the fixture files. Every request is recorded, so a
    // test can prove the embedder never went to the network.
    hub = await serveModels(modelsDir, MODEL);
    hubRequests = hub.requests;
    hubUrl = hub.url;
    env.remoteHost = hubUrl;
  });

  afterAll(async () => {
    env.remoteHost = savedRemoteHost;
    env.allowRemoteModels = savedAllowRemote;
    await hub.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it("picks pooling per model", () => {
    expect(defaultPooling("Xenova/bge-small-en-v1.5")).toBe("cls");
    expect(defaultPooling("Xenova/all-MiniLM-L6-v2")).toBe("mean");
    expect(defaultPooling("someone/bge-large-en")).toBe("cls");
    expect(defaultPooling(MODEL)).toBe("mean");
  });

  it("a model of a family trained with prefixes gets them: the query one on a question, the document one on notes", async () => {
    writeTinyOnnxModel(modelsDir, { modelId: "test-org/nomic-embed-tiny", dim: DIM });
    const e = await TransformersEmbedder.open({ model: "test-org/nomic-embed-tiny", cacheDir: modelsDir });
    const plain = await TransformersEmbedder.open({ model: "test-org/nomic-embed-tiny", cacheDir: modelsDir, queryPrefix: "", documentPrefix: "" });
    try {
      expect(e.prefixes).toEqual({ query: "search_query: ", document: "search_document: " });
      expect(e.modelId).toBe(`${plain.modelId}${e.modelId.slice(plain.modelId.length)}`);
      expect(e.modelId.slice(plain.modelId.length)).toMatch(/^:p[0-9a-f]{8}$/);
      const [q] = await e.embed(["the cat sat"], { kind: "query" });
      const [d] = await e.embed(["the cat sat"]);
      const [byHandQ, byHandD] = await plain.embed(["search_query: the cat sat", "search_document: the cat sat"]);
      expect(Array.from(q!)).toEqual(Array.from(byHandQ!));
      expect(Array.from(d!)).toEqual(Array.from(byHandD!));
    } finally {
      await e.close();
      await plain.close();
    }
  });

  it("loads from the local folder and embeds through the real pipeline, offline", async () => {
    const before = hubRequests.length;
    const e = await TransformersEmbedder.open({ model: MODEL, cacheDir: modelsDir });
    try {
      expect(e.provider).toBe("transformers");
      expect(e.dimension).toBe(DIM);
      expect(e.maxInputTokens).toBe(512);
      expect(e.pooling).toBe("mean");
      expect(e.modelId).toMatch(/^transformers:test-org\/tiny-bert:mean:fp32:[0-9a-f]{8}$/);

      const texts = ["The cat sat on the mat.", "stock market fell today", "the dog ran in the park"];
      const vectors = await e.embed(texts);
      expect(vectors).toHaveLength(3);
      for (const v of vectors) {
        expect(v.length).toBe(DIM);
        expect(norm(v)).toBeCloseTo(1, 5);
      }
      // Exactly mean pooling over [CLS] + tokens + [SEP] of the fixture's table, lower-cased.
      expect(maxAbsDiff(vectors[0], expectedMean(["the", "cat", "sat", "on", "the", "mat", "."]))).toBeLessThan(1e-5);
      expect(maxAbsDiff(vectors[1], expectedMean(["stock", "market", "fell", "today"]))).toBeLessThan(1e-5);

      // Deterministic, and padding in a mixed-length batch does not leak into the mean.
      const again = await e.embed([texts[1]]);
      expect(maxAbsDiff(again[0], vectors[1])).toBe(0);
      // Same bag of (lower-cased) words, same mean-pooled vector.
      const [p, q] = await e.embed(["cat dog", "Dog CAT"]);
      expect(maxAbsDiff(p, q)).toBeLessThan(1e-6);
    } finally {
      await e.close();
    }
    expect(hubRequests.length).toBe(before);
    expect(env.allowRemoteModels).toBe(false);
  });

  it("honours cls pooling (bge's) and a model folder given directly", async () => {
    const folder = path.join(modelsDir, "test-org", "tiny-bert");
    const e = await TransformersEmbedder.open({ model: MODEL, modelPath: folder, pooling: "cls" });
    try {
      expect(e.modelDir).toBe(folder);
      const [a, b] = await e.embed(["the cat", "stock market"]);
      const cls = tinyEmbeddingRow(TINY_VOCAB.indexOf("[CLS]"), DIM);
      const clsUnit = cls.map((x) => x / norm(cls));
      // The fixture has no attention, so the [CLS] position is the same row for every text.
      expect(maxAbsDiff(a, clsUnit)).toBeLessThan(1e-6);
      expect(maxAbsDiff(b, clsUnit)).toBeLessThan(1e-6);
    } finally {
      await e.close();
    }
  });

  it("windows long text by the tokenizer's count, leaving room for [CLS] and [SEP]", async () => {
    const small = path.join(tmp, "small");
    writeTinyOnnxModel(small, { modelId: "test-org/tiny-64", dim: DIM, maxPositions: 64 });
    const e = await TransformersEmbedder.open({ model: "test-org/tiny-64", cacheDir: small });
    try {
      expect(e.maxInputTokens).toBe(64);
      const short = "The cat sat on the mat.";
      expect(e.windows(short)).toEqual([short]);
      // "playing" is two word pieces (play ##ing) and "." one more: counted, not guessed.
      const words = Array.from({ length: 300 }, (_, i) => ["the", "cat", "playing", "dog.", "park"][i % 5]);
      const windows = e.windows(words.join(" "));
      expect(windows.length).toBeGreaterThan(5);
      windows.forEach((w, i) => {
        const pieces = w.split(" ").reduce((n, x) => n + (x === "playing" || x === "dog." ? 2 : 1), 0);
        expect(pieces + 2).toBeLessThanOrEqual(64);
        if (i < windows.length - 1) expect(pieces + 2).toBeGreaterThan(55);
      });
      const vectors = await e.embed(windows);
      expect(vectors).toHaveLength(windows.length);
    } finally {
      await e.close();
    }
  });

  it("says where it looked and how to get the model when it is missing, with no network attempt", async () => {
    const before = hubRequests.length;
    const empty = path.join(tmp, "empty-models");
    let err: unknown;
    try {
      await TransformersEmbedder.open({ model: "Xenova/bge-small-en-v1.5", cacheDir: empty });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EmbedError);
    expect((err as EmbedError).code).toBe("model-missing");
    const message = (err as Error).message;
    expect(message).toContain("not found locally");
    expect(message).toContain(path.join(empty, "Xenova", "bge-small-en-v1.5"));
    expect(message).toContain("agent models pull Xenova/bge-small-en-v1.5");
    expect(message).toContain("onnx/model.onnx");
    expect(hubRequests.length).toBe(before);
    expect(locateTransformersModel("Xenova/bge-small-en-v1.5", { cacheDir: empty }).missing).toHaveLength(4);
  });

  it("pulls a model from a hub into a cache folder, then loads it with remote access off", async () => {
    const pulledDir = path.join(tmp, "pulled");
    const { dir } = await pullTransformersModel(MODEL, pulledDir);
    expect(dir).toBe(path.join(pulledDir, "test-org", "tiny-bert"));
    expect(hubRequests.some((u) => u.endsWith("/onnx/model.onnx"))).toBe(true);
    // Remote access is on only while pulling.
    expect(env.allowRemoteModels).toBe(false);

    const before = hubRequests.length;
    const e = await TransformersEmbedder.open({ model: MODEL, cacheDir: pulledDir });
    const original = await TransformersEmbedder.open({ model: MODEL, cacheDir: modelsDir });
    try {
      expect(e.modelId).toBe(original.modelId);
      const [a] = await e.embed(["the cat sat"]);
      const [b] = await original.embed(["the cat sat"]);
      expect(maxAbsDiff(a, b)).toBe(0);
    } finally {
      await e.close();
      await original.close();
    }
    expect(hubRequests.length).toBe(before);
  });

  it("downloads while opening only when allowDownload is set", async () => {
    const dlDir = path.join(tmp, "allow-download");
    await expect(TransformersEmbedder.open({ model: MODEL, cacheDir: dlDir })).rejects.toThrow(/not found locally/);
    const e = await TransformersEmbedder.open({ model: MODEL, cacheDir: dlDir, allowDownload: true });
    try {
      expect(e.modelDir).toBe(path.join(dlDir, "test-org", "tiny-bert"));
      expect((await e.embed(["cat"]))[0].length).toBe(DIM);
    } finally {
      await e.close();
    }
  });

  it("fails clearly when the hub cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    let err: unknown;
    try {
      await pullTransformersModel("Xenova/bge-small-en-v1.5", path.join(tmp, "offline"), {
        remoteHost: `http://127.0.0.1:${port}`,
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EmbedError);
    expect((err as EmbedError).code).toBe("unreachable");
    expect((err as Error).message).toMatch(/could not download Xenova\/bge-small-en-v1\.5 from http:\/\/127\.0\.0\.1:\d+\/: fetch failed/);
    expect((err as Error).message).toContain("agent models pull Xenova/bge-small-en-v1.5");
    // The global switches are put back.
    expect(env.remoteHost).toBe(hubUrl);
    expect(env.allowRemoteModels).toBe(false);
  });

  it("reports an unknown model id on the hub as missing, not as a network problem", async () => {
    await expect(pullTransformersModel("test-org/does-not-exist", path.join(tmp, "nope"))).rejects.toMatchObject({
      code: "model-missing",
    });
  });
});
