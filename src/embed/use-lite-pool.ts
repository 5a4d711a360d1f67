import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { workerExecArgv } from "../shared/v8-flags.js";
import { makeGraphRunner } from "./use-lite-graph.js";
import { makeSentencePieceEncoder } from "./use-lite-tokenizer.js";
import { EmbedError } from "./types.js";

/**
 * USE-lite on worker threads. TF.js's WASM backend runs single-threaded in Node (its threaded
 * build needs browser workers), so one process uses one core however many it has; measured
 * (bench, 2 cores): one model per worker thread, fed batches from one queue, embeds about
 * twice as many windows per second. A worker can also be stopped mid-batch (terminate), which
 * is what lets embedding honour an AbortSignal within a second.
 */

/**
 * The worker's code, run with `eval: true` so the same file works from src/ (tests, through
 * vitest) and dist/ (the CLI) without a second build output. Packages come in as absolute
 * paths resolved by the parent, because an eval worker resolves `require` from the cwd.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const path = require("node:path");
const core = require(workerData.core);
const { initModel } = require(workerData.embeddings);
const dim = workerData.dimension;
// A full collection once the model is in: loading leaves tens of MB of parsed model.json and
// weight buffers behind that a quiet worker would otherwise keep resident for good. The flag
// only makes gc() reachable from a new context; nothing else changes.
let collect = () => {};
try {
  require("node:v8").setFlagsFromString("--expose-gc");
  collect = require("node:vm").runInNewContext("gc");
} catch {}
// On Linux a thread's nice value is its own: this lowers this worker only, never the process.
const setNice = (n) => { try { require("node:os").setPriority(0, n); } catch {} };
// What a batch leaves behind (the tokenizer's strings, TF.js's tensor wrappers, the rows as
// arrays) is promoted out of the small young generation and piles up in the old one until V8
// decides to collect it: a worker's heap swung from 30 to 72 MB while the daemon embedded. A
// full collection once the heap holds more than gcAboveMb (the loaded model leaves ~20 MB)
// keeps it near 30–36 MB. The next one waits for half the mark again over what survived, so
// a heap whose live part grew past the mark is never collected after every message. The
// check is one call.
const v8 = require("node:v8");
const GC_ABOVE = workerData.gcAboveMb * 1024 * 1024;
let gcMark = GC_ABOVE;
let fullGcs = 0;
const collectIfGrown = () => {
  if (v8.getHeapStatistics().used_heap_size <= gcMark) return;
  collect();
  fullGcs++;
  gcMark = Math.max(GC_ABOVE, v8.getHeapStatistics().used_heap_size + GC_ABOVE / 2);
};
// The forced collection is a full, non-incremental one: 80-125 ms of this thread on a loaded
// machine, about every 40 queries (each leaves ~3.6 MB of TF.js bookkeeping behind). Run right
// after a query, it held up the next one of a burst (a hook, a search, an MCP call); after a
// query it waits for the thread to be quiet for idleGcMs instead. Background batches still
// collect at once: they come back to back, and their memory is what the collection bounds.
let idleTimer = null;
const afterMessage = (query) => {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (!query) return collectIfGrown();
  idleTimer = setTimeout(() => {
    idleTimer = null;
    collectIfGrown();
  }, workerData.idleGcMs);
  idleTimer.unref();
};
if (workerData.nice) setNice(workerData.nice);
// The model's graph by TF.js's synchronous executor (src/embed/use-lite-graph.ts): the same
// kernels without the asynchronous executor's walk of the graph on every call. Its first batch
// is also embedded by the library's own path, and it is used only if the two agree to the bit;
// if it ever throws, the library's path takes over for good.
const makeGraphRunner = ${makeGraphRunner.toString()};
// The windows' own tokenizer (src/embed/use-lite-tokenizer.ts) feeds the runner: the library's
// copies the rest of a text at every position. The first batch's check against the library's
// path covers the tokenizer too.
const makeSentencePieceEncoder = ${makeSentencePieceEncoder.toString()};
let runner = null;
let runnerChecked = false;
const usesRunner = () => runner !== null && runnerChecked;
// A query waiting behind a background message here (the pool sets the shared flag) stops that
// message at its next kernel: the message is thrown away and sent again after the query, so a
// query waits for one kernel instead of a whole window (~100 CPU ms; several hundred ms of wall
// time on a loaded machine). Only the checked runner's messages stop so: its graph runs inside
// TF.js's tidy(), which frees a stopped run's tensors; the library's asynchronous path may not.
const PREEMPTED = new Error("preempted by a query");
const preempt = new Int32Array(workerData.preempt);
let preemptible = false;
const engine = core.engine();
const runKernelFunc = engine.runKernelFunc;
engine.runKernelFunc = function (params) {
  if (preemptible && Atomics.load(preempt, 0) !== 0) throw PREEMPTED;
  return runKernelFunc.call(this, params);
};
const libraryFlat = async (model, texts) => {
  const rows = await model.embed(texts);
  const flat = new Float32Array(rows.length * dim);
  let ok = true;
  rows.forEach((r, i) => {
    if (r.length !== dim) ok = false;
    else flat.set(r, i * dim);
  });
  return { rows: ok ? rows.length : -1, flat };
};
const sameBits = (a, b) => {
  if (a.rows !== b.rows || a.flat.length !== b.flat.length) return false;
  const x = new Uint32Array(a.flat.buffer, a.flat.byteOffset, a.flat.length);
  const y = new Uint32Array(b.flat.buffer, b.flat.byteOffset, b.flat.length);
  return x.every((v, i) => v === y[i]);
};
const flatEmbedder = (model, vocabulary) => {
  if (!workerData.noGraphRunner) {
    try {
      runner = makeGraphRunner(core, { tokenizer: { encode: makeSentencePieceEncoder(vocabulary) }, model: model.model });
    } catch {}
  }
  return async (texts) => {
    if (runner !== null) {
      try {
        const mine = await runner(texts);
        if (runnerChecked) return mine;
        const theirs = await libraryFlat(model, texts);
        runnerChecked = sameBits(mine, theirs);
        if (!runnerChecked) runner = null;
        return theirs;
      } catch (e) {
        if (e === PREEMPTED) throw e;
        runner = null;
      }
    }
    return libraryFlat(model, texts);
  };
};
let vocabulary = null;
// initModel awaits TF.js's ready() and this loader side by side; the loader makes the weights'
// tensors, which throw "Backend 'wasm' has not yet been initialized" while the WASM backend is
// still compiling (seen once a full test run on a loaded machine). So the loader waits for it.
initModel(async () => {
  await core.ready();
  return {
    model: await core.loadGraphModel("file://" + path.join(workerData.modelDir, "model.json")),
    vocabulary: (vocabulary = JSON.parse(fs.readFileSync(path.join(workerData.modelDir, "vocab.json"), "utf8"))),
  };
}).then(
  (model) => {
    // The graph model keeps its loaded weight files (28 MB) for save(), which is never
    // called: the weights already live in the WASM heap.
    if (model.model && model.model.artifacts) model.model.artifacts.weightData = undefined;
    collect();
    const embedFlat = flatEmbedder(model, vocabulary);
    vocabulary = null;
    // One message at a time, in the order they came: the pool posts a query at once, even while
    // a background message runs here (it stops at its next kernel, see preempt), and the
    // model's run has awaits at which another message's handler would otherwise start.
    let turn = Promise.resolve();
    parentPort.on("message", (m) => {
      if (m.nice !== undefined) return setNice(m.nice);
      // A handler that throws ends the worker, as an async listener's rejection would (the pool then fails its jobs).
      turn = turn.then(() => embedMessage(m)).catch((e) => process.nextTick(() => { throw e; }));
    });
    const embedMessage = async (m) => {
      // A query clears the flag it was announced by; a background message may stop for the next one.
      if (m.query === true) Atomics.store(preempt, 0, 0);
      preemptible = m.query !== true && usesRunner();
      try {
        const { rows, flat } = await embedFlat(m.texts);
        if (rows !== m.texts.length || flat.length !== rows * dim) parentPort.postMessage({ id: m.id, error: "USE-lite returned " + rows + " vectors for " + m.texts.length + " texts (expected " + dim + "-d each)" });
        else parentPort.postMessage({ id: m.id, flat, fullGcs, graphRunner: usesRunner() }, [flat.buffer]);
      } catch (e) {
        if (e === PREEMPTED) parentPort.postMessage({ id: m.id, preempted: true });
        else parentPort.postMessage({ id: m.id, error: String((e && e.message) || e) });
      } finally {
        preemptible = false;
      }
      afterMessage(m.query === true);
    };
    parentPort.postMessage({ ready: true });
  },
  (e) => parentPort.postMessage({ fatal: String((e && e.message) || e) }),
);
`;

/**
 * Windows per message when the query worker embeds background work. A query arriving meanwhile
 * stops the message at its next kernel (see WORKER_SOURCE's preempt), and the message's work so
 * far is thrown away: at most this many windows' worth. One costs nothing: the CPU per window
 * is the same at batches of 1 to 8 (docs/performance.md, "Two model copies").
 */
const QUERY_SLICE = 1;

/** Young-generation cap of a worker's V8 heap (see spawn). */
const YOUNG_GENERATION_MB = 8;

/** A worker collects its garbage in full once its JS heap holds more than this (see WORKER_SOURCE). */
const GC_ABOVE_MB = 32;

/** After a query, a worker's full collection waits for this long without a message (see WORKER_SOURCE). */
const IDLE_GC_MS = 500;

/** Settings tests change: the workers collect on every message, or never when idle; the library's own executor. */
export interface PoolOptions {
  gcAboveMb?: number;
  idleGcMs?: number;
  /** The library's own asynchronous executor only (tests compare the two paths). */
  noGraphRunner?: boolean;
}

interface Job {
  texts: string[];
  /** A search's text (or its practice): it never stops for another, and another stops for it. */
  query: boolean;
  resolve: (rows: Float32Array[] | typeof PREEMPTED) => void;
  reject: (e: unknown) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  /** Messages posted and not answered yet, by id: the worker answers them one at a time, in order. */
  jobs: Map<number, Job>;
  nextId: number;
  /** Full collections the worker had forced by its latest reply. */
  fullGcs: number;
  /** Its latest reply came from the synchronous graph runner (src/embed/use-lite-graph.ts). */
  graphRunner: boolean;
  /** close() is waiting for this worker's exit: it stays ref'd until then (see spawn). */
  closing: boolean;
  /** Shared with the worker: set while a query waits behind its background message (see WORKER_SOURCE). */
  preempt: Int32Array;
  /** Background messages it stopped for a query, to send again. */
  preempted: number;
}

/** A background message the worker stopped for a query: send() posts it again. */
const PREEMPTED = Symbol("preempted");

type Reply = { ready: true } | { fatal: string } | { id: number; flat: Float32Array; fullGcs: number; graphRunner: boolean } | { id: number; error: string } | { id: number; preempted: true };

export class AbortedError extends Error {
  constructor(reason?: unknown) {
    super(reason instanceof Error ? reason.message : "embedding stopped");
    this.name = "AbortError";
  }
}

export class UseLitePool {
  private slots: Slot[] = [];
  private readonly paths: { core: string; embeddings: string };

  constructor(
    private readonly modelDir: string,
    readonly threads: number,
    private readonly dimension: number,
    private readonly options: PoolOptions = {},
  ) {
    const require = createRequire(import.meta.url);
    this.paths = { core: require.resolve("@energetic-ai/core"), embeddings: require.resolve("@energetic-ai/embeddings") };
  }

  /** The OS niceness of the workers (0: as the process); see setNice. */
  private nice = 0;

  /**
   * Runs the workers at a lower OS priority from now on (a long-lived host embedding in the
   * background: its searches, and the user's other programs, go first), all but one: the query
   * worker stays at normal priority so a search's query never waits for a niced thread's turn
   * on a busy machine. It embeds background batches too, a slice at a time (QUERY_SLICE), and a
   * query stops the slice it finds there at its next kernel (the slice is sent again after), so
   * a query waits for one kernel, not one window: a model copy of its own would cost ~100 MB for
   * the few milliseconds a query takes (docs/performance.md). Only ever lowered: raising it back needs
   * privileges a user does not have.
   */
  setNice(nice: number): void {
    if (nice <= this.nice) return;
    this.nice = nice;
    // Loaded now, so the first search does not wait for a model to load.
    if (!this.fg || !this.slots.includes(this.fg)) this.fg = this.slots[0] ?? this.spawn(0);
    for (const s of this.slots) if (s !== this.fg) s.worker.postMessage({ nice });
  }

  /** Loads the model in one worker (more start when work needs them), so a bad model fails here. */
  async init(): Promise<void> {
    const slot = this.slots[0] ?? this.spawn(this.nice);
    await slot.ready;
  }

  /**
   * Embeds each batch on whichever worker is free, in parallel across workers. Rows come back
   * raw (not normalised) in batch order. On abort, busy workers are terminated at once and
   * replaced on the next call.
   */
  async run(batches: string[][], signal?: AbortSignal, opts: { foreground?: boolean } = {}): Promise<Float32Array[][]> {
    if (signal?.aborted) throw new AbortedError(signal.reason);
    const out: Float32Array[][] = new Array<Float32Array[]>(batches.length);
    let next = 0;
    const used = this.lanes(batches.length, opts.foreground === true);
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      if (!signal) return;
      onAbort = () => {
        // Busy and still-loading workers alike: either would keep the process alive.
        for (const s of used) this.kill(s, new AbortedError(signal.reason));
        reject(new AbortedError(signal.reason));
      };
      signal.addEventListener("abort", onAbort, { once: true });
    });
    aborted.catch(() => undefined);
    try {
      const lanes = used.map(async (slot) => {
        await slot.ready;
        while (next < batches.length) {
          if (signal?.aborted) throw new AbortedError(signal.reason);
          const k = next++;
          out[k] = await this.sendBackground(slot, batches[k]!, opts.foreground === true);
        }
      });
      await Promise.race([Promise.all(lanes), aborted]);
      return out;
    } finally {
      if (onAbort) signal?.removeEventListener("abort", onAbort);
    }
  }

  /**
   * The workers a call runs on. Idle ones first: a one-text query is not queued behind a
   * background batch when a worker is free. Once the workers run below normal priority
   * (setNice), foreground work (a search's query) goes to the query worker, ahead of any
   * background slice still waiting for it.
   */
  private lanes(batches: number, foreground: boolean): Slot[] {
    if (this.nice > 0 && (!this.fg || !this.slots.includes(this.fg))) this.fg = this.spawn(0);
    if (foreground && this.fg) return [this.fg];
    const wanted = Math.min(this.threads, batches);
    while (this.slots.length < wanted) this.spawn(this.nice);
    return [...this.slots].sort((a, b) => Number(a.jobs.size > 0) - Number(b.jobs.size > 0)).slice(0, wanted);
  }

  /**
   * Embeds each text alone, one message at a time, on the worker that answers queries (the
   * query worker once the others are niced, else the first): the calls a host's searches make,
   * so that worker's TF.js code is compiled before they come (measured: a fresh worker's query
   * costs ~19 CPU ms for its first ~100 calls, ~11 once V8 has optimised the graph executor).
   * A search's query arriving meanwhile waits for one of these at most. Stops when the signal
   * aborts: a worker busy with a practice text is dropped then, as run() drops its busy ones
   * (a stopping daemon's close() waited for ever on terminating a worker left mid-practice, and
   * the process ended without releasing its lock).
   */
  async practise(texts: readonly string[], signal?: AbortSignal): Promise<void> {
    const slot = this.nice > 0 ? (this.fg ?? this.lanes(1, true)[0]) : (this.slots[0] ?? this.spawn(this.nice));
    if (!slot || signal?.aborted) return;
    const onAbort = () => {
      if (slot.jobs.size > 0) this.kill(slot, new AbortedError(signal?.reason));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      await slot.ready;
      for (const t of texts) {
        if (signal?.aborted || !this.slots.includes(slot)) return;
        // A practice text never stops a background window: 150 of them would throw away as many windows' work.
        await this.send(slot, [t], true, false);
      }
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
  }

  /** The normal-priority worker that answers queries, once the others are niced. */
  private fg: Slot | null = null;

  /** A background batch on the query worker goes a slice at a time: a query stopping one throws away one slice's work at most. */
  private async sendBackground(slot: Slot, texts: string[], foreground: boolean): Promise<Float32Array[]> {
    if (foreground || slot !== this.fg || texts.length <= QUERY_SLICE) return this.send(slot, texts, foreground);
    const rows: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += QUERY_SLICE) rows.push(...(await this.send(slot, texts.slice(i, i + QUERY_SLICE))));
    return rows;
  }

  /** Whether every live worker answered its latest message by the synchronous graph runner. */
  graphRunnerInUse(): boolean {
    return this.slots.length > 0 && this.slots.every((s) => s.graphRunner);
  }

  /** Full collections the live workers had forced by their latest replies. */
  fullCollections(): number {
    return this.slots.reduce((n, s) => n + s.fullGcs, 0);
  }

  /**
   * Stops every worker and resolves once each has exited. terminate() refs a worker until its
   * exit; a reply already on its way (a search's query, mid-practice) may still be delivered
   * after it, and must not unref it again (see spawn): the process then ran out of handles and
   * ended with code 0 in the middle of a daemon's stop, before "daemon stopped".
   */
  async close(): Promise<void> {
    const slots = this.slots;
    this.slots = [];
    this.fg = null;
    for (const s of slots) s.closing = true;
    await Promise.all(slots.map((s) => s.worker.terminate().catch(() => undefined)));
  }

  private spawn(nice: number): Slot {
    const preempt = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // The source is CommonJS: a process started with `node --input-type=module -e …` would
      // hand that flag down and the worker would fail on its first require(); and the daemon's
      // V8 heap flags are the process's, which a worker refuses.
      execArgv: workerExecArgv(process.execArgv),
      workerData: { ...this.paths, preempt: preempt.buffer, modelDir: this.modelDir, dimension: this.dimension, nice, gcAboveMb: this.options.gcAboveMb ?? GC_ABOVE_MB, idleGcMs: this.options.idleGcMs ?? IDLE_GC_MS, noGraphRunner: this.options.noGraphRunner === true },
      // What a worker allocates in JS is small and short-lived (a batch's texts and rows, ~1 MB);
      // V8's default young generation still commits ~25 MB per worker for it. Measured per
      // worker: JS heap 50 → 26 MB, the same CPU per window.
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    // Ref'd while it loads and while it has a job (a caller awaits it); idle, it is unref'd so
    // an idle pool never keeps a finished CLI command alive.
    let readyResolve!: () => void;
    let readyReject!: (e: unknown) => void;
    const ready = new Promise<void>((res, rej) => {
      readyResolve = res;
      readyReject = rej;
    });
    ready.catch(() => undefined);
    const slot: Slot = { worker, ready, jobs: new Map(), nextId: 0, fullGcs: 0, graphRunner: false, closing: false, preempt, preempted: 0 };
    // Never unref'd once close() waits for its exit: a late reply would let the process end first.
    const release = () => {
      if (!slot.closing) worker.unref();
    };
    worker.on("message", (m: Reply) => {
      if ("ready" in m) {
        if (slot.jobs.size === 0) release();
        readyResolve();
      }
      else if ("fatal" in m) {
        const err = new EmbedError("model-missing", `could not load USE-lite from ${this.modelDir}: ${m.fatal}`);
        readyReject(err);
        this.kill(slot, err);
      } else {
        const job = slot.jobs.get(m.id);
        slot.jobs.delete(m.id);
        if (slot.jobs.size === 0) release();
        if (!job) return;
        if ("preempted" in m) {
          slot.preempted++;
          job.resolve(PREEMPTED);
        } else if ("error" in m) job.reject(new EmbedError("provider-error", `USE-lite: ${m.error}`));
        else {
          slot.fullGcs = m.fullGcs;
          slot.graphRunner = m.graphRunner;
          job.resolve(Array.from({ length: job.texts.length }, (_, i) => m.flat.subarray(i * this.dimension, (i + 1) * this.dimension)));
        }
      }
    });
    const fail = (e: unknown): void => {
      const err = e instanceof EmbedError || e instanceof AbortedError ? e : new EmbedError("provider-error", `USE-lite worker stopped: ${(e as Error)?.message ?? String(e)}`);
      readyReject(err);
      this.kill(slot, err);
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`exit code ${code}`)));
    this.slots.push(slot);
    return slot;
  }

  /**
   * `query`: a search's text (or its practice), after which the worker's full collection waits
   * for a quiet moment. `stops`: a search's text stops a background message ahead of it (a
   * practice text does not); the message it stopped is sent again, behind it.
   */
  private async send(slot: Slot, texts: string[], query = false, stops = query): Promise<Float32Array[]> {
    for (;;) {
      const rows = await this.sendOnce(slot, texts, query, stops);
      if (rows !== PREEMPTED) return rows;
    }
  }

  /**
   * One message, posted at once: the worker takes them in turn. A query posted while a
   * background message is there raises the worker's flag, and the background message stops at
   * its next kernel instead of holding the query for its whole window.
   */
  private sendOnce(slot: Slot, texts: string[], query: boolean, stops: boolean): Promise<Float32Array[] | typeof PREEMPTED> {
    if (!this.slots.includes(slot)) return Promise.reject(new EmbedError("provider-error", "USE-lite worker stopped"));
    if (stops && [...slot.jobs.values()].some((j) => !j.query)) Atomics.store(slot.preempt, 0, 1);
    const run = new Promise<Float32Array[] | typeof PREEMPTED>((resolve, reject) => {
      const id = slot.nextId++;
      slot.jobs.set(id, { texts, query, resolve, reject });
      slot.worker.ref();
      slot.worker.postMessage({ id, texts, query });
    });
    return run;
  }

  /** Background messages the live workers stopped for a query (each was sent again). */
  preemptions(): number {
    return this.slots.reduce((n, s) => n + s.preempted, 0);
  }

  /** Drops a worker: its jobs (if any) fail with `err`; a later call starts a fresh one. */
  private kill(slot: Slot, err: unknown): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    const jobs = [...slot.jobs.values()];
    slot.jobs.clear();
    for (const job of jobs) job.reject(err);
    slot.worker.removeAllListeners("exit");
    void slot.worker.terminate().catch(() => undefined);
  }
}
