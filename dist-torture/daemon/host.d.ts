import type { SessionType } from "../context/assemble.js";
import type { JobRun } from "../jobs/runs.js";
import type { LLMConfig } from "../llm/config.js";
import { type Clock } from "../shared/clock.js";
export interface DaemonEvent {
    at: number;
    level: "info" | "warn" | "error";
    /** "started", "serving", "lock", "audit", "job", "warning", "recovered", "backup", "stopping", "stopped". */
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
    http?: {
        enabled?: boolean;
        port?: number;
    };
    /** Privacy scope of MCP clients that do not name one; overrides daemon.session. */
    session?: SessionType;
    debounceMs?: number;
    log: (e: DaemonEvent) => void;
}
export declare class DaemonHost {
    private readonly opts;
    readonly workspace: string;
    readonly clock: Clock;
    private readonly stopCtl;
    private lock;
    private engine;
    private jobs;
    private loop;
    private socket;
    private http;
    private watcher;
    private backupTimer;
    private backingUp;
    private configSeen;
    private configWarned;
    private session;
    private state;
    constructor(opts: DaemonHostOptions);
    get stopping(): boolean;
    /** The socket path clients connect to. */
    get socketPath(): string | undefined;
    /** The MCP HTTP endpoint, when served. */
    get httpUrl(): string | undefined;
    /** Takes the lock, opens the engine, starts serving, watching and the job loop's services. */
    start(): Promise<void>;
    /** Runs until stop(): the job loop; then closes everything. */
    run(): Promise<void>;
    /** No new job or call starts; what is in flight is cancelled. */
    stop(reason?: string): void;
    private call;
    private openMcp;
    /**
     * A config edited since the daemon started makes its answers differ from a fresh process's:
     * clients are sent back to work in-process until the daemon is restarted.
     */
    private checkConfig;
    /** Loads what the first search would otherwise wait for: the embedder and the MCP server code. */
    private warmUp;
    /** The daily copy of state.db, when due (one at a time; a stop waits for the one in progress). */
    private backup;
    private cleanup;
    private emit;
}
