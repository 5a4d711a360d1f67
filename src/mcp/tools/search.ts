import { searchOptions } from "../../contract/options.js";
import { ScopedSearchRequest } from "../../contract/requests.js";
import { json, type McpContext } from "./shared.js";

/** memory_search: the engine's search, the same JSON as `agent search --json`. */
export function register({ server, engine, session }: McpContext): void {
  server.registerTool(
    "memory_search",
    {
      title: "Search memory",
      description:
        "Search notes and past conversations (keywords + meaning, recent first). Returns path, line range, date, snippet and annotations per hit; an empty list with a reason when nothing is relevant.",
      inputSchema: ScopedSearchRequest,
      annotations: { readOnlyHint: true },
    },
    async (a, extra) => json(await engine.search(a.query, { ...searchOptions(a), session, signal: extra.signal, front: "mcp" })),
  );
}
