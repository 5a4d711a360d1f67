/**
 * The pre-compaction memory flush, pure part: how full a session's current compaction cycle
 * is, whether a flush is due, the prompt, the reply, and the text appended to the daily note.
 *
 * A session's compaction cycle runs from its latest {"type":"compaction"} marker (or the
 * start of the transcript) to the next one. Only the turns inside the current cycle count:
 * they are what the assistant still has in its context and is about to lose.
 */
import { estimateTokens } from "../../store/fts-text.js";
import type { CompletionRequest } from "../../llm/types.js";
import { feedsPersonMemory, parseSessionText, type SessionTurn } from "../../workspace/sessions.js";
import { flushThresholdTokens, type FlushConfig } from "./config.js";

export const NO_REPLY = "NO_REPLY";

/** Roughly what the role and separators of one message cost in a chat template. */
const TOKENS_PER_MESSAGE = 4;

export interface CycleView {
  session: string;
  /** Names the current cycle: "<compaction markers>:<ts of the latest>" ("0:" before the first). */
  cycleKey: string;
  compactions: number;
  lastCompactionTs: string | null;
  /** Turns after the latest compaction marker. */
  turns: SessionTurn[];
  /** Estimated tokens of those turns. */
  tokens: number;
  /** UTF-8 bytes of the transcript after the latest marker. */
  bytes: number;
  problems: { line: number; reason: string }[];
}

export function currentCycle(session: string, text: string): CycleView {
  const parsed = parseSessionText(session, text);
  const last = parsed.markers[parsed.markers.length - 1];
  const fromLine = last?.line ?? 0;
  // A group's lines never reach the person's daily note: the flush of such a cycle has nothing to write.
  const turns = parsed.turns.filter((t) => t.line > fromLine && feedsPersonMemory(t));
  const lines = text.split("\n");
  const bytes = Buffer.byteLength(lines.slice(fromLine).join("\n"), "utf8");
  let tokens = 0;
  for (const t of turns) tokens += estimateTokens(t.content) + TOKENS_PER_MESSAGE;
  return {
    session,
    cycleKey: `${parsed.markers.length}:${last?.ts ?? ""}`,
    compactions: parsed.markers.length,
    lastCompactionTs: last?.ts || null,
    turns,
    tokens,
    bytes,
    problems: parsed.problems,
  };
}

export interface FlushDecision {
  due: boolean;
  /** Why (not) — said in words for `agent flush` and the job log. */
  reason: string;
  thresholdTokens: number;
  maxBytes: number;
  /** True when this cycle was already flushed. */
  alreadyFlushed: boolean;
}

export function decideFlush(
  view: CycleView,
  cfg: Pick<FlushConfig, "contextWindow" | "reserveTokensFloor" | "softThresholdTokens" | "maxBytes">,
  flushedCycleKey: string | undefined,
  force = false,
): FlushDecision {
  const thresholdTokens = flushThresholdTokens(cfg);
  const base = { thresholdTokens, maxBytes: cfg.maxBytes, alreadyFlushed: flushedCycleKey === view.cycleKey };
  const since = view.compactions === 0 ? "in the transcript" : "since the last compaction";
  if (view.turns.length === 0) return { ...base, due: false, reason: `no conversation ${since}` };
  const size = `~${view.tokens} tokens and ${view.bytes} bytes ${since}`;
  if (force) return { ...base, due: true, reason: `forced (${size})` };
  if (base.alreadyFlushed) return { ...base, due: false, reason: `already flushed in this compaction cycle (${size})` };
  if (view.tokens >= thresholdTokens) return { ...base, due: true, reason: `~${view.tokens} tokens ${since} reached the flush threshold of ${thresholdTokens}` };
  if (view.bytes > cfg.maxBytes) return { ...base, due: true, reason: `${view.bytes} bytes ${since} passed the limit of ${cfg.maxBytes}` };
  return { ...base, due: false, reason: `not yet: ${size}; due at ~${thresholdTokens} tokens or ${cfg.maxBytes} bytes` };
}

export interface FlushPromptInput {
  session: string;
  turns: SessionTurn[];
  /** "YYYY-MM-DD" of the note the reply goes to. */
  today: string;
  /** The end of today's note, so the model does not repeat what is already written. */
  dailyNoteTail?: string;
  maxTranscriptChars: number;
  /** Formats a turn's timestamp (local "HH:MM"); defaults to the raw ts. */
  stamp?: (ts: string) => string;
}

const MAX_MESSAGE_CHARS = 2_000;

/** The newest messages that fit in `maxChars`, oldest first, with a note of how many were left out. */
export function cutTurns(turns: SessionTurn[], maxChars: number, stamp: (ts: string) => string = (t) => t): { text: string; shown: number } {
  const lines: string[] = [];
  let used = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = turns[i]!;
    let content = t.content.replace(/\s+$/, "");
    if (content.length > MAX_MESSAGE_CHARS) content = `${content.slice(0, MAX_MESSAGE_CHARS - 1)}…`;
    const when = t.ts ? `[${stamp(t.ts)}] ` : "";
    const line = `${when}${t.role}${t.thread ? ` (${t.thread})` : ""}: ${content}`;
    if (used + line.length + 1 > maxChars && lines.length > 0) break;
    lines.push(line.length > maxChars ? line.slice(0, maxChars) : line);
    used += line.length + 1;
  }
  lines.reverse();
  const left = turns.length - lines.length;
  if (left > 0) lines.unshift(`(${left} earlier message${left === 1 ? "" : "s"} not shown)`);
  return { text: lines.join("\n"), shown: turns.length - left };
}

export function buildFlushPrompt(input: FlushPromptInput): Pick<CompletionRequest, "system" | "messages"> {
  const system = [
    "You keep the long-term memory of a personal assistant.",
    "The conversation below is about to be compacted: whatever is not written down now will be forgotten.",
    "Write down only what is worth remembering after today: decisions and their reasons, preferences, promises and deadlines, names, facts about people and projects, open tasks.",
    "Write short markdown bullet points (\"- \"), in the language of the conversation, with no heading and no introduction.",
    "Do not repeat what today's notes already say. Never invent anything that is not in the conversation.",
    `If nothing is worth keeping, reply with exactly ${NO_REPLY} and nothing else.`,
  ].join("\n");
  const cut = cutTurns(input.turns, input.maxTranscriptChars, input.stamp);
  const parts = [`Session "${input.session}", today ${input.today}.`, "", "Conversation:", cut.text];
  if (input.dailyNoteTail !== undefined && input.dailyNoteTail.trim() !== "") {
    parts.push("", `Already in today's notes (memory/${input.today}.md):`, input.dailyNoteTail.trim());
  }
  parts.push("", `The notes to keep, or ${NO_REPLY}:`);
  return { system, messages: [{ role: "user", content: parts.join("\n") }] };
}

export type FlushReply = { kind: "none" } | { kind: "notes"; notes: string };

/**
 * Up to this much text beside the token, on one line and not a list item or heading, still
 * counts as "nothing to keep" ("NO_REPLY — all chit-chat").
 */
const NO_REPLY_SLACK = 40;

/**
 * NO_REPLY (alone, or at the start or end with a few words of slack, in any markdown
 * wrapping) means nothing to write. Anything else is notes, with stray NO_REPLY lines and a
 * wrapping code fence removed.
 */
export function parseFlushReply(text: string): FlushReply {
  let t = text.replace(/\r\n?/g, "\n").trim();
  const fence = /^```[\w-]*\n([\s\S]*?)\n```$/.exec(t);
  if (fence) t = fence[1]!.trim();
  const bare = stripTokenWrapping(t);
  if (bare === "") return { kind: "none" };
  const token = new RegExp(`^[\\s*_\`"'>\\[(]*${NO_REPLY}[\\s*_\`"'.!)\\]]*`, "i");
  const tokenEnd = new RegExp(`[\\s*_\`"'(\\[]*${NO_REPLY}[\\s*_\`"'.!)\\]]*$`, "i");
  const rest = bare.replace(token, "").replace(tokenEnd, "").trim();
  const isRemark = rest.length <= NO_REPLY_SLACK && !rest.includes("\n") && !/^\s*(?:[-*+#]|\d+[.)])/.test(rest);
  if ((token.test(bare) || tokenEnd.test(bare)) && isRemark) return { kind: "none" };
  const notes = t
    .split("\n")
    .filter((l) => stripTokenWrapping(l).toUpperCase() !== NO_REPLY)
    .join("\n")
    .trim();
  return notes === "" ? { kind: "none" } : { kind: "notes", notes };
}

function stripTokenWrapping(s: string): string {
  return s.trim().replace(/^[*_`"'\s]+|[*_`"'.!\s]+$/g, "");
}

export interface FlushEntryInput {
  notes: string;
  /** "YYYY-MM-DD", used as the title when the note is new. */
  date: string;
  /** Local "HH:MM" for the heading. */
  time: string;
  session: string;
  /** Whether the daily note exists, and whether its last byte is a newline. */
  fileExists: boolean;
  endsWithNewline: boolean;
}

/** The exact text a flush appends: a timestamped heading, then the notes. */
export function formatFlushEntry(e: FlushEntryInput): string {
  let out = "";
  if (!e.fileExists) out += `# ${e.date}\n`;
  else if (!e.endsWithNewline) out += "\n";
  out += `\n## ${e.time} — notes before compaction (session ${e.session})\n\n`;
  out += `${e.notes.replace(/\s+$/, "")}\n`;
  return out;
}
