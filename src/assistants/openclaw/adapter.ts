/**
 * OpenClaw: this package as its memory plugin (plugin.ts, loaded by OpenClaw; connect.ts edits
 * its config), its conversations in its SQLite store. It runs no hook command (the plugin calls
 * the engine in OpenClaw's process), but `agent hook openclaw` reads the same JSON as OpenCode's plugin.
 */
import os from "node:os";
import path from "node:path";
import { readPluginPayload, type AssistantAdapter } from "../adapter.js";
import { openClawSessionKind } from "./session-kind.js";
import { openClawTurns } from "./transcript.js";

export const openClaw: AssistantAdapter = {
  name: "openclaw",
  label: "OpenClaw",
  readHookPayload: (text, event) => readPluginPayload("openclaw", event, text),
  hookOutput: (_event, context) => context,
  // The messages OpenClaw hands a plugin (an array), or `{session, messages}`: the session keys the ids.
  readTranscript(text) {
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      return [];
    }
    if (Array.isArray(v)) return openClawTurns("", v);
    const o = v as { session?: unknown; messages?: unknown } | null;
    return o !== null && typeof o === "object" && typeof o.session === "string" && Array.isArray(o.messages) ? openClawTurns(o.session, o.messages) : [];
  },
  // Its plugin hands over JSON, not a file of lines: read whole.
  readTranscriptLines(lines) {
    return this.readTranscript([...lines].join("\n"));
  },
  // A session key names where the chat happens (`agent:main:telegram:group:-100…`): a group or channel has other people in it.
  sessionKind: (key) => openClawSessionKind(key),
  defaultStore: (env) => env.OPENCLAW_STATE_DIR ?? path.join(env.HOME ?? os.homedir(), ".openclaw"),
  importSource: async (location) => (await import("./store.js")).openClawSource(location),
  connect: {
    scopes: ["user"],
    configOption: { flags: "--openclaw-config <file>", description: "openclaw: its config file (default: $OPENCLAW_CONFIG_PATH, else ~/.openclaw/openclaw.json)" },
    plan: async (o) => (await import("./connect.js")).planOpenClawConnect(o),
    planRemoval: async (o) => (await import("./connect.js")).planOpenClawDisconnect(o),
    status: async (_cwd, env, configFile) => (await import("./connect.js")).openClawStatus(env, configFile),
    afterConnect: "restart a running OpenClaw Gateway to load it",
  },
};
