import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from "vitest";
import { runAgent } from "../helpers/cli.js";
import { startFakeOllama, type FakeOllama } from "../helpers/fake-ollama.js";
import { cleanup, read, tempDir, write } from "../helpers/workspace.js";
import { FIRST_SOUL, soulJson } from "../jobs/reflect/helpers.js";
import { agentDir } from "../../src/workspace/paths.js";

/**
 * The evolution system through the built CLI in child processes: `agent reflect` forming
 * memories (a stand-in Ollama on 127.0.0.1 answers), `agent memories`, `agent evolve`,
 * `agent snapshot`, `agent context --query`, and the backup round trip `agent export` /
 * `agent import`, which must survive `agent index --rebuild`.
 */

const MEMORIES = [
  { type: "failure", content: "I deployed on a Friday without a rollback plan and the site went down.", domain: "deploys", valence: "negative", signals: { complexity: 0.6, novelty: 0.6, failure: 1, userInvolved: 1, emotionalWeight: 0.8 } },
  { type: "user_preference", content: "Sam wants deploy summaries as three bullet points.", domain: "deploys", valence: "positive", signals: { userInvolved: 1, emotionalWeight: 0.4 } },
  { type: "personality_moment", content: "A passing remark about the weather.", domain: "chat", valence: "neutral", signals: { novelty: 0.2 } },
];

let ollama: FakeOllama;
beforeAll(async () => {
  ollama = await startFakeOllama((body) => {
    const format = body.format as { properties?: Record<string, unknown> } | undefined;
    if (format?.properties?.soul) return soulJson(FIRST_SOUL);
    return JSON.stringify({ insights: [{ content: "The Friday deploy went badly.", topics: ["went-badly"] }], principles: ["Do: keep a rollback plan."], memories: MEMORIES });
  });
});
afterAll(async () => {
  await ollama.close();
});

let dir = "";
let ws = "";
beforeEach(async () => {
  dir = tempDir("agent-evolve-cli-");
  ws = path.join(dir, "assistant");
  expect((await agent(["init", ws])).code).toBe(0);
  write(ws, "agent.config.json", JSON.stringify({ llm: { provider: "ollama", model: "good" } }));
});
afterEach(() => cleanup(dir));

const agent = (args: string[], input?: string) => runAgent(args, { OLLAMA_HOST: ollama.host }, input);

async function ok(args: string[]): Promise<string> {
  const r = await agent(args);
  expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

async function reflectWithMemories(): Promise<void> {
  for (const [role, text] of [
    ["user", "The site is down again after the deploy."],
    ["assistant", "I deployed without a rollback plan; restoring now."],
    ["user", "Please send me three bullets when it is back."],
  ] as const) {
    await ok(["log", "--workspace", ws, "--session", "chat-1", "--role", role, text]);
  }
  const out = await ok(["reflect", "--workspace", ws]);
  expect(out).toMatch(/memories: 2 formed, 0 reinforced, 1 below their threshold \(duplicates by cosine ≥ 0\.8 \(use-lite@/);
}

const stampless = (json: string) => json.replace(/"exportedAt": "[^"]+"/, '"exportedAt": ""');

describe("help", { timeout: 60_000 }, () => {
  it("every new command has --help with --workspace", async () => {
    for (const cmd of [["memories"], ["memories", "forget"], ["memories", "pin"], ["evolve"], ["snapshot"], ["export"], ["import"]]) {
      const r = await agent([...cmd, "--help"]);
      expect(r.code, cmd.join(" ")).toBe(0);
      expect(r.stdout).toContain(`Usage: agent ${cmd.join(" ")}`);
      expect(r.stdout).toContain("--workspace");
    }
    const m = (await agent(["memories", "--help"])).stdout;
    for (const flag of ["--type", "--faded", "--json", "--query"]) expect(m).toContain(flag);
    expect((await agent(["import", "--help"])).stdout).toContain("--force");
    expect((await agent(["evolve", "--help"])).stdout).toContain("--json");
  });
});

describe("memories, evolution and context through the CLI", { timeout: 120_000 }, () => {
  it("reflect forms memories; memories lists, pins and forgets; evolve reports; context injects and recalls", async () => {
    await reflectWithMemories();
    const list = JSON.parse(await ok(["memories", "--workspace", ws, "--json"])) as { memories: { id: number; type: string; vividNow: number; source: { kind: string; sessions: string[] } }[] };
    expect(list.memories.map((m) => m.type).sort()).toEqual(["failure", "user_preference"]);
    expect(list.memories[0]).toMatchObject({ source: { kind: "reflection", sessions: ["chat-1"] } });
    expect(list.memories[0]!.vividNow).toBeCloseTo(1, 5);
    const failure = list.memories.find((m) => m.type === "failure")!;
    const pref = list.memories.find((m) => m.type === "user_preference")!;
    expect(await ok(["memories", "--workspace", ws, "--type", "user_preference"])).toMatch(new RegExp(`^#${pref.id} user preference · deploys · \\+ · significance 0\\.\\d\\d · vivid 1\\.00 · since \\d{4}-\\d\\d-\\d\\d\\n {4}Sam wants deploy summaries as three bullet points\\.\\n$`));

    expect(await ok(["memories", "pin", String(failure.id), "--workspace", ws])).toBe(`memory #${failure.id} pinned: it will not fade\n`);

    const evolve = JSON.parse(await ok(["evolve", "--workspace", ws, "--json"])) as { week: string; reportPath: string; traits: { riskTolerance: { label: string } }; narrative: string };
    expect(evolve.reportPath).toBe(`reflections/weekly-${evolve.week}.md`);
    expect(read(ws, evolve.reportPath)).toContain(`# Weekly evolution ${evolve.week} — assistant`);
    const inbox = await ok(["inbox", "--workspace", ws]);
    expect(inbox).toContain(`REPORT [evolve] Weekly evolution ${evolve.week}: 2 memories (2 vivid)`);
    const jobs = JSON.parse(await ok(["jobs", "--workspace", ws, "--json", "--job", "evolve"])) as { runs: { outcome: string; details: { trigger: string } }[] };
    expect(jobs.runs).toMatchObject([{ outcome: "ok", details: { trigger: "manual" } }]);

    const ctx = JSON.parse(await ok(["context", "--workspace", ws, "--query", "deploy the new release", "--json"])) as {
      text: string;
      experience: { recalled: number[]; relevance: string };
      report: { experience: { identity: string; shownIds: number[] } };
    };
    expect(ctx.text).toContain(`## Who you are now\n${evolve.narrative}\n`);
    expect(ctx.text).toMatch(/## Memories for "deploy the new release"\n\(vivid \/ clear \/ faint[^\n]*\)\n- \[vivid −\] failure \(deploys\): I deployed on a Friday/);
    expect(ctx.report.experience.identity).toBe("included");
    expect(ctx.experience.relevance).toMatch(/^cosine \(use-lite@/);
    expect(ctx.experience.recalled).toContain(failure.id);
    const after = JSON.parse(await ok(["memories", "--workspace", ws, "--json"])) as { memories: { id: number; recallCount: number }[] };
    expect(after.memories.find((m) => m.id === failure.id)!.recallCount).toBe(1);

    // A group session sees the failure but never the person's preference.
    const group = (await ok(["context", "--workspace", ws, "--session", "group", "--query", "send Sam the deploy summary"]));
    expect(group).not.toContain("three bullet points");

    expect(await ok(["memories", "forget", String(pref.id), "--workspace", ws])).toMatch(/moved to the archive/);
    expect(await ok(["memories", "--workspace", ws, "--faded"])).toMatch(/forgotten: by you/);
    const snap = await ok(["snapshot", "--workspace", ws]);
    expect(snap).toMatch(/^snapshot #\d+ \(\d{4}-W\d\d\): 1 active memories\n/);
    expect(snap).toContain("drift");
    // Recorded like every job.
    const runs = JSON.parse(await ok(["jobs", "--workspace", ws, "--job", "snapshot", "--json"])) as { runs: { job: string; outcome: string; reason: string }[] };
    expect(runs.runs).toMatchObject([{ job: "snapshot", outcome: "ok", reason: expect.stringMatching(/^snapshot #\d+ \(\d{4}-W\d\d\): 1 active memories/) }]);
  });
});

describe("evolve with nothing formed", { timeout: 120_000 }, () => {
  it("adds no \"Who you are now\" to the context when there are no memories", async () => {
    const before = await ok(["context", "--workspace", ws]);
    await ok(["evolve", "--workspace", ws, "--json"]);
    const after = await ok(["context", "--workspace", ws]);
    expect(after).not.toContain("Who you are now");
    expect(after).toBe(before);
  });
});

describe("backups: export, import, rebuild", { timeout: 120_000 }, () => {
  it("export → import into another workspace → export is identical apart from the timestamp; a rebuild of the index keeps all state", async () => {
    await reflectWithMemories();
    await ok(["evolve", "--workspace", ws]);
    await ok(["index", "--workspace", ws, "--no-embed"]);

    const exported = await ok(["export", "--workspace", ws]);
    const data = JSON.parse(exported) as { format: string; tables: Record<string, unknown[]> };
    expect(data.format).toBe("agent-state");
    for (const t of ["soul_versions", "reflection_runs", "job_runs", "inbox", "memories", "personality_snapshots"]) expect(data.tables[t]!.length, t).toBeGreaterThan(0);
    const file = path.join(dir, "state.json");
    writeFileSync(file, exported);

    // The index is derived: rebuilding it leaves the engine's state alone.
    await ok(["index", "--workspace", ws, "--rebuild", "--no-embed"]);
    expect(stampless(await ok(["export", "--workspace", ws]))).toBe(stampless(exported));

    const ws2 = path.join(dir, "copy");
    await ok(["init", ws2]);
    expect(await ok(["import", "--workspace", ws2, file])).toMatch(/^imported \d+ row\(s\) into .*memories 2/);
    const again = await ok(["export", "--workspace", ws2]);
    expect(stampless(again)).toBe(stampless(exported));
    expect(again).not.toBe(exported);

    // A second import is refused (the target has state now) unless --force, which keeps a backup.
    const refused = await agent(["import", "--workspace", ws2, file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^agent: .* already has engine state .*pass --force/);
    const forced = await ok(["import", "--workspace", ws2, "--force", file]);
    expect(forced).toMatch(/the previous state \(\d+ row\(s\)\) was saved to .*\/backups\/state-before-import-/);
    const backup = /saved to (.*\.json)/.exec(forced)![1]!;
    expect(stampless(readFileSync(backup, "utf8"))).toBe(stampless(exported));
    expect(stampless(await ok(["export", "--workspace", ws2]))).toBe(stampless(exported));

    // Reading from stdin, and a file that is not an export.
    const ws3 = path.join(dir, "third");
    await ok(["init", ws3]);
    const piped = await agent(["import", "--workspace", ws3, "-"], exported);
    expect(piped.code, piped.stderr).toBe(0);
    write(dir, "junk.json", '{"hello": 1}');
    const junk = await agent(["import", "--workspace", ws3, "--force", path.join(dir, "junk.json")]);
    expect(junk.code).toBe(1);
    expect(junk.stderr).toMatch(/not an agent state export/);
    expect(existsSync(path.join(agentDir(ws3), "state.db"))).toBe(true);
  });
});
