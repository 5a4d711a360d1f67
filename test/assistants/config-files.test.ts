/**
 * The person's config files under `agent connect` / `agent disconnect`: mode, owner, links,
 * backups, a program rewriting the file meanwhile, edits made since connect, and the odd
 * shapes (duplicate keys, null sections, empty files, an empty CLAUDE_CONFIG_DIR).
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeJsonEntry, setJsonEntry } from "../../src/assistants/config-edit.js";
import { writeConfigFile } from "../../src/shared/config-file.js";
import { claudeConfig } from "../../src/assistants/claude-code/connect.js";
import { codexConfig } from "../../src/assistants/codex/connect.js";
import { applyChanges, backupName, planConnect, planDisconnect, type ConnectOptions, type HookConfig } from "../../src/assistants/connect.js";
import { planOpenClawConnect } from "../../src/assistants/openclaw/connect.js";
import { openCodeConfig } from "../../src/assistants/opencode/connect.js";
import { parseJsonc } from "../../src/workspace/jsonc.js";
import { cleanup, REPO_ROOT, tempDir } from "../helpers/workspace.js";

let dir = "";
afterEach(() => cleanup(dir));

function opts(harness: ConnectOptions["harness"], env: NodeJS.ProcessEnv = {}): ConnectOptions {
  return { harness, workspace: path.join(dir, "W"), scope: "user", cwd: path.join(dir, "proj"), env: { HOME: path.join(dir, "home"), XDG_CONFIG_HOME: path.join(dir, "home/.config"), CODEX_HOME: path.join(dir, "home/.codex"), ...env }, node: "/opt/node/bin/node", cli: "/opt/agent/dist/cli/main.js" };
}
const CONFIGS: Record<string, HookConfig> = { "claude-code": claudeConfig, codex: codexConfig, opencode: openCodeConfig };
const configOf = (o: ConnectOptions) => CONFIGS[o.harness]!;
const configFiles = (harness: string, scope: ConnectOptions["scope"], cwd: string, env: NodeJS.ProcessEnv) => CONFIGS[harness]!.files(scope, cwd, env);
const connect = (o: ConnectOptions) => applyChanges(planConnect(o, configOf(o)), "connect");
const disconnect = (o: ConnectOptions) => applyChanges(planDisconnect(o, configOf(o)), "disconnect");
const mode = (f: string) => statSync(f).mode & 0o777;
const CLAUDE_JSON = '{\n  "primaryApiKey": "kept-secret",\n  "numStartups": 3\n}\n';

function setup(): { home: string; claudeJson: string; settings: string } {
  dir = tempDir("agent-config-");
  const home = path.join(dir, "home");
  mkdirSync(path.join(home, ".claude"), { recursive: true });
  mkdirSync(path.join(dir, "proj"), { recursive: true });
  return { home, claudeJson: path.join(home, ".claude.json"), settings: path.join(home, ".claude", "settings.json") };
}

describe("connect keeps the config file's mode, owner and link", () => {
  it("a 0600 file stays 0600, its backup is 0600, a new file is 0600 (for all four assistants)", () => {
    const { claudeJson, settings } = setup();
    writeFileSync(claudeJson, CLAUDE_JSON, { mode: 0o600 });
    chmodSync(claudeJson, 0o600);
    const owner = statSync(claudeJson).uid;
    connect(opts("claude-code"));
    expect(mode(claudeJson)).toBe(0o600);
    expect(statSync(claudeJson).uid).toBe(owner);
    expect(mode(backupName(claudeJson))).toBe(0o600);
    expect(readFileSync(backupName(claudeJson), "utf8")).toBe(CLAUDE_JSON);
    expect(mode(settings)).toBe(0o600);

    const codex = path.join(dir, "home/.codex");
    mkdirSync(codex, { recursive: true });
    writeFileSync(path.join(codex, "config.toml"), 'model = "o4"\n', { mode: 0o600 });
    chmodSync(path.join(codex, "config.toml"), 0o600);
    connect(opts("codex"));
    expect(mode(path.join(codex, "config.toml"))).toBe(0o600);
    expect(mode(backupName(path.join(codex, "config.toml")))).toBe(0o600);
    expect(mode(path.join(codex, "hooks.json"))).toBe(0o600);

    const oc = path.join(dir, "home/.config/opencode");
    mkdirSync(oc, { recursive: true });
    writeFileSync(path.join(oc, "opencode.json"), '{ "provider": { "x": { "apiKey": "k" } } }\n');
    chmodSync(path.join(oc, "opencode.json"), 0o640);
    connect(opts("opencode"));
    expect(mode(path.join(oc, "opencode.json"))).toBe(0o640);
    expect(mode(backupName(path.join(oc, "opencode.json")))).toBe(0o600);

    const openclaw = path.join(dir, "home/.openclaw/openclaw.json");
    mkdirSync(path.dirname(openclaw), { recursive: true });
    writeFileSync(openclaw, '{ "gateway": { "token": "t" } }\n');
    chmodSync(openclaw, 0o600);
    const written = applyChanges(planOpenClawConnect({ ...opts("openclaw"), configFile: openclaw }, REPO_ROOT.replace(/\/$/, "")), "connect");
    expect(written).toEqual([openclaw]);
    expect(mode(openclaw)).toBe(0o600);
    expect(mode(backupName(openclaw))).toBe(0o600);
  });

  it("a symlinked config (dotfiles) stays a link; the edit lands in its target", () => {
    const { claudeJson } = setup();
    const dotfiles = path.join(dir, "dotfiles");
    mkdirSync(dotfiles);
    writeFileSync(path.join(dotfiles, "claude.json"), CLAUDE_JSON, { mode: 0o600 });
    symlinkSync(path.join(dotfiles, "claude.json"), claudeJson);
    connect(opts("claude-code"));
    expect(lstatSync(claudeJson).isSymbolicLink()).toBe(true);
    expect(readlinkSync(claudeJson)).toBe(path.join(dotfiles, "claude.json"));
    const target = parseJsonc(readFileSync(path.join(dotfiles, "claude.json"), "utf8")) as { primaryApiKey: string; mcpServers: Record<string, unknown> };
    expect(target.primaryApiKey).toBe("kept-secret");
    expect(target.mcpServers["agent-memory"]).toBeDefined();
    expect(mode(path.join(dotfiles, "claude.json"))).toBe(0o600);
    disconnect(opts("claude-code"));
    expect(lstatSync(claudeJson).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(dotfiles, "claude.json"), "utf8")).toBe(CLAUDE_JSON);
  });
});

describe("disconnect compares byte for byte before restoring a backup", () => {
  it("an untouched file gets the backup's exact bytes back", () => {
    const { claudeJson } = setup();
    writeFileSync(claudeJson, CLAUDE_JSON);
    connect(opts("claude-code"));
    disconnect(opts("claude-code"));
    expect(readFileSync(claudeJson, "utf8")).toBe(CLAUDE_JSON);
  });

  it("a whitespace-only edit by the person is kept: only our entries come out", () => {
    const { claudeJson } = setup();
    writeFileSync(claudeJson, CLAUDE_JSON);
    connect(opts("claude-code"));
    const edited = readFileSync(claudeJson, "utf8").replace('"numStartups": 3', '"numStartups":   3');
    writeFileSync(claudeJson, edited);
    disconnect(opts("claude-code"));
    const after = readFileSync(claudeJson, "utf8");
    expect(after).not.toBe(CLAUDE_JSON);
    expect(after).toBe(removeJsonEntry(claudeJson, edited, ["mcpServers", "agent-memory"]));
    expect(after).toContain('"numStartups":   3');
    expect(after).not.toContain("agent-memory");
  });
});

describe("odd shapes: a clear refusal naming the file, or the right result", () => {
  it('duplicate "hooks" keys are refused by name; nothing is written', () => {
    const { settings } = setup();
    const text = '{\n  "hooks": { "Stop": [] },\n  "model": "opus",\n  "hooks": { "Notification": [] }\n}\n';
    writeFileSync(settings, text);
    expect(() => planConnect(opts("claude-code"), claudeConfig)).toThrow(new RegExp(`${settings.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} cannot be parsed \\(it has the key "hooks" 2 times`));
    expect(readFileSync(settings, "utf8")).toBe(text);
  });

  it('"hooks": null and "mcpServers": null become ours', () => {
    const { settings, claudeJson } = setup();
    writeFileSync(settings, '{ "hooks": null, "model": "opus" }\n');
    writeFileSync(claudeJson, '{ "mcpServers": null, "numStartups": 1 }\n');
    connect(opts("claude-code"));
    const s = parseJsonc(readFileSync(settings, "utf8")) as { hooks: Record<string, unknown>; model: string };
    expect(Object.keys(s.hooks)).toContain("Stop");
    expect(s.model).toBe("opus");
    const c = parseJsonc(readFileSync(claudeJson, "utf8")) as { mcpServers: Record<string, unknown>; numStartups: number };
    expect(c.mcpServers["agent-memory"]).toBeDefined();
    expect(c.numStartups).toBe(1);
    disconnect(opts("claude-code"));
    expect(readFileSync(settings, "utf8")).toBe('{ "hooks": null, "model": "opus" }\n');
  });

  it("an empty file is connected like a missing one", () => {
    const { settings } = setup();
    writeFileSync(settings, "");
    connect(opts("claude-code"));
    expect(Object.keys((parseJsonc(readFileSync(settings, "utf8")) as { hooks: object }).hooks)).toContain("UserPromptSubmit");
  });

  it("CLAUDE_CONFIG_DIR set but empty is unset: nothing in the current folder", () => {
    setup();
    const f = configFiles("claude-code", "user", path.join(dir, "proj"), { HOME: path.join(dir, "home"), CLAUDE_CONFIG_DIR: "" });
    expect(f.hooks).toBe(path.join(dir, "home/.claude/settings.json"));
    expect(f.mcp).toBe(path.join(dir, "home/.claude.json"));
    for (const v of [f.hooks!, f.mcp]) expect(path.isAbsolute(v)).toBe(true);
    const codex = configFiles("codex", "user", path.join(dir, "proj"), { HOME: path.join(dir, "home"), CODEX_HOME: "" });
    expect(codex.hooks).toBe(path.join(dir, "home/.codex/hooks.json"));
  });
});

describe("a program rewriting the file during connect", () => {
  // Deterministic: the other program writes exactly between connect's read and its rename (from
  // inside the edit, the first time it runs), so the compare-and-retry must see it and edit
  // again. How often a writer looping every 2 ms still slips a rename into the last window is a
  // measurement, not a test: `npm run torture -- --only config-race` (docs/reliability.md).
  it("a key another program writes between connect's read and its rename is kept", () => {
    const { claudeJson } = setup();
    writeFileSync(claudeJson, JSON.stringify({ primaryApiKey: "kept-secret" }, null, 2), { mode: 0o600 });
    let calls = 0;
    const r = writeConfigFile(claudeJson, (text) => {
      calls++;
      if (calls === 1) {
        // The other writer: read, add its key, rename over the file (as a running Claude Code does).
        const theirs = JSON.parse(readFileSync(claudeJson, "utf8")) as Record<string, unknown>;
        writeFileSync(`${claudeJson}.w.tmp`, JSON.stringify({ ...theirs, numStartups: 4 }, null, 2), { mode: 0o600 });
        renameSync(`${claudeJson}.w.tmp`, claudeJson);
      }
      return setJsonEntry(claudeJson, text, ["mcpServers", "agent-memory"], { type: "stdio", command: "/opt/node/bin/node", args: [], env: {} });
    });
    const final = JSON.parse(readFileSync(claudeJson, "utf8")) as Record<string, unknown>;
    expect(final).toMatchObject({ primaryApiKey: "kept-secret", numStartups: 4, mcpServers: { "agent-memory": { type: "stdio" } } });
    expect(calls).toBeGreaterThan(1);
    expect(r.retries).toBeGreaterThan(0);
    expect(mode(claudeJson)).toBe(0o600);
  });

  it("keys another program renames in after the last look, several times running, are all kept", () => {
    const { claudeJson } = setup();
    writeFileSync(claudeJson, JSON.stringify({ primaryApiKey: "kept-secret" }, null, 2), { mode: 0o600 });
    let writes = 0;
    // The other writer lands between connect's last look and its rename, on each of the first
    // four tries (a running Claude Code saving again and again): read, add a key, rename over.
    const afterLastLook = (target: string): void => {
      if (writes >= 4) return;
      const theirs = JSON.parse(readFileSync(target, "utf8")) as Record<string, unknown>;
      writeFileSync(`${target}.w.tmp`, JSON.stringify({ ...theirs, [`k${writes}`]: writes }, null, 2), { mode: 0o600 });
      renameSync(`${target}.w.tmp`, target);
      writes++;
    };
    const entry = { type: "stdio", command: "/opt/node/bin/node", args: [], env: {} };
    writeConfigFile(claudeJson, (text) => setJsonEntry(claudeJson, text, ["mcpServers", "agent-memory"], entry), { afterLastLook });
    const final = JSON.parse(readFileSync(claudeJson, "utf8")) as Record<string, unknown>;
    expect(writes).toBe(4);
    expect(final).toMatchObject({ primaryApiKey: "kept-secret", k0: 0, k1: 1, k2: 2, k3: 3, mcpServers: { "agent-memory": { type: "stdio" } } });
    expect(readdirSync(path.dirname(claudeJson)).filter((f) => f.includes(".tmp") || f.includes(".held"))).toEqual([]);
  });
});
