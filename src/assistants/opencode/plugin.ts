/**
 * The OpenCode plugin `agent connect opencode` writes (plain JavaScript, no dependency): it runs
 * `agent hook opencode <event>` with a small JSON payload on stdin, as Claude Code and Codex
 * run their hooks, so the engine's side is the same for all three.
 *
 *   experimental.chat.system.transform   the session-start context (once per session, kept) and
 *                                        the memories for the latest prompt (from chat.message);
 *                                        nothing for OpenCode's own helper requests (below)
 *   event session.idle                   capture: the session's messages, from OpenCode's API
 *   experimental.session.compacting      capture + flush + compaction mark, before the summary
 *
 * A session OpenCode started for a sub-agent (its task tool: a child session with a `parentID`)
 * is captured with its parent named (`parent` in the payload): the engine keeps it as an
 * isolated session, whose "user" turns are the parent agent's instructions, not the person's.
 */

/** The first line of the plugin: how connect and disconnect know the file is ours. */
export const OPENCODE_PLUGIN_MARK = "// agent-memory plugin, written by `agent connect opencode`";

/**
 * How OpenCode's hidden helper agents begin their system prompts (title, summary, compaction, the
 * agent generator; OpenCode 1.18). The system transform runs for their requests too, with the
 * same session id and nothing else to tell them apart, and the helper may be another model
 * (`small_model`, often a hosted one): the person's USER.md and memories are for the
 * conversation's own model only, and a title or summary built from them would carry them on.
 */
export const OPENCODE_HELPER_PROMPTS: readonly string[] = [
  "You are a title generator.",
  "Summarize what was done in this conversation.",
  "You are a context summarization agent.",
  "You are an elite AI agent architect",
];

export interface OpenCodePluginOptions {
  node: string;
  cli: string;
  workspace: string;
  budgetMs?: number;
}

export function openCodePlugin(o: OpenCodePluginOptions): string {
  const budget = o.budgetMs ?? 300;
  return `${OPENCODE_PLUGIN_MARK}; \`agent disconnect opencode\` removes it.
import { spawn } from "node:child_process";

const NODE = ${JSON.stringify(o.node)};
const CLI = ${JSON.stringify(o.cli)};
const WORKSPACE = ${JSON.stringify(o.workspace)};
const BUDGET_MS = ${budget};
const HELPER_PROMPTS = ${JSON.stringify(OPENCODE_HELPER_PROMPTS)};

/** A request of one of OpenCode's helper agents (a title, a summary), not the conversation's. */
function helperRequest(system) {
  const first = String((system && system[0]) || "").trimStart();
  return HELPER_PROMPTS.some((p) => first.startsWith(p));
}

/** Runs one hook; resolves with what it printed, or "" (never rejects, never waits past limitMs). */
function hook(event, payload, limitMs) {
  return new Promise((resolve) => {
    let out = "";
    let child;
    try {
      child = spawn(NODE, [CLI, "hook", "opencode", event, "--workspace", WORKSPACE, "--budget-ms", String(BUDGET_MS)], { stdio: ["pipe", "pipe", "ignore"] });
    } catch {
      return resolve("");
    }
    const timer = limitMs > 0 ? setTimeout(() => { child.kill(); resolve(""); }, limitMs) : undefined;
    child.stdout.on("data", (d) => { out += d; });
    child.on("error", () => { clearTimeout(timer); resolve(""); });
    child.on("close", () => { clearTimeout(timer); resolve(out); });
    child.stdin.on("error", () => undefined);
    child.stdin.end(JSON.stringify(payload));
  });
}

export const AgentMemory = async ({ client }) => {
  const started = new Map();
  const prompts = new Map();
  const memories = new Map();

  const parents = new Map();

  /** The session that started this one (a sub-agent's child session), or "" for the person's own; asked once per session. */
  async function parentOf(sessionID) {
    if (!parents.has(sessionID)) {
      let parent = "";
      try {
        const r = await client.session.get({ path: { id: sessionID } });
        const s = (r && r.data) || r;
        if (s && typeof s.parentID === "string") parent = s.parentID;
      } catch {
        // Unknown: taken for the person's own, as before.
      }
      parents.set(sessionID, parent);
    }
    return parents.get(sessionID);
  }

  async function messages(sessionID) {
    try {
      const r = await client.session.messages({ path: { id: sessionID } });
      return Array.isArray(r) ? r : (r && r.data) || [];
    } catch {
      return [];
    }
  }

  return {
    "chat.message": async (input, output) => {
      const text = (output.parts || []).filter((p) => p.type === "text" && !p.synthetic && typeof p.text === "string").map((p) => p.text).join("\\n");
      if (input.sessionID && text) prompts.set(input.sessionID, text);
    },
    "experimental.chat.system.transform": async (input, output) => {
      const id = input.sessionID;
      if (!id || helperRequest(output.system)) return;
      if (!started.has(id)) started.set(id, await hook("session-start", { session: id }, 2 * BUDGET_MS + 1000));
      const prompt = prompts.get(id);
      if (prompt && !memories.has(prompt)) memories.set(prompt, await hook("prompt", { session: id, prompt }, BUDGET_MS + 1000));
      for (const text of [started.get(id), prompt ? memories.get(prompt) : ""]) if (text) output.system.push(text);
    },
    event: async ({ event }) => {
      if (event.type !== "session.idle") return;
      const id = event.properties && event.properties.sessionID;
      if (id) await hook("stop", { session: id, messages: await messages(id), parent: await parentOf(id) }, 0);
    },
    "experimental.session.compacting": async (input) => {
      await hook("pre-compact", { session: input.sessionID, messages: await messages(input.sessionID), parent: await parentOf(input.sessionID) }, 0);
    },
  };
};
`;
}
