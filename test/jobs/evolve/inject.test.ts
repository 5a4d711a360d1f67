import { describe, expect, it } from "vitest";
import { assembleContext } from "../../../src/context/assemble.js";
import { DOMAIN_BONUS, memoryLine, MEMORY_LEGEND, rankMemories, stem } from "../../../src/jobs/evolve/inject.js";
import { isShareable } from "../../../src/jobs/evolve/recall.js";
import { MEMORY_TYPES } from "../../../src/jobs/evolve/types.js";
import { view } from "./helpers.js";

const unit = (...xs: number[]) => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs.map((x) => x / n));
};

describe("injection ranking", () => {
  it("scores relevance × 0.6 + vividness × 0.2 + significance × 0.2, relevance = cosine + domain bonus, clipped", () => {
    const q = unit(1, 0, 0);
    const a = view({ id: 1, type: "failure", content: "The deploy broke production.", domain: "deploys", significance: 0.9, vividNow: 0.3 });
    const b = view({ id: 2, type: "lesson_learned", content: "Keep a rollback plan.", domain: "ops", significance: 0.4, vividNow: 1 });
    const c = view({ id: 3, type: "triumph", content: "The launch went well.", domain: "launch", significance: 1, vividNow: 1 });
    const vectors = new Map([
      [1, unit(0.9, Math.sqrt(1 - 0.81), 0)], // cosine 0.9
      [2, unit(0.7, Math.sqrt(1 - 0.49), 0)], // cosine 0.7
      [3, unit(0.1, 0, Math.sqrt(1 - 0.01))], // cosine 0.1: under minRelevance
    ]);
    const ranked = rankMemories([a, b, c], { query: "deploy the release", queryVector: q, vectors, limit: 5, minRelevance: 0.3 });
    expect(ranked.map((r) => r.memory.id)).toEqual([1, 2]);
    expect(ranked[0]).toMatchObject({ cosine: 0.9, domainMatch: true, relevance: 1 }); // 0.9 + 0.2, clipped to 1
    expect(ranked[0]!.score).toBeCloseTo(0.6 * 1 + 0.2 * 0.3 + 0.2 * 0.9, 4);
    expect(ranked[1]).toMatchObject({ cosine: 0.7, domainMatch: false, relevance: 0.7 });
    expect(ranked[1]!.score).toBeCloseTo(0.6 * 0.7 + 0.2 * 1 + 0.2 * 0.4, 4);
    expect(DOMAIN_BONUS).toBe(0.2);
  });

  it("vividness and significance break near-ties; limit and stable order apply", () => {
    const vec = unit(1, 1);
    const vectors = new Map([1, 2, 3, 4].map((id) => [id, vec] as [number, Float32Array]));
    const faint = view({ id: 1, type: "failure", significance: 0.5, vividNow: 0.1 });
    const vivid = view({ id: 2, type: "failure", significance: 0.5, vividNow: 0.9 });
    const big = view({ id: 3, type: "failure", significance: 0.9, vividNow: 0.5 });
    const twin = view({ id: 4, type: "failure", significance: 0.9, vividNow: 0.5 });
    const ranked = rankMemories([faint, vivid, twin, big], { query: "x", queryVector: vec, vectors, limit: 3 });
    expect(ranked.map((r) => r.memory.id)).toEqual([3, 4, 2]);
  });

  it("without vectors, relevance is the share of the query's words found in the memory (stemmed)", () => {
    const m = view({ id: 7, type: "process_note", content: "Deploying needs the staging check first.", domain: "deploys" });
    const other = view({ id: 8, type: "user_preference", content: "Sam prefers Thai food.", domain: "food" });
    const [r, ...rest] = rankMemories([m, other], { query: "deploy to staging", limit: 5 });
    expect(rest).toEqual([]);
    expect(r).toMatchObject({ cosine: null, domainMatch: true, relevance: 1 }); // deploy + staging: 2/2, plus the domain
    expect(stem("deploys")).toBe("deploy");
    expect(stem("deployed")).toBe("deploy");
    expect(stem("deploying")).toBe("deploy");
    expect(stem("bus")).toBe("bus");
  });

  it("lines carry vividness and valence marks", () => {
    expect(memoryLine(view({ type: "failure", content: "I deployed on a Friday.", domain: "deploys", valence: "negative", vividNow: 0.92 }))).toBe(
      "- [vivid −] failure (deploys): I deployed on a Friday.",
    );
    expect(memoryLine(view({ type: "user_preference", content: "Sam likes mornings.", valence: "positive", vividNow: 0.5 }))).toBe("- [clear +] user preference: Sam likes mornings.");
    expect(memoryLine(view({ type: "process_note", content: "x", vividNow: 0.1 }))).toBe("- [faint ·] process note: x");
  });
});

describe("privacy of injected memories", () => {
  it("group and isolated sessions never get private memory types or a private narrative", () => {
    expect(MEMORY_TYPES.filter((t) => !isShareable(t))).toEqual(["pattern_recognized", "relationship_event", "user_preference"]);
    const files = { bootstrap: { "SOUL.md": "# SOUL\n\n- me\n" }, daily: [] };
    const experience = {
      legend: MEMORY_LEGEND,
      memories: [
        { id: 1, line: "- [vivid +] user preference: Sam likes mornings.", private: true },
        { id: 2, line: "- [vivid −] failure (deploys): the deploy broke.", private: false },
      ],
    };
    const main = assembleContext(files, { session: "main", perFileChars: 4000, totalChars: 16000, query: "plan", identity: { text: "I am careful.", private: true }, experience });
    expect(main.text).toMatch(/## SOUL.md\n# SOUL\n\n- me\n\n## Who you are now\nI am careful.\n/);
    expect(main.text).toContain('## Memories for "plan"\n(vivid / clear / faint');
    expect(main.text).toContain("Sam likes mornings");
    expect(main.report.experience).toEqual({ identity: "included", given: 2, shown: 2, withheld: 0, shownIds: [1, 2] });
    for (const session of ["group", "isolated"] as const) {
      const ctx = assembleContext(files, { session, perFileChars: 4000, totalChars: 16000, identity: { text: "I am careful.", private: true }, experience });
      expect(ctx.text).not.toContain("Sam likes mornings");
      expect(ctx.text).not.toContain("Who you are now");
      expect(ctx.text).toContain("the deploy broke");
      expect(ctx.report.experience).toEqual({ identity: "withheld", given: 2, shown: 1, withheld: 1, shownIds: [2] });
      const open = assembleContext(files, { session, perFileChars: 4000, totalChars: 16000, identity: { text: "I am careful.", private: false } });
      expect(open.text).toContain("## Who you are now\nI am careful.");
    }
  });
});
