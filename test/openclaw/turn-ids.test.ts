/**
 * Two real OpenClaw turns of one session (`openclaw agent --local --session-id t1`, each its own
 * process, so the second loads the first from OpenClaw's store) that say the same words: every
 * message lands in sessions/ once, and the repeated ones are kept as what they are, new
 * messages. Skipped with the reason when OpenClaw is not installed.
 */
import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { harnessBin, missingHarness } from "../helpers/harness.js";
import { titled } from "../helpers/needs.js";
import { startOllamaChat, type OllamaChatServer } from "../helpers/ollama-chat.js";
import { runAgent } from "../helpers/cli.js";
import { cleanup, read, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";
import { openClawEnv } from "./openclaw-env.js";

const WHY = missingHarness("openclaw");

describe.skipIf(WHY !== undefined)(titled("OpenClaw: a repeated message in a later turn is kept, nothing is captured twice (two real --local turns)", WHY), { timeout: 900_000 }, () => {
  let dir = "";
  let ws = "";
  let model: OllamaChatServer;
  const codes: number[] = [];
  const errs: string[] = [];

  beforeAll(async () => {
    dir = tempDir("agent-openclaw-ids-");
    ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" } }));
    model = await startOllamaChat(() => "Shall I delete it?");
    const config = write(
      dir,
      "openclaw/openclaw.json",
      JSON.stringify({
        models: { providers: { ollama: { baseUrl: model.url, api: "ollama", models: [{ id: "tiny", name: "tiny", contextWindow: 32768, maxTokens: 1024 }] } } },
        agents: { defaults: { model: { primary: "ollama/tiny" }, workspace: ws } },
      }),
    );
    const connected = await runAgent(["connect", "openclaw", "--workspace", ws, "--openclaw-config", config]);
    expect(connected.code, connected.stderr).toBe(0);
    const env = openClawEnv(dir, config);
    for (const [i, text] of ["yes", "yes"].entries()) {
      const argv = ["24", harnessBin("openclaw")!, "agent", "--local", "--agent", "main", "--session-id", "t1", "-m", text, "--json"];
      const out = path.join(dir, `openclaw-${i}.out`);
      const err = path.join(dir, `openclaw-${i}.err`);
      const fds = [openSync(out, "w"), openSync(err, "w")] as const;
      const child = spawn(path.join(REPO_ROOT, "scripts/node.sh"), argv, { env, stdio: ["ignore", fds[0], fds[1]] });
      const killer = setTimeout(() => child.kill("SIGKILL"), 400_000);
      codes.push(await new Promise<number>((resolve) => child.on("close", (c) => resolve(c ?? -1))));
      clearTimeout(killer);
      for (const fd of fds) closeSync(fd);
      errs.push(readFileSync(err, "utf8"));
    }
  }, 900_000);

  afterAll(async () => {
    await model?.close();
    cleanup(dir);
  });

  it("both turns end normally", () => {
    expect(codes, errs.join("\n").slice(-3000)).toEqual([0, 0]);
  });

  it("sessions/openclaw-t1.jsonl holds each turn once: two 'yes', two replies, no copy of the first turn", () => {
    const lines = read(ws, "sessions/openclaw-t1.jsonl").trim().split("\n").map((l) => JSON.parse(l) as { role: string; content: string; id: string });
    expect(lines.map((l) => [l.role, l.content])).toEqual([
      ["user", "yes"],
      ["assistant", "Shall I delete it?"],
      ["user", "yes"],
      ["assistant", "Shall I delete it?"],
    ]);
    expect(new Set(lines.map((l) => l.id)).size).toBe(4);
  });
});
