/**
 * Plain clients of a running daemon for tests that must not depend on the MCP SDK's client:
 * one JSON-RPC call over its Unix socket, and MCP over HTTP as raw JSON-RPC posts (the
 * Streamable HTTP transport answers in JSON or in an SSE stream; both are read).
 */
import net from "node:net";

export async function socketCall<T = unknown>(sock: string, method: string, params: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const c = net.connect(sock);
    let buf = "";
    c.on("connect", () => c.write(JSON.stringify({ id: 1, method, params }) + "\n"));
    c.on("data", (d) => {
      buf += d.toString("utf8");
      const nl = buf.indexOf("\n");
      if (nl < 0) return;
      c.destroy();
      const msg = JSON.parse(buf.slice(0, nl)) as { result?: T; error?: { code?: string; message: string } };
      if (msg.error) reject(Object.assign(new Error(msg.error.message), { code: msg.error.code }));
      else resolve(msg.result as T);
    });
    c.on("error", reject);
  });
}

export interface McpHttpReply {
  status: number;
  /** The JSON-RPC message answering the request, when there was one. */
  message?: { result?: unknown; error?: { code: number; message: string } };
  text: string;
}

/** A session of MCP over HTTP: initialize once, then tool calls. */
export class McpHttpClient {
  private session: string | undefined;
  private nextId = 1;
  constructor(
    readonly url: string,
    private readonly token: string,
  ) {}

  async post(body: unknown): Promise<McpHttpReply> {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${this.token}`,
      "mcp-protocol-version": "2025-06-18",
    };
    if (this.session) headers["mcp-session-id"] = this.session;
    const res = await fetch(this.url, { method: "POST", headers, body: JSON.stringify(body) });
    const sid = res.headers.get("mcp-session-id");
    if (sid) this.session = sid;
    const text = await res.text();
    let message: McpHttpReply["message"];
    const candidates = (res.headers.get("content-type") ?? "").includes("text/event-stream")
      ? text.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trim())
      : [text];
    for (const c of candidates) {
      try {
        const m = JSON.parse(c) as McpHttpReply["message"] & { id?: unknown };
        if (m && ("result" in m || "error" in m)) message = m;
      } catch {
        // Not JSON (a plain-text refusal): the text says it.
      }
    }
    return { status: res.status, text, ...(message ? { message } : {}) };
  }

  async initialize(): Promise<McpHttpReply> {
    const r = await this.post({ jsonrpc: "2.0", id: this.nextId++, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "guard-test", version: "1.0.0" } } });
    if (r.status === 200) await this.post({ jsonrpc: "2.0", method: "notifications/initialized" });
    return r;
  }

  callTool(name: string, args: Record<string, unknown>): Promise<McpHttpReply> {
    return this.post({ jsonrpc: "2.0", id: this.nextId++, method: "tools/call", params: { name, arguments: args } });
  }
}

/** The text of a tool result, and whether it was an error. */
export function toolText(r: McpHttpReply): { text: string; isError: boolean } {
  const res = r.message?.result as { content?: { text?: string }[]; isError?: boolean } | undefined;
  if (!res) return { text: r.message?.error?.message ?? r.text, isError: true };
  return { text: (res.content ?? []).map((c) => c.text ?? "").join("\n"), isError: res.isError === true };
}
