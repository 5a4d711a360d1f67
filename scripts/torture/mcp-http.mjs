// A bare MCP-over-HTTP client for the experiments (raw JSON-RPC posts; the Streamable HTTP
// transport answers in JSON or an SSE stream, both read), and the daemon's socket call.
import { agentDir } from "./lib.mjs";
import net from "node:net";
import { readFileSync } from "node:fs";
import path from "node:path";

export class McpHttp {
  constructor(url, token) {
    this.url = url;
    this.token = token;
    this.session = undefined;
    this.id = 1;
  }

  static forDaemon(ws, stdout) {
    const url = /MCP over HTTP at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stdout)?.[1];
    if (!url) throw new Error("the daemon did not say where it serves MCP over HTTP");
    return new McpHttp(url, readFileSync(path.join(agentDir(ws), "mcp-http.token"), "utf8").trim());
  }

  async post(body, timeoutMs = 120_000) {
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${this.token}`, "mcp-protocol-version": "2025-06-18" };
    if (this.session) headers["mcp-session-id"] = this.session;
    const t0 = Date.now();
    const res = await fetch(this.url, { method: "POST", headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
    const sid = res.headers.get("mcp-session-id");
    if (sid) this.session = sid;
    const text = await res.text();
    let message;
    const parts = (res.headers.get("content-type") ?? "").includes("text/event-stream") ? text.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trim()) : [text];
    for (const p of parts) {
      try {
        const m = JSON.parse(p);
        if (m && ("result" in m || "error" in m)) message = m;
      } catch {
        // a plain-text answer
      }
    }
    return { status: res.status, message, text, ms: Date.now() - t0 };
  }

  async initialize() {
    const r = await this.post({ jsonrpc: "2.0", id: this.id++, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "torture", version: "1" } } });
    if (r.status === 200) await this.post({ jsonrpc: "2.0", method: "notifications/initialized" });
    return r;
  }

  /** A tool call: { ok, text, ms, status }. */
  async tool(name, args, timeoutMs) {
    const r = await this.post({ jsonrpc: "2.0", id: this.id++, method: "tools/call", params: { name, arguments: args } }, timeoutMs);
    const res = r.message?.result;
    const text = res ? (res.content ?? []).map((c) => c.text ?? "").join("\n") : (r.message?.error?.message ?? r.text);
    return { ok: !!res && res.isError !== true, text, ms: r.ms, status: r.status };
  }
}

/** One JSON-RPC call over the daemon's socket: { result } or { error }, with ms. */
export function socketCall(sock, method, params, timeoutMs = 30_000) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const c = net.connect(sock);
    let buf = "";
    const done = (v) => {
      c.destroy();
      resolve({ ...v, ms: Date.now() - t0 });
    };
    c.on("connect", () => c.write(JSON.stringify({ id: 1, method, params }) + "\n"));
    c.on("data", (d) => {
      buf += d;
      const nl = buf.indexOf("\n");
      if (nl < 0) return;
      const msg = JSON.parse(buf.slice(0, nl));
      done(msg.error ? { error: msg.error } : { result: msg.result });
    });
    c.on("error", (e) => done({ error: { message: e.message } }));
    setTimeout(() => done({ error: { message: `no answer within ${timeoutMs} ms` } }), timeoutMs).unref();
  });
}
