import type { CallToolResult, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { SessionType } from "../../context/assemble.js";
import type { Engine } from "../../engine/engine.js";

/** What every tool, resource and prompt is given: the one engine and the privacy scope of this server. */
export interface McpContext {
  server: McpServer;
  engine: Engine;
  /** main sees everything; group and isolated never see private files. */
  session: SessionType;
}

export const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date like 2026-03-01");

export function text(t: string): CallToolResult {
  return { content: [{ type: "text", text: t }] };
}

export function json(v: unknown): CallToolResult {
  return text(JSON.stringify(v, null, 2));
}
