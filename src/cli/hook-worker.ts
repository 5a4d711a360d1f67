/**
 * The work of `agent hook` (commands/hook.ts), run in a worker thread so that the hook's main
 * thread stays free to end the process at its deadline whatever this thread is doing: a cold
 * engine loads modules, opens SQLite and searches synchronously, and no timer on the same
 * thread could cut that short.
 *
 * Started as soon as the event is known (`workerData`: HookStart), it opens the engine while
 * the main thread still reads the payload; the payload then comes as one message (HookJob).
 * Out: HookReply messages, in this order:
 *   inject events   {kind: "answer", text}
 *   capture events  {kind: "captured"} once the turns (and a compaction's flush and marker)
 *                   are written; only the index catch-up after it may be cut by the main thread
 *   any event       {kind: "error", message} instead, when the work failed
 * Only what every event needs is imported up front; the rest when the event needs it.
 */
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import type { HarnessTurn, HookEvent, HookEventName } from "../workspace/harness-turns.js";
import type { HookCapture } from "../engine/assistants.js";
import type { Engine } from "../engine/engine.js";
import { openEngine } from "./open-engine.js";

/** What the worker starts with: known from the command line, before the payload is read. */
export interface HookStart {
  event: HookEventName;
  workspace: string;
  /** false with --no-daemon (the capture asks whether a daemon keeps the index current). */
  daemon: boolean;
  /**
   * One Int32 the main thread sets to 1 when the capture's cap is past: the index catch-up
   * stops at its next file, the engine is closed, and the thread ends by itself. Shared memory,
   * not a message: the catch-up is synchronous, and a message would wait for its end.
   */
  stop?: SharedArrayBuffer;
}

/** Whether the main thread asked this thread to stop (see HookStart.stop). */
function stopAsked(start: HookStart): boolean {
  return start.stop !== undefined && Atomics.load(new Int32Array(start.stop), 0) === 1;
}

/** Thrown from the index catch-up's progress callback when a stop is asked: its open batch is rolled back, the files done stay done. */
class CatchUpStopped extends Error {}

/** The payload, once read. */
export interface HookJob {
  ev: HookEvent & { messages?: unknown };
  /** Inject events: the ms left of the budget when the job was handed over. */
  budgetMs: number;
}

/** `reason`: why nothing was injected; `skipped`: why nothing was captured (both for .agent/hooks.log). */
export type HookReply = { kind: "answer"; text: string; reason?: string } | { kind: "captured"; skipped?: string } | { kind: "error"; message: string };

/**
 * TEST ONLY: AGENT_TEST_HOOK_STALL_MS=N makes this thread spin synchronously for N ms, at
 * the start of the work (AGENT_TEST_HOOK_STALL_AT=start, the default) or after the capture,
 * before the index catch-up (=index): how the tests make the cold path slow on purpose, to
 * show that the hook still ends at its deadline and a capture still lands its turns.
 */
function testStall(at: "start" | "index", stopped: () => boolean = () => false): void {
  const ms = Number(process.env.AGENT_TEST_HOOK_STALL_MS ?? 0);
  if (!(ms > 0) || (process.env.AGENT_TEST_HOOK_STALL_AT ?? "start") !== at) return;
  const end = Date.now() + ms;
  // A busy loop, like the synchronous work it stands for (Atomics.wait would only sleep); the
  // index catch-up it stands for after a capture looks for a stop between files, and so does it.
  while (Date.now() < end && !stopped());
}

/** The turns a capture event carries itself (the messages its plugin sent, read by its adapter); undefined when a transcript file is to be read. */
async function turnsOf(ev: HookJob["ev"]): Promise<HarnessTurn[] | undefined> {
  if (ev.messages === undefined) return undefined;
  return (await import("../assistants/registry.js")).assistantNamed(ev.harness).readTranscript(JSON.stringify(ev.messages));
}

/** The assistant's reader of its transcript's lines (from a byte offset: `firstLine` numbers the first). */
async function linesReader(harness: string): Promise<(lines: Iterable<string>, firstLine: number) => HarnessTurn[]> {
  const assistant = (await import("../assistants/registry.js")).assistantNamed(harness);
  return (lines, firstLine) => assistant.readTranscriptLines(lines, firstLine);
}

/** Whether the workspace's daemon answers (its watcher keeps the index current). */
async function daemonRuns(start: HookStart): Promise<boolean> {
  const { routingEnabled, viaDaemon } = await import("./remote.js");
  const opts = { workspace: start.workspace, ...(start.daemon ? {} : { daemon: false }) };
  if (!routingEnabled(opts)) return false;
  return (await viaDaemon<unknown>(opts, "hello", {}, { timeoutMs: 1_000, onFallback: () => undefined }).catch(() => undefined)) !== undefined;
}

/** The context or memories, from a cold engine (the main thread asked the daemon already). */
async function inject(engine: Engine, job: HookJob): Promise<{ text: string; reason?: string }> {
  const { ev } = job;
  // A coding session: the person's SOUL and the project's few memories, never AGENTS.md's instructions.
  if (ev.event === "session-start") return { text: (await (await engine.assistants()).sessionStart({ harness: ev.harness, session: ev.session, budgetMs: job.budgetMs, ...(ev.cwd ? { cwd: ev.cwd } : {}) })).text };
  // Keyword search only, so no embedding model is loaded while the person waits; the index as
  // it is: the capture hooks keep it up to date, and a look at every file costs more than the budget.
  const req = { prompt: ev.prompt ?? "", harness: ev.harness, session: ev.session, budgetMs: job.budgetMs, mode: "keyword" as const, refresh: false };
  const answer = await (await engine.assistants()).inject(req);
  return { text: answer.text, ...(answer.reason !== undefined ? { reason: answer.reason } : {}) };
}

/** Turn end and compaction: the turns written first (then said), the index catch-up after. */
async function capture(engine: Engine, start: HookStart, job: HookJob, say: (r: HookReply) => void): Promise<void> {
  const { ev } = job;
  const turns = await turnsOf(ev);
  // The harness's own transcript is read from where the last capture stopped (only the new turns), by its adapter.
  const file = turns === undefined ? ev.transcriptPath : undefined;
  const reader = file !== undefined ? await linesReader(ev.harness) : undefined;
  const event = ev.event as HookCapture["event"];
  const r = await (await engine.assistants()).captureHook({ event, harness: ev.harness, session: ev.session, ...(ev.kind ? { kind: ev.kind } : {}), ...(turns !== undefined ? { turns } : {}), ...(file !== undefined && reader !== undefined ? { transcriptPath: file, reader } : {}) });
  // The transcript just written is indexed before the capture is said (the catch-up after it may
  // be cut at the cap, and always is on a loaded machine): another assistant's next prompt, whose
  // search does not look at the files, finds what was said here. A daemon's watcher does it itself.
  const daemon = await daemonRuns(start);
  if (r.written !== undefined && !daemon) engine.indexing.syncPaths([r.written]);
  say(r.skipped !== undefined ? { kind: "captured", skipped: r.skipped } : { kind: "captured" });
  const stopped = () => stopAsked(start);
  testStall("index", stopped);
  // Off the person's path (the turn is over): without a daemon (whose watcher does it), the
  // index catches up with the notes, so the next prompt's search finds them. Cut at the cap:
  // what it did not reach the next hook's catch-up (or a daemon) does.
  if (!daemon && !stopped()) catchUp(engine, stopped);
}

/** The index catch-up, stopped between two files when `stopped()` says so (never inside a SQLite call). */
function catchUp(engine: Engine, stopped: () => boolean): void {
  const onProgress = () => {
    if (stopped()) throw new CatchUpStopped("the capture's cap is past");
  };
  try {
    engine.indexing.index({ onProgress });
  } catch (e) {
    if (!(e instanceof CatchUpStopped)) throw e;
  }
}

async function run(start: HookStart, opening: Promise<Engine>, job: HookJob, say: (r: HookReply) => void): Promise<void> {
  let engine: Engine | undefined;
  try {
    testStall("start");
    engine = await opening;
    if (start.event === "session-start" || start.event === "prompt") say({ kind: "answer", ...(await inject(engine, job)) });
    else await capture(engine, start, job, say);
  } catch (e) {
    say({ kind: "error", message: (e as Error).message });
  } finally {
    await engine?.close();
  }
}

function serve(port: MessagePort, start: HookStart): void {
  const opening = openEngine({ workspace: start.workspace });
  // Reported when the job comes (run awaits it); the main thread may also never send one.
  opening.catch(() => undefined);
  // The assistants' service is a module of its own: loaded now too, unless the event does without it.
  if (start.event !== "session-start") void opening.then((e) => e.assistants()).catch(() => undefined);
  port.once("message", (job: HookJob) => {
    // Ended here, from JavaScript with the engine closed (never inside a SQLite call): a handle
    // left open (a socket, a timer) must not keep the thread, and so the hook, alive.
    void run(start, opening, job, (r) => port.postMessage(r)).finally(() => {
      port.close();
      process.exit(0);
    });
  });
}

/** Only as the hook's worker: a module imported in some other thread starts nothing. */
function isHookStart(d: unknown): d is HookStart {
  const o = d as Partial<HookStart> | null;
  return typeof o === "object" && o !== null && typeof o.event === "string" && typeof o.workspace === "string";
}

if (parentPort !== null && isHookStart(workerData)) serve(parentPort, workerData);
