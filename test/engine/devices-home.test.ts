/**
 * Two devices syncing one workspace: the writing jobs run on the home device only (the one
 * with the earliest event, or the one `agent jobs --home` named), and both fold the same
 * state from the logs.
 */
import { cpSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { NotHomeError } from "../../src/jobs/runner.js";
import { SoulVersionStore } from "../../src/store/soul-versions.js";
import { runAgent } from "../helpers/cli.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { thisDevice } from "../../src/workspace/device.js";
import { refold } from "../../src/store/events/fold.js";
import { formatHlc } from "../../src/store/events/hlc.js";

const T0 = Date.UTC(2026, 10, 20, 12);
let root = "";
const saved = process.env.AGENT_STATE_HOME;
afterEach(() => {
  if (saved === undefined) delete process.env.AGENT_STATE_HOME;
  else process.env.AGENT_STATE_HOME = saved;
  cleanup(root);
});

/** Opens the engine as device `name`: its own state home (so its own device id and state.db). */
function openAs(name: string, ws: string): Engine {
  process.env.AGENT_STATE_HOME = path.join(root, `${name}-home`);
  return Engine.open({ workspace: ws, now: () => T0 });
}

function copyLogs(from: string, to: string, own: string): void {
  mkdirSync(path.join(to, ".agent-state"), { recursive: true });
  for (const n of readdirSync(path.join(from, ".agent-state"))) if (n !== `${own}.jsonl`) cpSync(path.join(from, ".agent-state", n), path.join(to, ".agent-state", n));
}

describe("the home device", () => {
  it("the device with the earliest event is home; another refuses a manual reflect and skips it on schedule, until `jobs --home` moves it", async () => {
    root = tempDir("agent-home-");
    const [wa, wb] = [path.join(root, "a"), path.join(root, "b")];
    for (const w of [wa, wb]) write(w, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    const a = openAs("a", wa);
    new SoulVersionStore(a.state()).insert({ createdAt: T0, content: "# SOUL\n", words: 1, tokens: 2, summary: "baseline", origin: "baseline" });
    const aId = thisDevice().id;
    const b = openAs("b", wb);
    const bId = thisDevice().id;
    expect(bId).not.toBe(aId);
    copyLogs(wa, wb, bId);
    const jb = await b.jobs();
    expect(jb.home()).toMatchObject({ here: false, home: { id: aId } });
    const refused = await b.runJob("reflect", { dryRun: false }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NotHomeError);
    expect((refused as Error).message).toMatch(new RegExp(`reflect: skipped here, the writing jobs run on .* \\(${aId}\\); \`agent jobs --home\` makes this device their home`));
    expect(jb.awayFrom("dream")).toMatch(/^dream: skipped here/);
    expect(jb.awayFrom("flush")).toMatch(/^flush: skipped here/);
    // b becomes home; once its log reaches a, a skips the writing jobs instead.
    expect(jb.makeHome()).toMatchObject({ here: true, home: { id: bId } });
    copyLogs(wb, wa, aId);
    expect((await a.jobs()).home()).toMatchObject({ here: false, home: { id: bId } });
    // Both fold the same state: the same digest in `status --json`.
    const [sa, sb] = [(await a.indexing.statusReport()).state!, (await b.indexing.statusReport()).state!];
    expect(sa.digest).toBe(sb.digest);
    expect(sa).toMatchObject({ events: 4, home: bId });
    expect(sa.devices.map((d) => d.id).sort()).toEqual([aId, bId].sort());
    a.close();
    b.close();
  });

  it("`agent jobs --home` makes this device home and `agent jobs` says so", async () => {
    root = tempDir("agent-home-cli-");
    const ws = path.join(root, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    const env = { AGENT_STATE_HOME: path.join(root, "home") };
    const set = await runAgent(["jobs", "--home", "--json", "-w", ws], env);
    expect(set.code, set.stderr).toBe(0);
    const j = JSON.parse(set.stdout) as { home: { here: boolean; home: { id: string } } };
    expect(j.home.here).toBe(true);
    const text = await runAgent(["jobs", "-w", ws], env);
    expect(text.stdout).toContain(`home: this device`);
    expect(text.stdout).toContain(`(${j.home.home.id}): the writing jobs run here`);
    // `agent state` and `agent state compact` (its options before or after the subcommand).
    const state = JSON.parse((await runAgent(["state", "--json", "-w", ws], env)).stdout) as { digest: string; events: number; home: string };
    expect(state).toMatchObject({ events: 2, home: j.home.home.id });
    const compact = await runAgent(["state", "compact", "--json", "-w", ws], env);
    expect(compact.code, compact.stderr).toBe(0);
    expect(JSON.parse(compact.stdout)).toMatchObject({ dropped: 0, digestBefore: state.digest, digestAfter: state.digest });
  });
});

describe("agent export / import with device logs", () => {
  it("an export imported into another device's fresh workspace becomes that device's events and survives a re-fold", async () => {
    root = tempDir("agent-home-export-");
    const [wa, wb] = [path.join(root, "a"), path.join(root, "b")];
    for (const w of [wa, wb]) write(w, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    const a = openAs("a", wa);
    for (const n of [1, 2]) new SoulVersionStore(a.state()).insert({ createdAt: T0 + n, content: `v${n}`, words: 1, tokens: 1, summary: `v${n}`, origin: "reflection" });
    const exported = (await a.evolution()).exportState();
    a.close();
    const b = openAs("b", wb);
    (await b.evolution()).importState(JSON.parse(JSON.stringify(exported)));
    const summaries = () => new SoulVersionStore(b.state()).list().map((v) => v.summary);
    expect(summaries()).toEqual(["v1", "v2"]);
    b.close();
    const again = openAs("b", wb);
    refoldOf(again);
    expect(new SoulVersionStore(again.state()).list().map((v) => v.summary)).toEqual(["v1", "v2"]);
    again.close();
  });
});

function refoldOf(e: Engine): void {
  refold(e.state(), e.workspace);
}

describe("doctor on the device logs", () => {
  it("names a line that does not parse (file and line), events of an unknown type, and a lagging device", async () => {
    root = tempDir("agent-doctor-logs-");
    const ws = path.join(root, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    const ev = (device: string, seq: number, wall: number, type: string, extra: Record<string, unknown> = {}) => JSON.stringify({ hlc: formatHlc({ wall, counter: 0 }), device, seq, type, ...extra });
    const [fresh, old] = ["aaaaaaaaaaaa", "bbbbbbbbbbbb"];
    write(ws, `.agent-state/${fresh}.jsonl`, `${ev(fresh, 1, T0, "log.start", { name: "laptop" })}\n{"hlc": broken\n${ev(fresh, 2, T0 + 1, "mood.set")}\n`);
    write(ws, `.agent-state/${old}.jsonl`, `${ev(old, 1, T0 - 40 * 86_400_000, "log.start", { name: "old-desktop" })}\n`);
    const r = await Engine.doctor(ws);
    const lines = r.checks.filter((c) => c.name === "device logs").map((c) => `${c.status} ${c.detail}`);
    expect(lines[0]).toBe("ok 2 device log(s) in .agent-state/, 3 event(s)");
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^warn .*${fresh}\\.jsonl:2: not JSON`)));
    expect(lines).toContainEqual(expect.stringMatching(/^warn .*1 event\(s\) of a type this engine does not know \(mood\.set\): kept in the log, skipped/));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^warn device old-desktop \\(${old}\\) is lagging: its newest event is 40 days older`)));
  });
});
