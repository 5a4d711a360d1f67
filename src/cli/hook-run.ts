/**
 * The work of `agent hook <harness> <event>` (see commands/hook.ts for what each event does),
 * without the command-line library: the CLI's `hook` command and its fast entry (hook-main.ts,
 * which the CLI's entry loads for `agent hook` so a hook never loads the rest of the CLI) both
 * call runHookCommand. Hot path: this module loads neither the engine nor SQLite.
 */
import path from "node:path";
import type { Worker } from "node:worker_threads";
import type { AssistantAdapter } from "../assistants/adapter.js";
import { ASSISTANT_NAMES, findAssistant } from "../assistants/registry.js";
import { HOOK_EVENTS, type HookEventName } from "../workspace/harness-turns.js";
import type { InjectAnswer } from "../engine/assistants.js";
import { noteHookActivity } from "../workspace/hook-activity.js";
import { appendHookLog } from "../workspace/hook-log.js";
import { checkRegularOutside } from "../workspace/outside-read.js";
import { workerThreads } from "../shared/lazy-builtins.js";
import { daemonSocketThere, viaDaemon, workspaceOf, type DaemonRouting } from "./remote.js";
import { exitAt, hardCapMs, hookBudgetMs, msSinceStart } from "./hook-deadline.js";
import type { HookJob, HookReply, HookStart } from "./hook-worker.js";

export interface HookOpts extends DaemonRouting {
  budgetMs?: number;
  contextBudgetMs?: number;
}

/** A capture hook's index catch-up (after the turns are written) stops this long after the hook started. */
export const CAPTURE_CAP_MS = 1_000;

/** Runs one hook; never fails the harness's turn: a problem is one line on stderr and in hooks.log, and exit code 0. */
export async function runHookCommand(harness: string, event: string, opts: HookOpts): Promise<void> {
  try {
    await runHook(harness, event, opts);
  } catch (e) {
    // Never the harness's problem: said once, and the turn goes on. The harness hides a
    // hook's stderr, so it is also kept where `agent connect --status` shows it.
    const line = `agent hook ${harness} ${event}: ${(e as Error).message}`;
    process.stderr.write(`${line}\n`);
    logHookError(opts, line);
  }
  process.exitCode = 0;
}

/** `.agent/hooks.log`: one line per failed hook; never fatal itself. */
function logHookError(opts: HookOpts, line: string): void {
  try {
    appendHookLog(workspaceOf(opts), line);
  } catch {
    // No workspace to log into: stderr said it.
  }
}

async function runHook(harness: string, event: string, opts: HookOpts): Promise<void> {
  const assistant = findAssistant(harness);
  if (assistant === undefined) throw new Error(`unknown assistant "${harness}" (${ASSISTANT_NAMES.join(", ")})`);
  if (!(HOOK_EVENTS as readonly string[]).includes(event)) throw new Error(`unknown event "${event}" (${HOOK_EVENTS.join(", ")})`);
  const budget = hookBudgetMs(event, opts);
  const start: HookStart = { event: event as HookEventName, workspace: workspaceOf(opts), daemon: opts.daemon !== false, stop: new SharedArrayBuffer(4) };
  const miss = (why: string) => appendHookLog(start.workspace, `agent hook ${harness} ${event}: ${event === "prompt" ? "no memories" : "no context"}: ${why}`);
  // Armed before anything else (the CLI's entry armed the hard cap already): past the budget
  // the harness gets the empty answer (no output), and when the hard cap is past, that is now.
  const deadline = budget === undefined ? undefined : Math.min(msSinceStart() + budget, hardCapMs(budget));
  if (deadline !== undefined) exitAt(deadline, () => miss(`the ${budget} ms budget ran out (${Math.round(msSinceStart())} ms since the hook started)`));
  // The worker opens the engine while this thread reads the payload, unless a daemon will answer.
  let worker = !daemonSocketThere(opts) ? startWorker(start) : undefined;
  const input = await readStdin();
  const ev = assistant.readHookPayload(input.text, event as HookEventName);
  if (ev === null) throw new Error("the hook payload is not what this assistant sends (no session id); nothing done");
  // A transcript that is not a regular file (a FIFO, a device), or a link out of its folder, is
  // refused here, before the worker waits for the engine: the hook ends at once.
  if (ev.transcriptPath !== undefined && (ev.event === "stop" || ev.event === "session-end" || ev.event === "pre-compact" || ev.event === "post-compact")) checkRegularOutside(ev.transcriptPath);
  if (deadline === undefined) {
    // The daemon's warm engine writes the turns; when it cannot (none, it stopped, it failed),
    // the worker does: the capture cursor makes a second try write each turn once.
    const warm = worker === undefined ? await captureViaDaemon(opts, ev) : undefined;
    // The daemon noted the capture (or said in hooks.log why there was none): nothing is left to do.
    if (warm !== undefined) return endNow();
    return capture(assistant, start, await (worker ??= startWorker(start)).run({ ev, budgetMs: 0 }));
  }
  if (ev.event === "prompt" && (ev.prompt ?? "").trim() === "") return;
  // A resumed session's requests hold the start context already (the adapter says when).
  if (ev.event === "session-start" && ev.resumed === true) return;
  const job: HookJob = { ev, budgetMs: Math.max(1, Math.round(deadline - msSinceStart())) };
  const warm = worker === undefined ? await fromDaemon(opts, job) : undefined;
  const answer = warm ?? (await (worker ??= startWorker(start)).run(job));
  if (msSinceStart() > deadline) return miss(`the answer came after the ${budget} ms budget`);
  const out = assistant.hookOutput(ev.event, answer.text);
  if (answer.reason !== undefined && answer.text === "" && /budget/.test(answer.reason)) miss(answer.reason);
  // The daemon noted the injection: the harness waits for this process's end, so it ends once the answer is out.
  if (warm !== undefined) return endNow(out);
  process.stdout.write(out);
  if (answer.text !== "") noteHookActivity(start.workspace, assistant.name, "inject");
}

/**
 * Ends the process once `out` is flushed to the harness: a hook the daemon answered has nothing
 * left to do, and the harness waits for the process's end, not only for its output. Exit code 0
 * (the turn goes on whatever happened); handles still open (the daemon's socket, the timers)
 * need not close one by one first.
 */
function endNow(out = ""): void {
  if (out === "") process.exit(0);
  process.stdout.write(out, () => process.exit(0));
}

/** A capture is done: noted for --status, or, when nothing could be captured, said in hooks.log. */
function capture(assistant: AssistantAdapter, start: HookStart, r: WorkerAnswer): void {
  if (r.skipped !== undefined) appendHookLog(start.workspace, `agent hook ${assistant.name} ${start.event}: ${r.skipped}`);
  else noteHookActivity(start.workspace, assistant.name, "capture");
}

/** What the hook gets back: the text to print (inject events), or why nothing was injected or captured. */
interface WorkerAnswer {
  text: string;
  reason?: string;
  skipped?: string;
}

/** The warm answer from the workspace's daemon, or undefined when none answers in time. */
async function fromDaemon(opts: HookOpts, job: HookJob): Promise<WorkerAnswer | undefined> {
  const { ev } = job;
  const wait = { timeoutMs: job.budgetMs, onFallback: () => undefined };
  // The coding session-start text (never the whole `context`: AGENTS.md's instructions are not what a coding session gets).
  if (ev.event === "session-start") {
    const start = { harness: ev.harness, session: ev.session, budgetMs: job.budgetMs, ...(ev.cwd ? { cwd: ev.cwd } : {}) };
    return (await viaDaemon<{ text: string }>(opts, "sessionStart", start, wait)) ?? undefined;
  }
  const req = { prompt: ev.prompt ?? "", harness: ev.harness, session: ev.session, budgetMs: job.budgetMs };
  return (await viaDaemon<InjectAnswer>(opts, "inject", req, wait)) ?? undefined;
}

/** How long a turn-end capture waits for the daemon before the worker does it (a compaction's flush may call a model: it waits). */
const DAEMON_CAPTURE_WAIT_MS = 10_000;

/** The capture done by the workspace's daemon, or undefined when it did not do it (then the worker does). */
async function captureViaDaemon(opts: HookOpts, ev: HookJob["ev"]): Promise<WorkerAnswer | undefined> {
  const req = {
    event: ev.event,
    harness: ev.harness,
    session: ev.session,
    // The daemon runs in another folder: a relative path is this process's.
    ...(ev.transcriptPath !== undefined ? { transcriptPath: path.resolve(ev.transcriptPath) } : {}),
    ...(ev.messages !== undefined ? { messages: ev.messages } : {}),
    ...(ev.kind ? { kind: ev.kind } : {}),
  };
  const wait = { timeoutMs: ev.event === "pre-compact" ? 0 : DAEMON_CAPTURE_WAIT_MS, onFallback: () => undefined };
  try {
    const r = await viaDaemon<{ skipped?: string }>(opts, "capture", req, wait);
    return r === undefined ? undefined : { text: "", ...(r.skipped !== undefined ? { skipped: r.skipped } : {}) };
  } catch {
    // The daemon's engine refused it: the worker tries, and says what is wrong.
    return undefined;
  }
}

interface HookWorker {
  /**
   * Hands the payload over. Inject events: resolves with the text as soon as it comes (the
   * worker then closes the engine; the process ends when it has, or at the deadline). Capture
   * events: resolves when the worker is done; once the turns are written, the rest (the index
   * catch-up) gets what is left of CAPTURE_CAP_MS.
   */
  run(job: HookJob): Promise<WorkerAnswer>;
}

/**
 * hook-worker.js beside this chunk: the CLI always runs from the bundle (dist/bundle/), where
 * scripts/bundle-cli.mjs makes the worker an entry of its own.
 */
const WORKER_FILE = new URL("./hook-worker.js", import.meta.url);

/**
 * hook-worker.ts in a worker thread. Until it has a job it does not keep the process alive (a
 * bad payload ends the hook at once).
 */
function startWorker(start: HookStart): HookWorker {
  // Loaded here: a hook the daemon answers never starts a worker.
  const worker = new (workerThreads().Worker)(WORKER_FILE, { workerData: start });
  let captured: WorkerAnswer | undefined;
  const done = new Promise<WorkerAnswer>((resolve, reject) => {
    worker.on("message", (r: HookReply) => {
      if (r.kind === "answer") resolve({ text: r.text, ...(r.reason !== undefined ? { reason: r.reason } : {}) });
      else if (r.kind === "captured") {
        captured = { text: "", ...(r.skipped !== undefined ? { skipped: r.skipped } : {}) };
        // Said now, and noted (the await chain after it) before the cap may end the process
        // during the index catch-up: the cap is armed on the next turn of the loop.
        resolve(captured);
        setImmediate(() => stopAt(CAPTURE_CAP_MS, worker, start.stop));
      } else reject(new Error(r.message));
    });
    worker.on("error", reject);
    // An inject that ends without an answer injects nothing; a capture that ends before its turns were written is said.
    worker.on("exit", (code) => (hookBudgetMs(start.event, {}) !== undefined ? resolve({ text: "", reason: `the hook's worker stopped (code ${code})` }) : captured !== undefined ? resolve(captured) : reject(new Error(`the hook's worker stopped (code ${code}) before the turns were written; the next hook writes them`))));
  });
  // Marked handled: the worker may fail before run() is called (then run() hands the same failure back).
  done.catch(() => undefined);
  // After the listeners: adding a "message" one refs the worker again.
  worker.unref();
  return {
    run(job) {
      worker.ref();
      worker.postMessage(job);
      return done;
    },
  };
}

/**
 * The capture's cap: at `ms` (since the process started) the index catch-up is cut. The worker
 * is asked to stop (the shared flag: it stops between two files, closes its engine and ends by
 * itself) and the process ends once it has: a process.exit(), or a worker.terminate(), while
 * the worker is inside a SQLite call can abort the whole process natively (SIGABRT). Its turns
 * are written already; what the catch-up did not reach the next hook's (or a daemon) does.
 */
function stopAt(ms: number, worker: Worker, flag: SharedArrayBuffer | undefined): void {
  const stop = () => {
    if (flag !== undefined) Atomics.store(new Int32Array(flag), 0, 1);
    void stopped(worker).then(() => process.exit(0));
  };
  const left = ms - msSinceStart();
  if (left <= 0) return stop();
  setTimeout(stop, left).unref();
}

/** How long a worker asked to stop may take to reach a file's end before it is terminated. */
const STOP_GRACE_MS = 10_000;

/**
 * Resolves once the worker thread has ended. One that does not end within STOP_GRACE_MS of
 * being asked (one file's indexing that long) is terminated, and waited for too: the process
 * never ends while the thread still runs.
 */
function stopped(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    // Already ended: threadId is -1 once the thread is gone.
    if (worker.threadId === -1) return resolve();
    const grace = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
    worker.once("exit", () => {
      clearTimeout(grace);
      resolve();
    });
  });
}

interface HookInput {
  text: string;
}

/** The payload: what the harness wrote on stdin (a hook's stdin is small; read it whole). */
async function readStdin(): Promise<HookInput> {
  if (process.stdin.isTTY) return { text: "" };
  const chunks: Buffer[] = [];
  try {
    for await (const c of process.stdin) chunks.push(c as Buffer);
  } catch {
    // A closed or broken stdin: what arrived is the payload.
  }
  return { text: Buffer.concat(chunks).toString("utf8") };
}
