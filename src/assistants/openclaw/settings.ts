/**
 * The plugin's settings in OpenClaw's config (`plugins.entries.agent-memory.config`), read
 * without throwing: OpenClaw validates them against the manifest's schema first, this only
 * fills the defaults and says what is wrong in one line.
 */
import path from "node:path";

export const OPENCLAW_PLUGIN_ID = "agent-memory";

export interface OpenClawPluginSettings {
  /** The workspace folder (absolute). */
  workspace: string;
  /** Memories put before a prompt at most (default 3). */
  injectLimit: number;
  /** How long a prompt waits for its memories at most, in ms (default 300). */
  budgetMs: number;
  /**
   * The person's own peer ids (`telegram:12345` or `12345`): a per-peer direct-chat session with
   * one of them is a main session; any other direct chat is isolated (default none).
   */
  mainPeers: string[];
}

export const DEFAULT_INJECT_LIMIT = 3;
export const DEFAULT_BUDGET_MS = 300;

/** The settings, or what is wrong with them. */
export function readPluginConfig(raw: Record<string, unknown> | undefined): OpenClawPluginSettings | string {
  const ws = raw?.workspace;
  if (typeof ws !== "string" || ws.trim() === "") return `plugins.entries.${OPENCLAW_PLUGIN_ID}.config.workspace is not set`;
  if (!path.isAbsolute(ws)) return `plugins.entries.${OPENCLAW_PLUGIN_ID}.config.workspace must be an absolute path (got ${JSON.stringify(ws)})`;
  const n = (v: unknown, dflt: number, max: number) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.min(v, max) : dflt);
  const peers = Array.isArray(raw?.mainPeers) ? raw.mainPeers.filter((p): p is string => typeof p === "string" && p.trim() !== "").map((p) => p.trim()) : [];
  return { workspace: ws, injectLimit: Math.round(n(raw?.injectLimit, DEFAULT_INJECT_LIMIT, 10)), budgetMs: Math.round(n(raw?.budgetMs, DEFAULT_BUDGET_MS, 10_000)), mainPeers: peers };
}
