/**
 * `agent daemon`: the engine's host. One per workspace (daemon.lock). It opens the one Engine
 * and keeps it warm, and around it:
 *   - serves it over a Unix socket in .agent/ (the CLI's routed commands, `agent mcp`),
 *     and, when asked, over MCP Streamable HTTP on 127.0.0.1;
 *   - keeps the index in step with the disk (watcher) and fills in vectors in the background,
 *     so search trusts the index instead of scanning and never waits on embedding;
 *   - runs the scheduled jobs (flushes, heartbeat, nightly reflection, weekly evolution) and
 *     the daily backup of state.db.
 * stop() (SIGTERM, Ctrl-C) cancels what is in flight — the model call of a job, embedding
 * between batches, the calls of connected clients — closes everything and releases the lock.
 */
import { chmodSync, statSync } from "node:fs";
import { auditWorkspace } from "../context/audit.js";
import { Engine } from "../engine/engine.js";
import { JobService, ScheduleLoop } from "../jobs/runner.js";
import { systemClock } from "../shared/clock.js";
import { acquireDaemonLock } from "../shared/lock.js";
import { backupStateIfDue } from "../store/backup.js";
import { agentDir, configPath } from "../workspace/paths.js";
import { ensureToken, McpHttpServer } from "./http.js";
import { BadRequestError, callMethod, DaemonUnavailableError } from "./methods.js";
import { httpTokenPath, socketPath } from "./protocol.js";
import { SocketServer } from "./socket-server.js";
import { DaemonWatcher } from "./watcher.js";
const SESSIONS = ["main", "group", "isolated"];
const BACKUP_CHECK_MS = 3600_000;
export class DaemonHost {
    opts;
    workspace;
    clock;
    stopCtl = new AbortController();
    lock;
    engine;
    jobs;
    loop;
    socket;
    http;
    watcher;
    backupTimer;
    backingUp = Promise.resolve();
    configSeen = "";
    configWarned = false;
    session = "main";
    state = "new";
    constructor(opts) {
        this.opts = opts;
        this.workspace = opts.workspace;
        this.clock = opts.clock ?? systemClock;
    }
    get stopping() {
        return this.stopCtl.signal.aborted;
    }
    /** The socket path clients connect to. */
    get socketPath() {
        return this.socket?.path;
    }
    /** The MCP HTTP endpoint, when served. */
    get httpUrl() {
        return this.http?.url;
    }
    /** Takes the lock, opens the engine, starts serving, watching and the job loop's services. */
    async start() {
        if (this.state !== "new")
            throw new Error("the daemon was already started");
        this.lock = acquireDaemonLock(this.workspace, { now: this.clock.now() });
        this.state = "started";
        try {
            const took = this.lock.takenOver;
            if (took !== undefined) {
                this.emit("warn", "lock", "pid" in took
                    ? `took over a stale lock left by pid ${took.pid} (started ${new Date(took.startedAt).toISOString()}), which is no longer running`
                    : "took over an unreadable stale lock file");
            }
            const engine = await Engine.load({ workspace: this.workspace, now: this.clock.now, ...(this.opts.llm && Object.keys(this.opts.llm).length > 0 ? { llm: this.opts.llm } : {}) });
            this.engine = engine;
            engine.onNotice = (n) => this.emit("warn", "warning", n.message);
            this.configSeen = configSignature(this.workspace);
            this.session = this.opts.session ?? engine.config.daemon.session;
            privateAgentDir(this.workspace);
            const jobs = new JobService(engine.jobDeps(), { log: (e) => this.emit(e.level, e.event, e.message, e.run), startedAt: this.clock.now() });
            this.jobs = jobs;
            this.loop = new ScheduleLoop(jobs, this.clock);
            this.emit("info", "started", `daemon started on ${this.workspace} (pid ${this.lock.info.pid}); ${jobs.describeSchedule()}`);
            for (const m of auditWorkspace(this.workspace).messages)
                this.emit("warn", "audit", m);
            jobs.recoverInterrupted();
            this.socket = await SocketServer.listen({
                path: socketPath(this.workspace, { create: true }),
                call: (method, params, signal) => this.call(method, params, signal),
                openMcp: (params, transport) => this.openMcp(params, transport),
                warn: (m) => this.emit("warn", "warning", m),
            });
            this.emit("info", "serving", `serving the engine on ${this.socket.path}${this.session !== "main" ? ` (MCP scope ${this.session})` : ""}`);
            const httpCfg = engine.config.daemon.http;
            if (this.opts.http?.enabled ?? httpCfg.enabled) {
                const tokenFile = httpTokenPath(this.workspace);
                const token = ensureToken(tokenFile, (m) => this.emit("warn", "warning", m));
                const { createMcpServer } = await import("../mcp/server.js");
                const session = this.session;
                this.http = await McpHttpServer.listen({
                    port: this.opts.http?.port ?? httpCfg.port,
                    token,
                    allowedHosts: httpCfg.allowedHosts,
                    createServer: () => createMcpServer({ engine, session }),
                    warn: (m) => this.emit("warn", "warning", m),
                });
                this.emit("info", "serving", `MCP over HTTP at ${this.http.url} (scope ${session}; bearer token in ${tokenFile})`);
            }
            if (this.opts.watch ?? true) {
                this.watcher = await DaemonWatcher.start({
                    engine,
                    embed: this.opts.embed ?? true,
                    signal: this.stopCtl.signal,
                    ...(this.opts.debounceMs !== undefined ? { debounceMs: this.opts.debounceMs } : {}),
                    onSync: (s) => {
                        for (const p of s.problems)
                            this.emit("warn", "warning", p.message);
                        // A transcript grew: check whether it needs a pre-compaction flush now.
                        if (s.indexed.some((p) => p.startsWith("sessions/")))
                            this.loop?.poke();
                    },
                    warn: (m) => this.emit("warn", "warning", m),
                });
                const watcher = this.watcher;
                engine.freshness = () => watcher.fresh();
                const st = engine.status();
                this.emit("info", "watching", `index up to date (${st.files} files, ${st.chunks} chunks, ${st.vectors.missing} without vectors); watching for changes`);
            }
            this.warmUp(engine);
            this.backupTimer = setInterval(() => this.backup(), BACKUP_CHECK_MS);
            this.backupTimer.unref();
            this.backup();
        }
        catch (e) {
            await this.cleanup(false);
            throw e;
        }
    }
    /** Runs until stop(): the job loop; then closes everything. */
    async run() {
        if (this.state === "new") {
            if (this.stopping)
                return;
            await this.start();
        }
        if (this.state === "stopped")
            return;
        try {
            if (!this.stopping)
                await this.loop.run(this.stopCtl.signal);
        }
        finally {
            await this.cleanup(true);
        }
    }
    /** No new job or call starts; what is in flight is cancelled. */
    stop(reason = "stop requested") {
        if (this.stopping)
            return;
        if (this.state === "started")
            this.emit("info", "stopping", `stopping (${reason})`);
        this.stopCtl.abort(new Error(`the daemon is stopping (${reason})`));
    }
    async call(method, params, signal) {
        if (this.stopping)
            throw new DaemonUnavailableError("stopping", "the daemon is stopping");
        this.checkConfig();
        return callMethod({ engine: this.engine, signal, session: this.session }, method, params);
    }
    async openMcp(params, transport) {
        if (this.stopping)
            throw new DaemonUnavailableError("stopping", "the daemon is stopping");
        this.checkConfig();
        const asked = params?.session;
        if (asked !== undefined && (typeof asked !== "string" || !SESSIONS.includes(asked)))
            throw new BadRequestError(`mcp: session must be main, group or isolated`);
        const session = asked ?? this.session;
        const { createMcpServer } = await import("../mcp/server.js");
        const server = createMcpServer({ engine: this.engine, session });
        transport.onclose = () => void server.close().catch(() => undefined);
        await server.connect(transport);
    }
    /**
     * A config edited since the daemon started makes its answers differ from a fresh process's:
     * clients are sent back to work in-process until the daemon is restarted.
     */
    checkConfig() {
        if (configSignature(this.workspace) === this.configSeen)
            return;
        if (!this.configWarned) {
            this.configWarned = true;
            this.emit("warn", "warning", `${configPath(this.workspace)} changed since the daemon started; commands work in-process until the daemon is restarted`);
        }
        throw new DaemonUnavailableError("config-changed", `${configPath(this.workspace)} changed; restart the daemon to use it`);
    }
    /** Loads what the first search would otherwise wait for: the embedder and the MCP server code. */
    warmUp(engine) {
        const quiet = () => undefined;
        if (engine.config.search.mode !== "keyword") {
            engine
                .embedder()
                .then((s) => s.embedder?.init?.())
                .catch(quiet);
        }
        import("../mcp/server.js").catch(quiet);
    }
    /** The daily copy of state.db, when due (one at a time; a stop waits for the one in progress). */
    backup() {
        const engine = this.engine;
        if (this.stopping || !engine)
            return;
        this.backingUp = this.backingUp.then(async () => {
            if (this.stopping)
                return;
            try {
                const b = await backupStateIfDue(engine.statePath, { now: this.clock.now() });
                if (b)
                    this.emit("info", "backup", `state backed up to ${b.file}`);
            }
            catch (e) {
                this.emit("warn", "warning", `state backup failed: ${e instanceof Error ? e.message : String(e)}`);
            }
        });
    }
    async cleanup(announce) {
        if (this.state === "stopped")
            return;
        this.state = "stopped";
        this.stopCtl.abort(new Error("the daemon is stopping"));
        if (this.backupTimer)
            clearInterval(this.backupTimer);
        const step = async (what, fn) => {
            try {
                await fn();
            }
            catch (e) {
                this.emit("warn", "warning", `closing ${what} failed: ${e instanceof Error ? e.message : String(e)}`);
            }
        };
        await step("the socket", () => this.socket?.close());
        await step("the HTTP server", () => this.http?.close());
        await step("the watcher", () => this.watcher?.close());
        await step("the state backup", () => this.backingUp);
        await step("the engine", () => this.engine?.close());
        this.lock?.release();
        if (announce)
            this.emit("info", "stopped", "daemon stopped; lock released");
    }
    emit(level, event, message, run) {
        this.opts.log({ at: this.clock.now(), level, event, message, ...(run !== undefined ? { run } : {}) });
    }
}
/** What changes when agent.config.json is edited, replaced or removed. */
function configSignature(workspace) {
    try {
        const st = statSync(configPath(workspace));
        return `${st.ino}:${st.size}:${st.mtimeMs}`;
    }
    catch {
        return "none";
    }
}
/** .agent/ holds the socket and the token: only its owner may enter it. */
function privateAgentDir(workspace) {
    const dir = agentDir(workspace);
    try {
        const st = statSync(dir);
        const uid = typeof process.getuid === "function" ? process.getuid() : st.uid;
        if (st.uid === uid && (st.mode & 0o077) !== 0)
            chmodSync(dir, 0o700);
    }
    catch (e) {
        if (e.code !== "ENOENT")
            throw e;
    }
}
//# sourceMappingURL=host.js.map