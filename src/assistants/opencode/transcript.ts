/**
 * OpenCode, pure parts: its messages read into turns. OpenCode keeps a conversation as
 * messages (`{id, role, time: {created}}`) each with parts (`{id, type: "text", text}`,
 * `{type: "tool", tool, state: {input}}`, `step-start`, `reasoning`, …): the plugin hands
 * them over as the server's API returns them (`{info, parts}`), and the import reads the same
 * from its SQLite database (tables `message` and `part`, a `data` JSON column each).
 * Left out: synthetic parts (OpenCode's own additions), compaction summaries, reasoning, steps,
 * tool output.
 */
import { summariseTool, type HarnessTurn } from "../../workspace/harness-turns.js";

export interface OpenCodeMessage {
  info: Record<string, unknown>;
  parts: Record<string, unknown>[];
}

export function readOpenCodeMessages(messages: readonly OpenCodeMessage[]): HarnessTurn[] {
  const turns: HarnessTurn[] = [];
  for (const m of messages) {
    const role = m.info.role;
    const id = typeof m.info.id === "string" ? m.info.id : undefined;
    if ((role !== "user" && role !== "assistant") || id === undefined) continue;
    // A compaction's summary is OpenCode's own digest of what was said, not a turn.
    if (m.info.summary === true || m.info.mode === "compaction") continue;
    const time = timeOf(m.info.time);
    const words: string[] = [];
    const tools: { id: string; text: string }[] = [];
    for (const p of m.parts) {
      if (p.type === "text" && typeof p.text === "string" && p.synthetic !== true && p.ignored !== true) words.push(p.text);
      else if (p.type === "tool" && typeof p.tool === "string") {
        const state = p.state as { input?: unknown } | undefined;
        tools.push({ id: typeof p.id === "string" ? p.id : `${id}#${tools.length}`, text: summariseTool(p.tool, state?.input) });
      }
    }
    const text = words.join("\n").trim();
    if (text !== "") turns.push({ id, role, text, time });
    for (const t of tools) turns.push({ id: t.id, role: "tool", text: t.text, time });
  }
  return turns;
}

function timeOf(t: unknown): string {
  const ms = (t as { created?: unknown } | undefined)?.created;
  return typeof ms === "number" && Number.isFinite(ms) ? new Date(ms).toISOString() : "";
}

/** Rows of OpenCode's database (`message` and `part` tables, JSON in `data`) → its messages, in order. */
export function openCodeMessagesFromRows(
  messages: readonly { id: string; session_id: string; time_created?: number; data: string }[],
  parts: readonly { id: string; message_id: string; data: string }[],
): Map<string, OpenCodeMessage[]> {
  const byMessage = new Map<string, Record<string, unknown>[]>();
  for (const p of parts) {
    const data = parseObject(p.data);
    if (data === null) continue;
    const list = byMessage.get(p.message_id) ?? [];
    list.push({ id: p.id, ...data });
    byMessage.set(p.message_id, list);
  }
  const sessions = new Map<string, OpenCodeMessage[]>();
  for (const m of messages) {
    const data = parseObject(m.data);
    if (data === null) continue;
    const info: Record<string, unknown> = { id: m.id, ...data };
    if (info.time === undefined && m.time_created !== undefined) info.time = { created: m.time_created };
    const list = sessions.get(m.session_id) ?? [];
    list.push({ info, parts: byMessage.get(m.id) ?? [] });
    sessions.set(m.session_id, list);
  }
  return sessions;
}

function parseObject(s: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(s) as unknown;
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
