/**
 * `agent connect codex` and the real `codex` saving its own config.toml underneath. Codex saves
 * with read, edit, temp file + rename and takes no lock, so ours cannot take one either: the
 * edit is made from the text read, the file is read again just before our rename, and a save
 * of Codex's that landed in between is edited again, never overwritten. Here the real
 * `codex mcp add` runs exactly there (from inside our edit, the first time it runs), and Codex
 * itself reads the result back.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codexConfig } from "../../src/assistants/codex/connect.js";
import { applyChanges, planConnect, planDisconnect, type ConnectOptions, type FileChange } from "../../src/assistants/connect.js";
import { harnessBin, missingHarness } from "../helpers/harness.js";
import { isolatedEnv } from "../helpers/harness-run.js";
import { titled } from "../helpers/needs.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

const why = missingHarness("codex");

describe.skipIf(why !== undefined)(titled("connect while the real codex saves its config.toml", why), () => {
  let root = "";
  afterAll(() => {
    if (!process.env.KEEP_TEST_DIR) cleanup(root);
  });

  it("keeps a server codex adds between connect's read and its rename, and codex reads both back; after codex's own saves connect and disconnect still find ours", () => {
    root = tempDir("agent-codex-race-");
    const env = isolatedEnv(root);
    const codexHome = env.CODEX_HOME!;
    mkdirSync(codexHome, { recursive: true });
    const config = path.join(codexHome, "config.toml");
    writeFileSync(config, 'model = "o4"  # the person\'s own choice\n', { mode: 0o600 });
    const codex = (...args: string[]) => execFileSync(harnessBin("codex")!, args, { env, encoding: "utf8", timeout: 60_000, stdio: ["ignore", "pipe", "pipe"] });
    const servers = () => (JSON.parse(codex("mcp", "list", "--json")) as { name: string }[]).map((s) => s.name).sort();

    const o: ConnectOptions = { harness: "codex", workspace: path.join(root, "W"), scope: "user", cwd: root, env, node: process.execPath, cli: "/opt/agent/dist/cli/main.js" };
    let codexSaved = 0;
    // The real Codex saves its config.toml after our read, before our rename: the first time our edit runs.
    const racing = planConnect(o, codexConfig).map((c): FileChange => {
      if (c.file !== config || c.edit === undefined) return c;
      const edit = c.edit;
      return {
        ...c,
        edit: (text) => {
          if (codexSaved++ === 0) codex("mcp", "add", "their-server", "--", "/bin/echo", "hi");
          return edit(text);
        },
      };
    });
    applyChanges(racing, "connect");

    expect(codexSaved, "our edit was made again on Codex's new text").toBeGreaterThan(1);
    const text = readFileSync(config, "utf8");
    expect(text).toContain('model = "o4"  # the person\'s own choice');
    expect(text).toContain("[mcp_servers.their-server]");
    expect(text).toContain("[mcp_servers.agent-memory]");
    // Codex parses the file we left and sees both servers.
    expect(servers()).toEqual(["agent-memory", "their-server"]);

    // Codex saving again after connect re-serialises its servers (our marker lines go or move):
    // connect again still finds ours (nothing to change, no refusal); disconnect takes out only ours.
    codex("mcp", "add", "later-server", "--", "/bin/echo", "later");
    expect(servers()).toEqual(["agent-memory", "later-server", "their-server"]);
    applyChanges(planConnect(o, codexConfig), "connect");
    expect(servers()).toEqual(["agent-memory", "later-server", "their-server"]);
    applyChanges(planDisconnect(o, codexConfig), "disconnect");
    expect(servers()).toEqual(["later-server", "their-server"]);
    expect(readFileSync(config, "utf8")).toContain('model = "o4"');
    // No temp file or held name of ours is left beside it.
    expect(readdirSync(codexHome).filter((f) => f.includes("agent-memory") && !f.endsWith(".agent-memory-backup"))).toEqual([]);
  }, 180_000);
});
