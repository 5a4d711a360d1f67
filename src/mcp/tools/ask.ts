import { askOptions } from "../../contract/options.js";
import { AskRequest } from "../../contract/requests.js";
import { json, type McpContext } from "./shared.js";
import { toolAnnotations } from "../names.js";

export const ASK_INPUT = AskRequest;

/** ask: the local model answers from the notes, with citations (main sessions only: it reads private notes). */
export function register({ server, engine, session }: McpContext): void {
  if (session !== "main") return;
  server.registerTool(
    "ask",
    {
      title: "Ask the memory",
      description: "The local model answers a question about the past by searching the notes itself; answer with citations. Resume or fork a conversation by id.",
      inputSchema: ASK_INPUT,
      annotations: toolAnnotations("ask"),
    },
    async (a, ctx) => {
      const r = await (await engine.assist()).ask(a.question, { ...askOptions(a), signal: ctx.mcpReq.signal });
      return json({ conversationId: r.conversationId, status: r.status, answer: r.answer, citations: r.citations, ...(r.forkedFrom ? { forkedFrom: r.forkedFrom } : {}), toolCalls: r.toolCalls.length, warnings: r.warnings });
    },
  );
}
