import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export declare const MCP_HTTP_PATH = "/mcp";
export interface McpHttpOptions {
    /** 0 picks a free port (tests). */
    port: number;
    token: string;
    /** Names accepted in Host and Origin besides 127.0.0.1, localhost and [::1]. */
    allowedHosts: readonly string[];
    /** A new MCP server for a new session (same engine, the front's privacy scope). */
    createServer: () => McpServer;
    warn: (message: string) => void;
}
export declare class McpHttpServer {
    private readonly http;
    private readonly opts;
    private readonly Transport;
    private readonly isInitialize;
    private readonly sessions;
    private constructor();
    get port(): number;
    get url(): string;
    static listen(opts: McpHttpOptions): Promise<McpHttpServer>;
    close(): Promise<void>;
    private handle;
    /** Closes the longest-idle session if it has been idle long enough; whether one was closed. */
    private evictIdle;
    private authorized;
}
/** "127.0.0.1:7357" → "127.0.0.1"; "[::1]:80" → "[::1]"; lower case; null when absent or odd. */
export declare function hostnameOf(host: string | undefined): string | null;
/**
 * The bearer token in `file`: created on first start (32 random bytes, mode 0600), else read.
 * A token file others can read is made private again, with a warning.
 */
export declare function ensureToken(file: string, warn: (m: string) => void): string;
