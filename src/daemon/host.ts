/**
 * `agent daemon`: the engine's host. One per workspace (daemon.lock). It opens the one Engine
 * and keeps it warm, and around it:
 *   - serves it over a Unix socket in .agent/ (the CLI's routed commands, `agent mcp`),
 *     and, when asked, over MCP Streamable HTTP on 127.0.0.1;
 *   - keeps the index in step with the disk (watcher) and fills in vectors in the background,
 *     so search trusts the index instead of scanning and never waits on embedding;
 *   - runs the scheduled jobs through the engine's job service (flushes, heartbeat, nightly
 *     reflection, weekly evolution, the daily backup of state.db), each recorded in job_runs.
 * stop() (SIGTERM, Ctrl-C) cancels what is in flight — the model call of a job, embedding
 * between batches, the calls of connected clients — closes everything and releases the lock.
 */
import { chmodSync, statSync } from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import type { SessionType } from "../context/assemble.js";
import { auditWorkspace } from "../context/audit.js";
import { Engine } from "../engine/engine.js";
import type { IndexWatcher } from "../engine/watcher.js";
import type { JobEvent, JobService } from "../jobs/runner.js";
import { ScheduleLoop } from "../jobs/runner.js";
import type { JobRun } from "../store/job-runs.js";
import type { LLMConfig } from "../llm/config.js";
import { systemClock, type Clock } from "../shared/clock.js";
import { acquireDaemonLock, lockStillHeld, type DaemonLock } from "../workspace/lock.js";
import { agentDir, configPath } from "../workspace/paths.js";
import { readConfigText } from "../workspace/config.js";
import type { HookEventName } from "../workspace/harness-turns.js";
import type { FirstPrompts, HookHttpAnswer } from "./hook-http.js";
import { ensureToken, McpHttpServer } from "./http.js";
import type { LineTransport } from "./line-transport.js";
import { BadRequestError, callMethod, DaemonUnavailableError, type AssistantReaders } from "./methods.js";
import { httpTokenPath, socketPath } from "./protocol.js";
import { SocketServer } from "./socket-server.js";
import type { WebFront } from "./web.js";

export interface DaemonEvent {
  at: number;
  level: "info" | "warn" | "error";
  /** "started", "serving", "lock", "audit", "job", "warning", "recovered", "stopping", "stopped". */
  event: string;
  message: string;
  run?: JobRun;
}

export interface DaemonHostOptions {
  workspace: string;
  /** This run's --provider / --model. */
  llm?: Partial<Pick<LLMConfig, "provider" | "model">>;
  clock?: Clock;
  /** Run the index watcher (default true). */
  watch?: boolean;
  /** Compute vectors in the background (default true). */
  embed?: boolean;
  /** Serve MCP over HTTP: true/false overrides daemon.http.enabled; `port` overrides daemon.http.port. */
  http?: { enabled?: boolean; port?: number };
  /** Privacy scope of MCP clients that do not name one; overrides daemon.session. */
  session?: SessionType;
  debounceMs?: number;
  /** The assistants' transcript readers: with them the daemon captures the assistants' turns (`capture`). */
  readers?: AssistantReaders;
  log: (e: DaemonEvent) => void;
}

const SESSIONS: readonly string[] = ["main", "group", "isolated"];
/** How often the daemon looks that its lock file is still its own. */
const LOCK_CHECK_MS = 500;

export class DaemonHost {
  readonly workspace: string;
  readonly clock: Clock;
  private readonly stopCtl = new AbortController();
  private lock: DaemonLock | undefined;
  private engine: Engine | undefined;
  private jobs: JobService | undefined;
  private loop: ScheduleLoop | undefined;
  private socket: SocketServer | undefined;
  private http: McpHttpServer | undefined;
  private watcher: IndexWatcher | undefined;
  private web: WebFront | undefined;
  /** Sessions whose first HTTP prompt brought the start context (hook-http.ts). */
  private firstPrompts: FirstPrompts | undefined;
  private lockTimer: NodeJS.Timeout | undefined;
  private configSeen = "";
  private configWarned = false;
  private session: SessionType = "main";
  private state: "new" | "started" | "stopped" = "new";

  constructor(private readonly opts: DaemonHostOptions) {
    this.workspace = opts.workspace;
    this.clock = opts.clock ?? systemClock;
  }

  get stopping(): boolean {
    return this.stopCtl.signal.aborted;
  }

  /** The socket path clients connect to. */
  get socketPath(): string | undefined {
    return this.socket?.path;
  }

  /** The MCP HTTP endpoint, when served. */
  get httpUrl(): string | undefined {
    return this.http?.url;
  }

  /** Takes the lock, opens the engine, starts serving, watching and the job loop's services. */
  async start(): Promise<void> {
    if (this.state !== "new") throw new Error("the daemon was already started");
    this.lock = acquireDaemonLock(this.workspace, { now: this.clock.now() });
    this.state = "started";
    try {
      const took = this.lock.takenOver;
      if (took !== undefined) {
        this.emit(
          "warn",
          "lock",
          "pid" in took
            ? `took over a stale lock left by pid ${took.pid} (started ${new Date(took.startedAt).toISOString()}), which is no longer running`
            : "took over an unreadable stale lock file",
        );
      }
      const engine = await Engine.load({ workspace: this.workspace, now: this.clock.now, ...(this.opts.llm && Object.keys(this.opts.llm).length > 0 ? { llm: this.opts.llm } : {}) });
      this.engine = engine;
      engine.onNotice = (n) => this.emit("warn", "warning", n.message);
      this.configSeen = configSignature(this.workspace);
      this.session = this.opts.session ?? engine.config.daemon.session;
      privateAgentDir(this.workspace);

      const jobs = await engine.jobs({ log: (e: JobEvent) => this.emit(e.level, e.event, e.message, e.run), startedAt: this.clock.now() });
      this.jobs = jobs;
      this.loop = new ScheduleLoop(jobs, this.clock);
      for (const m of auditWorkspace(this.workspace).messages) this.emit("warn", "audit", m);
      jobs.recoverInterrupted();

      this.socket = await SocketServer.listen({
        path: socketPath(this.workspace, { create: true }),
        call: (method, params, signal) => this.call(method, params, signal),
        openMcp: (params, transport) => this.openMcp(params, transport),
        warn: (m) => this.emit("warn", "warning", m),
      });

      const httpCfg = engine.config.daemon.http;
      if (this.opts.http?.enabled ?? httpCfg.enabled) {
        const tokenFile = httpTokenPath(this.workspace);
        const token = ensureToken(tokenFile, (m) => this.emit("warn", "warning", m));
        const [{ createMcpServer }, { WebFront }] = await Promise.all([import("../mcp/server.js"), import("./web.js")]);
        const session = this.session;
        // Once stopping, HTTP clients are told so instead of queueing more work.
        const stale = () => (this.stopping ? "the daemon is stopping; try again once it is back" : this.staleConfig());
        const web = new WebFront({ engine, port: () => this.http?.port ?? 0, warn: (m) => this.emit("warn", "warning", m), stale });
        this.web = web;
        this.http = await McpHttpServer.listen({
          web,
          port: this.opts.http?.port ?? httpCfg.port,
          token,
          allowedHosts: httpCfg.allowedHosts,
          createServer: () => createMcpServer({ engine, session }),
          during: (fn) => engine.searching.turns.during(fn),
          warn: (m) => this.emit("warn", "warning", m),
          stale,
          ...(this.opts.readers ? { hooks: (route, payload, budgetMs) => this.answerHook(route, payload, budgetMs) } : {}),
        });
      }
      // Said once everything listens: a port taken by another daemon ends the start before any "started".
      this.emit("info", "started", `daemon started on ${this.workspace} (pid ${this.lock.info.pid}); ${jobs.describeSchedule()}`);
      // What the first tick will do about the night: a catch-up, or why none is owed.
      if (engine.config.schedule.reflect) this.emit("info", "schedule", `nightly reflection: ${jobs.nightly().reason}`);
      this.emit("info", "serving", `serving the engine on ${this.socket.path}${this.session !== "main" ? ` (MCP scope ${this.session})` : ""}`);
      if (this.http) this.emit("info", "serving", `MCP over HTTP at ${this.http.url} (scope ${this.session}; bearer token in ${httpTokenPath(this.workspace)})`);

      if (this.opts.watch ?? true) {
        if (this.opts.embed ?? true) engine.indexing.backgroundEmbedder = "the daemon";
        this.watcher = await engine.indexing.watch({
          embed: this.opts.embed ?? true,
          signal: this.stopCtl.signal,
          ...(this.opts.debounceMs !== undefined ? { debounceMs: this.opts.debounceMs } : {}),
          onSync: (s) => {
            for (const p of s.problems) this.emit("warn", "warning", p.message);
            // A transcript grew: check whether it needs a pre-compaction flush now.
            if (s.indexed.some((p) => p.startsWith("sessions/"))) this.loop?.poke();
          },
          warn: (m) => this.emit("warn", "warning", m),
        });
        for (const p of this.watcher.initial.problems) this.emit("warn", "warning", p.message);
        const st = engine.indexing.status();
        this.emit("info", "watching", `index up to date (${st.files} files, ${st.chunks} chunks, ${st.vectors.missing} without vectors); watching for changes`);
      }
      this.warmUp(engine);
      this.lockTimer = setInterval(() => this.checkLock(), LOCK_CHECK_MS);
      this.lockTimer.unref();
    } catch (e) {
      await this.cleanup(false);
      throw e;
    }
  }

  /** Runs until stop(): the job loop; then closes everything. */
  async run(): Promise<void> {
    if (this.state === "new") {
      if (this.stopping) return;
      await this.start();
    }
    if (this.state === "stopped") return;
    try {
      if (!this.stopping) await this.loop!.run(this.stopCtl.signal);
    } finally {
      await this.cleanup(true);
    }
  }

  /** No new job or call starts; what is in flight is cancelled. */
  stop(reason = "stop requested"): void {
    if (this.stopping) return;
    if (this.state === "started") this.emit("info", "stopping", `stopping (${reason})`);
    this.stopCtl.abort(new Error(`the daemon is stopping (${reason})`));
    // Searches in flight end at their next stage instead of holding the stop up.
    this.engine?.stopRequests(`the daemon is stopping (${reason})`);
  }

  private async call(method: string, params: unknown, signal: AbortSignal): Promise<unknown> {
    if (this.stopping) throw new DaemonUnavailableError("stopping", "the daemon is stopping");
    if (method === "uiLogin") return this.uiLogin();
    this.checkConfig();
    const http = this.http ? { http: `http://127.0.0.1:${this.http.port}` } : {};
    const engine = this.engine!;
    // Marked from here to its answer: a big query of another client waits while it is under way (engine/turns.ts).
    return engine.searching.turns.during(() => callMethod({ engine, signal, session: this.session, ...http, ...(this.opts.readers ? { readers: this.opts.readers } : {}) }, method, params));
  }

  /** An assistant's hook over HTTP: the socket's own methods answer it (hook-http.ts). */
  private async answerHook(route: { harness: string; event: HookEventName; workspace: string | null }, payload: string, budgetMs: number | undefined): Promise<HookHttpAnswer> {
    // Hooks connected to another workspace, now reaching this daemon on the same port: refused, never captured here.
    if (route.workspace !== null && path.resolve(route.workspace) !== path.resolve(this.workspace)) {
      return { status: 409, body: JSON.stringify({ error: `this daemon serves ${this.workspace}, not ${route.workspace}: start that workspace's daemon on another port and run \`agent connect ${route.harness} --via daemon\` again` }) };
    }
    const { answerHook, FirstPrompts } = await import("./hook-http.js");
    const ctx = { engine: this.engine!, signal: this.stopCtl.signal, session: this.session, readers: this.opts.readers! };
    this.firstPrompts ??= new FirstPrompts();
    return answerHook(ctx, this.opts.readers!, this.firstPrompts, route, payload, budgetMs);
  }

  /** A one-time login link to the web page (`agent ui`), when the daemon serves HTTP. */
  private uiLogin(): { url: string; expiresAt: number } {
    if (!this.web || !this.http) throw new BadRequestError("this daemon serves no HTTP, so no web page; restart it with `agent daemon --http` (or set daemon.http.enabled)");
    return this.web.mintLogin();
  }

  private async openMcp(params: unknown, transport: LineTransport): Promise<void> {
    if (this.stopping) throw new DaemonUnavailableError("stopping", "the daemon is stopping");
    this.checkConfig();
    const asked = (params as { session?: unknown } | null | undefined)?.session;
    if (asked !== undefined && (typeof asked !== "string" || !SESSIONS.includes(asked))) throw new BadRequestError(`mcp: session must be main, group or isolated`);
    const session = (asked as SessionType | undefined) ?? this.session;
    const [{ createMcpServer }, { serveConnection }] = await Promise.all([import("../mcp/server.js"), import("../mcp/serve.js")]);
    const engine = this.engine!;
    serveConnection(transport, () => createMcpServer({ engine, session }));
    // A session opened before an edit of the config must not go on serving the old one.
    const deliver = transport.onmessage;
    transport.onmessage = (msg) => {
      // Requests only (a method and an id); notifications and answers pass.
      const id = (msg as { id?: string | number }).id;
      const stale = "method" in msg && id !== undefined ? this.staleConfig() : null;
      if (stale === null || id === undefined) return deliver?.(msg);
      void transport.send({ jsonrpc: "2.0", id, error: { code: -32002, message: stale } });
    };
  }

  /**
   * A config edited since the daemon started makes its answers differ from a fresh process's:
   * clients are sent back to work in-process until the daemon is restarted.
   */
  private checkConfig(): void {
    const stale = this.staleConfig();
    if (stale !== null) throw new DaemonUnavailableError("config-changed", stale);
  }

  /**
   * Why this daemon must not answer (its config is older than the file), or null. Asked by
   * every front on every request — the socket, MCP over HTTP, the web page — so none serves
   * the old settings: socket clients work in-process, HTTP clients are told to restart it.
   * By content (one read and hash of a small file), so an edit that keeps the size and the
   * modification time is seen too.
   */
  private staleConfig(): string | null {
    if (configSignature(this.workspace) === this.configSeen) return null;
    if (!this.configWarned) {
      this.configWarned = true;
      this.emit("warn", "warning", `${configPath(this.workspace)} changed since the daemon started; commands work in-process and MCP over HTTP and the web page are refused until the daemon is restarted`);
    }
    return `${configPath(this.workspace)} changed since the daemon started: restart the daemon to use it (stop it, then \`agent daemon\`)`;
  }

  /**
   * A `rm -rf .agent` under the daemon takes its lock, socket and databases with it: it stops,
   * so a second daemon never serves beside it, and says why.
   */
  private checkLock(): void {
    if (this.stopping || this.lock === undefined || lockStillHeld(this.lock)) return;
    this.emit("warn", "warning", `${this.lock.file} was removed or replaced (was .agent/ deleted?); the daemon stops — start it again`);
    this.stop("its lock file is gone");
  }

  /** Loads what the first search would otherwise wait for: the embedder, the vectors in memory, the MCP server code. */
  private warmUp(engine: Engine): void {
    const quiet = () => undefined;
    engine
      .indexing.warm(this.stopCtl.signal, { practiseQueries: true })
      .then((w) => {
        // A warm-up that ends while the daemon stops says nothing: "daemon stopped" is the last line.
        if (this.stopping) return;
        const v = w.vectors;
        if (v?.ready) this.emit("info", "warm", `${v.windows} vectors kept in memory (${(v.bytes / 1e6).toFixed(1)} MB), ready in ${w.ms} ms`);
        // Said in every mode: until then the searches share the thread with the warm-up.
        else this.emit("info", "warm", `search warmed in ${w.ms} ms (${w.words} common words read ahead)`);
      })
      .catch((e: unknown) => {
        if (!this.stopping) this.emit("warn", "warning", `warming the engine failed (searches still work): ${e instanceof Error ? e.message : String(e)}`);
      });
    import("../mcp/server.js").catch(quiet);
    // The assistants' first prompt is a hot path too (a hook's or OpenClaw's budget is 300 ms):
    // their service and the session-start context's reader are loaded before it comes.
    // One throwaway keyword lookup (no recall is recorded) runs the search's code once.
    engine
      .assistants()
      .then((a) => a.inject({ prompt: "warming the memory search", budgetMs: 0, mode: "keyword", refresh: false }))
      .catch(quiet);
    import("../context/load.js").catch(quiet);
  }

  private async cleanup(announce: boolean): Promise<void> {
    if (this.state === "stopped") return;
    this.state = "stopped";
    this.stopCtl.abort(new Error("the daemon is stopping"));
    if (this.lockTimer) clearInterval(this.lockTimer);
    const step = async (what: string, fn: () => Promise<void> | void) => {
      try {
        await fn();
      } catch (e) {
        this.emit("warn", "warning", `closing ${what} failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    };
    // The stop holds the process until it has said so: a part that lets go of its last handle
    // while its close is still awaited (a worker thread's exit) would otherwise end the process
    // with code 0 half-way, the lock left behind and no "daemon stopped". The CLI's stop timeout
    // still bounds the wait.
    const hold = setInterval(() => undefined, 60_000);
    try {
      await stallForTest();
      await step("the socket", () => this.socket?.close());
      await step("the HTTP server", () => this.http?.close());
      await step("the watcher", () => this.watcher?.close());
      await step("the engine", () => this.engine?.close());
      this.lock?.release();
      if (announce) this.emit("info", "stopped", "daemon stopped; lock released");
    } finally {
      clearInterval(hold);
    }
  }

  private emit(level: DaemonEvent["level"], event: string, message: string, run?: JobRun): void {
    this.opts.log({ at: this.clock.now(), level, event, message, ...(run !== undefined ? { run } : {}) });
  }
}

/**
 * agent.config.json by its content, as in-process runs key their config on it: a `touch` or a
 * save of the same bytes changes nothing; an edit that keeps the size and the mtime is seen.
 */
function configSignature(workspace: string): string {
  try {
    const text = readConfigText(workspace);
    return text === null ? "none" : createHash("sha256").update(text).digest("hex");
  } catch {
    return "none";
  }
}

/** .agent/ holds the socket and the token: only its owner may enter it. */
function privateAgentDir(workspace: string): void {
  const dir = agentDir(workspace);
  try {
    const st = statSync(dir);
    const uid = typeof process.getuid === "function" ? process.getuid() : st.uid;
    if (st.uid === uid && (st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
}

/**
 * TEST ONLY: AGENT_TEST_DAEMON_STOP_STALL_MS holds the stop this long before anything is
 * closed (the workers still embedding): how a test sends the second signal while a stop is
 * under way, which a stop that ends in a few milliseconds leaves no room for.
 */
async function stallForTest(): Promise<void> {
  const ms = Number(process.env.AGENT_TEST_DAEMON_STOP_STALL_MS ?? 0);
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}
