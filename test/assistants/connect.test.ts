import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parse as parseToml } from "smol-toml";
import { addHooks, addTomlMcpServer, ConfigParseError, removeHooks, removeTomlMcpServer, setJsonEntry } from "../../src/assistants/config-edit.js";
import { applyChanges, backupName, type ConnectOptions } from "../../src/assistants/connect.js";
import { assistantNamed } from "../../src/assistants/registry.js";
import { parseJsonc } from "../../src/workspace/jsonc.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

let dir = "";
afterEach(() => cleanup(dir));

const SETTINGS = `{
  // my own settings
  "model": "opus",
  "hooks": {
    "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }]
  },
  "permissions": { "allow": ["Bash(ls:*)"] },
}
`;

describe("config edits", () => {
  const cmds = { Stop: { command: "node cli.js hook claude-code stop --workspace /w", timeout: 60 }, UserPromptSubmit: { command: "node cli.js hook claude-code prompt --workspace /w", timeout: 10 } };

  it("adds our hooks after the person's, keeps comments and other keys, and is idempotent", () => {
    const once = addHooks("settings.json", SETTINGS, cmds, " hook claude-code ");
    expect(once).toContain("// my own settings");
    const obj = parseJsonc(once) as { model: string; hooks: Record<string, { hooks: { command: string }[] }[]> };
    expect(obj.model).toBe("opus");
    expect(obj.hooks.Stop!.map((g) => g.hooks[0]!.command)).toEqual(["notify-send done", cmds.Stop.command]);
    expect(obj.hooks.UserPromptSubmit).toHaveLength(1);
    expect(addHooks("settings.json", once, cmds, " hook claude-code ")).toBe(once);
    const back = removeHooks("settings.json", once, " hook claude-code ")!;
    expect(parseJsonc(back)).toEqual(parseJsonc(SETTINGS));
    expect(back).toContain("// my own settings");
  });

  it("refuses a file it cannot parse, naming it", () => {
    expect(() => addHooks("/home/me/.claude/settings.json", "{ not json", cmds, " hook ")).toThrow(ConfigParseError);
    expect(() => addHooks("/home/me/.claude/settings.json", "{ not json", cmds, " hook ")).toThrow(/\/home\/me\/\.claude\/settings\.json cannot be parsed/);
    expect(() => setJsonEntry("x.json", "[1]", ["mcp", "a"], {})).toThrow(/not a JSON object/);
  });

  it("puts one marked [mcp_servers.agent-memory] block into config.toml and takes exactly it out again", () => {
    const toml = 'model = "gpt"\n\n[model_providers.local]\nbase_url = "http://127.0.0.1:1/v1"\n';
    const added = addTomlMcpServer("config.toml", toml, "/usr/bin/node", ["/x/cli.js", "mcp", "--workspace", "/w"]);
    const server = (parseToml(added) as { mcp_servers: Record<string, { command: string; args: string[]; tools: Record<string, unknown> }> }).mcp_servers["agent-memory"]!;
    expect(server).toMatchObject({ command: "/usr/bin/node", args: ["/x/cli.js", "mcp", "--workspace", "/w"], startup_timeout_sec: 30 });
    expect(server).not.toHaveProperty("default_tools_approval_mode");
    expect(server.tools.memory_search).toEqual({ approval_mode: "approve" });
    expect(server.tools).not.toHaveProperty("memory_append");
    expect(addTomlMcpServer("config.toml", added, "/usr/bin/node", ["/x/cli.js", "mcp", "--workspace", "/w"])).toBe(added);
    expect(removeTomlMcpServer("config.toml", added)).toBe(toml);
    expect(() => addTomlMcpServer("config.toml", "[mcp_servers.agent-memory]\ncommand = \"mine\"\n", "n", [])).toThrow(/already has a \[mcp_servers.agent-memory\] table/);
    // Codex 0.171's own save (`codex mcp add later`) re-serialises [mcp_servers]: our begin line is
    // gone and the end line stranded after its table. Ours is still found by name and command.
    const resaved = ['model = "o4"', "", "[mcp_servers.agent-memory]", 'command = "/usr/bin/node"', 'args = ["/x/cli.js", "mcp", "--workspace", "/w"]', "startup_timeout_sec = 30.0", "", "[mcp_servers.agent-memory.tools.memory_search]", 'approval_mode = "approve"', "", "[mcp_servers.later]", 'command = "/bin/echo"', 'args = ["hi"]', "# <<< agent-memory", ""].join("\n");
    const theirs = ['model = "o4"', "", "[mcp_servers.later]", 'command = "/bin/echo"', 'args = ["hi"]', ""].join("\n");
    expect(removeTomlMcpServer("config.toml", resaved)).toBe(theirs);
    const again = addTomlMcpServer("config.toml", resaved, "/usr/bin/node", ["/x/cli.js", "mcp", "--workspace", "/w"]);
    expect(again.match(/^\[mcp_servers\.agent-memory\]$/gm)).toHaveLength(1);
    expect(removeTomlMcpServer("config.toml", again)).toBe(theirs);
    // A marked block that came to hold another's table is not cut whole: only our tables go.
    const grown = added.replace("# <<< agent-memory", '[mcp_servers.other]\ncommand = "x"\n# <<< agent-memory');
    expect(removeTomlMcpServer("config.toml", grown)).toContain("[mcp_servers.other]");
    expect(removeTomlMcpServer("config.toml", grown)).not.toContain("agent-memory");
    expect(() => addTomlMcpServer("config.toml", "model = = 1", "n", [])).toThrow(/config.toml cannot be parsed/);
  });
});

const planConnect = (o: ConnectOptions) => assistantNamed(o.harness).connect.plan(o);
const planDisconnect = (o: ConnectOptions) => assistantNamed(o.harness).connect.planRemoval(o);
const connectionStatus = (harness: string, cwd: string, env: NodeJS.ProcessEnv) => assistantNamed(harness).connect.status(cwd, env);

function opts(harness: ConnectOptions["harness"], scope: ConnectOptions["scope"] = "user"): ConnectOptions {
  return { harness, workspace: path.join(dir, "W"), scope, cwd: path.join(dir, "proj"), env: { HOME: path.join(dir, "home"), XDG_CONFIG_HOME: path.join(dir, "home/.config"), CODEX_HOME: path.join(dir, "home/.codex") }, node: "/opt/node/bin/node", cli: "/opt/agent/dist/cli/main.js" };
}

describe("connect and disconnect", () => {
  it("claude-code: a second connect changes nothing, and disconnect gives back the person's bytes", async () => {
    dir = tempDir("agent-connect-");
    const settings = path.join(dir, "home/.claude/settings.json");
    mkdirSync(path.dirname(settings), { recursive: true });
    writeFileSync(settings, SETTINGS);
    const o = opts("claude-code");
    const first = await planConnect(o);
    expect(first.map((c) => [path.relative(dir, c.file), c.what])).toEqual([["home/.claude/settings.json", "hooks"], ["home/.claude.json", "MCP server"]]);
    applyChanges(first, "connect");
    expect(readFileSync(backupName(settings), "utf8")).toBe(SETTINGS);
    // Only a session's end runs in the background: each turn was captured at its Stop already.
    const written = parseJsonc(readFileSync(settings, "utf8")) as { hooks: Record<string, { hooks: { command: string; async?: boolean }[] }[]> };
    const ours = (event: string) => written.hooks[event]!.flatMap((g) => g.hooks).find((h) => h.command.includes(" hook claude-code "));
    expect(ours("SessionEnd")?.async).toBe(true);
    for (const event of ["SessionStart", "UserPromptSubmit", "Stop", "PreCompact"]) expect(ours(event)?.async).toBeUndefined();
    expect((await planConnect(o)).every((c) => c.after === c.before)).toBe(true);
    expect(await connectionStatus("claude-code", o.cwd, o.env)).toEqual([{ harness: "claude-code", scope: "user", file: settings, workspace: o.workspace, paths: [{ what: "Node", path: o.node }, { what: "agent CLI", path: o.cli }] }]);
    applyChanges(await planDisconnect(o), "disconnect");
    expect(readFileSync(settings, "utf8")).toBe(SETTINGS);
    expect(existsSync(path.join(dir, "home/.claude.json"))).toBe(false);
    expect(existsSync(backupName(settings))).toBe(false);
  });

  it("disconnect keeps what the person changed since connect", async () => {
    dir = tempDir("agent-connect-");
    const o = opts("opencode", "project");
    mkdirSync(o.cwd, { recursive: true });
    const json = path.join(o.cwd, "opencode.json");
    writeFileSync(json, '{ "model": "local/m" }\n');
    applyChanges(await planConnect(o), "connect");
    expect(readFileSync(path.join(o.cwd, ".opencode/plugins/agent-memory.js"), "utf8")).toContain('const WORKSPACE = "' + o.workspace + '"');
    const connected = readFileSync(json, "utf8");
    writeFileSync(json, connected.replace('"model": "local/m"', '"model": "local/other"'));
    applyChanges(await planDisconnect(o), "disconnect");
    expect(parseJsonc(readFileSync(json, "utf8"))).toEqual({ model: "local/other" });
    expect(existsSync(path.join(o.cwd, ".opencode/plugins/agent-memory.js"))).toBe(false);
  });

  it("codex: hooks.json and config.toml; --scope project is refused with the reason", async () => {
    dir = tempDir("agent-connect-");
    const o = opts("codex");
    mkdirSync(o.env.CODEX_HOME!, { recursive: true });
    const toml = path.join(o.env.CODEX_HOME!, "config.toml");
    writeFileSync(toml, 'model = "x"\n');
    applyChanges(await planConnect(o), "connect");
    const hooks = parseJsonc(readFileSync(path.join(o.env.CODEX_HOME!, "hooks.json"), "utf8")) as { hooks: Record<string, unknown[]> };
    expect(Object.keys(hooks.hooks)).toEqual(["SessionStart", "UserPromptSubmit", "Stop", "SessionEnd", "PreCompact"]);
    // Codex's hooks have no background mode: none is asked for.
    expect(JSON.stringify(hooks)).not.toContain('"async"');
    expect(readFileSync(toml, "utf8")).toContain("[mcp_servers.agent-memory]");
    applyChanges(await planDisconnect(o), "disconnect");
    expect(readFileSync(toml, "utf8")).toBe('model = "x"\n');
    expect(existsSync(path.join(o.env.CODEX_HOME!, "hooks.json"))).toBe(false);
    await expect(planConnect({ ...o, scope: "project" })).rejects.toThrow(/--scope user/);
  });

  it("refuses to overwrite a plugin file that is not ours", async () => {
    dir = tempDir("agent-connect-");
    const o = opts("opencode", "project");
    const plugin = path.join(o.cwd, ".opencode/plugins/agent-memory.js");
    mkdirSync(path.dirname(plugin), { recursive: true });
    writeFileSync(plugin, "export const Mine = async () => ({});\n");
    await expect(planConnect(o)).rejects.toThrow(/is not ours/);
  });
});
