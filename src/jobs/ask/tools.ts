/**
 * The tools the ask model may call, each a thin call into what the host hands in: search
 * (the engine's search), get (a line range of a workspace file, path-checked), boot (brain
 * boot) and daily (one day's note). There is deliberately no `ask` tool.
 */
import type { BootOptions, BootResult } from "../../context/boot/sources.js";
import type { SearchOptions, SearchResponse } from "../../search/search.js";
import { dailyRel, readDailyNote } from "../../workspace/daily.js";
import { numberLines, readLines } from "../../workspace/safe-read.js";
import { addDays, zonedDate } from "../../workspace/time.js";
import type { AskConfig } from "./config.js";
import type { AskTool, AskToolOutcome } from "./loop.js";
import type { Citation } from "./protocol.js";

/** A search over the workspace's index, as the engine runs it. */
export type AskSearch = (query: string, opts: SearchOptions) => Promise<SearchResponse>;
/** Brain boot over the workspace, as the engine runs it. */
export type AskBoot = (query: string, opts: BootOptions) => Promise<BootResult>;

export interface AskToolsOptions {
  workspace: string;
  now: () => number;
  search: AskSearch;
  boot: AskBoot;
  config: AskConfig;
  /** Zone of "today" and "yesterday" (context.timeZone). */
  timeZone?: string;
  /** Serve files with several hard links (index.allowHardLinks). */
  allowHardLinks: boolean;
  /** Restrict every search and boot to one project (annotation filter). */
  project?: string;
}

export function engineAskTools(opts: AskToolsOptions): AskTool[] {
  const cfg = opts.config;
  const tz = opts.timeZone;
  const workspace = opts.workspace;
  const read = { allowHardLinks: opts.allowHardLinks };
  const str = (args: Record<string, unknown>, key: string): string => {
    const v = args[key];
    if (typeof v !== "string" || v.trim() === "") throw new Error(`"${key}" must be a non-empty string`);
    return v.trim();
  };
  const int = (args: Record<string, unknown>, key: string, dflt: number): number => {
    const v = args[key];
    const n = typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
    return Number.isFinite(n) && n >= 1 ? Math.floor(n) : dflt;
  };

  const search: AskTool = {
    name: "search",
    async run(args): Promise<AskToolOutcome> {
      const query = str(args, "query");
      const res = await opts.search(query, { limit: cfg.searchLimit, explain: true, ...(opts.project ? { filters: { project: opts.project } } : {}) });
      // Relevant: shares a content word with the query, or is close in meaning.
      const hits = res.results.filter((r) => r.explain === undefined || r.explain.bm25 !== null || (r.explain.cosine ?? -1) >= cfg.minCosine);
      // The engine's own "nothing relevant" reason tells the model to stop searching for it.
      if (hits.length === 0) return { text: `No results for "${query}"${res.reason ? `: ${res.reason}` : ""}.`, sources: [], empty: true };
      const lines = hits.map((r, i) => {
        const date = r.date ? ` (${r.date})` : "";
        const heading = r.heading ? ` ${r.heading}:` : "";
        return `${i + 1}. ${r.path}:${r.startLine}-${r.endLine}${date}${heading} ${r.snippet.replace(/\s+/g, " ")}`;
      });
      return { text: lines.join("\n"), sources: hits.map((r) => ({ path: r.path, startLine: r.startLine, endLine: r.endLine })), empty: false };
    },
  };

  const get: AskTool = {
    name: "get",
    async run(args): Promise<AskToolOutcome> {
      const p = str(args, "path");
      const r = readLines(workspace, p, int(args, "from", 1), Math.min(int(args, "lines", cfg.getLines), cfg.getLines), read);
      if (r.lines.length === 0) return { text: `${r.rel} has ${r.totalLines} lines; nothing at line ${r.from}.`, sources: [] };
      const more = r.to < r.totalLines ? `\n[lines ${r.to + 1}-${r.totalLines} not shown]` : "";
      return { text: `${r.rel} lines ${r.from}-${r.to} of ${r.totalLines}:\n${numberLines(r)}${more}`, sources: [{ path: r.rel, startLine: r.from, endLine: r.to }] };
    },
  };

  const boot: AskTool = {
    name: "boot",
    async run(args): Promise<AskToolOutcome> {
      const query = typeof args.query === "string" ? args.query : "";
      const b = await opts.boot(query, { limit: cfg.searchLimit + 2, ...(opts.project ? { project: opts.project } : {}) });
      if (b.items.length === 0) return { text: `Nothing found for "${query}" in history or the last ${b.days} days.`, sources: [] };
      const lines = b.items.map(
        (it, i) => `${i + 1}. [${it.origin}] ${it.path}:${it.startLine}-${it.endLine}${it.date ? ` (${it.date})` : ""} ${it.snippet.replace(/\s+/g, " ")}`,
      );
      return { text: lines.join("\n"), sources: b.items.map((it): Citation => ({ path: it.path, startLine: it.startLine, endLine: it.endLine })) };
    },
  };

  const daily: AskTool = {
    name: "daily",
    async run(args): Promise<AskToolOutcome> {
      const raw = str(args, "date").toLowerCase();
      const today = zonedDate(opts.now(), tz);
      const date = raw === "today" ? today : raw === "yesterday" ? addDays(today, -1) : raw;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`"date" must be YYYY-MM-DD, "today" or "yesterday", got "${raw}"`);
      const rel = dailyRel(date);
      if (readDailyNote(workspace, date, read) === null) return { text: `There is no daily note for ${date} (${rel}).`, sources: [] };
      const r = readLines(workspace, rel, 1, cfg.getLines, read);
      const more = r.to < r.totalLines ? `\n[lines ${r.to + 1}-${r.totalLines} not shown: use get]` : "";
      return { text: `${rel} lines ${r.from}-${r.to} of ${r.totalLines}:\n${numberLines(r)}${more}`, sources: [{ path: rel, startLine: r.from, endLine: Math.max(r.from, r.to) }] };
    },
  };

  return [search, get, boot, daily];
}
