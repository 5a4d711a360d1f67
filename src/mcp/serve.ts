/**
 * One MCP connection over a line channel (`agent mcp`'s stdio, the daemon's socket): the
 * SDK's stdio entry owns the protocol era of the connection. A client that opens with
 * `server/discover` or a request carrying the 2026-07-28 envelope is served that revision; one
 * that opens with `initialize` (or probes with `server/discover`, then falls back to
 * `initialize`, as Claude Code does) gets the 2025 handshake. Either way one server instance
 * from `create` is pinned for the connection's life.
 */
import type { McpServer, Transport } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

export interface LineConnection {
  close(): Promise<void>;
}

export function serveConnection(transport: Transport, create: () => McpServer, onError?: (e: Error) => void): LineConnection {
  return serveStdio(() => create(), { transport, ...(onError ? { onerror: onError } : {}) });
}
