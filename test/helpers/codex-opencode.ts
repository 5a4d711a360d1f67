/**
 * Codex and OpenCode beside a Claude Code project (claude-project.ts), all three on one scripted
 * model server and one workspace: what the tests of a week lived with the three assistants share.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { runAgent } from "./cli.js";
import { isolatedEnv } from "./harness-run.js";
import type { ModelServer } from "./model-server.js";

export interface CodexAndOpenCode {
  /** The isolated environment both assistants run in (the same HOME as claudeProject's). */
  env: NodeJS.ProcessEnv;
  /** What `agent` needs of it to find their stores and configs. */
  agentEnv: NodeJS.ProcessEnv;
  /** OpenCode's project folder (its opencode.json names the server). */
  oproj: string;
}

/** Codex's config.toml and an OpenCode project pointed at `server`, both connected to `ws` (`<root>/oproj`). */
export async function connectCodexAndOpenCode(root: string, ws: string, server: ModelServer): Promise<CodexAndOpenCode> {
  const env = isolatedEnv(root, { OPENCODE_DISABLE_MODELS_FETCH: "1", OPENCODE_DISABLE_AUTOUPDATE: "1", OPENCODE_DISABLE_SHARE: "1", OPENCODE_DISABLE_LSP_DOWNLOAD: "1" });
  const agentEnv = { HOME: env.HOME, CODEX_HOME: env.CODEX_HOME, XDG_CONFIG_HOME: env.XDG_CONFIG_HOME, XDG_DATA_HOME: env.XDG_DATA_HOME };
  writeFileSync(path.join(env.CODEX_HOME!, "config.toml"), `model = "test-model"\nmodel_provider = "local"\napproval_policy = "never"\nsandbox_mode = "danger-full-access"\n\n[model_providers.local]\nname = "local"\nbase_url = "${server.url}/v1"\nwire_api = "responses"\nrequires_openai_auth = false\n`);
  expect((await runAgent(["connect", "codex", "-w", ws, "--budget-ms", "20000"], agentEnv)).code).toBe(0);
  const oproj = path.join(root, "oproj");
  mkdirSync(oproj, { recursive: true });
  writeFileSync(path.join(oproj, "opencode.json"), JSON.stringify({ provider: { local: { npm: "@ai-sdk/openai-compatible", name: "local", options: { baseURL: `${server.url}/v1`, apiKey: "dummy" }, models: { "test-model": { name: "test-model" } } } }, model: "local/test-model" }, null, 2));
  expect((await runAgent(["connect", "opencode", "--scope", "project", "-w", ws, "--budget-ms", "20000"], agentEnv, undefined, oproj)).code).toBe(0);
  return { env, agentEnv, oproj };
}
