/**
 * A stand-in Ollama daemon on 127.0.0.1 that speaks the chat API (/api/chat, /api/tags), for
 * tests that run the CLI in a child process (which cannot be handed a ScriptedProvider). The
 * test decides each answer from the request body.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeAnswer =
  /** A chat reply with this content. */
  | string
  | { content: string; doneReason?: "stop" | "length"; delayMs?: number }
  /** An HTTP error, as Ollama sends for an unknown model. */
  | { status: number; error: string };

export interface FakeOllama {
  host: string;
  /** Every /api/chat request body, in order. */
  chats: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startFakeOllama(
  answer: (body: Record<string, unknown>) => FakeAnswer | Promise<FakeAnswer>,
  opts: { models?: string[] } = {},
): Promise<FakeOllama> {
  const chats: Record<string, unknown>[] = [];
  const models = opts.models ?? ["good:latest"];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
        const send = (status: number, payload: unknown) => {
          if (res.destroyed) return;
          res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
          res.end(JSON.stringify(payload));
        };
        if (req.method === "GET" && req.url === "/api/tags") return send(200, { models: models.map((name) => ({ name, model: name })) });
        if (req.method !== "POST" || req.url !== "/api/chat") return send(404, { error: "not found" });
        chats.push(body);
        const a = await answer(body);
        if (typeof a === "object" && "status" in a) return send(a.status, { error: a.error });
        const reply = typeof a === "string" ? { content: a } : a;
        if ("delayMs" in reply && reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        send(200, chatReply(String(body.model), reply.content, "doneReason" in reply && reply.doneReason ? reply.doneReason : "stop"));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    host: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    chats,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The /api/chat response body Ollama sends for a finished, non-streamed reply. */
export function chatReply(model: string, content: string, doneReason: "stop" | "length" = "stop"): Record<string, unknown> {
  return {
    model,
    created_at: new Date().toISOString(),
    message: { role: "assistant", content },
    done: true,
    done_reason: doneReason,
    prompt_eval_count: 100,
    eval_count: 50,
  };
}

/** The address of a port that was just bound and released: nothing listens there. */
export async function deadHost(): Promise<string> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/**
 * When `prompt` is a rerank prompt (search --rerank), the reply a small model typically sends:
 * prose, then the grades in a fenced JSON block; each passage's grade comes from `grade`,
 * given the passage as the model sees it. null for any other prompt.
 */
export function rerankReply(prompt: string, grade: (passage: string) => number): string | null {
  if (!prompt.includes("\n\nPassages:\n\n")) return null;
  const blocks = prompt.split(/\n\n(?=\[\d+\] \()/).filter((b) => /^\[\d+\] \(/.test(b));
  const grades = blocks.map((b) => ({ id: Number(/^\[(\d+)\]/.exec(b)![1]), grade: grade(b) }));
  return `Here are the grades:\n\n\`\`\`json\n${JSON.stringify({ grades }, null, 2)}\n\`\`\``;
}
