/**
 * A workspace of notes and a project folder connected to the real Claude Code, whose model is
 * a scripted server: what the end-to-end tests of one Claude Code turn share.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { runAgent, type AgentRun } from "./cli.js";
import { harnessBin } from "./harness.js";
import { isolatedEnv, runHarness, type HarnessRun } from "./harness-run.js";
import type { ModelServer } from "./model-server.js";
import { write } from "./workspace.js";

export interface ClaudeProject {
  ws: string;
  proj: string;
  /** `agent` with the isolated home. */
  agent: (args: string[]) => Promise<AgentRun>;
  /** One `claude` run in the project. */
  turn: (args: string[]) => Promise<HarnessRun>;
}

/** `files` written into `<root>/W` (keyword search, no embedder), indexed, and Claude Code connected in `<root>/proj`. */
export async function claudeProject(root: string, files: Record<string, string>, server: ModelServer): Promise<ClaudeProject> {
  const ws = path.join(root, "W");
  const proj = path.join(root, "proj");
  mkdirSync(proj, { recursive: true });
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
  for (const [rel, text] of Object.entries(files)) write(ws, rel, text);
  const env = isolatedEnv(root, { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: "dummy", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", DISABLE_AUTOUPDATER: "1", DISABLE_TELEMETRY: "1", ENABLE_TOOL_SEARCH: "false" });
  const agent = (args: string[]) => runAgent(args, { HOME: env.HOME, AGENT_WORKSPACE: "" });
  expect((await agent(["index", "-w", ws])).code).toBe(0);
  const connect = await runAgent(["connect", "claude-code", "--scope", "project", "-w", ws, "--budget-ms", "20000"], { HOME: env.HOME }, undefined, proj);
  expect(connect.code).toBe(0);
  const claude = harnessBin("claude-code")!;
  return { ws, proj, agent, turn: (args) => runHarness(claude, args, { cwd: proj, env, timeoutMs: 120_000 }) };
}
