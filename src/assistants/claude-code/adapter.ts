/** Claude Code: hooks in its settings, an MCP server, its transcripts under ~/.claude/projects/. */
import os from "node:os";
import path from "node:path";
import type { AssistantAdapter } from "../adapter.js";
import { hookOutput, parseHookPayload, readClaudeTranscript } from "./transcript.js";

export const claudeCode: AssistantAdapter = {
  name: "claude-code",
  label: "Claude Code",
  readHookPayload: (text, event) => parseHookPayload("claude-code", text, event),
  hookOutput,
  readTranscript: readClaudeTranscript,
  readTranscriptLines: (lines) => readClaudeTranscript(lines),
  // A coding session is the person's own.
  sessionKind: () => "main",
  defaultStore: (env) => path.join(env.CLAUDE_CONFIG_DIR ?? path.join(env.HOME ?? os.homedir(), ".claude"), "projects"),
  async importSource(location) {
    const { jsonlSource, missingStore } = await import("../stores.js");
    return missingStore("claude-code", location) ?? jsonlSource(location, readClaudeTranscript, (f) => path.basename(f, ".jsonl"));
  },
  connect: {
    scopes: ["user", "project"],
    viaDaemon: true,
    plan: async (o) => (await import("../connect.js")).planConnect(o, (await import("./connect.js")).claudeConfig),
    planRemoval: async (o) => (await import("../connect.js")).planDisconnect(o, (await import("./connect.js")).claudeConfig),
    status: async (cwd, env) => (await import("../connect.js")).connectionStatus((await import("./connect.js")).claudeConfig, cwd, env),
    plugin: {
      plan: async (o, dir) => (await import("./plugin.js")).planClaudePlugin(o, dir),
      planRemoval: async (dir) => (await import("./plugin.js")).planClaudePluginRemoval(dir),
      tidy: async (dir) => (await import("./plugin.js")).removeEmptyPluginFolders(dir),
      usage: (dir) => `use it with: claude --plugin-dir ${dir}`,
    },
  },
};
