/**
 * OpenClaw's messages read into turns, pure. OpenClaw hands a plugin the session's messages
 * (`agent_end`, `before_reset`, `before_compaction`) and keeps the same messages in its SQLite
 * store (`transcript_events.event_json` → `{id, message}`): `{role, content: [{type: "text", text} |
 * {type: "toolCall", name, arguments} | …], timestamp}`. Both read the same way.
 *
 * A message's id is its identity in OpenClaw, never how often its words came before in the list
 * handed over (after a compaction that list starts again, and a second "yes" would be taken for
 * the first): from the hook, the message's own time stamp (OpenClaw stamps each message once,
 * when it is made; a repeated "yes" is a new message with a new stamp); from the store, the
 * entry's id. The two differ for one message (the store stamps again), so `agent import
 * openclaw` recognises a captured turn by its words (isMaskedCopy: the store masks keys).
 * `legacyId` is the id the earlier occurrence-count scheme gave, so turns captured under it are
 * not written twice. Left out: tool results, thinking, and an assistant message that is only
 * an error.
 */
import { nodeCrypto } from "../../shared/lazy-builtins.js";
import { summariseTool, type HarnessTurn } from "../../workspace/harness-turns.js";

interface OpenClawPart {
  type?: unknown;
  text?: unknown;
  name?: unknown;
  arguments?: unknown;
  input?: unknown;
}

export function openClawTurns(session: string, messages: readonly unknown[], identities?: readonly (string | undefined)[]): HarnessTurn[] {
  const turns: HarnessTurn[] = [];
  const said = new Map<string, number>();
  // From the hook, the list is the whole context: this turn starts at its last prompt; what
  // comes before was handed over (and captured) at an earlier turn, and may be stamped anew.
  const thisTurn = identities === undefined ? lastPromptIndex(messages) : 0;
  for (const [index, m] of messages.entries()) {
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
    const legacy = `${session}\0${same}\0${n}`;
    const key = identityKey(session, same, msg.timestamp, identities?.[index]) ?? legacy;
    const earlier = index < thisTurn ? { byWords: true } : {};
    if (words !== "") turns.push({ id: idOf(key), role: msg.role, text: words, time, legacyId: idOf(legacy), ...earlier });
    parts.forEach((p, i) => {
      if (p === null || typeof p !== "object" || p.type !== "toolCall" || typeof p.name !== "string") return;
      turns.push({ id: idOf(`${key}\0tool${i}\0${p.name}`), role: "tool", text: summariseTool(p.name, p.arguments ?? p.input), time, legacyId: idOf(`${legacy}\0tool${i}\0${p.name}`), ...earlier });
    });
  }
  return turns;
}

/** Where the list's last prompt (a user message) is: the turn that just ended starts there. */
function lastPromptIndex(messages: readonly unknown[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as { role?: unknown } | null;
    if (m !== null && typeof m === "object" && m.role === "user") return i;
  }
  return 0;
}

/** The message's identity: the store's entry id, else the hook's time stamp with its words; undefined when it has neither. */
function identityKey(session: string, same: string, stamp: unknown, entry: string | undefined): string | undefined {
  if (entry !== undefined) return `${session}\0entry\0${entry}`;
  if (typeof stamp === "number" || (typeof stamp === "string" && stamp !== "")) return `${session}\0${same}\0at${String(stamp)}`;
  return undefined;
}

/** The entry ids of transcript_events rows that hold a message, in the order messagesOfEvents returns them. */
export function entryIdsOfEvents(rows: readonly { event_json: string; seq?: number }[]): (string | undefined)[] {
  const out: (string | undefined)[] = [];
  for (const r of rows) {
    try {
      const ev = JSON.parse(r.event_json) as { message?: unknown; id?: unknown };
      if (ev === null || typeof ev !== "object" || ev.message === undefined) continue;
      out.push(typeof ev.id === "string" && ev.id !== "" ? ev.id : r.seq !== undefined ? `seq${r.seq}` : undefined);
    } catch {
      // Not a message (messagesOfEvents skips it too).
    }
  }
  return out;
}

/**
 * Whether a stored message is a masked copy of a captured one: the same words, except where
 * OpenClaw wrote `***` or a hint such as `sk-pro…4f2a` in place of a secret (and the captured
 * line may hold the secret or a redaction placeholder there).
 */
export function isMaskedCopy(stored: string, captured: string): boolean {
  if (stored === captured) return true;
  if (!stored.includes("***") && !stored.includes("…")) return false;
  const mask = /\*{3,}|[^\s…]{0,8}…[^\s…]{0,6}/g;
  let pattern = "";
  let last = 0;
  for (const m of stored.matchAll(mask)) {
    pattern += escapeRe(stored.slice(last, m.index));
    const hint = /^([^\s…]*)…([^\s…]*)$/.exec(m[0]);
    pattern += hint ? `${escapeRe(hint[1]!)}[\\s\\S]*?${escapeRe(hint[2]!)}` : "[\\s\\S]+?";
    last = m.index + m[0].length;
  }
  pattern += escapeRe(stored.slice(last));
  return new RegExp(`^${pattern}$`).test(captured);
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
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
  return `openclaw-${nodeCrypto().createHash("sha256").update(s).digest("hex").slice(0, 20)}`;
}

function timeOf(t: unknown): string {
  if (typeof t === "number" && Number.isFinite(t)) return new Date(t).toISOString();
  if (typeof t === "string" && !Number.isNaN(Date.parse(t))) return new Date(t).toISOString();
  return "";
}
