/**
 * An MCP transport over newline-delimited JSON: what a socket connection becomes after it
 * asks for "mcp". The framing is the stdio transport's, so `agent mcp` forwards its stdin and
 * stdout line for line.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { type OversizeLine } from "./protocol.js";
export interface LineChannel {
    write(line: string): void;
    end(): void;
}
export declare class LineTransport implements Transport {
    private readonly channel;
    onclose?: () => void;
    onerror?: (error: Error) => void;
    onmessage?: (message: JSONRPCMessage) => void;
    private closed;
    constructor(channel: LineChannel);
    start(): Promise<void>;
    /** A line from the client. */
    receive(line: string): void;
    /**
     * A message too large to read was skipped: the client gets an error for it (under its
     * request id when the id shows before the params) and the session goes on.
     */
    refuse(line: OversizeLine, max: number): void;
    send(message: JSONRPCMessage): Promise<void>;
    close(): Promise<void>;
    /** The client went away. */
    ended(): void;
}
