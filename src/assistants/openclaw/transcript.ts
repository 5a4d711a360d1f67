/**
 * OpenClaw's messages read into turns, pure. OpenClaw hands a plugin the session's messages
 * (`agent_end`, `before_reset`, `before_compaction`) and keeps the same messages in its SQLite
 * store (`transcript_events.event_json` → `{message}`): `{role, content: [{type: "text", text} |
 * {type: "toolCall", name, arguments} | …], timestamp}`. Both read the same way, and a message
 * gets the same id either way, so a turn captured by the hook is not written again by `agent
 * import openclaw`. The id is a hash of the session, the role, the words and how many earlier
 * messages of the list said the same: not the time, which OpenClaw stamps differently in the
 * hook and in its store. Left out: tool results, thinking, and an assistant message that is
 * only an error.
 */
import { createHash } from "node:crypto";
import { summariseTool, type HarnessTurn } from "../../workspace/harness-turns.js";

interface OpenClawPart {
  type?: unknown;
  text?: unknown;
  name?: unknown;
  arguments?: unknown;
  input?: unknown;
}

export function openClawTurns(session: string, messages: readonly unknown[]): HarnessTurn[] {
  const turns: HarnessTurn[] = [];
  const said = new Map<string, number>();
  for (const m of messages) {
    if (m === null || typeof m !== "object") continue;
    const msg = m as { role?: unknown; content?: unknown; timestamp?: unknown };
    if (msg.role !== "user" && msg.role !== "assistant") continue;
    const time = timeOf(msg.timestamp);
    const parts: OpenClawPart[] = typeof msg.content === "string" ? [{ type: "text", text: msg.content }] : Array.isArray(msg.content) ? (msg.content as OpenClawPart[]) : [];
    const words = parts
      .filter((p) => p !== null && typeof p === "object" && p.type === "text" && typeof p.text === "string")
      .map((p) => p.text as string)
      .join("\n")
      .trim();
    const same = `${msg.role}\0${words}\0${parts.map((p) => (p !== null && typeof p === "object" && typeof p.name === "string" ? p.name : "")).join(",")}`;
    const n = said.get(same) ?? 0;
    said.set(same, n + 1);
    const key = `${session}\0${same}\0${n}`;
    if (words !== "") turns.push({ id: idOf(key), role: msg.role, text: words, time });
    parts.forEach((p, i) => {
      if (p === null || typeof p !== "object" || p.type !== "toolCall" || typeof p.name !== "string") return;
      turns.push({ id: idOf(`${key}\0tool${i}\0${p.name}`), role: "tool", text: summariseTool(p.name, p.arguments ?? p.input), time });
    });
  }
  return turns;
}

/** The messages of transcript_events rows (`event_json`), in order; rows that are not a message are skipped. */
export function messagesOfEvents(rows: readonly { event_json: string }[]): unknown[] {
  const out: unknown[] = [];
  for (const r of rows) {
    try {
      const ev = JSON.parse(r.event_json) as { message?: unknown };
      if (ev !== null && typeof ev === "object" && ev.message !== undefined) out.push(ev.message);
    } catch {
      // A row that is not JSON holds no message we can read.
    }
  }
  return out;
}

function idOf(s: string): string {
  return `openclaw-${createHash("sha256").update(s).digest("hex").slice(0, 20)}`;
}

function timeOf(t: unknown): string {
  if (typeof t === "number" && Number.isFinite(t)) return new Date(t).toISOString();
  if (typeof t === "string" && !Number.isNaN(Date.parse(t))) return new Date(t).toISOString();
  return "";
}
