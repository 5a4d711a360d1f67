import { LineTransport } from "./line-transport.js";
export interface SocketServerOptions {
    path: string;
    /** Runs one method; `signal` aborts when the client goes away or the daemon stops. */
    call: (method: string, params: unknown, signal: AbortSignal) => Promise<unknown>;
    /** Connects an MCP server to `transport` for a client that asked for one; resolves once it is connected. */
    openMcp: (params: unknown, transport: LineTransport) => Promise<void>;
    warn: (message: string) => void;
}
export declare class SocketServer {
    private readonly server;
    readonly path: string;
    private readonly conns;
    private readonly stopping;
    private constructor();
    static listen(opts: SocketServerOptions): Promise<SocketServer>;
    /** Stops accepting, cancels the calls in flight, closes every connection and removes the socket. */
    close(): Promise<void>;
    private serve;
}
