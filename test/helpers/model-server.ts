/**
 * A scripted model server on 127.0.0.1 for the real assistants (Claude Code, Codex, OpenCode):
 * it speaks the three wire protocols they use, streaming included, records every request body
 * so a test can look for injected text, and never leaves a request hanging (an unknown path
 * gets a 404 at once; a script that throws gets a 500). Only the model's replies are scripted.
 *
 *   Anthropic Messages   POST /v1/messages            SSE message_start … message_stop
 *   OpenAI Responses     POST /v1/responses           SSE … response.completed
 *   Chat Completions     POST /v1/chat/completions    SSE chunks, then [DONE]
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Protocol = "anthropic" | "responses" | "chat";

/** What the model answers: text, or one tool call (the harness runs it and asks again). */
export type ModelReply = string | { text?: string; tool: { name: string; input: Record<string, unknown> } };

export interface ModelRequest {
  protocol: Protocol;
  path: string;
  body: Record<string, unknown>;
  /** The raw body, for "is this text anywhere in the request" checks. */
  raw: string;
}

export interface ModelServer {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** Every model request, in order (count_tokens and other side calls are not in it). */
  requests: ModelRequest[];
  /** Every request of any kind, path and raw body. */
  all: { method: string; path: string; raw: string }[];
  close(): Promise<void>;
}

export type Script = (req: ModelRequest) => ModelReply | Promise<ModelReply>;

/** A model that answers the same short text every time. */
export const SAY_OK: Script = () => "OK, noted.";

export async function startModelServer(script: Script = SAY_OK): Promise<ModelServer> {
  const requests: ModelRequest[] = [];
  const all: ModelServer["all"] = [];
  let seq = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("error", () => res.destroy());
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = (req.url ?? "/").split("?")[0]!;
      all.push({ method: req.method ?? "GET", path: url, raw });
      void answer(url, req.method ?? "GET", raw, res).catch((e: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: String(e) } }));
      });
    });
  });

  async function answer(url: string, method: string, raw: string, res: http.ServerResponse): Promise<void> {
    const json = (status: number, v: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(v));
    };
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return json(400, { error: { message: "body is not JSON" } });
    }
    if (method === "POST" && url.endsWith("/messages/count_tokens")) return json(200, { input_tokens: Math.ceil(raw.length / 4) });
    const protocol: Protocol | undefined =
      method !== "POST" ? undefined : url.endsWith("/messages") ? "anthropic" : url.endsWith("/responses") ? "responses" : url.endsWith("/chat/completions") ? "chat" : undefined;
    if (protocol === undefined) {
      if (method === "GET" && url.endsWith("/models")) return json(200, { object: "list", data: [{ id: "test-model", object: "model" }] });
      return json(404, { error: { message: `no such path ${url}` } });
    }
    const request: ModelRequest = { protocol, path: url, body, raw };
    requests.push(request);
    const reply = normalise(await script(request));
    const id = ++seq;
    const stream = body.stream === true;
    if (protocol === "anthropic") return stream ? sse(res, anthropicEvents(id, reply, String(body.model ?? "m"))) : json(200, anthropicMessage(id, reply, String(body.model ?? "m")));
    if (protocol === "responses") return sse(res, responsesEvents(id, reply, String(body.model ?? "m")));
    return stream ? sse(res, chatEvents(id, reply, String(body.model ?? "m")), true) : json(200, chatCompletion(id, reply, String(body.model ?? "m")));
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    all,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Reply {
  text: string;
  tool?: { name: string; input: Record<string, unknown> };
}

function normalise(r: ModelReply): Reply {
  if (typeof r === "string") return { text: r };
  return { text: r.text ?? "", tool: r.tool };
}

type SseEvent = { event?: string; data: unknown };

function sse(res: http.ServerResponse, events: SseEvent[], done = false): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  for (const e of events) res.write(`${e.event ? `event: ${e.event}\n` : ""}data: ${JSON.stringify(e.data)}\n\n`);
  if (done) res.write("data: [DONE]\n\n");
  res.end();
}

const USAGE_IN = 120;

function anthropicMessage(id: number, r: Reply, model: string): Record<string, unknown> {
  const content: unknown[] = [];
  if (r.text) content.push({ type: "text", text: r.text });
  if (r.tool) content.push({ type: "tool_use", id: `toolu_${id}`, name: r.tool.name, input: r.tool.input });
  return { id: `msg_${id}`, type: "message", role: "assistant", model, content, stop_reason: r.tool ? "tool_use" : "end_turn", stop_sequence: null, usage: { input_tokens: USAGE_IN, output_tokens: 12 } };
}

function anthropicEvents(id: number, r: Reply, model: string): SseEvent[] {
  const ev = (type: string, data: Record<string, unknown>): SseEvent => ({ event: type, data: { type, ...data } });
  const out: SseEvent[] = [
    ev("message_start", { message: { id: `msg_${id}`, type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: USAGE_IN, output_tokens: 1 } } }),
  ];
  let index = 0;
  if (r.text) {
    out.push(ev("content_block_start", { index, content_block: { type: "text", text: "" } }));
    // Two deltas, as a real stream splits text.
    const half = Math.ceil(r.text.length / 2);
    out.push(ev("content_block_delta", { index, delta: { type: "text_delta", text: r.text.slice(0, half) } }));
    out.push(ev("content_block_delta", { index, delta: { type: "text_delta", text: r.text.slice(half) } }));
    out.push(ev("content_block_stop", { index }));
    index++;
  }
  if (r.tool) {
    out.push(ev("content_block_start", { index, content_block: { type: "tool_use", id: `toolu_${id}`, name: r.tool.name, input: {} } }));
    out.push(ev("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: JSON.stringify(r.tool.input) } }));
    out.push(ev("content_block_stop", { index }));
  }
  out.push(ev("message_delta", { delta: { stop_reason: r.tool ? "tool_use" : "end_turn", stop_sequence: null }, usage: { output_tokens: 12 } }));
  out.push(ev("message_stop", {}));
  return out;
}

function responsesEvents(id: number, r: Reply, model: string): SseEvent[] {
  const items: Record<string, unknown>[] = [];
  if (r.text) items.push({ type: "message", id: `msg_${id}`, role: "assistant", status: "completed", content: [{ type: "output_text", text: r.text, annotations: [] }] });
  if (r.tool) items.push({ type: "function_call", id: `fc_${id}`, call_id: `call_${id}`, name: r.tool.name, arguments: JSON.stringify(r.tool.input), status: "completed" });
  const response = (status: string, output: unknown[]) => ({ id: `resp_${id}`, object: "response", created_at: Math.floor(Date.now() / 1000), model, status, output });
  const out: SseEvent[] = [{ event: "response.created", data: { type: "response.created", response: response("in_progress", []) } }];
  items.forEach((item, i) => {
    out.push({ event: "response.output_item.added", data: { type: "response.output_item.added", output_index: i, item: { ...item, status: "in_progress" } } });
    if (item.type === "message") out.push({ event: "response.output_text.delta", data: { type: "response.output_text.delta", item_id: item.id, output_index: i, content_index: 0, delta: r.text } });
    out.push({ event: "response.output_item.done", data: { type: "response.output_item.done", output_index: i, item } });
  });
  out.push({
    event: "response.completed",
    data: { type: "response.completed", response: { ...response("completed", items), usage: { input_tokens: USAGE_IN, input_tokens_details: { cached_tokens: 0 }, output_tokens: 12, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: USAGE_IN + 12 } } },
  });
  return out;
}

function chatCompletion(id: number, r: Reply, model: string): Record<string, unknown> {
  const message: Record<string, unknown> = { role: "assistant", content: r.text || null };
  if (r.tool) message.tool_calls = [{ id: `call_${id}`, type: "function", function: { name: r.tool.name, arguments: JSON.stringify(r.tool.input) } }];
  return {
    id: `chatcmpl-${id}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: r.tool ? "tool_calls" : "stop" }],
    usage: { prompt_tokens: USAGE_IN, completion_tokens: 12, total_tokens: USAGE_IN + 12 },
  };
}

function chatEvents(id: number, r: Reply, model: string): SseEvent[] {
  const base = { id: `chatcmpl-${id}`, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model };
  const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}): SseEvent => ({ data: { ...base, choices: [{ index: 0, delta, finish_reason: finish }], ...extra } });
  const out: SseEvent[] = [chunk({ role: "assistant", content: "" }, null)];
  if (r.text) out.push(chunk({ content: r.text }, null));
  if (r.tool) out.push(chunk({ tool_calls: [{ index: 0, id: `call_${id}`, type: "function", function: { name: r.tool.name, arguments: JSON.stringify(r.tool.input) } }] }, null));
  out.push(chunk({}, r.tool ? "tool_calls" : "stop", { usage: { prompt_tokens: USAGE_IN, completion_tokens: 12, total_tokens: USAGE_IN + 12 } }));
  return out;
}
