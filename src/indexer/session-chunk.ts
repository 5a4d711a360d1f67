import { estimateTokens } from "../store/fts-text.js";
import { feedsPersonMemory, parseSessionText } from "../workspace/sessions.js";
import type { Chunk } from "./chunk.js";

export interface SessionChunk extends Chunk {
  /** Local calendar date of the chunk's first turn, for recency and date filters. */
  date: string | null;
}

/** Local YYYY-MM-DD of an ISO timestamp; null when it does not parse. */
export function localDate(ts: string): string | null {
  const d = new Date(ts);
  if (Number.isNaN(d.getTime())) return null;
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/**
 * A transcript → chunks of consecutive turns of one thread, about `targetTokens` each.
 * The chunk text is "role: content" per turn (what people search for), while the line
 * range still points into the .jsonl file, one turn per line.
 */
export function chunkSession(id: string, text: string, opts: { targetTokens: number }): { chunks: SessionChunk[]; problems: string[] } {
  const parsed = parseSessionText(id, text);
  const chunks: SessionChunk[] = [];
  let cur: { thread: string; lines: string[]; start: number; end: number; tokens: number; date: string | null } | null = null;
  const flush = () => {
    if (!cur) return;
    const body = cur.lines.join("\n");
    chunks.push({
      startLine: cur.start,
      endLine: cur.end,
      heading: cur.thread ? `session ${id} > ${cur.thread}` : `session ${id}`,
      text: body,
      tokens: estimateTokens(body),
      date: cur.date,
    });
    cur = null;
  };
  // A group's or an isolated session's lines, and another participant's, are never the person's memory.
  for (const turn of parsed.turns.filter(feedsPersonMemory)) {
    const line = `${turn.role}: ${turn.content.replace(/\s*\n\s*/g, " ")}`;
    const t = estimateTokens(line) + 1;
    const thread = turn.thread ?? "";
    if (cur && (cur.thread !== thread || cur.tokens + t > opts.targetTokens)) flush();
    if (!cur) cur = { thread, lines: [], start: turn.line, end: turn.line, tokens: 0, date: localDate(turn.ts) };
    cur.lines.push(line);
    cur.end = turn.line;
    cur.tokens += t;
  }
  flush();
  return { chunks, problems: parsed.problems.map((p) => `line ${p.line}: ${p.reason}`) };
}
