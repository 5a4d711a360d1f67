/**
 * Step 1 of reflection: which conversations happened since a moment, how many messages
 * each had, and a transcript cut to fit a small model's context.
 */
import { listWorkspaceDir, NO_HARD_LINKS, readWorkspaceText, statWorkspacePath, type LinkRule } from "../../workspace/guard.js";
import { feedsPersonMemory, parseSessionText, type SessionRole } from "../../workspace/sessions.js";
import { sessionOfFile } from "../../workspace/transcripts.js";

export interface GatheredMessage {
  session: string;
  thread?: string;
  role: SessionRole;
  content: string;
  /** ms since epoch (the turn's ts, or the file's mtime when the turn has none). */
  at: number;
}

export interface GatheredSession {
  id: string;
  /** User and assistant messages inside the window (system and tool turns are not counted). */
  messageCount: number;
  messages: GatheredMessage[];
}

export interface GatherResult {
  since: number;
  until: number;
  /** Every session with at least one message in the window, oldest first. */
  sessions: GatheredSession[];
  /** Those with at least `minMessagesPerSession` messages: the ones reflected on. */
  qualified: GatheredSession[];
  /** Lines that could not be read, per file, so a damaged transcript is visible. */
  problems: string[];
}

export interface GatherOptions {
  since: number;
  until: number;
  minMessagesPerSession: number;
  /** index.allowHardLinks: transcripts are read under the workspace's file rule. */
  rule?: LinkRule;
}

/** Reads `sessions/*.jsonl` and keeps the user/assistant turns with since <= time <= until. */
export function gatherSessions(workspace: string, opts: GatherOptions): GatherResult {
  const sessions: GatheredSession[] = [];
  const problems: string[] = [];
  const names = listWorkspaceDir(workspace, "sessions").filter((n) => n.endsWith(".jsonl"));
  const all = new Set(names);
  for (const name of names) {
    const rel = `sessions/${name}`;
    let text: string;
    let mtime: number;
    try {
      // A link out, a FIFO or a device is refused by the guard: reflection never reads it.
      const st = statWorkspacePath(workspace, rel);
      const read = st?.isFile ? readWorkspaceText(workspace, rel, opts.rule ?? NO_HARD_LINKS) : null;
      if (st === null || read === null) continue;
      mtime = st.mtimeMs;
      text = read.text;
    } catch (e) {
      problems.push(`${rel}: cannot be read (${(e as Error).message})`);
      continue;
    }
    // A continuation file (`<id>-2.jsonl`) is more of the same session.
    const id = sessionOfFile(name, all)?.session ?? name.slice(0, -".jsonl".length);
    const parsed = parseSessionText(id, text);
    for (const p of parsed.problems) problems.push(`sessions/${name}:${p.line}: ${p.reason}`);
    const messages: GatheredMessage[] = [];
    for (const t of parsed.turns) {
      if ((t.role !== "user" && t.role !== "assistant") || !feedsPersonMemory(t)) continue;
      const parsedTs = Date.parse(t.ts);
      const at = Number.isNaN(parsedTs) ? mtime : parsedTs;
      if (at < opts.since || at > opts.until) continue;
      const m: GatheredMessage = { session: id, role: t.role, content: t.content, at };
      if (t.thread !== undefined) m.thread = t.thread;
      messages.push(m);
    }
    if (messages.length > 0) sessions.push({ id, messageCount: messages.length, messages });
  }
  sessions.sort((a, b) => a.messages[0]!.at - b.messages[0]!.at || a.id.localeCompare(b.id));
  return {
    since: opts.since,
    until: opts.until,
    sessions,
    qualified: sessions.filter((s) => s.messageCount >= opts.minMessagesPerSession),
    problems,
  };
}

export interface CutOptions {
  maxMessages: number;
  maxMessageChars: number;
}

export interface CutTranscript {
  text: string;
  /** Messages shown, and messages in the qualifying sessions altogether. */
  shown: number;
  total: number;
}

/**
 * Fits the sessions into a prompt: the newest `maxMessages` messages across all sessions
 * are kept (older ones dropped first), each cut to `maxMessageChars`, then printed grouped
 * by session and thread, oldest first inside each group.
 */
export function cutTranscript(sessions: GatheredSession[], opts: CutOptions): CutTranscript {
  const all = sessions.flatMap((s) => s.messages.map((m, i) => ({ m, i })));
  const total = all.length;
  // Newest first; ties keep file order.
  all.sort((x, y) => y.m.at - x.m.at || y.i - x.i);
  const kept = all.slice(0, opts.maxMessages);
  const keptSet = new Set(kept.map((k) => k.m));

  const parts: string[] = [];
  for (const s of sessions) {
    const mine = s.messages.filter((m) => keptSet.has(m));
    if (mine.length === 0) continue;
    const header =
      mine.length === s.messages.length
        ? `## Session ${s.id} (${s.messageCount} messages)`
        : `## Session ${s.id} (${s.messageCount} messages; the newest ${mine.length} shown)`;
    parts.push(header);
    const threads = new Map<string, GatheredMessage[]>();
    for (const m of mine) {
      const key = m.thread ?? "";
      const list = threads.get(key) ?? [];
      list.push(m);
      threads.set(key, list);
    }
    for (const [thread, list] of threads) {
      if (thread !== "" || threads.size > 1) parts.push(`### Thread: ${thread === "" ? "(main)" : thread}`);
      for (const m of list) parts.push(`[${stamp(m.at)}] ${m.role}: ${clip(m.content, opts.maxMessageChars)}`);
    }
    parts.push("");
  }
  return { text: parts.join("\n").trim(), shown: kept.length, total };
}

/** One line, at most `max` characters, "…" marking a cut. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  return flat.slice(0, Math.max(0, max - 1)).replace(/\s+\S*$/, (m) => (m.length < 20 ? "" : m)) + "…";
}

function stamp(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
