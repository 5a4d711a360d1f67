/**
 * The conversations in `sessions/`, as the night reads them: one per session id, its
 * continuation files (`<id>-2.jsonl`, `<id>-3.jsonl`, written when a transcript rolls over)
 * joined in order, its user/assistant turns numbered 1.. across them (the numbers a summary
 * cites as [t3]), and its provenance (harness, session kind) as the capture wrote it.
 * Reading only: this module never writes a transcript.
 */
import { listWorkspaceDir, NO_HARD_LINKS, readWorkspaceText, statWorkspacePath, type LinkRule } from "../../workspace/guard.js";
import { parseSessionText, type SessionRole } from "../../workspace/sessions.js";

export interface ConversationTurn {
  /** 1-based among the conversation's user/assistant turns: what a summary cites as [tN]. */
  n: number;
  role: SessionRole;
  content: string;
  /** ms since epoch (the turn's ts, or the file's mtime when it has none). */
  at: number;
  thread?: string;
}

export interface Conversation {
  id: string;
  /** Workspace-relative transcript files, the first one first. */
  files: string[];
  /** The harness that captured it ("claude-code", "codex"...), when the lines say. */
  harness: string | null;
  /**
   * The session's kind as captured: "main" (the person's own), "group" (others take part:
   * never the person's own memory), "isolated". Lines without the field count as "main".
   */
  kind: string;
  turns: ConversationTurn[];
  /** Newest mtime of its files (ms): a transcript untouched for a while has ended. */
  lastWrite: number;
  /** When its newest compaction marker was written (ms), or null. */
  compactedAt: number | null;
}

export interface ConversationsRead {
  conversations: Conversation[];
  /** Lines or files that could not be read, so a damaged transcript is visible. */
  problems: string[];
}

/** The session kinds provenance names; any other "kind" value is about something else. */
const SESSION_KINDS = new Set(["main", "group", "isolated"]);

const CONTINUATION_RE = /^(.+)-(\d+)$/;

/** The session a transcript file belongs to: `<id>-2` joins `<id>` when `<id>.jsonl` exists. */
export function sessionOf(stem: string, stems: ReadonlySet<string>): { id: string; part: number } {
  const m = CONTINUATION_RE.exec(stem);
  if (m && stems.has(m[1]!) && Number(m[2]) >= 2) return { id: m[1]!, part: Number(m[2]) };
  return { id: stem, part: 1 };
}

/** Every conversation in sessions/ (or only those named in `only`), oldest first by its first turn. */
export function readConversations(workspace: string, rule: LinkRule = NO_HARD_LINKS, only?: ReadonlySet<string>): ConversationsRead {
  const problems: string[] = [];
  const stems = listWorkspaceDir(workspace, "sessions")
    .filter((n) => n.endsWith(".jsonl"))
    .map((n) => n.slice(0, -".jsonl".length));
  const stemSet = new Set(stems);
  const groups = new Map<string, { part: number; stem: string }[]>();
  for (const stem of stems) {
    const { id, part } = sessionOf(stem, stemSet);
    const list = groups.get(id) ?? [];
    list.push({ part, stem });
    groups.set(id, list);
  }
  const conversations: Conversation[] = [];
  for (const [id, parts] of groups) {
    if (only !== undefined && !only.has(id)) continue;
    parts.sort((a, b) => a.part - b.part);
    const c = readOne(workspace, id, parts.map((p) => p.stem), rule, problems);
    if (c !== null) conversations.push(c);
  }
  conversations.sort((a, b) => (a.turns[0]?.at ?? a.lastWrite) - (b.turns[0]?.at ?? b.lastWrite) || a.id.localeCompare(b.id));
  return { conversations, problems };
}

function readOne(workspace: string, id: string, stems: string[], rule: LinkRule, problems: string[]): Conversation | null {
  const c: Conversation = { id, files: [], harness: null, kind: "main", turns: [], lastWrite: 0, compactedAt: null };
  for (const stem of stems) {
    const rel = `sessions/${stem}.jsonl`;
    let text: string;
    let mtime: number;
    try {
      // A link out, a FIFO or a device is refused by the guard: the night never reads it.
      const st = statWorkspacePath(workspace, rel);
      const read = st?.isFile ? readWorkspaceText(workspace, rel, rule) : null;
      if (st === null || read === null) continue;
      mtime = st.mtimeMs;
      text = read.text;
    } catch (e) {
      problems.push(`${rel}: cannot be read (${(e as Error).message})`);
      continue;
    }
    c.files.push(rel);
    c.lastWrite = Math.max(c.lastWrite, mtime);
    const parsed = parseSessionText(stem, text);
    for (const p of parsed.problems) problems.push(`${rel}:${p.line}: ${p.reason}`);
    for (const t of parsed.turns) {
      // Another participant's words, or an agent's instructions, are never the person's, whatever the session's kind.
      if ((t.role !== "user" && t.role !== "assistant") || t.from.speaker === "participant" || t.from.speaker === "agent") continue;
      const ts = Date.parse(t.ts);
      const turn: ConversationTurn = { n: c.turns.length + 1, role: t.role, content: t.content, at: Number.isNaN(ts) ? mtime : ts };
      if (t.thread !== undefined) turn.thread = t.thread;
      c.turns.push(turn);
    }
    for (const m of parsed.markers) {
      const ts = Date.parse(m.ts);
      const at = Number.isNaN(ts) ? mtime : ts;
      c.compactedAt = Math.max(c.compactedAt ?? 0, at);
    }
    readProvenance(text, c);
  }
  return c.files.length === 0 ? null : c;
}

/**
 * Harness and session kind from the lines' provenance fields (`harness`, `kind` or
 * `sessionKind`): a line that says "group" makes the whole conversation a group one, and one
 * that says "isolated" (a cron run, a sub-agent, a stranger's direct chat) an isolated one
 * unless it is a group's: neither is ever the person's own memory, and no later line makes it so.
 */
function readProvenance(text: string, c: Conversation): void {
  if (!text.includes('"harness"') && !text.includes("ind\"")) return;
  for (const line of text.split("\n")) {
    if (!line.includes('"harness"') && !line.includes('ind"')) continue;
    let o: unknown;
    try {
      o = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof o !== "object" || o === null) continue;
    const r = o as Record<string, unknown>;
    if (c.harness === null && typeof r.harness === "string" && r.harness !== "") c.harness = r.harness;
    const nested = typeof r.session === "object" && r.session !== null ? (r.session as Record<string, unknown>).kind : undefined;
    const kind = [r.sessionKind, r.kind, nested].find((k): k is string => typeof k === "string" && SESSION_KINDS.has(k));
    if (kind !== undefined && KIND_RANK[kind]! > KIND_RANK[c.kind]!) c.kind = kind;
  }
}

/** Which kind wins when a conversation's lines disagree: the least private reading never does. */
const KIND_RANK: Record<string, number> = { main: 0, isolated: 1, group: 2 };

/** A conversation the person's own memory may be built from: a main one (not a group's, not an isolated run's). */
export function isOwnConversation(c: Conversation): boolean {
  return c.kind === "main";
}
