/** `agent connect` / `disconnect` / `connect --status` through the built CLI, in a temp home. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runAgent } from "../helpers/cli.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

let dir = "";
afterEach(() => cleanup(dir));

function setup(): { ws: string; home: string; env: NodeJS.ProcessEnv } {
  dir = tempDir("agent-connect-cli-");
  const ws = path.join(dir, "W");
  write(ws, "agent.config.json", "{}");
  const home = path.join(dir, "home");
  mkdirSync(home, { recursive: true });
  return { ws, home, env: { HOME: home, CODEX_HOME: path.join(home, ".codex"), XDG_CONFIG_HOME: path.join(home, ".config") } };
}

describe("agent connect (built CLI)", () => {
  it("--dry-run prints the files with their full new text and writes nothing", async () => {
    const { ws, home, env } = setup();
    const r = await runAgent(["connect", "codex", "--dry-run", "-w", ws], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`--- would create ${path.join(home, ".codex/hooks.json")} (hooks)`);
    expect(r.stdout).toContain("[mcp_servers.agent-memory]");
    expect(r.stdout).toContain(` hook codex prompt --workspace ${ws}`);
    expect(existsSync(path.join(home, ".codex"))).toBe(false);
  });

  it("refuses a settings file it cannot parse, names it, and changes nothing", async () => {
    const { ws, home, env } = setup();
    const settings = path.join(home, ".claude/settings.json");
    mkdirSync(path.dirname(settings), { recursive: true });
    writeFileSync(settings, '{ "hooks": { "Stop": [ }');
    const r = await runAgent(["connect", "claude-code", "-w", ws], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${settings} cannot be parsed`);
    expect(readFileSync(settings, "utf8")).toBe('{ "hooks": { "Stop": [ }');
    expect(existsSync(path.join(home, ".claude.json"))).toBe(false);
  });

  it("--status names what is connected to which workspace; disconnect undoes it", async () => {
    const { ws, env } = setup();
    expect((await runAgent(["connect", "opencode", "-w", ws], env)).code).toBe(0);
    const status = await runAgent(["connect", "--status"], env);
    expect(status.stdout).toMatch(new RegExp(`opencode\\s+user\\s+→ ${ws.replace(/[/.]/g, "\\$&")}`));
    expect(status.stdout).toMatch(/claude-code\s+not connected/);
    expect((await runAgent(["disconnect", "opencode", "-w", ws], env)).code).toBe(0);
    expect((await runAgent(["connect", "--status"], env)).stdout).toMatch(/opencode\s+not connected/);
  });
});
