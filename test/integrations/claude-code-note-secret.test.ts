/**
 * A key kept in a daily note, through the real `claude` binary: the person asks about
 * something else in that note, the UserPromptSubmit hook injects the note, and no request
 * Claude Code sends to the model holds the key. The injection says a key is there, by name.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runAgent } from "../helpers/cli.js";
import { harnessBin, missingHarness } from "../helpers/harness.js";
import { isolatedEnv, runHarness } from "../helpers/harness-run.js";
import { startModelServer, type ModelServer } from "../helpers/model-server.js";
import { titled } from "../helpers/needs.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const why = missingHarness("claude-code");
// In pieces, so the test file itself holds no key a scanner would flag.
const KEY = "AKIA" + "QX4TZ7RM2W9PLK3V";
const EXAMPLE = "AKIA" + "IOSFODNN7EXAMPLE";
const NOTE = `# 2026-11-29\n\n- Moved the backup script to the NAS; it runs at 02:00 every night.\n- aws key for the backup script: ${KEY} (rotate!)\n- old key was ${EXAMPLE}\n`;

describe.skipIf(why !== undefined)(titled("a key in a note, asked about with Claude Code", why), () => {
  let root = "";
  let server: ModelServer | undefined;
  afterAll(async () => {
    await server?.close();
    cleanup(root);
  });

  it("reaches no request to the model; the injected note shows the placeholder", async () => {
    root = tempDir("agent-claude-secret-");
    const ws = path.join(root, "W");
    const proj = path.join(root, "proj");
    mkdirSync(proj, { recursive: true });
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "memory/2026-11-29.md", NOTE);
    server = await startModelServer(() => "It runs at 02:00.");
    const env = isolatedEnv(root, { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: "dummy", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", DISABLE_AUTOUPDATER: "1", DISABLE_TELEMETRY: "1", ENABLE_TOOL_SEARCH: "false" });
    const agent = (args: string[]) => runAgent(args, { HOME: env.HOME, AGENT_WORKSPACE: "" });
    expect((await agent(["index", "-w", ws])).code).toBe(0);
    const connect = await runAgent(["connect", "claude-code", "--scope", "project", "-w", ws, "--budget-ms", "20000"], { HOME: env.HOME }, undefined, proj);
    expect(connect.code).toBe(0);
    const claude = harnessBin("claude-code")!;
    const r = await runHarness(claude, ["-p", "when does the backup script run on the NAS?"], { cwd: proj, env, timeoutMs: 120_000 });
    expect(r.code).toBe(0);

    expect(server.requests.length).toBeGreaterThan(0);
    const sent = server.all.map((q) => q.raw).join("\n");
    // The hook did inject the note (its other lines are there), with the key's line redacted.
    expect(sent).toContain("runs at 02:00 every night");
    expect(sent).toContain("[redacted: aws access key]");
    expect(sent).not.toContain(KEY);
    expect(sent).not.toContain(EXAMPLE);
    // The person's note is as they wrote it.
    expect(readFileSync(path.join(ws, "memory/2026-11-29.md"), "utf8")).toBe(NOTE);
  }, 400_000);
});
