/**
 * Every assistant through the same connect, disconnect, --dry-run and --status (the built CLI,
 * a temp HOME and config files), and failures that show: a budget miss or a skipped capture is a
 * line in .agent/hooks.log, a moved workspace or a Node that is gone shows in --status and in
 * doctor, and connect again repairs it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runAgent } from "../helpers/cli.js";
import { cleanup, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

let dir = "";
afterEach(() => cleanup(dir));

function setup(): { ws: string; home: string; oc: string; env: NodeJS.ProcessEnv } {
  dir = tempDir("agent-registry-cli-");
  const ws = path.join(dir, "W");
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
  const home = path.join(dir, "home");
  mkdirSync(home, { recursive: true });
  const oc = path.join(home, ".openclaw", "openclaw.json");
  const env = { HOME: home, CODEX_HOME: path.join(home, ".codex"), XDG_CONFIG_HOME: path.join(home, ".config"), XDG_DATA_HOME: path.join(home, ".local/share"), OPENCLAW_CONFIG_PATH: oc };
  return { ws, home, oc, env };
}

const OPENCLAW_CONFIG = '{\n  // mine\n  "agents": { "defaults": { "model": "ollama/tiny" } }\n}\n';

describe("one connect for every assistant", () => {
  it("--help names each assistant once", async () => {
    for (const cmd of ["connect", "disconnect"]) {
      const r = await runAgent([cmd, "--help"]);
      const line = r.stdout.split("\n").find((l) => /^\s+assistant\s/.test(l)) ?? "";
      for (const name of ["claude-code", "codex", "opencode", "openclaw"]) expect(line.split(name).length - 1, `${cmd}: ${line}`).toBe(1);
      expect(r.stdout).toContain("--openclaw-config");
    }
  });

  it("four assistants in one workspace: each its own files, `agent status` names each, disconnecting one leaves the others", async () => {
    const { ws, home, env } = setup();
    const files = (): string[] => {
      const out: string[] = [];
      const walk = (d: string): void => {
        if (!existsSync(d)) return;
        for (const e of readdirSync(d, { withFileTypes: true })) (e.isDirectory() ? walk : (f: string) => out.push(path.relative(home, f)))(path.join(d, e.name));
      };
      walk(home);
      return out.sort();
    };
    const written: Record<string, string[]> = {};
    for (const a of ["claude-code", "codex", "opencode", "openclaw"]) {
      const before = files();
      const r = await runAgent(["connect", a, "-w", ws], env);
      expect(r.code, r.stderr).toBe(0);
      written[a] = files().filter((f) => !before.includes(f));
    }
    // Each wrote only its own files: no file of one assistant's is another's.
    expect(written).toEqual({
      "claude-code": [".claude.json", ".claude/settings.json"],
      codex: [".codex/config.toml", ".codex/hooks.json"],
      opencode: [".config/opencode/opencode.json", ".config/opencode/plugins/agent-memory.js"],
      openclaw: [".openclaw/openclaw.json"],
    });
    const status = await runAgent(["status", "-w", ws], env);
    expect(status.stdout).toMatch(/^assistants: claude-code \(user; last capture never\), codex \(user; last capture never\), opencode \(user; last capture never\), openclaw \(user; last capture never\)$/m);
    const kept = Object.fromEntries(files().filter((f) => !f.startsWith(".codex/")).map((f) => [f, readFileSync(path.join(home, f), "utf8")]));
    expect((await runAgent(["disconnect", "codex", "-w", ws], env)).code).toBe(0);
    expect(Object.fromEntries(files().map((f) => [f, readFileSync(path.join(home, f), "utf8")]))).toEqual(kept);
    expect((await runAgent(["status", "-w", ws], env)).stdout).toMatch(/^assistants: claude-code \(user; last capture never\), opencode \(user; last capture never\), openclaw \(user; last capture never\)$/m);
  });

  it("openclaw: --dry-run writes nothing, --status sees it connected, disconnect gives the file back", async () => {
    const { ws, oc, env } = setup();
    write(path.dirname(oc), "openclaw.json", OPENCLAW_CONFIG);
    const dry = await runAgent(["connect", "openclaw", "--dry-run", "-w", ws], env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`--- would update ${oc} (memory plugin)`);
    expect(readFileSync(oc, "utf8")).toBe(OPENCLAW_CONFIG);
    expect(existsSync(`${oc}.agent-memory-backup`)).toBe(false);

    expect((await runAgent(["connect", "openclaw", "-w", ws], env)).code).toBe(0);
    expect(readFileSync(`${oc}.agent-memory-backup`, "utf8")).toBe(OPENCLAW_CONFIG);
    const status = await runAgent(["connect", "--status"], env);
    expect(status.stdout).toMatch(new RegExp(`openclaw\\s+user\\s+→ ${ws.replace(/[/.]/g, "\\$&")}`));
    expect(status.stdout).not.toMatch(/openclaw\s+not connected/);
    const rows = JSON.parse((await runAgent(["connect", "--status", "--json"], env)).stdout) as { harness: string; paths: { path: string }[]; problems: string[] }[];
    expect(rows.find((r) => r.harness === "openclaw")).toMatchObject({ paths: [{ path: path.resolve(REPO_ROOT) }], problems: [] });

    const off = await runAgent(["disconnect", "openclaw", "-w", ws, "--openclaw-config", oc], env);
    expect(off.code, off.stderr).toBe(0);
    expect(readFileSync(oc, "utf8")).toBe(OPENCLAW_CONFIG);
    expect(existsSync(`${oc}.agent-memory-backup`)).toBe(false);
    expect((await runAgent(["connect", "--status"], env)).stdout).toMatch(/openclaw\s+not connected/);
  });

  it("openclaw: disconnect keeps what the person changed since, and takes out only ours", async () => {
    const { ws, oc, env } = setup();
    write(path.dirname(oc), "openclaw.json", OPENCLAW_CONFIG);
    expect((await runAgent(["connect", "openclaw", "-w", ws], env)).code).toBe(0);
    writeFileSync(oc, readFileSync(oc, "utf8").replace("ollama/tiny", "ollama/other"));
    expect((await runAgent(["disconnect", "openclaw", "-w", ws], env)).code).toBe(0);
    const after = readFileSync(oc, "utf8");
    expect(after).toContain("// mine");
    expect(after).toContain("ollama/other");
    expect(after).not.toContain("agent-memory");
    expect(after).not.toContain("plugins");
  });

  it("a flag of one assistant is refused for another, naming it", async () => {
    const { ws, oc, env } = setup();
    const r = await runAgent(["connect", "codex", "-w", ws, "--openclaw-config", oc], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("that option is for openclaw only");
    expect(existsSync(path.join(env.CODEX_HOME!, "hooks.json"))).toBe(false);
  });
});

describe("failures that show", () => {
  const prompt = { session_id: "s1", hook_event_name: "UserPromptSubmit", prompt: "when does the piano tuner come?" };

  it("a budget miss and a capture with no transcript are lines in hooks.log; --status counts them beside the last capture and injection", async () => {
    const { ws, env } = setup();
    write(ws, "memory/2025-04-01.md", "# 2025-04-01\n\nThe piano tuner Ingrid comes every April.\n");
    expect((await runAgent(["index", "-w", ws], env)).code).toBe(0);
    expect((await runAgent(["connect", "claude-code", "-w", ws], env)).code).toBe(0);
    const hook = (args: string[], payload: unknown, more: NodeJS.ProcessEnv = {}) => runAgent(["hook", "claude-code", ...args, "--workspace", ws, "--no-daemon"], { ...env, ...more }, JSON.stringify(payload));

    const ok = await hook(["prompt", "--budget-ms", "30000"], prompt);
    expect(ok.stdout).toContain("piano tuner");
    const miss = await hook(["prompt", "--budget-ms", "300"], prompt, { AGENT_TEST_HOOK_STALL_MS: "5000" });
    expect(miss.code).toBe(0);
    expect(miss.stdout).toBe("");
    const fixture = path.join(REPO_ROOT, "test/fixtures/assistants/claude-code-session.jsonl");
    expect((await hook(["stop"], { session_id: "c1", hook_event_name: "Stop", transcript_path: fixture })).code).toBe(0);
    expect((await hook(["stop"], { session_id: "c2", hook_event_name: "Stop" })).code).toBe(0);

    const log = readFileSync(path.join(agentDir(ws), "hooks.log"), "utf8").trim().split("\n");
    expect(log).toEqual([
      expect.stringMatching(/^\S+Z agent hook claude-code prompt: no memories: the 300 ms budget ran out/),
      expect.stringMatching(/^\S+Z agent hook claude-code stop: the payload names no transcript; nothing captured$/),
    ]);
    const status = (await runAgent(["connect", "--status"], env)).stdout;
    expect(status).toMatch(/last capture: \d{4}-\d\d-\d\dT\S+ \(\d+ s ago\); last injection: \d{4}-\d\d-\d\dT\S+ \(\d+ s ago\); misses in the last day: 2/);
    expect(status).toContain("last hook problem:");
    expect(status).toMatch(/codex\s+not connected/);
  });

  it("a moved workspace and a Node that is gone show in --status and doctor; connect again repairs them", async () => {
    const { ws, home, env } = setup();
    expect((await runAgent(["connect", "claude-code", "-w", ws], env)).code).toBe(0);
    const settings = path.join(home, ".claude/settings.json");
    writeFileSync(settings, readFileSync(settings, "utf8").replaceAll(JSON.stringify(process.execPath).slice(1, -1), "/gone/bin/node"));
    const moved = path.join(dir, "W2");
    renameSync(ws, moved);

    const status = (await runAgent(["connect", "--status"], env)).stdout;
    expect(status).toContain(`BROKEN: the workspace ${ws} no longer exists`);
    expect(status).toContain("BROKEN: its Node /gone/bin/node no longer exists");
    const doctor = await runAgent(["doctor", "-w", moved, "--no-daemon"], env);
    expect(doctor.stdout).toMatch(/! assistant claude-code\s+.*the workspace .* no longer exists/);
    expect(doctor.stdout).toMatch(/! assistant claude-code\s+.*its Node \/gone\/bin\/node no longer exists/);

    expect((await runAgent(["connect", "claude-code", "-w", moved], env)).code).toBe(0);
    const repaired = (await runAgent(["connect", "--status"], env)).stdout;
    expect(repaired).not.toContain("BROKEN");
    expect(repaired).toMatch(new RegExp(`claude-code\\s+user\\s+→ ${moved.replace(/[/.]/g, "\\$&")}`));
  });
});
