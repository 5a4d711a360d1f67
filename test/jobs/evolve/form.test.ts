import { describe, expect, it } from "vitest";
import { parseMemoryCandidates, planFormation, reinforcedSignificance, significanceOf } from "../../../src/jobs/evolve/form.js";
import { MEMORY_TYPES, MEMORY_TYPE_CONFIG, SIGNAL_WEIGHTS } from "../../../src/jobs/evolve/types.js";
import { parseReflection, REFLECTION_SCHEMA, buildReflectionPrompt } from "../../../src/jobs/reflect/prompts.js";
import { candidate, signals, signalsFor } from "./helpers.js";

describe("significance from signals", () => {
  it("is the weighted sum of the five signals, 0..1, missing signals counting 0", () => {
    expect(Object.values(SIGNAL_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(significanceOf(signals())).toBe(0);
    expect(significanceOf(signalsFor(1))).toBe(1);
    expect(significanceOf(signalsFor(0.37))).toBe(0.37);
    expect(significanceOf({ failure: 1 })).toBe(0.2);
    expect(significanceOf({ emotionalWeight: 1, userInvolved: 1 })).toBe(0.45);
    expect(significanceOf({ complexity: 5, novelty: -1 })).toBe(0.15); // clipped to 0..1
  });
});

describe("formation thresholds per type", () => {
  it("every type keeps a candidate at its threshold and rejects one just under it", () => {
    for (const type of MEMORY_TYPES) {
      const t = MEMORY_TYPE_CONFIG[type].threshold;
      const [under, at] = planFormation([candidate(type, `under ${type}`, t - 0.01), candidate(type, `at ${type}`, t)], []);
      expect(under!.action, type).toBe("reject");
      expect(under!.action === "reject" && under!.reason).toMatch(new RegExp(`under the ${type} threshold`));
      expect(at!.action, type).toBe("create");
      expect(at!.significance).toBe(t);
    }
  });

  it("user preferences are learned quickly, personality moments only from defining events, failures stick easily", () => {
    const t = (type: keyof typeof MEMORY_TYPE_CONFIG) => MEMORY_TYPE_CONFIG[type].threshold;
    expect(t("user_preference")).toBeLessThan(t("lesson_learned"));
    expect(t("failure")).toBeLessThan(t("triumph"));
    for (const type of MEMORY_TYPES) if (type !== "personality_moment") expect(t("personality_moment")).toBeGreaterThan(t(type));

    // One plain remark from the person: enough for a preference, not for a pattern or a personality moment.
    const remark = signals({ userInvolved: 1, emotionalWeight: 0.3 }); // 0.275
    const plan = planFormation(
      [
        candidate("user_preference", "Sam wants the answer first.", 0, { signals: remark }),
        candidate("pattern_recognized", "Sam asks for answers first.", 0, { signals: remark }),
        candidate("personality_moment", "I became an answer-first assistant.", 0, { signals: remark }),
      ],
      [],
    );
    expect(plan.map((d) => d.action)).toEqual(["create", "reject", "reject"]);

    // A failure the person saw: kept as a failure, while the same evidence is not a triumph.
    const failed = signals({ failure: 1, userInvolved: 0.5 }); // 0.3
    const [f, tr] = planFormation([candidate("failure", "The backup script failed.", 0, { signals: failed }), candidate("triumph", "The backup script ran.", 0, { signals: failed })], []);
    expect([f!.action, tr!.action]).toEqual(["create", "reject"]);

    // A defining event: everything high.
    const defining = signals({ complexity: 0.8, novelty: 0.9, failure: 0.5, userInvolved: 1, emotionalWeight: 1 });
    expect(planFormation([candidate("personality_moment", "I told Sam a hard truth and it helped.", 0, { signals: defining })], [])[0]!.action).toBe("create");
  });
});

describe("duplicates without an embedder", () => {
  it("an equal text (case, punctuation, spacing aside) of the same type reinforces; other types, opposite valence and new texts create", () => {
    const existing = [
      { id: 3, type: "user_preference" as const, content: "Sam prefers Thai food.", valence: "positive" as const },
      { id: 5, type: "failure" as const, content: "The deploy broke production.", valence: "negative" as const },
    ];
    const plan = planFormation(
      [
        candidate("user_preference", "  sam PREFERS thai food ", 0.5, { valence: "positive" }),
        candidate("lesson_learned", "The deploy broke production.", 0.5, { valence: "negative" }),
        candidate("user_preference", "Sam prefers Thai food", 0.5, { valence: "negative" }),
        candidate("process_note", "Backups run at 2am.", 0.5),
        candidate("process_note", "Backups run at 2 am.", 0.5),
        candidate("process_note", "backups run at 2am!", 0.5),
      ],
      existing,
    );
    expect(plan.map((d) => d.action)).toEqual(["reinforce", "create", "create", "create", "create", "reinforce"]);
    expect(plan[0]).toMatchObject({ target: { kind: "memory", id: 3 }, similarity: 1 });
    // Within one batch: the sixth repeats the fourth, which is not stored yet.
    expect(plan[5]).toMatchObject({ target: { kind: "candidate", index: 3 } });
  });

  it("reinforcement raises significance a little, never above 1", () => {
    expect(reinforcedSignificance(0.4, 0.6)).toBe(0.65);
    expect(reinforcedSignificance(0.7, 0.3)).toBe(0.75);
    expect(reinforcedSignificance(0.98, 0.99)).toBe(1);
  });
});

describe("reading candidates from a reflection reply", () => {
  it("is lenient about shapes and drops what it cannot classify", () => {
    const { candidates, dropped } = parseMemoryCandidates([
      { type: "Lesson Learned", content: "  Keep   a rollback plan. ", domain: "Deploys", valence: "+", signals: { complexity: 7, novelty: "0.5", failure: true, userInvolved: 1, emotionalWeight: 40 } },
      { kind: "preference", text: "Sam wants summaries before 9.", valence: "good" },
      { type: "horoscope", content: "Mercury is retrograde." },
      { type: "failure", content: "" },
      "just a string",
    ]);
    expect(dropped).toBe(3);
    expect(candidates).toEqual([
      { type: "lesson_learned", content: "Keep a rollback plan.", domain: "deploys", valence: "positive", signals: { complexity: 0.7, novelty: 0.5, failure: 1, userInvolved: 1, emotionalWeight: 0.4 } },
      { type: "user_preference", content: "Sam wants summaries before 9.", domain: "general", valence: "positive", signals: signals() },
    ]);
    expect(parseMemoryCandidates(undefined)).toEqual({ candidates: [], dropped: 0 });
    expect(parseMemoryCandidates(Array.from({ length: 12 }, (_, i) => ({ type: "failure", content: `f${i}` }))).candidates).toHaveLength(8);
  });

  it("the reflection call asks for memories in its prompt and schema; replies without them parse as before", () => {
    const req = buildReflectionPrompt({ transcript: "[x] user: hi", sessionCount: 1, since: "2026-11-20 09:00", today: "2026-11-21" });
    const text = req.messages[0]!.content;
    for (const t of MEMORY_TYPES) expect(text).toContain(t);
    expect(text).toContain('"memories"');
    expect(text).toContain("emotionalWeight");
    const props = REFLECTION_SCHEMA.properties as Record<string, unknown>;
    expect(props.memories).toBeDefined();
    expect(REFLECTION_SCHEMA.required).toEqual(["insights", "principles"]);

    const old = parseReflection(JSON.stringify({ insights: [{ content: "A.", topics: [] }], principles: [] }));
    expect(old).toEqual({ kind: "ok", insights: [{ content: "A.", topics: [] }], principles: [] });
    const withMemories = parseReflection(
      JSON.stringify({ insights: [], principles: [], memories: [{ type: "failure", content: "I double-booked Sam.", domain: "calendar", valence: "negative", signals: { failure: 1 } }] }),
    );
    expect(withMemories).toMatchObject({ kind: "ok", insights: [], memories: [{ type: "failure", domain: "calendar", valence: "negative" }] });
    expect(parseReflection(JSON.stringify({ insights: [], principles: [], memories: [] })).kind).toBe("skip");
  });
});
