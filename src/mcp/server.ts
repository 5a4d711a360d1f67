/**
 * The MCP server (`agent mcp`): the engine's memory as tools and resources for any MCP
 * client (Claude Desktop, an IDE, another agent). Every handler is a thin call into the
 * library — Engine.search, readLines, appendDailyNote, buildContext, readSoul, bootContext,
 * askQuestion — so the CLI and MCP always behave the same.
 *
 * Safety: `memory_get` reads only regular files inside the workspace (no `..`, no absolute
 * path outside, no symlink that resolves outside, never `.agent/`); a refused path is a tool
 * error (`isError`). `memory_append` only appends to today's daily note, verified.
 * Transport concerns (stdio, logging to stderr) live in src/cli/commands/mcp.ts.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { isPrivatePath, type MemoryHit } from "../context/assemble.js";
import { contextConfig } from "../context/config.js";
import { buildContext } from "../context/load.js";
import { ANNOTATION_KEYS } from "../indexer/annotations.js";
import { askQuestion } from "../jobs/ask/index.js";
import { openSoulHistory, readSoul, soulLog } from "../jobs/reflect/history.js";
import { createLLMProvider, LLMConfigSchema } from "../llm/factory.js";
import type { LLMProvider } from "../llm/types.js";
import { bootContext, type BootEngine } from "../search/boot-sources.js";
import type { SearchFilters } from "../search/keyword.js";
import { configSection } from "../workspace/config.js";
import { appendDailyNote } from "../workspace/daily.js";
import { numberLines, readLines } from "../workspace/safe-read.js";
import { zonedDate } from "../workspace/time.js";
import { MCP_SERVER_NAME, MCP_TOOL_NAMES } from "./names.js";
import {
  DAILY_LIST_URI,
  DAILY_RESOURCES,
  readDailyList,
  readDailyView,
  SOUL_CURRENT_URI,
  SOUL_HISTORY_URI,
} from "./resources.js";

export { MCP_SERVER_NAME, MCP_TOOL_NAMES };

export interface CreateMcpServerOptions {
  engine: BootEngine;
  /** The model `ask` uses; default: the workspace's `llm` config. Called once per ask. */
  provider?: () => LLMProvider;
  version?: string;
}

const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date like 2026-03-01");

function text(t: string): CallToolResult {
  return { content: [{ type: "text", text: t }] };
}

function json(v: unknown): CallToolResult {
  return text(JSON.stringify(v, null, 2));
}

export function createMcpServer(opts: CreateMcpServerOptions): McpServer {
  const engine = opts.engine;
  const ws = engine.workspace;
  const tz = () => contextConfig(engine.config).timeZone;
  const today = () => zonedDate(engine.now(), tz());
  const provider = opts.provider ?? (() => createLLMProvider(configSection(engine.config, "llm", LLMConfigSchema)));
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version: opts.version ?? "0.1.0" },
    {
      instructions:
        "Long-term memory of the person: markdown notes (memory/YYYY-MM-DD.md daily notes, MEMORY.md, SOUL.md) and past conversations. " +
        "Search before answering questions about the past; cite path:lines. Append new facts with memory_append.",
    },
  );

  server.registerTool(
    "memory_search",
    {
      title: "Search memory",
      description: "Search notes and past conversations (keywords + meaning, recent first). Returns path, line range, date, snippet and annotations per hit.",
      inputSchema: {
        query: z.string().min(1).describe("what to look for, in plain words"),
        limit: z.number().int().min(1).max(50).optional().describe("results (default 10)"),
        source: z.enum(["memory", "sessions"]).optional().describe("only notes (memory) or only transcripts (sessions)"),
        dateFrom: DATE.optional().describe("only notes dated on or after YYYY-MM-DD"),
        dateTo: DATE.optional().describe("only notes dated on or before YYYY-MM-DD"),
        project: z.string().optional().describe("only chunks annotated project:: NAME (fuzzy)"),
        annotations: z
          .object(Object.fromEntries(ANNOTATION_KEYS.map((k) => [k, z.string().optional()])) as Record<(typeof ANNOTATION_KEYS)[number], z.ZodOptional<z.ZodString>>)
          .optional()
          .describe('only chunks with these annotations (fuzzy), e.g. {"mode": "deep work"}'),
      },
      annotations: { readOnlyHint: true },
    },
    async (a) => {
      const filters: SearchFilters = {};
      if (a.source) filters.source = a.source;
      if (a.dateFrom) filters.dateFrom = a.dateFrom;
      if (a.dateTo) filters.dateTo = a.dateTo;
      if (a.project) filters.project = a.project;
      if (a.annotations) {
        const ann = Object.fromEntries(Object.entries(a.annotations).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""));
        if (Object.keys(ann).length > 0) filters.annotations = ann;
      }
      const res = await engine.search(a.query, { ...(a.limit ? { limit: a.limit } : {}), filters });
      return json({ query: res.query, mode: res.mode, dateRange: res.dateRange, results: res.results });
    },
  );

  server.registerTool(
    "memory_get",
    {
      title: "Read lines of a file",
      description: "Read a workspace file by path (as memory_search returns it), numbered lines. Only files inside the workspace.",
      inputSchema: {
        path: z.string().min(1).describe("workspace-relative path, e.g. memory/2026-11-21.md"),
        from: z.number().int().min(1).optional().describe("first line (default 1)"),
        lines: z.number().int().min(1).max(2000).optional().describe("how many lines (default 200)"),
      },
      annotations: { readOnlyHint: true },
    },
    async (a) => {
      const r = readLines(ws, a.path, a.from ?? 1, a.lines ?? 200);
      if (r.lines.length === 0) return text(`${r.rel}: ${r.totalLines} lines; nothing at line ${r.from}`);
      const more = r.to < r.totalLines ? `\n[lines ${r.to + 1}-${r.totalLines} not shown: call again with from=${r.to + 1}]` : "";
      return text(`${r.rel} lines ${r.from}-${r.to} of ${r.totalLines}\n${numberLines(r)}${more}`);
    },
  );

  server.registerTool(
    "memory_append",
    {
      title: "Append to today's note",
      description: "Append a note to today's daily note (memory/YYYY-MM-DD.md) under a timestamped heading. Append-only; never edits existing text.",
      inputSchema: {
        text: z.string().min(1).describe("the note, markdown"),
        title: z.string().optional().describe("short heading after the time (default \"note\")"),
      },
    },
    async (a) => {
      const zone = tz();
      const r = appendDailyNote({ workspace: ws, text: a.text, now: engine.now(), ...(zone !== undefined ? { timeZone: zone } : {}), ...(a.title ? { title: a.title } : {}) });
      return json(r);
    },
  );

  server.registerTool(
    "context",
    {
      title: "Assembled system prompt",
      description: "The system prompt for a session type: bootstrap files, today's and yesterday's notes, and memories relevant to an optional task.",
      inputSchema: {
        session: z.enum(["main", "group", "isolated"]).optional().describe("main (private, default), group or isolated (no private files)"),
        query: z.string().optional().describe("task or question to add relevant memories for"),
      },
      annotations: { readOnlyHint: true },
    },
    async (a) => {
      const session = a.session ?? "main";
      const cfg = contextConfig(engine.config);
      let memories: MemoryHit[] | undefined;
      const query = a.query?.trim();
      if (query && cfg.memoryResults > 0) {
        const res = await engine.search(query, { limit: session === "main" ? cfg.memoryResults : cfg.memoryResults * 4 });
        memories = res.results
          .filter((r) => session === "main" || !isPrivatePath(r.path))
          .slice(0, cfg.memoryResults)
          .map((r) => ({ path: r.path, startLine: r.startLine, endLine: r.endLine, heading: r.heading, date: r.date, snippet: r.snippet }));
      }
      const ctx = buildContext(ws, {
        now: engine.now(),
        ...(cfg.timeZone !== undefined ? { timeZone: cfg.timeZone } : {}),
        session,
        perFileChars: cfg.perFileChars,
        totalChars: cfg.totalChars,
        ...(query ? { query } : {}),
        ...(memories ? { memories } : {}),
      });
      return text(ctx.text);
    },
  );

  server.registerTool(
    "soul_get",
    {
      title: "SOUL.md",
      description: "The current SOUL.md (personality and guidelines), or a numbered earlier version.",
      inputSchema: { version: z.number().int().min(1).optional().describe("a version number from soul://history (default: the file on disk)") },
      annotations: { readOnlyHint: true },
    },
    async (a) => {
      if (a.version === undefined) {
        const s = readSoul(ws);
        return text(s.exists ? s.text : "SOUL.md does not exist in this workspace.");
      }
      const h = openSoulHistory(ws, { ifExists: true });
      try {
        const v = h.store.get(a.version);
        if (!v) throw new Error(`there is no SOUL version ${a.version} (see soul://history)`);
        return text(v.content);
      } finally {
        h.close();
      }
    },
  );

  server.registerTool(
    "boot",
    {
      title: "Brain boot",
      description: "Restore context: relevant history plus the last days' session turns and daily notes (about 30% recent), deduplicated, with dates.",
      inputSchema: {
        query: z.string().optional().describe("what the person is picking up, e.g. \"the pharmacy project\""),
        days: z.number().int().min(1).max(90).optional().describe("days of recent activity (default 7)"),
        project: z.string().optional().describe("only items annotated project:: NAME (fuzzy)"),
        limit: z.number().int().min(1).max(50).optional().describe("items (default 10)"),
        includeDaily: z.boolean().optional().describe("also return today's note verbatim"),
      },
      annotations: { readOnlyHint: true },
    },
    async (a) =>
      json(
        await bootContext(engine, a.query ?? "", {
          ...(a.days ? { days: a.days } : {}),
          ...(a.project ? { project: a.project } : {}),
          ...(a.limit ? { limit: a.limit } : {}),
          ...(a.includeDaily ? { includeDaily: true } : {}),
        }),
      ),
  );

  server.registerTool(
    "ask",
    {
      title: "Ask the memory",
      description: "The local model answers a question about the past by searching the notes itself; answer with citations. Resume or fork a conversation by id.",
      inputSchema: {
        question: z.string().min(1),
        session: z.string().optional().describe("conversation id to continue"),
        fork: z.boolean().optional().describe("with session: continue in a copy under a new id"),
      },
    },
    async (a) => {
      const p = provider();
      try {
        const r = await askQuestion({
          engine,
          provider: p,
          question: a.question,
          ...(a.session ? { session: a.session } : {}),
          ...(a.fork ? { fork: true } : {}),
        });
        return json({ conversationId: r.conversationId, status: r.status, answer: r.answer, citations: r.citations, ...(r.forkedFrom ? { forkedFrom: r.forkedFrom } : {}), toolCalls: r.toolCalls.length, warnings: r.warnings });
      } finally {
        await p.close();
      }
    },
  );

  for (const [name, r] of Object.entries(DAILY_RESOURCES)) {
    server.registerResource(`daily-${name}`, r.uri, { description: r.description, mimeType: "text/markdown" }, async (uri) => ({
      contents: [{ uri: uri.href, mimeType: "text/markdown", text: readDailyView(ws, today(), r.days) }],
    }));
  }
  server.registerResource(
    "daily-list",
    DAILY_LIST_URI,
    { description: "JSON: the last 30 days, newest first, with each daily note's path, whether it exists and its size.", mimeType: "application/json" },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: "application/json", text: readDailyList(ws, today()) }] }),
  );
  server.registerResource(
    "soul-current",
    SOUL_CURRENT_URI,
    { description: "SOUL.md as it is on disk.", mimeType: "text/markdown" },
    async (uri) => {
      const s = readSoul(ws);
      return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: s.exists ? s.text : "_(SOUL.md does not exist in this workspace)_\n" }] };
    },
  );
  server.registerResource(
    "soul-history",
    SOUL_HISTORY_URI,
    { description: "JSON: SOUL.md versions (number, date, summary, origin) and which one the file matches.", mimeType: "application/json" },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(soulLog(ws), null, 2) }] }),
  );
  return server;
}
