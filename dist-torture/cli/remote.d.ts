import net from "node:net";
import type { Command } from "commander";
import { type RpcErrorBody, type RpcMethod } from "../daemon/protocol.js";
export interface DaemonRouting {
    workspace?: string;
    /** false with --no-daemon. */
    daemon?: boolean;
}
/** Adds --no-daemon to a command that a running daemon can answer. */
export declare function withDaemonOption(cmd: Command): Command;
/** An error the daemon's engine raised: reported exactly as the same error in-process would be. */
export declare class DaemonAnswerError extends Error {
    readonly errorInfo: RpcErrorBody;
    constructor(info: RpcErrorBody);
}
export interface ViaDaemonOptions {
    /** Give up and work in-process after this long (default 60 s; 0 = wait as long as it takes). */
    timeoutMs?: number;
    /** Aborting closes the connection, which cancels the call in the daemon. */
    signal?: AbortSignal;
    /** Told why the daemon did not answer when it was reached but failed (default: a warning on stderr). */
    onFallback?: (why: string) => void;
}
/** Whether routing is on for these options (no --no-daemon, no AGENT_DAEMON=off). */
export declare function routingEnabled(opts: DaemonRouting): boolean;
/** The workspace of a command's options, as withEngine resolves it. */
export declare function workspaceOf(opts: DaemonRouting): string;
/**
 * Calls `method` on the workspace's daemon. Undefined: no daemon answered, do it in-process.
 * Throws the engine's error when the daemon's engine refused the call.
 */
export declare function viaDaemon<T>(opts: DaemonRouting, method: RpcMethod, params: unknown, o?: ViaDaemonOptions): Promise<T | undefined>;
/** A connection to the daemon's socket, or undefined when nothing listens there (a stale socket file). */
export declare function connectDaemon(sock: string, timeoutMs?: number): Promise<net.Socket | undefined>;
