import { Engine } from "../engine/engine.js";
export declare class BadRequestError extends Error {
    constructor(message: string);
}
export declare class UnknownMethodError extends Error {
    constructor(method: string);
}
/** The daemon cannot answer now (its config is out of date, it is stopping): the client works in-process. */
export declare class DaemonUnavailableError extends Error {
    readonly wireCode: "config-changed" | "stopping";
    constructor(wireCode: "config-changed" | "stopping", message: string);
}
export interface MethodContext {
    engine: Engine;
    /** Aborted when the client goes away or the daemon stops. */
    signal: AbortSignal;
    /** The scope MCP clients get when they do not name one. */
    session: string;
}
export declare function callMethod(ctx: MethodContext, method: string, params: unknown): Promise<unknown>;
/** The wire code of an error a method raised (the engine's own codes for its errors). */
export declare function daemonErrorCode(e: unknown): string | undefined;
