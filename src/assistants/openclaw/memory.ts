/**
 * The engine inside OpenClaw's process, as its memory plugin (plugin.ts) uses it: one engine
 * per workspace per process, opened in the background when the plugin is registered and closed
 * when OpenClaw shuts down. Everything here fails open: a memory that cannot answer in time, or
 * at all, leaves the turn as it would have been without it, and says why in OpenClaw's log.
 *
 * When `agent daemon` runs for the workspace, everything goes to it (its engine is warm: the
 * first prompt gets its memories without this process opening anything) and the engine is never
 * opened here; should the daemon not answer, the engine opens here as the fallback.
 *
 * The hot path (a prompt about to be sent) never scans the workspace: the index is brought up
 * to date when the engine opens and after each captured turn, and the prompt's search trusts it
 * (`refresh: false`); until the embedding model is warm, the search is by keywords, so the first
 * turn never waits for a model load. A prompt's budget counts from the prompt's arrival.
 */
import { openClawTurns } from "./transcript.js";
import { askDaemon, daemonSocketExists, type AskDaemonOptions } from "../../daemon/client.js";
import type { RpcMethod } from "../../daemon/protocol.js";
import type { InjectAnswer } from "../../engine/assistants.js";
import type { Engine } from "../../engine/engine.js";
import { errorText } from "../../engine/errors.js";
import { mcpSearchAnswer } from "../../mcp/tools/search.js";
import type { SearchReport } from "../../search/report.js";
import { asSpoken } from "../../workspace/harness-turns.js";
import { noteHookActivity } from "../../workspace/hook-activity.js";
import { appendHookLog } from "../../workspace/hook-log.js";
import { numberLines, type LineRange } from "../../workspace/safe-read.js";
import type { SessionKind, Speaker } from "../../workspace/sessions.js";

export interface OpenClawMemoryOptions {
  workspace: string;
  /** Memories injected per prompt at most. */
  injectLimit: number;
  /** A prompt waits at most this long for its memories. */
  budgetMs: number;
  log: { info(m: string): void; warn(m: string): void };
}

/** One per workspace per process: OpenClaw registers a plugin several times (discovery, then the run). */
const open = new Map<string, OpenClawMemory>();

export function memoryFor(opts: OpenClawMemoryOptions): OpenClawMemory {
  let m = open.get(opts.workspace);
  if (!m) {
    m = new OpenClawMemory(opts);
    open.set(opts.workspace, m);
  }
  return m;
}

/** Closes every engine this process opened (OpenClaw is shutting down). */
export async function closeAll(): Promise<void> {
  const all = [...open.values()];
  open.clear();
  await Promise.all(all.map((m) => m.close()));
}

export class OpenClawMemory {
  private opening: Promise<Engine> | undefined;
  private warm = false;
  private closed = false;

  constructor(private readonly opts: OpenClawMemoryOptions) {}

  /**
   * Opens the engine in the background (once): config, index brought up to date, then the
   * embedder warmed; not when the workspace's daemon runs (it answers, warm, and opening an
   * engine here would only take the machine's time from it on the first prompt).
   */
  start(): void {
    if (this.daemonThere()) return;
    void this.engine().catch(() => undefined);
  }

  /** Whether the workspace's daemon may answer (its socket is there; AGENT_DAEMON=off says never). */
  private daemonThere(): boolean {
    if (process.env.AGENT_DAEMON?.trim().toLowerCase() === "off") return false;
    return daemonSocketExists(this.opts.workspace);
  }

  /** The daemon's answer, or undefined when none answers (then this process does it); never throws for a daemon that is not there. */
  private async daemon<T>(method: RpcMethod, params: unknown, o: AskDaemonOptions): Promise<T | undefined> {
    if (!this.daemonThere()) return undefined;
    return askDaemon<T>(this.opts.workspace, method, params, { onFallback: (why) => this.opts.log.info(`agent-memory: ${why}; working in OpenClaw's process`), ...o });
  }

  engine(): Promise<Engine> {
    this.opening ??= (async () => {
      const { Engine } = await import("../../engine/engine.js");
      const engine = await Engine.load({ workspace: this.opts.workspace });
      engine.onNotice = (n) => this.opts.log.warn(`agent-memory: ${n.message}`);
      // Off the hot path: the one scan, before any prompt needs the index.
      engine.indexing.index();
      engine
        .indexing.warm()
        .then(() => (this.warm = true))
        .catch((e: unknown) => this.opts.log.warn(`agent-memory: the embedding model did not load (${errorText(e)}); memories are found by keywords`));
      return engine;
    })();
    this.opening.catch((e: unknown) => this.opts.log.warn(`agent-memory: cannot open the workspace ${this.opts.workspace}: ${errorText(e)}`));
    return this.opening;
  }

  /**
   * The memories relevant to a prompt, as text to put before it, or "" (nothing relevant, the
   * budget ran out, or the engine failed). Only the person's main session sees their private
   * files (MEMORY.md, USER.md, daily notes, transcripts); a group or isolated session the rest.
   */
  async inject(prompt: string, session: string | undefined, kind: SessionKind = "main"): Promise<string> {
    // The budget counts from here, the prompt's arrival: whatever the plugin's start took is not the prompt's.
    const started = performance.now();
    const budget = this.opts.budgetMs;
    const left = () => Math.max(1, Math.round(budget - (performance.now() - started)));
    const req = { prompt, harness: "openclaw", ...(session !== undefined ? { session } : {}), kind, limit: this.opts.injectLimit };
    try {
      // The daemon's own search stops a little before the budget, so its answer still arrives within it.
      let daemonMiss: string | undefined;
      // A daemon that refuses the request (one started before an upgrade) leaves it to this process.
      const ask = this.daemon<InjectAnswer>("inject", { ...req, budgetMs: Math.max(1, budget - DAEMON_MARGIN_MS) }, { timeoutMs: budget, onFallback: (why) => (daemonMiss = why) });
      const warm = await ask.catch(() => undefined);
      if (warm !== undefined) return this.injected(warm);
      // A daemon that ran late used the budget: a cold engine here could only be later still.
      if (daemonMiss !== undefined && performance.now() - started >= budget) return this.skipped(daemonMiss);
      const engine = await withinBudget(this.engine(), left());
      if (engine === undefined) return this.skipped(`the workspace was still opening at the end of the ${budget} ms budget`);
      const answer = await (await engine.assistants()).inject({ ...req, budgetMs: left(), refresh: false, ...(this.warm ? {} : { mode: "keyword" as const }) });
      return this.injected(answer);
    } catch (e) {
      return this.skipped(errorText(e));
    }
  }

  /** An answer's text; noted for `agent connect --status`, or why nothing came said. */
  private injected(answer: Pick<InjectAnswer, "text" | "reason">): string {
    if (answer.text === "" && answer.reason) this.opts.log.info(`agent-memory: no memories for this prompt (${answer.reason})`);
    if (answer.text !== "") noteHookActivity(this.opts.workspace, "openclaw", "inject");
    else if (answer.reason !== undefined && /budget/.test(answer.reason)) this.hookLog("prompt", `no memories: ${answer.reason}`);
    return answer.text;
  }

  private skipped(why: string): string {
    this.opts.log.info(`agent-memory: no memories for this prompt (${why})`);
    this.hookLog("prompt", `no memories: ${why}`);
    return "";
  }

  /** A miss in the workspace's .agent/hooks.log, as the hook commands of the other assistants write it (`agent connect --status` counts them). */
  private hookLog(event: string, what: string): void {
    appendHookLog(this.opts.workspace, `agent hook openclaw ${event}: ${what}`);
  }

  /**
   * A turn's messages into `sessions/openclaw-<session>.jsonl` (each once, each line with the
   * session's kind), then the index brought up to date. In a group, what the "user" side says
   * is another participant's (whoever wrote it, it is not the person's own note), in a cron run
   * or a sub-agent's session the agent's that started it (`asker`).
   */
  async capture(session: string | undefined, messages: unknown, kind: SessionKind = "main", asker?: Speaker): Promise<void> {
    if (session === undefined || !Array.isArray(messages) || messages.length === 0) return;
    try {
      const turns = asSpoken(openClawTurns(session, messages), kind, asker);
      // The daemon writes them (its watcher indexes them); else this process does, from the same cursor.
      const warm = await this.daemon<{ appended: number }>("capture", { event: "stop", harness: "openclaw", session, kind, turns }, { timeoutMs: DAEMON_CAPTURE_WAIT_MS }).catch(() => undefined);
      if (warm !== undefined) return noteHookActivity(this.opts.workspace, "openclaw", "capture");
      const engine = await this.engine();
      const r = (await engine.assistants()).capture({ harness: "openclaw", session, kind, turns });
      noteHookActivity(this.opts.workspace, "openclaw", "capture");
      if (r.appended > 0) engine.indexing.index();
    } catch (e) {
      this.opts.log.warn(`agent-memory: could not capture the turn of session ${session}: ${errorText(e)}`);
      this.hookLog("stop", `could not capture the turn of session ${session}: ${errorText(e)}`);
    }
  }

  /** OpenClaw is compacting a session: capture, the pre-compaction flush once per cycle, the marker. */
  async compaction(session: string | undefined, messages: unknown, kind: SessionKind = "main", asker?: Speaker): Promise<void> {
    if (session === undefined) return;
    try {
      const turns = Array.isArray(messages) ? asSpoken(openClawTurns(session, messages), kind, asker) : [];
      // A flush may call a model: the daemon is waited for.
      const warm = await this.daemon<object>("capture", { event: "pre-compact", harness: "openclaw", session, kind, turns }, { timeoutMs: 0 }).catch(() => undefined);
      if (warm !== undefined) return this.opts.log.info(`agent-memory: compaction of ${session}: captured and marked by the daemon`);
      const engine = await this.engine();
      const r = await (await engine.assistants()).compaction({ harness: "openclaw", session, turns, kind });
      this.opts.log.info(`agent-memory: compaction of ${session}: flush ${r.flush}${r.reason ? ` (${r.reason})` : ""}`);
    } catch (e) {
      this.opts.log.warn(`agent-memory: the pre-compaction flush of ${session} failed: ${errorText(e)}`);
    }
  }

  /** memory_search: the engine's answer as MCP gives it (no bookkeeping, no paths of the machine). */
  async search(query: string, limit: number | undefined, signal?: AbortSignal, kind: SessionKind = "main"): Promise<string> {
    const warm = await this.daemon<SearchReport>("search", { query, ...(limit ? { limit } : {}), session: kind, rerank: false }, signal ? { signal } : {});
    if (warm !== undefined) return JSON.stringify(mcpSearchAnswer(warm), null, 2);
    const engine = await this.engine();
    const res = await engine.search(query, { ...(limit ? { limit } : {}), session: kind, refresh: false, rerank: false, ...(signal ? { signal } : {}), ...(this.warm ? {} : { mode: "keyword" as const }) });
    return JSON.stringify(mcpSearchAnswer(res), null, 2);
  }

  /** memory_get: numbered lines of a workspace file, as MCP's memory_get; a private file is refused outside a main session. */
  async get(rel: string, from: number | undefined, lines: number | undefined, kind: SessionKind = "main"): Promise<string> {
    const range = { ...(from !== undefined ? { from } : {}), ...(lines !== undefined ? { lines } : {}) };
    const r = (await this.daemon<LineRange>("readFile", { path: rel, session: kind, ...range }, {})) ?? (await (await (await this.engine()).assist()).readFile(rel, { session: kind, ...range }));
    if (r.lines.length === 0) return `${r.rel}: ${r.totalLines} lines; nothing at line ${r.from}`;
    const more = r.to < r.totalLines ? `\n[lines ${r.to + 1}-${r.totalLines} not shown: call again with from=${r.to + 1}]` : "";
    return `${r.rel} lines ${r.from}-${r.to} of ${r.totalLines}\n${numberLines(r)}${more}`;
  }

  async close(): Promise<void> {
    if (this.closed || this.opening === undefined) return;
    this.closed = true;
    const engine = await this.opening.catch(() => undefined);
    await engine?.close().catch(() => undefined);
  }
}

/** The daemon's inject is asked to stop this much before the prompt's budget: its answer still has to travel. */
const DAEMON_MARGIN_MS = 30;
/** A turn's capture waits this long for the daemon before this process does it (from the same cursor: nothing twice). */
const DAEMON_CAPTURE_WAIT_MS = 10_000;

/** The promise's value if it settles within `ms`, else undefined (it goes on in the background). */
async function withinBudget<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
    timer.unref();
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}
