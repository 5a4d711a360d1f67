/**
 * `codex exec resume --last` with the real `codex` binary: Codex sends the model the earlier
 * run's developer messages again, the session-start context among them, and fires SessionStart
 * with `source: "resume"`. The model's request of the resumed turn holds the person's USER.md
 * once, not once per run.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runAgent } from "../helpers/cli.js";
import { harnessBin, missingHarness } from "../helpers/harness.js";
import { isolatedEnv, runHarness } from "../helpers/harness-run.js";
import { startModelServer, type ModelServer } from "../helpers/model-server.js";
import { titled } from "../helpers/needs.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const why = missingHarness("codex");
const USER_LINE = "Keeps bees on the allotment behind the station.";

describe.skipIf(why !== undefined)(titled("a Codex session resumed", why), () => {
  let root = "";
  let server: ModelServer | undefined;
  afterAll(async () => {
    await server?.close();
    cleanup(root);
  });

  it("holds the session-start context once in the resumed turn's request", async () => {
    root = tempDir("agent-codex-resume-");
    const ws = path.join(root, "W");
    const proj = path.join(root, "proj");
    mkdirSync(proj, { recursive: true });
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "USER.md", `# User\n\n${USER_LINE}\n`);
    server = await startModelServer(() => "Noted.");
    const env = isolatedEnv(root);
    writeFileSync(
      path.join(env.CODEX_HOME!, "config.toml"),
      `model = "test-model"\nmodel_provider = "local"\napproval_policy = "never"\nsandbox_mode = "danger-full-access"\n\n[model_providers.local]\nname = "local"\nbase_url = "${server.url}/v1"\nwire_api = "responses"\nrequires_openai_auth = false\n`,
    );
    const agent = (args: string[]) => runAgent(args, { HOME: env.HOME, CODEX_HOME: env.CODEX_HOME, AGENT_WORKSPACE: "" });
    expect((await agent(["index", "-w", ws])).code).toBe(0);
    expect((await agent(["connect", "codex", "-w", ws, "--budget-ms", "20000"])).code).toBe(0);
    const turn = (args: string[]) => runHarness(harnessBin("codex")!, ["exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", ...args], { cwd: proj, env, timeoutMs: 120_000 });

    expect((await turn(["hello"])).code).toBe(0);
    const copies = (raw: string) => raw.split(USER_LINE).length - 1;
    expect(copies(server.requests.at(-1)!.raw)).toBe(1);
    expect((await turn(["resume", "--last", "and again"])).code).toBe(0);
    const last = server.requests.at(-1)!;
    expect(last.raw).toContain("and again");
    expect(copies(last.raw)).toBe(1);
  }, 300_000);
});
