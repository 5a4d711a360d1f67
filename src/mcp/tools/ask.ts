import { z } from "zod";
import { json, type McpContext } from "./shared.js";

export const ASK_INPUT = z.object({
  question: z.string().min(1),
  session: z.string().optional().describe("conversation id to continue"),
  fork: z.boolean().optional().describe("with session: continue in a copy under a new id"),
});

/** ask: the local model answers from the notes, with citations (main sessions only: it reads private notes). */
export function register({ server, engine, session }: McpContext): void {
  if (session !== "main") return;
  server.registerTool(
    "ask",
    {
      title: "Ask the memory",
      description: "The local model answers a question about the past by searching the notes itself; answer with citations. Resume or fork a conversation by id.",
      inputSchema: ASK_INPUT,
    },
    async (a, ctx) => {
      const r = await engine.ask(a.question, { signal: ctx.mcpReq.signal, ...(a.session ? { session: a.session } : {}), ...(a.fork ? { fork: true } : {}) });
      return json({ conversationId: r.conversationId, status: r.status, answer: r.answer, citations: r.citations, ...(r.forkedFrom ? { forkedFrom: r.forkedFrom } : {}), toolCalls: r.toolCalls.length, warnings: r.warnings });
    },
  );
}
