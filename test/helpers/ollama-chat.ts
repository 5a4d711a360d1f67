/**
 * A scripted Ollama chat server on 127.0.0.1 for OpenClaw (its `api: "ollama"` provider):
 * `POST /api/chat` answered as Ollama streams it (NDJSON: content chunks, then a `done` line
 * with the counts), a tool call as `message.tool_calls`; `/api/tags` and `/api/show` for its
 * model checks. Every chat request body is recorded, so a test can look for injected text.
 * Nothing is left hanging: an unknown path gets a 404 at once.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type OllamaReply = string | { tool: string; arguments: Record<string, unknown> };

export interface OllamaChatServer {
  /** http://127.0.0.1:PORT (no /v1: OpenClaw's ollama provider takes the bare host). */
  url: string;
  /** Every /api/chat request: its raw body and its parsed messages. */
  chats: { raw: string; messages: { role: string; content: string; tool_calls?: unknown }[] }[];
  close(): Promise<void>;
}

export async function startOllamaChat(script: (messages: { role: string; content: string }[], n: number) => OllamaReply, model = "tiny"): Promise<OllamaChatServer> {
  const chats: OllamaChatServer["chats"] = [];
  const json = (res: http.ServerResponse, status: number, v: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(v));
  };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", () => {
      const url = (req.url ?? "/").split("?")[0];
      if (url === "/api/tags") return json(res, 200, { models: [{ name: model, model }] });
      if (url === "/api/show") return json(res, 200, { model_info: { "general.context_length": 32768 }, capabilities: ["completion", "tools"] });
      if (url !== "/api/chat" || req.method !== "POST") return json(res, 404, { error: "not found" });
      let body: { model?: string; stream?: boolean; messages?: { role: string; content: string }[] };
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return json(res, 400, { error: "bad json" });
      }
      const messages = body.messages ?? [];
      chats.push({ raw, messages });
      const reply = script(messages, chats.length);
      const at = new Date().toISOString();
      const done = { done: true, done_reason: "stop", total_duration: 1_000_000, prompt_eval_count: 42, eval_count: 7 };
      // As Ollama answers `"stream": false` (the engine's own jobs ask so): one object, the whole message.
      if (body.stream === false) {
        const message = typeof reply === "string" ? { role: "assistant", content: reply } : { role: "assistant", content: "", tool_calls: [{ function: { name: reply.tool, arguments: reply.arguments } }] };
        return json(res, 200, { model: body.model ?? model, created_at: at, message, ...done });
      }
      const line = (v: Record<string, unknown>) => res.write(JSON.stringify({ model: body.model ?? model, created_at: at, ...v }) + "\n");
      res.writeHead(200, { "content-type": "application/x-ndjson" });
      if (typeof reply === "string") {
        // A small model streams a few words at a time.
        for (const piece of reply.match(/\S+\s*/g) ?? [reply]) line({ message: { role: "assistant", content: piece }, done: false });
      } else {
        line({ message: { role: "assistant", content: "", tool_calls: [{ function: { name: reply.tool, arguments: reply.arguments } }] }, done: false });
      }
      line({ message: { role: "assistant", content: "" }, ...done });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    chats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
