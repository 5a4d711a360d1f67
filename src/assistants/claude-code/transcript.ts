/**
 * Claude Code, pure parts: its transcript (`~/.claude/projects/<cwd>/<session>.jsonl`) read
 * into turns, its hook payload read into a HookEvent, and what a hook prints back.
 *
 * A transcript line has `type` (user, assistant, attachment, system, …), `uuid`, `timestamp`
 * and, for user and assistant lines, `message: {role, content}`; one assistant reply is split
 * into one line per content block (text, tool_use). Left out: tool results (a user line
 * holding only tool_result blocks), meta lines (`isMeta`), the compaction summary
 * (`isCompactSummary`), slash-command echoes (`<command-name>`, `<local-command-…>`),
 * attachments (where hook context lands: our own injections never come back as turns).
 */
import { jsonLines, summariseTool, type HarnessTurn, type HookEvent, type HookEventName } from "../../workspace/harness-turns.js";

/** The lines come as one text or streamed (a capture reads only what was appended since the last). */
export function readClaudeTranscript(text: string | Iterable<string>): HarnessTurn[] {
  const turns: HarnessTurn[] = [];
  for (const { obj } of jsonLines(text)) {
    const type = obj.type;
    if (type !== "user" && type !== "assistant") continue;
    if (obj.isMeta === true || obj.isCompactSummary === true || obj.isSidechain === true) continue;
    const uuid = typeof obj.uuid === "string" ? obj.uuid : undefined;
    const msg = obj.message as { role?: unknown; content?: unknown } | undefined;
    if (uuid === undefined || msg === undefined || msg === null) continue;
    const time = typeof obj.timestamp === "string" ? obj.timestamp : "";
    const parts = contentParts(msg.content);
    const words = parts.text.join("\n").trim();
    if (type === "user") {
      if (words === "" || isCommandEcho(words)) continue;
      turns.push({ id: uuid, role: "user", text: words, time });
      continue;
    }
    if (words !== "") turns.push({ id: uuid, role: "assistant", text: words, time });
    parts.tools.forEach((t, i) => turns.push({ id: parts.text.length > 0 || i > 0 ? `${uuid}#${i}` : uuid, role: "tool", text: t, time }));
  }
  return turns;
}

function contentParts(content: unknown): { text: string[]; tools: string[] } {
  if (typeof content === "string") return { text: [content], tools: [] };
  const text: string[] = [];
  const tools: string[] = [];
  if (!Array.isArray(content)) return { text, tools };
  for (const b of content as { type?: unknown; text?: unknown; name?: unknown; input?: unknown }[]) {
    if (b?.type === "text" && typeof b.text === "string") text.push(b.text);
    else if (b?.type === "tool_use" && typeof b.name === "string") tools.push(summariseTool(b.name, b.input));
  }
  return { text, tools };
}

function isCommandEcho(text: string): boolean {
  return /^<(command-name|command-message|local-command-[a-z]+|system-reminder)>/.test(text);
}

const CLAUDE_EVENTS: Record<string, HookEventName> = {
  SessionStart: "session-start",
  UserPromptSubmit: "prompt",
  Stop: "stop",
  SessionEnd: "session-end",
  PreCompact: "pre-compact",
  PostCompact: "post-compact",
};

/** Claude Code's and Codex's hook names (Codex uses the same schema). */
/**
 * Claude Code runs these hooks in the background (`"async": true`): the person does not wait
 * for a session's end, whose capture the Stop hook of each turn has done already. Measured
 * with `claude -p`: the background SessionEnd hook still runs to its end after Claude Code
 * exits. Stop itself stays in the foreground: in the background it was cut off, and measured
 * again with `claude -p` (Claude Code 2.1.332) a background Stop hook made the command wait
 * about 1.5 s more at its exit, against 0.13–0.19 s for the hook in the foreground.
 */
export const BACKGROUND_HOOKS: readonly HookEventName[] = ["session-end"];

export const HOOK_NAMES: Record<HookEventName, string> = {
  "session-start": "SessionStart",
  prompt: "UserPromptSubmit",
  stop: "Stop",
  "session-end": "SessionEnd",
  "pre-compact": "PreCompact",
  "post-compact": "PostCompact",
};

/**
 * A Claude Code (or Codex: same keys) hook payload: `session_id`, `transcript_path`, `cwd`,
 * `hook_event_name`, and `prompt` for UserPromptSubmit. `fallback` names the event when the
 * payload does not (the hook command line says which it was registered for).
 */
export function parseHookPayload(harness: string, json: string, fallback?: HookEventName): HookEvent | null {
  let o: Record<string, unknown>;
  try {
    const v = JSON.parse(json) as unknown;
    if (v === null || typeof v !== "object") return null;
    o = v as Record<string, unknown>;
  } catch {
    return null;
  }
  const name = typeof o.hook_event_name === "string" ? CLAUDE_EVENTS[o.hook_event_name] : undefined;
  const event = name ?? fallback;
  const session = typeof o.session_id === "string" ? o.session_id : undefined;
  if (event === undefined || session === undefined || session === "") return null;
  const ev: HookEvent = { harness, event, session };
  if (typeof o.transcript_path === "string" && o.transcript_path !== "") ev.transcriptPath = o.transcript_path;
  if (typeof o.prompt === "string") ev.prompt = o.prompt;
  if (typeof o.cwd === "string") ev.cwd = o.cwd;
  return ev;
}

/**
 * What a hook prints: context for SessionStart and UserPromptSubmit (it reaches the model as
 * a system or developer message), nothing for the others. Stop must print nothing: context
 * there makes Claude Code continue the turn, again and again.
 */
export function hookOutput(event: HookEventName, context: string): string {
  if (context === "" || (event !== "session-start" && event !== "prompt")) return "";
  return JSON.stringify({ hookSpecificOutput: { hookEventName: HOOK_NAMES[event], additionalContext: context } }) + "\n";
}
