import { HealthRequest } from "../../contract/requests.js";
import { json, type McpContext } from "./shared.js";

/** memory_health: the same JSON as `agent health --json`; a group or isolated session is refused (it lists private files). */
export function register({ server, engine, session }: McpContext): void {
  server.registerTool(
    "memory_health",
    {
      title: "Memory health",
      description: "What in memory may no longer be true: contradictions (both sides, path:line, dates), facts a later note replaced still in MEMORY.md, duplicates, MEMORY.md's size.",
      inputSchema: HealthRequest,
      annotations: { readOnlyHint: true },
    },
    async () => {
      if (session !== "main") return { isError: true, content: [{ type: "text" as const, text: "memory_health reads private files (MEMORY.md): only a main session may ask for it" }] };
      return json(await engine.indexing.health());
    },
  );
}
