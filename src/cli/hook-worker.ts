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
import type { Engine } from "../engine/engine.js";
import { openEngine } from "./open-engine.js";

/** What the worker starts with: known from the command line, before the payload is read. */
export interface HookStart {
  event: HookEventName;
  workspace: string;
  /** false with --no-daemon (the capture asks whether a daemon keeps the index current). */
  daemon: boolean;
}

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
function testStall(at: "start" | "index"): void {
  const ms = Number(process.env.AGENT_TEST_HOOK_STALL_MS ?? 0);
  if (!(ms > 0) || (process.env.AGENT_TEST_HOOK_STALL_AT ?? "start") !== at) return;
  const end = Date.now() + ms;
  // A busy loop, like the synchronous work it stands for (Atomics.wait would only sleep).
  while (Date.now() < end);
}

/** The turns a capture event carries: the harness's transcript file, or the messages its plugin sent (its adapter reads either). */
async function turnsOf(ev: HookJob["ev"]): Promise<HarnessTurn[]> {
  const assistant = (await import("../assistants/registry.js")).assistantNamed(ev.harness);
  if (ev.messages !== undefined) return assistant.readTranscript(JSON.stringify(ev.messages));
  if (ev.transcriptPath === undefined) return [];
  return (await import("../assistants/transcript-file.js")).readTranscriptFile(assistant, ev.transcriptPath);
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
  if (ev.event === "session-start") return { text: (await (await engine.assist()).context({ session: "main" })).text };
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
  if (ev.event === "pre-compact") await (await engine.assistants()).compaction({ harness: ev.harness, session: ev.session, turns });
  else if (turns.length > 0) (await engine.assistants()).capture({ harness: ev.harness, session: ev.session, turns });
  say(turns.length === 0 && ev.messages === undefined && ev.transcriptPath === undefined ? { kind: "captured", skipped: "the payload names no transcript; nothing captured" } : { kind: "captured" });
  testStall("index");
  // Off the person's path (the turn is over): without a daemon (whose watcher does it), the
  // index catches up with the notes and this transcript, so the next prompt's search (which
  // does not look at the files) finds them.
  if (!(await daemonRuns(start))) engine.indexing.index();
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
    void run(start, opening, job, (r) => port.postMessage(r)).finally(() => port.close());
  });
}

/** Only as the hook's worker: a module imported in some other thread starts nothing. */
function isHookStart(d: unknown): d is HookStart {
  const o = d as Partial<HookStart> | null;
  return typeof o === "object" && o !== null && typeof o.event === "string" && typeof o.workspace === "string";
}

if (parentPort !== null && isHookStart(workerData)) serve(parentPort, workerData);
