/**
 * The night, after a day lived with the real assistants: a note written by hand, a Claude Code
 * turn, a Codex turn and an OpenCode turn captured by their hooks, and three OpenClaw runs
 * captured by its plugin: the person's own main session, a group chat and a cron run (an
 * isolated session), all into one workspace. `agent reflect` then runs against a stand-in
 * Ollama that records its prompts: the reflection's prompt holds the hand-written note and a
 * summary of each of the person's four conversations, and nothing of the group chat or the
 * cron run (neither summarised nor read raw). A second night with nothing new reads nothing
 * again. Skipped, with the reason, when an assistant is not installed.
 */
import { spawn } from "node:child_process";
import { closeSync, existsSync, openSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { claudeProject } from "../helpers/claude-project.js";
import { runAgent } from "../helpers/cli.js";
import { startFakeOllama, type FakeOllama } from "../helpers/fake-ollama.js";
import { harnessBin, missingHarness } from "../helpers/harness.js";
import { isolatedEnv, runHarness } from "../helpers/harness-run.js";
import { startModelServer, type ModelServer } from "../helpers/model-server.js";
import { titled } from "../helpers/needs.js";
import { startOllamaChat, type OllamaChatServer } from "../helpers/ollama-chat.js";
import { cleanup, read, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";
import { FIRST_SOUL, soulJson } from "../jobs/reflect/helpers.js";
import { openClawEnv } from "../openclaw/openclaw-env.js";

const why = missingHarness("claude-code") ?? missingHarness("codex") ?? missingHarness("opencode") ?? missingHarness("openclaw");

const asked = (body: Record<string, unknown>) => ((body.messages as { content: string }[]) ?? []).map((m) => m.content).join("\n");
const kindOf = (body: Record<string, unknown>) => {
  const props = (body.format as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return props.soul ? "soul" : props.summary ? "summary" : "reflection";
};

/** One `openclaw agent --local` run in the session `key`; its output kept in `<root>/<name>.out`. */
async function openClawRun(root: string, config: string, name: string, key: string, message: string): Promise<void> {
  const file = path.join(root, `${name}.out`);
  const out = openSync(file, "w");
  const child = spawn(path.join(REPO_ROOT, "scripts/node.sh"), ["24", harnessBin("openclaw")!, "agent", "--local", "--agent", "main", "--session-key", key, "-m", message, "--json"], { env: openClawEnv(root, config), stdio: ["ignore", out, out] });
  const killer = setTimeout(() => child.kill("SIGKILL"), 300_000);
  const code = await new Promise<number>((resolve) => child.on("close", (c) => resolve(c ?? -1)));
  clearTimeout(killer);
  closeSync(out);
  expect(code, readFileSync(file, "utf8").slice(-2000)).toBe(0);
}

describe.skipIf(why !== undefined)(titled("the night after a day with Claude Code, Codex, OpenCode and OpenClaw (its own chat, a group chat, a cron run)", why), () => {
  let root = "";
  let server: ModelServer | undefined;
  let claw: OllamaChatServer | undefined;
  let night: FakeOllama | undefined;
  afterAll(async () => {
    await server?.close();
    await claw?.close();
    await night?.close();
    if (!process.env.KEEP_TEST_DIR) cleanup(root);
  });

  it("reads the hand-written note and each of the person's conversations' summaries, nothing of the group chat or the cron run; a second night reads nothing again", async () => {
    root = tempDir("agent-night-real-");
    server = await startModelServer(() => "Noted.");
    const { ws, proj, agent, turn: claude } = await claudeProject(root, { "memory/2026-11-30.md": "# 2026-11-30\n\nHAND-NOTE: repotted the lemon tree on the balcony.\n" }, server);

    // Claude Code: one turn, captured by its Stop hook.
    expect((await claude(["-p", "CLAUDE-TURN: remind me to water the lemon tree every Sunday"])).code).toBe(0);
    // Codex: one turn in the same workspace, captured by its hooks.
    const env = isolatedEnv(root);
    writeFileSync(path.join(env.CODEX_HOME!, "config.toml"), `model = "test-model"\nmodel_provider = "local"\napproval_policy = "never"\nsandbox_mode = "danger-full-access"\n\n[model_providers.local]\nname = "local"\nbase_url = "${server.url}/v1"\nwire_api = "responses"\nrequires_openai_auth = false\n`);
    expect((await runAgent(["connect", "codex", "-w", ws, "--budget-ms", "20000"], { HOME: env.HOME, CODEX_HOME: env.CODEX_HOME })).code).toBe(0);
    const codex = await runHarness(harnessBin("codex")!, ["exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", "CODEX-TURN: which pot size suits a lemon tree?"], { cwd: proj, env, timeoutMs: 120_000 });
    expect(codex.code, codex.stderr.slice(-2000)).toBe(0);

    // OpenCode: one turn in the same project, captured by its plugin.
    const openCodeEnv = isolatedEnv(root, { OPENCODE_DISABLE_MODELS_FETCH: "1", OPENCODE_DISABLE_AUTOUPDATE: "1", OPENCODE_DISABLE_SHARE: "1", OPENCODE_DISABLE_LSP_DOWNLOAD: "1" });
    writeFileSync(path.join(proj, "opencode.json"), JSON.stringify({ provider: { local: { npm: "@ai-sdk/openai-compatible", name: "local", options: { baseURL: `${server.url}/v1`, apiKey: "dummy" }, models: { "test-model": { name: "test-model" } } } }, model: "local/test-model" }, null, 2));
    expect((await runAgent(["connect", "opencode", "--scope", "project", "-w", ws, "--budget-ms", "20000"], { HOME: openCodeEnv.HOME, XDG_CONFIG_HOME: openCodeEnv.XDG_CONFIG_HOME, XDG_DATA_HOME: openCodeEnv.XDG_DATA_HOME }, undefined, proj)).code).toBe(0);
    const openCode = await runHarness(harnessBin("opencode")!, ["run", "OPENCODE-TURN: the lemon tree needs citrus feed in spring"], { cwd: proj, env: openCodeEnv, timeoutMs: 480_000 });
    expect(openCode.code, openCode.stderr.slice(-2000)).toBe(0);

    // OpenClaw: the person's own chat, a group chat and a cron run, captured by its plugin.
    claw = await startOllamaChat((messages) => {
      const said = messages.filter((m) => m.role === "user").map((m) => m.content).join("\n");
      return said.includes("CRON-PROMPT") ? "CRON-REPLY: the nightly digest is done." : said.includes("GROUP-PROMPT") ? "GROUP-REPLY: see you at the allotment." : "OPENCLAW-REPLY: noted for the lemon tree.";
    });
    const config = write(root, "openclaw/openclaw.json", JSON.stringify({ models: { providers: { ollama: { baseUrl: claw.url, api: "ollama", models: [{ id: "tiny", name: "tiny", contextWindow: 32768, maxTokens: 1024 }] } } }, agents: { defaults: { model: { primary: "ollama/tiny" }, workspace: ws } } }, null, 2));
    expect((await runAgent(["connect", "openclaw", "--workspace", ws, "--openclaw-config", config])).code).toBe(0);
    await openClawRun(root, config, "openclaw-main", "agent:main:main", "OPENCLAW-TURN: move the lemon tree inside before the frost");
    await openClawRun(root, config, "openclaw-group", "agent:main:telegram:group:-1009988776655", "GROUP-PROMPT: who brings the seed potatoes on Saturday?");
    await openClawRun(root, config, "openclaw-cron", "agent:main:cron:nightly-digest", "CRON-PROMPT: write the nightly digest of the supplier feeds");

    // Each assistant wrote its own transcript; every line says who said it and in which kind of session.
    const names = readdirSync(path.join(ws, "sessions")).filter((n) => n.endsWith(".jsonl")).sort();
    for (const h of ["claude-code-", "codex-", "opencode-"]) expect(names.filter((n) => n.startsWith(h)), names.join(" ")).toHaveLength(1);
    const lines = names.flatMap((n) => read(ws, `sessions/${n}`).trim().split("\n").map((l) => ({ file: n, o: JSON.parse(l) as Record<string, unknown> })));
    for (const { file, o } of lines) {
      if (o.type === "compaction") continue;
      expect(o.harness, file).toBe(/^(claude-code|codex|opencode|openclaw)-/.exec(file)?.[1]);
      expect(["person", "assistant", "tool", "participant", "agent"], file).toContain(o.speaker);
      expect(["main", "group", "isolated"], file).toContain(o.kind);
    }
    const claws = names.filter((n) => n.startsWith("openclaw-"));
    expect(claws, "the three OpenClaw runs were not all captured").toHaveLength(3);
    const kindOfFile = (n: string) => [...new Set(lines.filter((l) => l.file === n).map((l) => l.o.kind))].join(",");
    const saying = (marker: string) => claws.find((n) => read(ws, `sessions/${n}`).includes(marker))!;
    expect(kindOfFile(saying("OPENCLAW-TURN"))).toBe("main");
    expect(kindOfFile(saying("GROUP-PROMPT"))).toBe("group");
    expect(kindOfFile(saying("CRON-PROMPT"))).toBe("isolated");
    // Who asked: the person in the main session, the group's participant, the scheduler's agent in the cron run.
    const askerOf = (n: string) => [...new Set(lines.filter((l) => l.file === n && l.o.role === "user").map((l) => l.o.speaker))].join(",");
    expect(askerOf(saying("OPENCLAW-TURN"))).toBe("person");
    expect(askerOf(saying("GROUP-PROMPT"))).toBe("participant");
    expect(askerOf(saying("CRON-PROMPT"))).toBe("agent");
    const own = names.filter((n) => !n.startsWith("openclaw-") || n === saying("OPENCLAW-TURN"));

    // The night, with a model that records its prompts.
    night = await startFakeOllama((body) => {
      switch (kindOf(body)) {
        case "summary": {
          const id = /Conversation (\S+?)[ :(]/.exec(asked(body))?.[1] ?? "?";
          return JSON.stringify({ summary: `SUMMARY-OF-${id}: talked about the lemon tree [t1].`, topics: ["lemon tree"] });
        }
        case "soul":
          return soulJson(FIRST_SOUL);
        default:
          return JSON.stringify({ insights: [{ content: "The person cares for a lemon tree.", topics: ["pattern"], source: "memory/2026-11-30.md:3" }], principles: ["Do: remind on Sundays."] });
      }
    });
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, llm: { provider: "ollama", host: night.host, model: "good" }, reflection: { minSoulWords: 1, summaryMinMessages: 2, minMessagesPerSession: 2 } }));
    const first = await agent(["reflect", "--json", "-w", ws]);
    expect(first.code, first.stderr).toBe(0);
    const reflection = night.chats.filter((c) => kindOf(c) === "reflection").map(asked);
    expect(reflection).toHaveLength(1);
    expect(reflection[0]).toContain("HAND-NOTE: repotted the lemon tree");
    const summarised = night.chats.filter((c) => kindOf(c) === "summary").map(asked);
    for (const turn of ["CLAUDE-TURN", "CODEX-TURN", "OPENCODE-TURN", "OPENCLAW-TURN"]) expect(summarised.some((s) => s.includes(turn)), turn).toBe(true);
    for (const file of own) {
      const id = file.slice(0, -".jsonl".length);
      expect(reflection[0]).toContain(`### Conversation ${id} (`);
      expect(reflection[0]).toContain(`SUMMARY-OF-${id}`);
    }
    // The group chat and the cron run: not summarised, not read raw, nowhere in any prompt of the night.
    const everything = night.chats.map(asked).join("\n");
    for (const other of ["CRON-PROMPT", "CRON-REPLY", "GROUP-PROMPT", "GROUP-REPLY"]) expect(everything, other).not.toContain(other);
    for (const file of [saying("CRON-PROMPT"), saying("GROUP-PROMPT")]) expect(existsSync(path.join(ws, "sessions", file.replace(/\.jsonl$/, ".summary.md")))).toBe(false);

    // A second night with nothing new: no model call, nothing summarised again.
    const before = night.chats.length;
    const second = await agent(["reflect", "--json", "-w", ws]);
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ status: "skipped" });
    expect(night.chats.length).toBe(before);
    expect(readFileSync(path.join(ws, "SOUL.md"), "utf8")).toContain("# SOUL");
  }, 1_500_000);
});
