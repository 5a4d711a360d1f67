/** OpenCode: a plugin of ours that runs `agent hook opencode …`, an MCP server in opencode.json, its SQLite store. */
import os from "node:os";
import path from "node:path";
import { readPluginPayload, type AssistantAdapter } from "../adapter.js";
import { readOpenCodeMessages, type OpenCodeMessage } from "./transcript.js";

export const openCode: AssistantAdapter = {
  name: "opencode",
  label: "OpenCode",
  readHookPayload: (text, event) => readPluginPayload("opencode", event, text),
  // The plugin reads plain text back.
  hookOutput: (_event, context) => context,
  // The JSON its plugin sends: an array of `{info, parts}` messages.
  readTranscript(text) {
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      return [];
    }
    return Array.isArray(v) ? readOpenCodeMessages(v.filter(isMessage)) : [];
  },
  // Its plugin hands over JSON, not a file of lines: read whole.
  readTranscriptLines(lines) {
    return this.readTranscript([...lines].join("\n"));
  },
  sessionKind: () => "main",
  defaultStore: (env) => path.join(env.XDG_DATA_HOME ?? path.join(env.HOME ?? os.homedir(), ".local", "share"), "opencode", "opencode.db"),
  importSource: async (location) => (await import("./store.js")).openCodeStore(location),
  connect: {
    scopes: ["user", "project"],
    plan: async (o) => (await import("../connect.js")).planConnect(o, (await import("./connect.js")).openCodeConfig),
    planRemoval: async (o) => (await import("../connect.js")).planDisconnect(o, (await import("./connect.js")).openCodeConfig),
    status: async (cwd, env) => (await import("../connect.js")).connectionStatus((await import("./connect.js")).openCodeConfig, cwd, env),
  },
};

function isMessage(v: unknown): v is OpenCodeMessage {
  const m = v as { info?: unknown; parts?: unknown };
  return m !== null && typeof m === "object" && typeof m.info === "object" && m.info !== null && Array.isArray(m.parts);
}
