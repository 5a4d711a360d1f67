import { contextOptions } from "../../contract/options.js";
import { ContextRequest } from "../../contract/requests.js";
import { text, type McpContext } from "./shared.js";
import { toolAnnotations } from "../names.js";

export const CONTEXT_INPUT = ContextRequest;

/** context: the same prompt `agent context` prints, for the session type asked (never beyond this server's scope). */
export function register({ server, engine, session: scope }: McpContext): void {
  server.registerTool(
    "context",
    {
      title: "Assembled system prompt",
      description: "The system prompt for a session type: bootstrap files, today's and yesterday's notes, who the agent is now, and memories relevant to an optional task.",
      inputSchema: CONTEXT_INPUT,
      annotations: toolAnnotations("context"),
    },
    async (a) => {
      // A server scoped to a group can never be asked for more than it may see.
      const session = scope === "main" ? (a.session ?? "main") : scope;
      const ctx = await (await engine.assist()).context(contextOptions({ ...a, session }));
      return text(ctx.text);
    },
  );
}
