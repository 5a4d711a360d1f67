import { searchOptions } from "../../contract/options.js";
import { ScopedSearchRequest } from "../../contract/requests.js";
import type { SearchReport } from "../../search/report.js";
import type { SearchResponse } from "../../search/types.js";
import { json, type McpContext } from "./shared.js";
import { toolAnnotations } from "../names.js";

export const MEMORY_SEARCH_INPUT = ScopedSearchRequest;

/** What an MCP client gets from a search: the answer, and a note only when vectors could not help. */
export type McpSearchAnswer = SearchResponse & { note?: string };

/**
 * The search answer without the engine's bookkeeping: which files the freshness pass re-read
 * and which embedder answered (its reason names the model cache's absolute path) mean nothing
 * to a model reading the result and leak the machine's layout. What a client can act on stays:
 * that vectors were missing or are still being made.
 */
export function mcpSearchAnswer(report: SearchReport): McpSearchAnswer {
  const { refreshed: _refreshed, vectors, ...answer } = report;
  const note = [vectors.warning, vectors.pending].filter((s): s is string => typeof s === "string" && s !== "").join("; ");
  return note === "" ? answer : { ...answer, note };
}

/** memory_search: the engine's search, the answer of `agent search --json` without its bookkeeping. */
export function register({ server, engine, session }: McpContext): void {
  server.registerTool(
    "memory_search",
    {
      title: "Search memory",
      description:
        "Search notes and past conversations (keywords + meaning, recent first). Returns path, line range, date, snippet and annotations per hit; an empty list with a reason when nothing is relevant.",
      inputSchema: MEMORY_SEARCH_INPUT,
      annotations: toolAnnotations("memory_search"),
    },
    async (a, ctx) => {
      const res = await engine.search(a.query, { ...searchOptions(a), session, signal: ctx.mcpReq.signal, front: "mcp" });
      return json(mcpSearchAnswer(res));
    },
  );
}
