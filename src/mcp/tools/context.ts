import { z } from "zod";
import { text, type McpContext } from "./shared.js";

export const CONTEXT_INPUT = z.object({
  session: z.enum(["main", "group", "isolated"]).optional().describe("main (private, default), group or isolated (no private files)"),
  query: z.string().optional().describe("task or question to add relevant memories for"),
});

/** context: the same prompt `agent context` prints, for the session type asked (never beyond this server's scope). */
export function register({ server, engine, session: scope }: McpContext): void {
  server.registerTool(
    "context",
    {
      title: "Assembled system prompt",
      description: "The system prompt for a session type: bootstrap files, today's and yesterday's notes, who the agent is now, and memories relevant to an optional task.",
      inputSchema: CONTEXT_INPUT,
      annotations: { readOnlyHint: true },
    },
    async (a) => {
      // A server scoped to a group can never be asked for more than it may see.
      const session = scope === "main" ? (a.session ?? "main") : scope;
      const ctx = await engine.context({ session, ...(a.query !== undefined ? { query: a.query } : {}) });
      return text(ctx.text);
    },
  );
}
