/** The methods a client may call besides "mcp"; each is one engine method. */
export declare const RPC_METHODS: readonly ["hello", "search", "context", "boot", "ask", "status", "doctor", "readFile", "appendNote"];
export type RpcMethod = (typeof RPC_METHODS)[number] | "mcp";
export interface RpcRequest {
    id: number;
    method: string;
    params?: unknown;
}
export interface RpcErrorBody {
    /** The engine's error code ("usage", "refused"...) or the daemon's own ("unknown-method", "config-changed", "stopping", "bad-request"). */
    code: string;
    message: string;
}
export type RpcResponse = {
    id: number;
    result: unknown;
} | {
    id: number;
    error: RpcErrorBody;
};
/** Codes that mean "this daemon cannot answer this": the client works in-process instead. */
export declare const FALLBACK_CODES: ReadonlySet<string>;
/** What `hello` answers: enough for a client to know it reached the right daemon. */
export interface HelloResult {
    protocol: number;
    pid: number;
    workspace: string;
    /** The privacy scope MCP clients get when they do not name one (daemon.session / --session). */
    session: string;
}
export declare const PROTOCOL_VERSION = 1;
/** A line longer than this is refused: no request or answer of ours comes near it. */
export declare const MAX_LINE_BYTES: number;
/**
 * Where the daemon of `workspace` listens: `.agent/daemon.sock`, or, when that path is too long
 * for a Unix socket, a socket named after a hash of the workspace in a private folder of this
 * user under the system's temp folder. Daemon and clients compute the same path.
 */
export declare function socketPath(workspace: string, opts?: {
    create?: boolean;
}): string;
/** A folder only this user can enter (mode 0700), for sockets whose workspace path is too long. */
export declare function privateRuntimeDir(): string;
/** The bearer token of the daemon's MCP HTTP transport (created on first start, mode 0600). */
export declare function httpTokenPath(workspace: string): string;
/** A line dropped for being over the limit: its first bytes (to name its id) and its length. */
export interface OversizeLine {
    head: string;
    bytes: number;
}
/**
 * Splits a byte stream into lines (without the newline). A line over `max` bytes is never
 * buffered whole: without `onOversize` it is an error (the caller drops the connection);
 * with it, the line is skipped up to its newline and reported, so the stream carries on
 * with the next line (an MCP client gets an error for that one message, not a dead session).
 */
export declare class LineSplitter {
    private readonly max;
    private readonly onOversize?;
    private parts;
    private size;
    /** Set while skipping an oversize line: its head and the bytes seen so far. */
    private skipping;
    constructor(max?: number, onOversize?: ((line: OversizeLine) => void) | undefined);
    push(chunk: Buffer): string[];
}
/**
 * The id of a JSON-RPC message known only by its first bytes, when it shows before the
 * params (as every client writes it): lets the refusal of an oversize request answer it.
 */
export declare function idOfHead(head: string): string | number | null;
/** The JSON-RPC error (Invalid Request) answering a message skipped for its size. */
export declare function oversizeError(line: OversizeLine, max: number): {
    jsonrpc: "2.0";
    id: string | number | null;
    error: {
        code: number;
        message: string;
    };
};
