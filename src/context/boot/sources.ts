/**
 * Brain boot, the I/O half (`agent boot`, the MCP `boot` tool, the `ask` boot tool): gathers
 * the three sources in parallel — a hybrid search over history, the most recent session
 * turns, the last N days of daily notes — and fuses them with `fuseBoot`.
 */
import { listWorkspaceDir, statWorkspacePath } from "../../workspace/guard.js";
import path from "node:path";
import { contextConfig } from "../config.js";
import { annotationMatches, groupAnnotations, parseAnnotations, uniqueAnnotations } from "../../indexer/annotations.js";
import { chunkMarkdown } from "../../indexer/chunk.js";
import type { SearchReport } from "../../search/report.js";
import type { LoadedConfig } from "../../workspace/config.js";
import { dailyRel, lastDays, readDailyNote } from "../../workspace/daily.js";
import { readLines, type ResolveOptions } from "../../workspace/safe-read.js";
import { feedsPersonMemory, isValidSessionId, parseSessionText, type SessionTurn } from "../../workspace/sessions.js";
import { addDays, zonedDate } from "../../workspace/time.js";
import { sessionOfFile } from "../../workspace/transcripts.js";
import { checkQuerySize } from "../../search/bound.js";
import { DEFAULT_BOOT_SNIPPET_CHARS, DEFAULT_RECENT_SHARE, fuseBoot, rankRecent, type BootCandidate, type BootItem } from "./boot.js";
import type { PlanOptions, SearchPlan } from "../../search/search.js";
import type { SessionType } from "../../workspace/privacy.js";

/** What boot needs of the Engine (a structural type, so this module does not import it). */
export interface BootEngine {
  readonly workspace: string;
  readonly config: LoadedConfig;
  readonly now: () => number;
  plan(query: string, opts?: PlanOptions): SearchPlan;
  search(plan: SearchPlan): Promise<SearchReport>;
}

export interface BootOptions {
  /** Days of recent activity (today included). Default 7. */
  days?: number;
  /** Only items annotated `project:: ...` matching this (fuzzily). */
  project?: string;
  /** Items in all. Default 10. */
  limit?: number;
  /** Share of the items kept for recent activity. Default 0.3. */
  recentShare?: number;
  /** Default 400. */
  snippetChars?: number;
  /** Also return today's note verbatim. */
  includeDaily?: boolean;
  /** Turns per session block. Default 4. */
  turnsPerBlock?: number;
  /**
   * Privacy scope: a group or isolated session gets history from public files only, and no
   * transcripts or daily notes (all private). Default "main".
   */
  session?: SessionType;
}

export interface BootResult {
  query: string;
  days: number;
  project: string | null;
  /** The recent window, YYYY-MM-DD inclusive. */
  from: string;
  to: string;
  items: BootItem[];
  counts: { history: number; session: number; daily: number };
  /** Candidates each source offered before fusion. */
  offered: { history: number; session: number; daily: number };
  /** Today's note verbatim, with includeDaily. */
  today?: { date: string; path: string; text: string | null };
  warnings: string[];
}

export async function bootContext(engine: BootEngine, query: string, opts: BootOptions = {}): Promise<BootResult> {
  // Before anything reads it: recent turns and notes are ranked by the query's words too.
  checkQuerySize(query, "boot");
  const days = Math.max(1, Math.floor(opts.days ?? 7));
  const limit = Math.max(1, Math.floor(opts.limit ?? 10));
  const project = opts.project?.trim() ? opts.project.trim() : null;
  const tz = contextConfig(engine.config).timeZone;
  const now = engine.now();
  const to = zonedDate(now, tz);
  const from = addDays(to, -(days - 1));
  const q = query.trim();
  const per = limit * 2;
  const scope = opts.session ?? "main";
  const plan = q === "" ? null : engine.plan(q, { limit: per, session: scope, ...(project ? { filters: { project } } : {}) });
  // Recent turns and notes are ranked by the words of the same question the history search reads.
  const terms = plan ? [...plan.questionWords] : [];
  const recent = scope === "main";
  const warnings: string[] = [];
  const read = { allowHardLinks: engine.config.index.allowHardLinks };

  const [history, session, daily] = await Promise.all([
    plan === null ? Promise.resolve([]) : historyCandidates(engine, plan, warnings),
    Promise.resolve().then(() => (recent ? sessionCandidates(engine.workspace, { from, tz, project, terms, max: per, turnsPerBlock: opts.turnsPerBlock ?? 4, read }) : [])),
    Promise.resolve().then(() => (recent ? dailyCandidates(engine, { dates: lastDays(to, days), project, terms, max: per }) : [])),
  ]);
  const fused = fuseBoot(
    { history, session, daily },
    { limit, recentShare: opts.recentShare ?? DEFAULT_RECENT_SHARE, snippetChars: opts.snippetChars ?? DEFAULT_BOOT_SNIPPET_CHARS, terms },
  );
  const result: BootResult = {
    query: q,
    days,
    project,
    from,
    to,
    items: fused.items,
    counts: {
      history: fused.items.filter((i) => i.origin === "history").length,
      session: fused.items.filter((i) => i.origin === "session").length,
      daily: fused.items.filter((i) => i.origin === "daily").length,
    },
    offered: { history: history.length, session: session.length, daily: daily.length },
    warnings,
  };
  if (opts.includeDaily) result.today = { date: to, path: dailyRel(to), text: readDailyNote(engine.workspace, to, read) };
  return result;
}

async function historyCandidates(engine: BootEngine, plan: SearchPlan, warnings: string[]): Promise<BootCandidate[]> {
  const res = await engine.search(plan);
  if (res.vectors.warning) warnings.push(res.vectors.warning);
  // Nothing in the history passed the relevance floor: say so rather than pad with noise.
  if (res.results.length === 0 && res.reason) warnings.push(`history: ${res.reason}`);
  return res.results.map((r) => {
    const c: BootCandidate = {
      path: r.path,
      startLine: r.startLine,
      endLine: r.endLine,
      source: r.source,
      kind: r.kind,
      heading: r.heading,
      date: r.date,
      text: rangeText(engine.workspace, r.path, r.startLine, r.endLine, { allowHardLinks: engine.config.index.allowHardLinks }) ?? r.snippet,
      score: r.score,
    };
    if (r.annotations) c.annotations = r.annotations;
    if (r.supersededBy) c.supersededBy = r.supersededBy;
    return c;
  });
}

/** The lines of a result as text ("role: content" for transcripts), or null if unreadable. */
export function rangeText(workspace: string, rel: string, start: number, end: number, read: ResolveOptions): string | null {
  try {
    const r = readLines(workspace, rel, start, end - start + 1, read);
    if (!rel.endsWith(".jsonl")) return r.lines.join("\n");
    return parseSessionText(rel, r.lines.join("\n"))
      .turns.filter(feedsPersonMemory)
      .map((t) => `${t.role}: ${t.content.replace(/\s*\n\s*/g, " ")}`)
      .join("\n");
  } catch {
    return null;
  }
}

function sessionCandidates(
  workspace: string,
  o: { from: string; tz: string | undefined; project: string | null; terms: string[]; max: number; turnsPerBlock: number; read: ResolveOptions },
): BootCandidate[] {
  const listed = listWorkspaceDir(workspace, "sessions");
  const all = new Set(listed);
  const names = listed.filter((n) => n.endsWith(".jsonl") && isValidSessionId(n.slice(0, -".jsonl".length)));
  // A transcript untouched since before the window cannot hold a turn inside it (a shortcut
  // taken only when the engine's clock is not ahead of the real one, as an injected one may be).
  const fromMs = Date.parse(`${addDays(o.from, -1)}T00:00:00Z`);
  const skipOld = fromMs <= Date.now();
  const blocks: { item: BootCandidate; at: string }[] = [];
  for (const name of names) {
    const rel = `sessions/${name}`;
    try {
      if (skipOld && (statWorkspacePath(workspace, rel)?.mtimeMs ?? 0) < fromMs) continue;
      const r = readLines(workspace, rel, 1, Number.MAX_SAFE_INTEGER, o.read);
      // A continuation file (`<id>-2.jsonl`) is more of the same session.
      const id = sessionOfFile(name, all)?.session ?? name.slice(0, -".jsonl".length);
      const parsed = parseSessionText(id, r.lines.join("\n"));
      const dateOf = (t: SessionTurn) => {
        const ms = Date.parse(t.ts);
        return Number.isNaN(ms) ? null : zonedDate(ms, o.tz);
      };
      const inWindow = parsed.turns.filter(feedsPersonMemory).filter((t) => {
        const d = dateOf(t);
        return d !== null && d >= o.from;
      });
      if (inWindow.length === 0) continue;
      // A project marker anywhere in a conversation tags the whole conversation.
      const sessionAnns = uniqueAnnotations(parsed.turns.flatMap((t) => parseAnnotations(t.content)));
      if (o.project && !sessionAnns.some((a) => a.key === "project" && annotationMatches(o.project!, a.norm))) continue;
      // Consecutive turns of one thread, newest at the end, in blocks of turnsPerBlock.
      let cur: SessionTurn[] = [];
      const flush = () => {
        if (cur.length === 0) return;
        const text = cur.map((t) => `${t.role}: ${t.content.replace(/\s*\n\s*/g, " ")}`).join("\n");
        const last = cur[cur.length - 1]!;
        const item: BootCandidate = {
          path: rel,
          startLine: cur[0]!.line,
          endLine: last.line,
          source: "sessions",
          kind: "session",
          heading: last.thread ? `session ${id} > ${last.thread}` : `session ${id}`,
          date: dateOf(last),
          text,
        };
        const anns = groupAnnotations(uniqueAnnotations(parseAnnotations(text)));
        if (Object.keys(anns).length > 0) item.annotations = anns;
        const ms = Date.parse(last.ts);
        blocks.push({ item, at: Number.isNaN(ms) ? "" : new Date(ms).toISOString() });
        cur = [];
      };
      for (const t of inWindow) {
        if (cur.length > 0 && ((cur[0]!.thread ?? "") !== (t.thread ?? "") || cur.length >= o.turnsPerBlock || t.line !== cur[cur.length - 1]!.line + 1)) flush();
        cur.push(t);
      }
      flush();
    } catch {
      // An unreadable or outside-pointing transcript is simply not recent activity.
    }
  }
  return rankRecent(blocks, o.terms).slice(0, o.max);
}

function dailyCandidates(engine: BootEngine, o: { dates: string[]; project: string | null; terms: string[]; max: number }): BootCandidate[] {
  const out: { item: BootCandidate; at: string }[] = [];
  for (const date of o.dates) {
    const text = readDailyNote(engine.workspace, date, { allowHardLinks: engine.config.index.allowHardLinks });
    if (text === null || text.trim() === "") continue;
    const chunks = chunkMarkdown(text, { targetTokens: engine.config.index.chunkTokens, overlapTokens: engine.config.index.overlapTokens });
    // Daily notes are append-only: later sections are newer.
    chunks.forEach((c, i) => {
      const anns = uniqueAnnotations(parseAnnotations(`${c.heading}\n${c.text}`));
      if (o.project && !anns.some((a) => a.key === "project" && annotationMatches(o.project!, a.norm))) return;
      const item: BootCandidate = {
        path: dailyRel(date),
        startLine: c.startLine,
        endLine: c.endLine,
        source: "memory",
        kind: "daily",
        heading: c.heading,
        date,
        text: c.text,
      };
      if (anns.length > 0) item.annotations = groupAnnotations(anns);
      out.push({ item, at: `${date}#${String(i).padStart(6, "0")}` });
    });
  }
  return rankRecent(out, o.terms).slice(0, o.max);
}
