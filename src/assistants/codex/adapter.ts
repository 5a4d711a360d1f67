/** Codex: hooks in $CODEX_HOME/hooks.json (Claude Code's schema), an MCP server in config.toml, rollout files. */
import os from "node:os";
import path from "node:path";
import type { AssistantAdapter } from "../adapter.js";
import type { HookEvent } from "../../workspace/harness-turns.js";
import { hookOutput, parseHookPayload } from "../claude-code/transcript.js";
import { readCodexRollout } from "./transcript.js";

export const codex: AssistantAdapter = {
  name: "codex",
  label: "Codex",
  readHookPayload: (text, event) => withResume(parseHookPayload("codex", text, event), text),
  hookOutput,
  readTranscript: readCodexRollout,
  readTranscriptLines: (lines, firstLine) => readCodexRollout(lines, firstLine),
  sessionKind: () => "main",
  defaultStore: (env) => path.join(env.CODEX_HOME ?? path.join(env.HOME ?? os.homedir(), ".codex"), "sessions"),
  importSource: async (location) => (await import("./store.js")).codexSource(location),
  connect: {
    scopes: ["user"],
    plan: async (o) => (await import("../connect.js")).planConnect(o, (await import("./connect.js")).codexConfig),
    planRemoval: async (o) => (await import("../connect.js")).planDisconnect(o, (await import("./connect.js")).codexConfig),
    status: async (cwd, env) => (await import("../connect.js")).connectionStatus((await import("./connect.js")).codexConfig, cwd, env),
    afterConnect: "codex runs hooks only once you trust them: start `codex` once and accept, or see docs/assistants.md",
  },
};

/**
 * `codex exec resume` starts the session again with `source: "resume"`, and sends the model the
 * earlier run's developer messages, the start context among them (measured with Codex 0.171.0):
 * a second copy would only fill the context. After a compaction (`source: "compact"`) the old
 * messages are gone, so the start context is given again.
 */
function withResume(ev: HookEvent | null, text: string): HookEvent | null {
  if (ev === null || ev.event !== "session-start") return ev;
  try {
    const o = JSON.parse(text) as { source?: unknown };
    return o.source === "resume" ? { ...ev, resumed: true } : ev;
  } catch {
    return ev;
  }
}
