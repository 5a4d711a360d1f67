/**
 * A fact the person corrects in a Codex turn ("no, the dentist moved to Thursday 9:00"), then
 * asked in a new Claude Code session: with the real `codex` and `claude` binaries against one
 * scripted model server. The memories injected into Claude Code's request put the correction
 * first, and the older values (MEMORY.md's record, the daily note) come after it marked with the
 * newer line that replaced them. The Codex turn is in the index when its Stop hook ends, however
 * loaded the machine (the catch-up after it may be cut).
 */
import { utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { claudeProject } from "../helpers/claude-project.js";
import { runAgent } from "../helpers/cli.js";
import { harnessBin, missingHarness } from "../helpers/harness.js";
import { isolatedEnv, runHarness } from "../helpers/harness-run.js";
import { startModelServer, type ModelServer } from "../helpers/model-server.js";
import { titled } from "../helpers/needs.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const why = missingHarness("codex") ?? missingHarness("claude-code");

describe.skipIf(why !== undefined)(titled("a correction told to Codex, asked in Claude Code", why), () => {
  let root = "";
  let server: ModelServer | undefined;
  afterAll(async () => {
    await server?.close();
    cleanup(root);
  });

  it("comes back first, the older values marked as replaced by it", async () => {
    root = tempDir("agent-correction-across-");
    // MEMORY.md as the person kept it for weeks, before the note that moved the appointment.
    write(path.join(root, "W"), "MEMORY.md", "# Memory\n\n- Dentist appointment: Tuesday 10:00 with Dr. Weber.\n- The boathouse alarm code is 4411.\n");
    utimesSync(path.join(root, "W", "MEMORY.md"), new Date("2026-11-20T10:00:00Z"), new Date("2026-11-20T10:00:00Z"));
    server = await startModelServer(() => "Noted.");
    const { ws, proj, turn: claude } = await claudeProject(root, { "memory/2026-11-26.md": "# 2026-11-26\n\n- The dentist appointment moved to Wednesday 15:00 (Dr. Weber was ill).\n" }, server);

    const env = isolatedEnv(root);
    writeFileSync(
      path.join(env.CODEX_HOME!, "config.toml"),
      `model = "test-model"\nmodel_provider = "local"\napproval_policy = "never"\nsandbox_mode = "danger-full-access"\n\n[model_providers.local]\nname = "local"\nbase_url = "${server.url}/v1"\nwire_api = "responses"\nrequires_openai_auth = false\n`,
    );
    expect((await runAgent(["connect", "codex", "-w", ws, "--budget-ms", "20000"], { HOME: env.HOME, CODEX_HOME: env.CODEX_HOME })).code).toBe(0);
    const codex = await runHarness(harnessBin("codex")!, ["exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", "no, the dentist moved to Thursday 9:00"], { cwd: proj, env, timeoutMs: 120_000 });
    expect(codex.code, codex.stderr.slice(-2000)).toBe(0);

    const before = server.requests.length;
    expect((await claude(["-p", "when is my dentist appointment?"])).code).toBe(0);
    const sent = server.requests.slice(before).find((q) => q.raw.includes("Quoted memories"));
    expect(sent, "no memories in Claude Code's request").toBeDefined();
    const messages = (sent!.body.messages as { content: string | { text?: string }[] }[]).flatMap((m) => (typeof m.content === "string" ? [m.content] : m.content.map((c) => c.text ?? "")));
    const blocks = [...messages.join("\n").matchAll(/<memory [^>]*>[\s\S]*?<\/memory>/g)].map((m) => m[0]);
    const at = (text: string) => blocks.findIndex((b) => b.includes(text));
    expect(at("moved to Thursday 9:00")).toBe(0);
    for (const old of ["Tuesday 10:00", "Wednesday 15:00"]) {
      expect(at(old), old).toBeGreaterThan(0);
      expect(blocks[at(old)], old).toMatch(/newer="sessions\/codex-[^"]+:\d+ of \d{4}-\d\d-\d\d"/);
    }
  }, 400_000);
});
