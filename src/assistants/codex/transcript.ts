/**
 * Codex, pure parts: its rollout file (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<ts>-<uuid>.jsonl`)
 * read into turns. Lines are `{timestamp, ordinal, type, payload}`; the conversation is in
 * `response_item` payloads (Responses API items: `message` with role user/assistant/developer,
 * `function_call`, `function_call_output`). Left out: developer messages (instructions, and
 * where hook context lands: our own injections never come back as turns), the harness's own
 * user-role wrappers (`<environment_context>`, `<user_instructions>`, …), tool output, the
 * `event_msg` lines that repeat the same messages, and a compaction's summary.
 */
import { jsonLines, summariseTool, type HarnessTurn } from "../../workspace/harness-turns.js";

/**
 * A turn's id is its place in the rollout (Codex numbers every line, `ordinal`; else the line
 * number: the file only grows), not the model server's message id, which a server may repeat
 * (a reply under a repeated id would be lost). `firstLine`: the number of the first line given,
 * when only the lines appended since the last capture are read.
 */
export function readCodexRollout(text: string | Iterable<string>, firstLine = 1): HarnessTurn[] {
  const turns: HarnessTurn[] = [];
  // The compaction's summary is an assistant message written just before the `compacted` line:
  // Codex's own digest, not something said.
  let lastItemWasReply = false;
  for (const { line, obj } of jsonLines(text, firstLine)) {
    if (obj.type === "compacted") {
      if (lastItemWasReply) turns.pop();
      lastItemWasReply = false;
      continue;
    }
    if (obj.type !== "response_item") continue;
    lastItemWasReply = false;
    const p = obj.payload as Record<string, unknown> | undefined;
    if (p === undefined || p === null) continue;
    const time = typeof obj.timestamp === "string" ? obj.timestamp : "";
    const id = `ordinal-${typeof obj.ordinal === "number" ? obj.ordinal : `line${line}`}`;
    const legacy = typeof p.id === "string" && p.id !== "" ? { legacyId: p.id } : {};
    if (p.type === "message") {
      if (p.role !== "user" && p.role !== "assistant") continue;
      const words = messageText(p.content);
      if (words === "" || (p.role === "user" && isWrapper(words))) continue;
      turns.push({ id, role: p.role, text: words, time, ...legacy });
      lastItemWasReply = p.role === "assistant";
    } else if (p.type === "function_call" || p.type === "custom_tool_call" || p.type === "local_shell_call") {
      const name = typeof p.name === "string" ? p.name : String(p.type);
      turns.push({ id, role: "tool", text: summariseTool(name, parseArgs(p.arguments ?? p.input ?? p.action)), time, ...legacy });
    }
  }
  return turns;
}

function messageText(content: unknown): string {
  if (typeof content === "string") return content.trim();
  if (!Array.isArray(content)) return "";
  return (content as { type?: unknown; text?: unknown }[])
    .filter((c) => (c?.type === "input_text" || c?.type === "output_text" || c?.type === "text") && typeof c.text === "string")
    .map((c) => c.text as string)
    .join("\n")
    .trim();
}

function isWrapper(text: string): boolean {
  return /^<(environment_context|user_instructions|turn_aborted|user_shell_command|skills_instructions|permissions)/.test(text);
}

function parseArgs(a: unknown): unknown {
  if (typeof a !== "string") return a;
  try {
    return JSON.parse(a) as unknown;
  } catch {
    return a;
  }
}
