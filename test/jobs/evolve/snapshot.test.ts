import { describe, expect, it } from "vitest";
import { detectDrift, driftLine } from "../../../src/jobs/evolve/drift.js";
import { definingMemories, takeSnapshot, TRAIT_NAMES } from "../../../src/jobs/evolve/snapshot.js";
import type { MemoryType, Valence } from "../../../src/jobs/evolve/types.js";
import { DAY, T0, view } from "./helpers.js";

const SOUL = `# SOUL

## Core Identity

- I am a personal assistant.

## Active Values

- Brief answers.

## Recent Growth

- Learned to be bold and move fast.
`;

function mem(id: number, type: MemoryType, over: { significance?: number; vividNow?: number; valence?: Valence; domain?: string; createdAt?: number; content?: string } = {}) {
  return view({ id, type, content: over.content ?? `${type} ${id}`, significance: over.significance ?? 0.6, vividNow: over.vividNow ?? 1, valence: over.valence ?? "neutral", domain: over.domain ?? "general", createdAt: over.createdAt ?? T0 });
}

describe("snapshot rules", () => {
  it("the same state always gives the same snapshot, whatever the order of the memories", () => {
    const ms = [
      mem(1, "failure", { valence: "negative", domain: "deploys" }),
      mem(2, "lesson_learned", { domain: "deploys", createdAt: T0 + DAY }),
      mem(3, "user_preference", { domain: "food", significance: 0.3 }),
      mem(4, "process_note", { vividNow: 0.4 }),
      mem(5, "triumph", { valence: "positive", significance: 0.9 }),
      mem(6, "pattern_recognized", { significance: 0.7, vividNow: 0.8 }),
    ];
    const a = takeSnapshot({ memories: ms, soul: SOUL });
    const b = takeSnapshot({ memories: [...ms].reverse(), soul: SOUL });
    const c = takeSnapshot({ memories: [ms[3]!, ms[0]!, ms[5]!, ms[2]!, ms[4]!, ms[1]!], soul: SOUL });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(c)).toBe(JSON.stringify(a));
    expect(Object.keys(a.traits)).toEqual([...TRAIT_NAMES]);
    expect(a.narrative).toMatch(/^I /);
  });

  it("no experience and no SOUL: every two-sided trait is in the middle, learning style still forming", () => {
    const s = takeSnapshot({ memories: [], soul: null });
    expect(s.traits.workStyle).toMatchObject({ label: "balanced", score: 0.5 });
    expect(s.traits.riskTolerance).toMatchObject({ label: "measured", score: 0.5 });
    expect(s.traits.socialOrientation).toMatchObject({ label: "balanced", score: 0.5 });
    expect(s.traits.stressResponse).toMatchObject({ label: "steady", score: 0.5 });
    expect(s.traits.learningStyle).toMatchObject({ label: "still forming", score: 0 });
    expect(s.defining).toEqual([]);
    expect(s.narrative).toContain("I have no lasting memories yet.");
  });

  it("traits follow the documented rules over memory weights", () => {
    const failures = [1, 2, 3].map((i) => mem(i, "failure", { valence: "negative", domain: `d${i}` }));
    const risky = takeSnapshot({ memories: failures, soul: null });
    expect(risky.traits.riskTolerance.label).toBe("cautious");
    // (0 + 1) / (0 + 1.8 + 2): three failures of weight 0.6 against no triumph.
    expect(risky.traits.riskTolerance.score).toBeCloseTo(1 / 3.8, 3);
    expect(risky.traits.riskTolerance.inputs).toMatchObject({ boldness: 0, caution: 1.8 });
    expect(risky.traits.riskTolerance.evidence).toContain("cautious: 3 failure memories weighing 1.80");
    expect(risky.traits.stressResponse.label).toBe("shaken"); // setbacks with no lesson after them
    expect(risky.traits.learningStyle.label).toBe("learns from mistakes");

    const recovered = takeSnapshot({
      memories: [
        ...failures,
        ...[1, 2, 3].map((i) => mem(10 + i, "lesson_learned", { domain: `d${i}`, createdAt: T0 + DAY, significance: 0.9 })),
        ...[1, 2, 3].map((i) => mem(20 + i, "triumph", { domain: `d${i}`, createdAt: T0 + 2 * DAY, significance: 0.9, valence: "positive" })),
      ],
      soul: null,
    });
    expect(recovered.traits.stressResponse.label).toBe("resilient");

    const bold = takeSnapshot({ memories: [1, 2].map((i) => mem(i, "triumph", { valence: "positive", significance: 0.9 })), soul: null });
    expect(bold.traits.riskTolerance.label).toBe("bold");

    const methodical = takeSnapshot({ memories: [mem(1, "process_note"), mem(2, "decision_record"), mem(3, "system_knowledge")], soul: null });
    expect(methodical.traits.workStyle.label).toBe("methodical");
    expect(methodical.traits.socialOrientation.label).toBe("task-oriented");
    expect(methodical.traits.learningStyle.label).toBe("learns by writing things down");

    const social = takeSnapshot({ memories: [mem(1, "relationship_event"), mem(2, "user_preference"), mem(3, "user_preference")], soul: null });
    expect(social.traits.socialOrientation.label).toBe("people-oriented");

    const patterns = takeSnapshot({ memories: [mem(1, "pattern_recognized", { significance: 0.9 }), mem(2, "pattern_recognized")], soul: null });
    expect(patterns.traits.learningStyle.label).toBe("learns by spotting patterns");
    expect(patterns.traits.workStyle.label).toBe("exploratory");
  });

  it("faint memories count less than vivid ones (weight = significance × vividness)", () => {
    const vividFailures = takeSnapshot({ memories: [mem(1, "failure", { vividNow: 1 }), mem(2, "triumph", { vividNow: 0.1 })], soul: null });
    const faintFailures = takeSnapshot({ memories: [mem(1, "failure", { vividNow: 0.1 }), mem(2, "triumph", { vividNow: 1 })], soul: null });
    expect(vividFailures.traits.riskTolerance.label).toBe("cautious");
    expect(faintFailures.traits.riskTolerance.label).toBe("bold");
  });

  it("SOUL.md's stable layers lean the traits; Recent Growth does not", () => {
    const cautious = takeSnapshot({ memories: [], soul: "# SOUL\n\n- I ask before anything irreversible and double-check backups.\n" });
    expect(cautious.traits.riskTolerance.label).toBe("cautious");
    expect(cautious.traits.riskTolerance.evidence.join("\n")).toMatch(/SOUL.md says "ask before", "backups", "double-check", "irreversible"/);
    // SOUL has the three layers: only Core Identity and Active Values are read, so "bold" in Recent Growth does nothing.
    expect(takeSnapshot({ memories: [], soul: SOUL }).traits.riskTolerance.label).toBe("measured");
    const layered = SOUL.replace("- Brief answers.", "- Bold and decisive: I move fast.");
    expect(takeSnapshot({ memories: [], soul: layered }).traits.riskTolerance.label).toBe("bold");
  });

  it("the defining memories are the three heaviest, with stable tie-breaks", () => {
    const ms = [
      mem(1, "failure", { significance: 0.5 }),
      mem(2, "triumph", { significance: 0.9, vividNow: 0.5 }), // 0.45
      mem(3, "lesson_learned", { significance: 0.45 }), // 0.45, less significant
      mem(4, "personality_moment", { significance: 0.95 }),
      mem(5, "decision_record", { significance: 0.5, createdAt: T0 - DAY }), // same weight as #1, older
    ];
    expect(definingMemories(ms).map((d) => d.id)).toEqual([4, 5, 1]);
    expect(takeSnapshot({ memories: ms, soul: null }).narrative).toContain("What shaped me most: personality_moment 4; decision_record 5; failure 1.");
  });
});

describe("drift", () => {
  it("is detected when a trait changes, with the inputs and the new memories that moved it", () => {
    const before = takeSnapshot({ memories: [mem(1, "triumph", { valence: "positive" })], soul: null });
    const ms = [
      mem(1, "triumph", { valence: "positive" }),
      ...[2, 3, 4].map((i) => mem(i, "failure", { valence: "negative", createdAt: T0 + 3 * DAY, content: `Failure number ${i}.`, significance: 0.5 + i / 10 })),
    ];
    const after = takeSnapshot({ memories: ms, soul: null });
    const drift = detectDrift({ previous: before.traits, next: after.traits, memories: ms, since: T0 + DAY });
    const risk = drift.find((d) => d.trait === "riskTolerance")!;
    expect(risk.from.label).toBe("bold");
    expect(risk.to.label).toBe("cautious");
    expect(risk.delta).toBeLessThan(-0.1);
    expect(risk.evidence[0]).toBe("caution 0.00 → 2.40");
    expect(risk.evidence.slice(1)).toEqual(["new failure #4: Failure number 4.", "new failure #3: Failure number 3.", "new failure #2: Failure number 2."]);
    expect(driftLine(risk)).toMatch(/^risk tolerance: bold \(0\.\d\d\) → cautious \(0\.\d\d\)$/);
    // No change, no drift; no previous snapshot, no drift.
    expect(detectDrift({ previous: after.traits, next: takeSnapshot({ memories: [...ms].reverse(), soul: null }).traits })).toEqual([]);
    expect(detectDrift({ previous: null, next: after.traits })).toEqual([]);
  });
});
