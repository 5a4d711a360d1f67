/**
 * An MCP transport over newline-delimited JSON: what a socket connection becomes after it
 * asks for "mcp". The framing is the stdio transport's, so `agent mcp` forwards its stdin and
 * stdout line for line.
 */
import { parseJSONRPCMessage, type JSONRPCMessage, type Transport } from "@modelcontextprotocol/server";
import { oversizeError, type OversizeLine } from "./protocol.js";

export interface LineChannel {
  write(line: string): void;
  end(): void;
}

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private closed = false;

  constructor(private readonly channel: LineChannel) {}

  async start(): Promise<void> {}

  /** A line from the client. */
  receive(line: string): void {
    if (this.closed || line.trim() === "") return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      this.onerror?.(new Error(`not JSON: ${(e as Error).message}`));
      return;
    }
    let msg: JSONRPCMessage;
    try {
      msg = parseJSONRPCMessage(raw);
    } catch {
      this.onerror?.(new Error("not a JSON-RPC message"));
      return;
    }
    this.onmessage?.(msg);
  }

  /**
   * A message too large to read was skipped: the client gets an error for it (under its
   * request id when the id shows before the params) and the session goes on.
   */
  refuse(line: OversizeLine, max: number): void {
    if (this.closed) return;
    const reply = oversizeError(line, max);
    this.onerror?.(new Error(reply.error.message));
    this.channel.write(JSON.stringify(reply) + "\n");
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    this.channel.write(JSON.stringify(message) + "\n");
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.channel.end();
    this.onclose?.();
  }

  /** The client went away. */
  ended(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}
