/**
 * A memory's strength over time, rebuilt from formation, recalls, reinforcement and archive:
 * the same fade rule as the fade pass, so the curve ends at the vividness the engine reports.
 */
import { describe, expect, it } from "vitest";
import { refreshOnRecall, vividnessAt, vividnessAfter } from "../../../src/jobs/evolve/fade.js";
import { strengthCurve, strengthOverview } from "../../../src/jobs/evolve/strength.js";
import type { Memory } from "../../../src/jobs/evolve/types.js";
import { DAY, T0 } from "./helpers.js";

function memory(over: Partial<Memory> = {}): Memory {
  return {
    id: 1,
    type: "lesson_learned",
    content: "Save summaries to the daily note.",
    data: {},
    significance: 0.5,
    valence: "neutral",
    domain: "memory",
    createdAt: T0,
    lastRecalledAt: null,
    recallCount: 0,
    reinforceCount: 0,
    lastReinforcedAt: null,
    vividness: 1,
    vividAt: T0,
    pinned: false,
    source: { kind: "manual" },
    archivedAt: null,
    archiveReason: null,
    ...over,
  };
}

describe("strengthCurve", () => {
  it("fades from 1 at formation and ends at the vividness the engine computes now", () => {
    const m = memory();
    const c = strengthCurve(m, [], T0 + 30 * DAY);
    expect(c.points[0]).toEqual({ at: T0, vividness: 1 });
    expect(c.events.map((e) => e.kind)).toEqual(["formed", "now"]);
    expect(c.points.at(-1)!.vividness).toBeCloseTo(vividnessAt(m, T0 + 30 * DAY), 10);
    for (let i = 1; i < c.points.length; i++) expect(c.points[i]!.vividness).toBeLessThanOrEqual(c.points[i - 1]!.vividness);
    expect(c.points.length).toBeLessThanOrEqual(130);
  });

  it("a recall refreshes it and slows the fading after; a reinforcement makes it vivid again", () => {
    const m = memory({ lastReinforcedAt: T0 + 20 * DAY, reinforceCount: 1 });
    const c = strengthCurve(m, [T0 + 10 * DAY], T0 + 30 * DAY);
    expect(c.events.map((e) => e.kind)).toEqual(["formed", "recalled", "reinforced", "now"]);
    const before = vividnessAfter(1, 10, { type: m.type, significance: m.significance, recallCount: 0, pinned: false });
    expect(c.events[1]!.vividness).toBeCloseTo(refreshOnRecall(before), 10);
    expect(c.events[2]!.vividness).toBe(1);
    const slower = vividnessAfter(1, 10, { type: m.type, significance: m.significance, recallCount: 1, pinned: false });
    expect(c.events[3]!.vividness).toBeCloseTo(slower, 10);
  });

  it("ends at the archive; a pinned memory stays level", () => {
    const archived = strengthCurve(memory({ archivedAt: T0 + 5 * DAY }), [T0 + 9 * DAY], T0 + 30 * DAY);
    expect(archived.events.map((e) => e.kind)).toEqual(["formed", "archived"]);
    expect(archived.points.at(-1)!.at).toBe(T0 + 5 * DAY);
    const pinned = strengthCurve(memory({ pinned: true }), [], T0 + 30 * DAY);
    expect(new Set(pinned.points.map((p) => p.vividness))).toEqual(new Set([1]));
  });
});

describe("strengthOverview", () => {
  it("one point per day: the mean of the memories alive that day, and how many", () => {
    const a = strengthCurve(memory({ id: 1, pinned: true }), [], T0 + 10 * DAY);
    const b = strengthCurve(memory({ id: 2, createdAt: T0 + 5 * DAY, vividAt: T0 + 5 * DAY, archivedAt: T0 + 8 * DAY }), [], T0 + 10 * DAY);
    const o = strengthOverview([a, b], T0 + 10 * DAY, 10);
    expect(o.days).toHaveLength(11);
    expect(o.days.map((d) => d.active)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 1, 1]);
    expect(o.days[0]!.mean).toBe(1);
    expect(o.days[7]!.mean).toBeLessThan(1);
  });
});
