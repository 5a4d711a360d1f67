/**
 * What the night reads, in order: the notes written or edited since the last reflection (and
 * the lines added to MEMORY.md), the summaries of the conversations since then, and only then
 * the raw turns of conversations that have no up-to-date summary. Reading is `readDay`;
 * fitting it into the model's window is `composeDay`, pure: each kind gets its own share of
 * the window (reflection.notesShare, summariesShare, turnsShare), and a long day keeps every
 * note and every summary, each cut shorter, rather than dropping some.
 */
import { createHash } from "node:crypto";
import { isBoilerplate, templateLines } from "../../indexer/boilerplate.js";
import { listWorkspaceDir, NO_HARD_LINKS, readNoteText, statWorkspacePath, type LinkRule } from "../../workspace/guard.js";
import { isOwnConversation, readConversations } from "../summarize/conversations.js";
import { parseSummary, summaryPath } from "../summarize/file.js";
import { clip, cutTranscript, type GatheredSession } from "./gather.js";

export interface NoteLine {
  /** 1-based line number in the file: what an insight cites as path:line. */
  n: number;
  text: string;
}

export interface DayNote {
  path: string;
  mtime: number;
  lines: NoteLine[];
}

export interface DaySummary {
  session: string;
  path: string;
  messages: number;
  /** ISO date range of the conversation. */
  from: string;
  to: string;
  topics: string[];
  body: string;
  /** The first turn inside the window, when earlier turns were before it (an earlier night read them). */
  newFrom?: number;
}

export interface Day {
  /** Notes in memory/ written or edited in the window, oldest first. */
  notes: DayNote[];
  /** MEMORY.md lines added since the last reflection (template lines left out). */
  memoryAdded: NoteLine[];
  /** Hashes of MEMORY.md's lines now: the next run's "since" for MEMORY.md. */
  memoryLines: string[];
  /** Up-to-date summaries of the person's own conversations with turns in the window. */
  summaries: DaySummary[];
  /** Conversations with turns in the window and no up-to-date summary. */
  sessions: GatheredSession[];
  /** Group and isolated conversations left out: other people's words are not the person's memory. */
  groupSkipped: number;
  problems: string[];
}

export interface ReadDayOptions {
  since: number;
  until: number;
  /** MEMORY.md line hashes recorded by the last reflection; null when none was recorded. */
  memoryBefore: ReadonlySet<string> | null;
  rule?: LinkRule;
}

export function readDay(workspace: string, opts: ReadDayOptions): Day {
  const rule = opts.rule ?? NO_HARD_LINKS;
  const problems: string[] = [];
  const notes = readNotes(workspace, opts, rule, problems);
  const memory = readMemoryAdded(workspace, opts, rule);
  const conv = readConversations(workspace, rule);
  problems.push(...conv.problems);
  const summaries: DaySummary[] = [];
  const sessions: GatheredSession[] = [];
  let groupSkipped = 0;
  for (const c of conv.conversations) {
    const inWindow = c.turns.filter((t) => t.at >= opts.since && t.at <= opts.until);
    if (inWindow.length === 0) continue;
    if (!isOwnConversation(c)) {
      groupSkipped++;
      continue;
    }
    const s = readSummaryOf(workspace, c.id, rule);
    // A summary that covers every turn stands for the conversation; a stale one does not.
    if (s !== null && s.messages >= c.turns.length) {
      summaries.push(inWindow[0]!.n > 1 ? { ...s, newFrom: inWindow[0]!.n } : s);
      continue;
    }
    const messages = inWindow.map((t) => ({ session: c.id, role: t.role, content: t.content, at: t.at, ...(t.thread !== undefined ? { thread: t.thread } : {}) }));
    sessions.push({ id: c.id, messageCount: messages.length, messages });
  }
  return { notes, memoryAdded: memory.added, memoryLines: memory.hashes, summaries, sessions, groupSkipped, problems };
}

/** memory/*.md modified within the window, their non-blank lines numbered. */
function readNotes(workspace: string, opts: ReadDayOptions, rule: LinkRule, problems: string[]): DayNote[] {
  const out: DayNote[] = [];
  for (const name of listWorkspaceDir(workspace, "memory")) {
    if (!name.endsWith(".md")) continue;
    const rel = `memory/${name}`;
    try {
      const st = statWorkspacePath(workspace, rel);
      if (st === null || !st.isFile || st.mtimeMs < opts.since || st.mtimeMs > opts.until) continue;
      const read = readNoteText(workspace, rel, rule);
      if (read === null) continue;
      const lines = numbered(read.text).filter((l) => !isBoilerplate(l.text, EMPTY));
      if (lines.length > 0) out.push({ path: rel, mtime: st.mtimeMs, lines });
    } catch (e) {
      problems.push(`${rel}: cannot be read (${(e as Error).message})`);
    }
  }
  return out.sort((a, b) => a.mtime - b.mtime || a.path.localeCompare(b.path));
}

const EMPTY: ReadonlySet<string> = new Set();

function numbered(text: string): NoteLine[] {
  return text
    .split(/\r?\n/)
    .map((t, i) => ({ n: i + 1, text: t.trim() }))
    .filter((l) => l.text !== "");
}

/** A short hash of a MEMORY.md line (trimmed): what the next run compares against. */
export function lineHash(text: string): string {
  return createHash("sha256").update(text.trim()).digest("hex").slice(0, 12);
}

/**
 * MEMORY.md's lines not there at the last reflection. With no record (the first run), the
 * lines count as new only when the file changed within the window; template lines never do.
 */
function readMemoryAdded(workspace: string, opts: ReadDayOptions, rule: LinkRule): { added: NoteLine[]; hashes: string[] } {
  let text: string;
  let mtime: number;
  try {
    const st = statWorkspacePath(workspace, "MEMORY.md");
    const read = st?.isFile ? readNoteText(workspace, "MEMORY.md", rule) : null;
    if (st === null || read === null) return { added: [], hashes: [] };
    text = read.text;
    mtime = st.mtimeMs;
  } catch {
    return { added: [], hashes: [] };
  }
  const template = templateLines("MEMORY.md") ?? EMPTY;
  const lines = numbered(text).filter((l) => !isBoilerplate(l.text, template));
  const hashes = lines.map((l) => lineHash(l.text));
  const changed = mtime >= opts.since && mtime <= opts.until;
  const added = opts.memoryBefore === null ? (changed ? lines : []) : lines.filter((_, i) => !opts.memoryBefore!.has(hashes[i]!));
  return { added, hashes };
}

function readSummaryOf(workspace: string, id: string, rule: LinkRule): DaySummary | null {
  try {
    const r = readNoteText(workspace, summaryPath(id), rule);
    const f = r === null ? null : parseSummary(r.text);
    if (f === null || f.body === "") return null;
    return { session: id, path: summaryPath(id), messages: f.meta.messages, from: f.meta.from, to: f.meta.to, topics: f.meta.topics, body: f.body };
  } catch {
    // Derived and unreadable: the raw turns stand in for it.
    return null;
  }
}

export interface DayBudgets {
  /** Characters for each kind of input. */
  notes: number;
  summaries: number;
  turns: number;
  /** The raw turns' own limits (reflection.maxMessages, maxMessageChars). */
  maxMessages: number;
  maxMessageChars: number;
}

export interface ComposedDay {
  notes: string;
  summaries: string;
  transcript: string;
  /** What was cut to fit, for the run record. */
  cut: { notes: boolean; summaries: boolean; turns: boolean };
  messagesShown: number;
  messagesTotal: number;
}

/** The day as the prompt shows it, each kind within its budget. Pure. */
export function composeDay(day: Pick<Day, "notes" | "memoryAdded" | "summaries" | "sessions">, b: DayBudgets): ComposedDay {
  const blocks = day.notes.map((n) => ({ title: `### ${n.path}`, lines: n.lines.map((l) => `${l.n}: ${l.text}`) }));
  if (day.memoryAdded.length > 0) blocks.push({ title: "### MEMORY.md (lines added)", lines: day.memoryAdded.map((l) => `${l.n}: ${l.text}`) });
  const notes = fitBlocks(blocks, b.notes);
  const summaries = fitBlocks(
    day.summaries.map((s) => ({
      title: `### Conversation ${s.session} (${s.messages} messages, ${s.from.slice(0, 10)}${s.to.slice(0, 10) !== s.from.slice(0, 10) ? ` to ${s.to.slice(0, 10)}` : ""}${s.topics.length > 0 ? `; topics: ${s.topics.join(", ")}` : ""}${s.newFrom !== undefined ? `; continued: t${s.newFrom}–t${s.messages} are new since the last reflection, the rest was reflected on already` : ""})`,
      lines: [s.body.replace(/\s+/g, " ").trim()],
    })),
    b.summaries,
  );
  const turns = fitTurnsInto(day.sessions, b);
  return { notes: notes.text, summaries: summaries.text, transcript: turns.text, cut: { notes: notes.cut, summaries: summaries.cut, turns: turns.cut }, messagesShown: turns.shown, messagesTotal: turns.total };
}

/**
 * Every block keeps its title; each gets an even share of the budget (what a short one leaves
 * goes to the others), its lines cut at the share with "…".
 */
function fitBlocks(blocks: { title: string; lines: string[] }[], budget: number): { text: string; cut: boolean } {
  if (blocks.length === 0) return { text: "", cut: false };
  const sizes = blocks.map((bl) => bl.title.length + 1 + bl.lines.reduce((n, l) => n + l.length + 1, 0) + 1);
  if (sizes.reduce((a, c) => a + c, 0) <= budget) return { text: blocks.map(render).join("\n").trim(), cut: false };
  // Water-filling: small blocks take what they need, the rest share what is left evenly.
  const order = sizes.map((s, i) => ({ s, i })).sort((x, y) => x.s - y.s);
  const allow = new Array<number>(blocks.length).fill(0);
  let left = budget;
  order.forEach(({ s, i }, k) => {
    const share = Math.floor(left / (order.length - k));
    allow[i] = Math.min(s, share);
    left -= allow[i]!;
  });
  const out = blocks.map((bl, i) => {
    let room = allow[i]! - bl.title.length - 2;
    const kept: string[] = [];
    for (const l of bl.lines) {
      if (room <= 0) break;
      const line = l.length + 1 <= room ? l : clip(l, Math.max(40, room - 1));
      kept.push(line);
      room -= line.length + 1;
    }
    if (kept.length < bl.lines.length) kept.push(`… (${bl.lines.length - kept.length} more line(s) left out for length)`);
    return render({ title: bl.title, lines: kept });
  });
  return { text: out.join("\n").trim(), cut: true };
}

function render(bl: { title: string; lines: string[] }): string {
  return `${bl.title}\n${bl.lines.join("\n")}\n`;
}

/** The raw turns: the newest reflection.maxMessages, fewer until they fit the budget. */
function fitTurnsInto(sessions: GatheredSession[], b: DayBudgets): { text: string; cut: boolean; shown: number; total: number } {
  if (sessions.length === 0) return { text: "", cut: false, shown: 0, total: 0 };
  let max = b.maxMessages;
  for (;;) {
    const t = cutTranscript(sessions, { maxMessages: max, maxMessageChars: b.maxMessageChars });
    if (t.text.length <= b.turns || max <= 1) return { text: t.text, cut: t.shown < t.total, shown: t.shown, total: t.total };
    max = Math.max(1, Math.floor(Math.min(max, t.shown) * 0.75));
  }
}
