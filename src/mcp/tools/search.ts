import { z } from "zod";
import { ANNOTATION_KEYS } from "../../indexer/annotations.js";
import { SEARCH_SOURCES, type SearchFilters } from "../../search/filters.js";
import type { SearchReport } from "../../search/report.js";
import type { SearchResponse } from "../../search/types.js";
import { DATE, json, type McpContext } from "./shared.js";

export const MEMORY_SEARCH_INPUT = z.object({
  query: z.string().min(1).describe('what to look for, in plain words; a "quoted phrase" must appear (words adjacent, in order), -word or -"a phrase" must not appear'),
  limit: z.number().int().min(1).max(50).optional().describe("results (default 10)"),
  source: z.enum(SEARCH_SOURCES).optional().describe("only notes (memory), transcripts (sessions) or the engine's own reports (reflections)"),
  minScore: z.number().min(0).max(1).optional().describe("only results scoring at least this"),
  rerank: z
    .boolean()
    .optional()
    .describe("let a model (the local LLM, or a cross-encoder per search.rerank.provider) judge the results and drop unrelated ones (default: the workspace's search.rerank.enabled)"),
  dateFrom: DATE.optional().describe("only notes dated on or after YYYY-MM-DD"),
  dateTo: DATE.optional().describe("only notes dated on or before YYYY-MM-DD"),
  project: z.string().optional().describe("only chunks annotated project:: NAME (fuzzy)"),
  annotations: z
    .object(Object.fromEntries(ANNOTATION_KEYS.map((k) => [k, z.string().optional()])) as Record<(typeof ANNOTATION_KEYS)[number], z.ZodOptional<z.ZodString>>)
    .optional()
    .describe('only chunks with these annotations (fuzzy), e.g. {"mode": "deep work"}'),
});

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
      annotations: { readOnlyHint: true },
    },
    async (a, ctx) => {
      const filters: SearchFilters = {};
      if (a.source) filters.source = a.source;
      if (a.dateFrom) filters.dateFrom = a.dateFrom;
      if (a.dateTo) filters.dateTo = a.dateTo;
      if (a.project) filters.project = a.project;
      if (a.annotations) {
        const ann = Object.fromEntries(Object.entries(a.annotations).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""));
        if (Object.keys(ann).length > 0) filters.annotations = ann;
      }
      const res = await engine.search(a.query, {
        ...(a.limit ? { limit: a.limit } : {}),
        ...(a.minScore !== undefined ? { minScore: a.minScore } : {}),
        ...(a.rerank !== undefined ? { rerank: a.rerank } : {}),
        filters,
        session,
        signal: ctx.mcpReq.signal,
        front: "mcp",
      });
      return json(mcpSearchAnswer(res));
    },
  );
}
