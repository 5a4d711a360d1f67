import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildEvolvedContext } from "../../../src/jobs/evolve/context.js";
import type { EvolutionResult } from "../../../src/jobs/evolve/cycle.js";
import { ScriptedProvider } from "../../../src/llm/scripted.js";
import { cleanup, tempDir, write } from "../../helpers/workspace.js";
import { FIRST_SOUL, soulJson, templateWorkspace, writeSession, reflectIn } from "../reflect/helpers.js";
import { jobsConfig, stateDb } from "../deps.js";
import { DAY, runEvolutionIn, T0, withDb } from "./helpers.js";
import { sharedUseLite } from "../../helpers/use-lite.js";

/**
 * Weeks of simulated life in one workspace: a conversation every day, the nightly
 * reflection forming memories from it (scripted model replies), the weekly evolution on
 * Sundays — all on an injected clock. The same query then gets a different context in
 * week 8 than in week 1: not a new prompt, accumulated experience.
 */

// The real USE-lite model from npm, shared by the tests of this file.
const useLite = sharedUseLite();

let ws = "";
beforeEach(() => {
  ws = templateWorkspace(tempDir("agent-weeks-"));
  write(ws, "agent.config.json", JSON.stringify({ evolution: { timeZone: "UTC" }, context: { timeZone: "UTC" } }));
});
afterEach(() => cleanup(ws));

const HIGH = { complexity: 0.7, novelty: 0.7, failure: 0, userInvolved: 1, emotionalWeight: 0.8 };

/** What the model "noticed" on day d (0 = Monday of week 1): an easy first week, then deploys going wrong. */
function memoriesOfDay(d: number): unknown[] {
  if (d < 7) {
    return [
      { type: "triumph", content: `I shipped prototype number ${d + 1} in an afternoon and Sam loved it.`, domain: "prototypes", valence: "positive", signals: HIGH },
      { type: "pattern_recognized", content: `Sam brainstorms a new product idea with me on day ${d + 1}.`, domain: "ideas", valence: "positive", signals: HIGH },
    ];
  }
  return [
    { type: "failure", content: `The deploy on day ${d + 1} broke production because I skipped the staging check.`, domain: "deploys", valence: "negative", signals: { ...HIGH, failure: 1 } },
    { type: "lesson_learned", content: `Before deploy number ${d + 1} I must run the staging check and keep a rollback ready.`, domain: "deploys", valence: "neutral", signals: HIGH },
    { type: "process_note", content: `Deploy step ${d + 1}: tag the release, run staging, then roll out.`, domain: "deploys", valence: "neutral", signals: HIGH },
  ];
}

async function live(fromDay: number, toDay: number, weekly: EvolutionResult[]): Promise<void> {
  for (let d = fromDay; d < toDay; d++) {
    const noon = T0 + d * DAY;
    writeSession(ws, `day-${d}`, 4, noon);
    const provider = new ScriptedProvider([JSON.stringify({ insights: [{ content: `Day ${d + 1}.`, topics: [] }], principles: [], memories: memoriesOfDay(d) }), soulJson(FIRST_SOUL)]);
    const r = await reflectIn({ workspace: ws, provider, now: () => noon + 15 * 3_600_000 }); // 03:00 the next night
    expect(r.status === "updated" || r.status === "unchanged", `${d}: ${r.status} ${r.reason}`).toBe(true);
    if (d % 7 === 6) weekly.push(await runEvolutionIn(ws, noon + 8 * 3_600_000)); // Sunday 20:00
  }
}

const QUERY = "deploy the new release to production";

async function context(now: number) {
  const db = stateDb(ws);
  try {
    return await buildEvolvedContext({ workspace: ws, db, evolution: jobsConfig(ws).evolution, cache: null, session: "main", now, perFileChars: 4000, totalChars: 16000, query: QUERY, embedder: useLite, timeZone: "UTC" });
  } finally {
    db.close();
  }
}

describe("accumulated experience", () => {
  it("a week-8 context differs from a week-1 context of the same workspace", async () => {
    const weekly: EvolutionResult[] = [];
    await live(0, 7, weekly);
    const week1 = await context(T0 + 7 * DAY);
    await live(7, 56, weekly);
    const week8 = await context(T0 + 56 * DAY);

    expect(weekly.map((w) => w.week)).toEqual(["2026-W45", "2026-W46", "2026-W47", "2026-W48", "2026-W49", "2026-W50", "2026-W51", "2026-W52"]);
    // Week 1: a bold explorer. Week 8: cautious and methodical, shaped by failed deploys.
    expect(weekly[0]!.traits.riskTolerance.label).toBe("bold");
    expect(weekly[7]!.traits.riskTolerance.label).toBe("cautious");
    expect(weekly[7]!.traits.learningStyle.label).toBe("learns from mistakes");
    expect(weekly[1]!.drift.map((d) => d.trait)).toContain("riskTolerance");
    expect(weekly[7]!.defining.every((m) => m.domain === "deploys")).toBe(true);

    expect(week1.text).not.toBe(week8.text);
    const identity = (text: string) => /## Who you are now\n(.*)\n/.exec(text)?.[1] ?? "";
    expect(identity(week1.text)).toContain("I am bold with risk");
    expect(identity(week8.text)).toContain("I am cautious with risk");
    expect(identity(week8.text)).toContain("What shaped me most:");

    // Week 8 brings the deploy lessons to a deploy task; week 1 had none to bring.
    expect(week1.text).not.toMatch(/staging check/);
    expect(week8.text).toMatch(/## Memories for "deploy the new release to production"\n\(vivid \/ clear \/ faint/);
    expect(week8.text).toMatch(/\n- \[vivid [−·]\] (failure|lesson learned|process note) \(deploys\): .*staging/);
    expect(week8.report.experience.shown).toBeGreaterThan(0);
    expect(week8.experience.relevance).toBe(`cosine (${useLite.modelId})`);

    // Shown memories were recalled: refreshed and counted.
    withDb(ws, ({ store }) => {
      for (const id of week8.recalled) expect(store.get(id)).toMatchObject({ recallCount: 1, lastRecalledAt: T0 + 56 * DAY });
      // Eight weeks of daily fading: the first week's process-free memories are still there; nothing was deleted.
      expect(store.list({ archived: "all" }).length).toBe(7 * 2 + 49 * 3);
    });
  }, 120_000);
});
