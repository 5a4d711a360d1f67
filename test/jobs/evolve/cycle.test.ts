import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { currentIdentity } from "../../../src/jobs/evolve/recall.js";
import { REPORT_MARKER } from "../../../src/jobs/evolve/report.js";
import { isoWeekDates, isoWeekOfDate } from "../../../src/jobs/schedule/week.js";
import { openJobs } from "../deps.js";
import { LLMError } from "../../../src/llm/types.js";
import { ScriptedProvider } from "../../../src/llm/scripted.js";
import { initWorkspace } from "../../../src/workspace/init.js";
import { cleanup, read, tempDir, write } from "../../helpers/workspace.js";
import { DAY, insertMemory, runEvolutionIn, T0, takeSnapshotIn, withDb } from "./helpers.js";

let dir = "";
let ws = "";
beforeEach(() => {
  dir = tempDir("agent-cycle-");
  ws = path.join(dir, "ana");
  initWorkspace(ws);
  write(ws, "agent.config.json", JSON.stringify({ evolution: { timeZone: "UTC" } }));
});
afterEach(() => cleanup(dir));

describe("ISO weeks", () => {
  it("names weeks by ISO-8601 (Monday first, week 1 holds the first Thursday)", () => {
    expect(isoWeekOfDate("2026-11-02")).toBe("2026-W45");
    expect(isoWeekOfDate("2026-11-08")).toBe("2026-W45"); // Sunday
    expect(isoWeekOfDate("2026-11-09")).toBe("2026-W46");
    expect(isoWeekOfDate("2027-01-01")).toBe("2026-W53");
    expect(isoWeekOfDate("2025-12-29")).toBe("2026-W01");
    expect(isoWeekDates("2026-W45")).toEqual({ monday: "2026-11-02", sunday: "2026-11-08" });
  });
});

describe("the weekly evolution cycle", () => {
  it("archives faded memories, snapshots, and writes reflections/weekly-YYYY-Www.md and an inbox report", async () => {
    const ids = withDb(ws, ({ store }) => [
      insertMemory(store, { type: "failure", content: "The deploy broke production.", valence: "negative", domain: "deploys", significance: 0.8 }),
      insertMemory(store, { type: "process_note", content: "Restart nginx after edits.", significance: 0.1, createdAt: T0 - 90 * DAY }),
      insertMemory(store, { type: "lesson_learned", content: "Run the staging check first.", domain: "deploys", significance: 0.7, createdAt: T0 + DAY }),
    ]);
    const now = T0 + 4 * DAY; // Friday of 2026-W45
    const r = await runEvolutionIn(ws, now);
    expect(r.week).toBe("2026-W45");
    expect(r.archived.map((a) => a.id)).toEqual([ids[1]]);
    expect(r.memories).toMatchObject({ active: 2, archivedTotal: 1, formed: 2, archived: [{ id: ids[1], type: "process_note" }] });
    expect(r.defining.map((d) => d.id)).toEqual([ids[0], ids[2]]);
    expect(r.hadPrevious).toBe(false);
    expect(r.reportPath).toBe("reflections/weekly-2026-W45.md");
    expect(r.reportReplaced).toBe(false);
    const md = read(ws, r.reportPath);
    expect(md.split("\n")[0]).toBe(REPORT_MARKER);
    expect(md).toContain("# Weekly evolution 2026-W45 — ana");
    expect(md).toContain("2026-10-30 to 2026-11-06");
    for (const h of ["## Who I am now", "## SOUL.md this week", "## Memories", "## Defining experiences", "## Personality", "## Drift"]) expect(md).toContain(h);
    expect(md).toContain("- 2 active, 2 vivid, 0 fading, 0 pinned; 1 in the archive.");
    expect(md).toContain(`- #${ids[0]} failure (deploys, significance 0.80`);
    expect(md).toContain("First snapshot: nothing to compare with yet.");
    expect(md).not.toContain("## Team");

    const jobs = openJobs(ws);
    try {
      const [item] = jobs.inbox.list();
      expect(item).toMatchObject({ id: r.inboxId, kind: "report", source: "evolve", title: "Weekly evolution 2026-W45: 2 memories (2 vivid)" });
      expect(item!.body).toContain("Report: reflections/weekly-2026-W45.md");
      // The latest snapshot's narrative is "who you are now".
      expect(currentIdentity(jobs.db)).toMatchObject({ text: r.narrative, private: false, snapshotId: r.snapshotId });
    } finally {
      jobs.close();
    }
  });

  it("a second run the same week replaces its own report; a file a person wrote or edited is never touched", async () => {
    const now = T0 + DAY;
    const first = await runEvolutionIn(ws, now);
    const again = await runEvolutionIn(ws, now + 3_600_000);
    expect(again).toMatchObject({ reportPath: first.reportPath, reportReplaced: true, hadPrevious: true });

    // The person edits it: the next run goes beside it.
    const file = path.join(ws, first.reportPath);
    writeFileSync(file, readFileSync(file, "utf8") + "\nMy own note.\n");
    const edited = readFileSync(file);
    const third = await runEvolutionIn(ws, now + 7_200_000);
    expect(third).toMatchObject({ reportPath: "reflections/weekly-2026-W45.2.md", reportReplaced: false });
    expect(readFileSync(file)).toEqual(edited);
    const fourth = await runEvolutionIn(ws, now + 10_800_000);
    expect(fourth).toMatchObject({ reportPath: "reflections/weekly-2026-W45.2.md", reportReplaced: true });

    // A file of that name that was never ours: same.
    write(ws, "reflections/weekly-2026-W46.md", "# my plans for week 46\n");
    const next = await runEvolutionIn(ws, now + 7 * DAY);
    expect(next.reportPath).toBe("reflections/weekly-2026-W46.2.md");
    expect(read(ws, "reflections/weekly-2026-W46.md")).toBe("# my plans for week 46\n");
  });

  it("a second run the same week replaces that week's inbox report instead of adding another; the next week adds its own", async () => {
    const jobs = openJobs(ws);
    try {
      const other = jobs.inbox.add({ createdAt: T0, kind: "alert", title: "Weekly evolution 2026-W45: not ours", body: "a heartbeat alert", source: "heartbeat" });
      const first = await runEvolutionIn(ws, T0 + DAY);
      jobs.inbox.markRead([first.inboxId]);
      withDb(ws, ({ store }) => insertMemory(store, { type: "failure", content: "The backup job failed.", valence: "negative", significance: 0.9, createdAt: T0 + DAY }));
      const second = await runEvolutionIn(ws, T0 + 2 * DAY);
      expect(second.inboxId).toBe(first.inboxId);
      const reports = jobs.inbox.list({ all: true }).filter((i) => i.source === "evolve");
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatchObject({ id: first.inboxId, createdAt: T0 + 2 * DAY, read: false, title: expect.stringMatching(/^Weekly evolution 2026-W45: 1 memories \(1 vivid\)/) });
      // Another source's item with a look-alike title is left alone.
      expect(jobs.inbox.get(other)).toMatchObject({ title: "Weekly evolution 2026-W45: not ours", source: "heartbeat" });
      const nextWeek = await runEvolutionIn(ws, T0 + 8 * DAY);
      expect(nextWeek.inboxId).not.toBe(first.inboxId);
      expect(jobs.inbox.list({ all: true }).filter((i) => i.source === "evolve").map((i) => i.title.slice(0, 25))).toEqual(["Weekly evolution 2026-W46", "Weekly evolution 2026-W45"]);
    } finally {
      jobs.close();
    }
  });

  it("drift between weekly snapshots is reported with its evidence", async () => {
    withDb(ws, ({ store }) => {
      for (let i = 0; i < 3; i++) insertMemory(store, { type: "triumph", content: `Shipped prototype ${i} fast.`, valence: "positive", significance: 0.9 });
    });
    const w1 = await runEvolutionIn(ws, T0 + DAY);
    expect(w1.traits.riskTolerance.label).toBe("bold");
    withDb(ws, ({ store }) => {
      for (let i = 0; i < 6; i++) insertMemory(store, { type: "failure", content: `Deploy ${i} broke production.`, valence: "negative", domain: "deploys", significance: 0.9, createdAt: T0 + 3 * DAY });
    });
    const w2 = await runEvolutionIn(ws, T0 + 8 * DAY);
    const risk = w2.drift.find((d) => d.trait === "riskTolerance")!;
    expect(risk).toMatchObject({ from: { label: "bold" }, to: { label: "cautious" } });
    expect(risk.evidence.some((e) => /^caution 0\.[0-9]+ → [0-9.]+$/.test(e))).toBe(true);
    expect(risk.evidence).toContain("new failure #4: Deploy 0 broke production.");
    const md = read(ws, w2.reportPath);
    expect(md).toMatch(/- risk tolerance: bold \(0\.\d\d\) → cautious \(0\.\d\d\)\n( {2}- .*\n)* {2}- caution 0\.00 → /);
    expect(w2.narrative).toContain("I am cautious with risk");
  });

  it("the narrative may be written by the model; when the model fails the rules' text is kept", async () => {
    write(ws, "agent.config.json", JSON.stringify({ evolution: { timeZone: "UTC", narrative: "model" } }));
    const good = new ScriptedProvider(["I am a careful assistant who learns from every deploy, and I keep Sam's trust by checking twice."], { model: "m1" });
    const r = await takeSnapshotIn(ws, T0, { provider: good });
    expect(r).toMatchObject({ narrativeBy: "m1", narrative: "I am a careful assistant who learns from every deploy, and I keep Sam's trust by checking twice." });
    expect(good.calls[0]!.messages[0]!.content).toContain("- risk tolerance:");
    const bad = await takeSnapshotIn(ws, T0 + 1, { provider: new ScriptedProvider([new LLMError("unreachable", "ollama is not running")]) });
    expect(bad.narrativeBy).toBe("rules");
    expect(bad.warnings[0]).toMatch(/could not write the narrative \(ollama is not running\)/);
    const none = await takeSnapshotIn(ws, T0 + 2);
    expect(none.narrativeBy).toBe("rules");
    expect(none.warnings[0]).toMatch(/no model is available/);
  });

  it("a workspace configured with teammates gets one line per pair", async () => {
    const ben = path.join(dir, "ben");
    const cleo = path.join(dir, "cleo");
    initWorkspace(ben);
    initWorkspace(cleo);
    withDb(ben, ({ store }) => {
      for (let i = 0; i < 3; i++) insertMemory(store, { type: "failure", content: `Ben failure ${i}.`, domain: "deploys", valence: "negative" });
    });
    await runEvolutionIn(ben, T0);
    withDb(ws, ({ store }) => {
      insertMemory(store, { type: "failure", content: "Ana failure.", domain: "deploys", valence: "negative", significance: 0.9 });
    });
    write(ws, "agent.config.json", JSON.stringify({ evolution: { timeZone: "UTC", name: "Ana", team: [{ name: "Ben", workspace: "../ben" }, { name: "Cleo", workspace: cleo }, { name: "Dan", workspace: "../nowhere" }] } }));
    const r = await runEvolutionIn(ws, T0 + DAY);
    expect(r.team).toHaveLength(3);
    expect(r.team[0]).toBe("Cleo: no snapshot yet");
    expect(r.team[1]).toBe(`Dan: no workspace at ${path.join(dir, "nowhere")}`);
    expect(r.team[2]).toMatch(/^Ana ↔ Ben: \d\/5 traits alike \(.*cautious.*\); .*shared domains: deploys$/);
    expect(read(ws, r.reportPath)).toContain(`## Team\n\n- Cleo: no snapshot yet\n`);
  });
});
