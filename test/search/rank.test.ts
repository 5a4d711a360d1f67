import { describe, expect, it } from "vitest";
import { fuse } from "../../src/search/pipeline/fuse.js";
import { jaccard, jaccardFrom, jaccardOfSorted, mmrRerank, wordNumbers, wordSet } from "../../src/search/pipeline/mmr.js";
import { ageDays, decayFactor } from "../../src/search/pipeline/recency.js";

describe("fuse (hand-checked)", () => {
  it("min-max normalises each list and takes the weighted sum", () => {
    const out = fuse(
      [
        { id: 1, keyword: 10, vector: 0.2 },
        { id: 2, keyword: 5, vector: 0.6 },
        { id: 3, keyword: 0 }, // keyword only
        { id: 4, vector: 0.4 }, // vector only
      ],
      { method: "weighted", vectorWeight: 0.25, keywordNorm: "minmax" },
    );
    const by = new Map(out.map((o) => [o.id, o]));
    // keyword: 10→1, 5→0.5, 0→0 ; vector over 0.2..0.6: 0.2→0, 0.6→1, 0.4→0.5
    expect(by.get(1)).toMatchObject({ keywordNorm: 1, vectorNorm: 0 });
    expect(by.get(1)!.fused).toBeCloseTo(0.75, 10);
    expect(by.get(2)!.fused).toBeCloseTo(0.75 * 0.5 + 0.25 * 1, 10);
    expect(by.get(3)!.fused).toBeCloseTo(0, 10);
    expect(by.get(4)!.fused).toBeCloseTo(0.25 * 0.5, 10);
  });

  it("weight 0 is keyword-only and weight 1 is vector-only", () => {
    const c = [
      { id: 1, keyword: 3, vector: 0.1 },
      { id: 2, keyword: 1, vector: 0.9 },
    ];
    expect(fuse(c, { method: "weighted", vectorWeight: 0, keywordNorm: "minmax" }).map((x) => x.fused)).toEqual([1, 0]);
    const v = fuse(c, { method: "weighted", vectorWeight: 1 }).map((x) => x.fused);
    expect(v[0]).toBeCloseTo(0, 10);
    expect(v[1]).toBeCloseTo(1, 10);
  });

  it("max scaling keeps proportions and never zeroes the weakest keyword match", () => {
    const out = fuse(
      [
        { id: 1, keyword: 8 },
        { id: 2, keyword: 2 },
      ],
      { method: "weighted", vectorWeight: 0 },
    );
    expect(out.map((o) => o.keywordNorm)).toEqual([1, 0.25]);
  });

  it("with a cosine level, weak neighbours keep only their share of it", () => {
    const cands = [
      { id: 1, vector: 0.3 },
      { id: 2, vector: 0.25 },
      { id: 3, vector: 0.2 },
    ];
    // Min-max alone: the nearest of three weak neighbours scores 1, as a close match would.
    expect(fuse(cands, { method: "weighted", vectorWeight: 1, vectorNorm: "minmax" }).map((o) => o.vectorNorm)).toEqual([1, 0.5, 0]);
    const scaled = fuse(cands, { method: "weighted", vectorWeight: 1, vectorNorm: "minmax", cosineLevel: 0.5 });
    expect(scaled.map((o) => o.vectorNorm)).toEqual([1 * 0.6, 0.5 * 0.5, 0]);
    // At or above the level nothing changes; below zero counts as nothing.
    const strong = fuse([{ id: 1, vector: 0.8 }, { id: 2, vector: -0.1 }], { method: "weighted", vectorWeight: 1, vectorNorm: "max", cosineLevel: 0.5 });
    expect(strong.map((o) => o.vectorNorm)).toEqual([1, 0]);
  });

  it("a single candidate (or all equal) normalises to 1, never divides by zero", () => {
    const out = fuse([{ id: 7, keyword: 4.2 }], { method: "weighted", vectorWeight: 0.2 });
    expect(out[0]!.fused).toBeCloseTo(0.8, 10);
  });

  it("RRF ranks by reciprocal ranks, best possible = 1", () => {
    const out = fuse(
      [
        { id: 1, keyword: 9, vector: 0.9 },
        { id: 2, keyword: 8, vector: 0.1 },
      ],
      { method: "rrf", vectorWeight: 0.5, rrfK: 60 },
    );
    expect(out[0]!.fused).toBeCloseTo(1, 10);
    expect(out[1]!.fused).toBeCloseTo((1 / 62 + 1 / 62) / (2 / 61), 10);
  });
});

describe("recency decay", () => {
  const now = Date.parse("2026-11-21T15:00:00Z");
  const opts = { enabled: true, halfLifeDays: 30, floor: 0 };

  it("halves every half-life and is 1 today", () => {
    expect(ageDays("2026-11-21", now)).toBe(0);
    expect(decayFactor("2026-11-21", "daily", now, opts)).toBe(1);
    expect(decayFactor("2026-10-22", "daily", now, opts)).toBeCloseTo(0.5, 10);
    expect(decayFactor("2026-09-22", "daily", now, opts)).toBeCloseTo(0.25, 10);
  });

  it("keeps a floor, treats evergreen files and undated notes as 1, and can be off", () => {
    expect(decayFactor("2025-11-21", "daily", now, { ...opts, floor: 0.4 })).toBeCloseTo(0.4 + 0.6 * Math.pow(0.5, 365 / 30), 10);
    expect(decayFactor(null, "note", now, opts)).toBe(1);
    expect(decayFactor("2020-01-01", "memory", now, opts)).toBe(1);
    expect(decayFactor("2020-01-01", "daily", now, { ...opts, enabled: false })).toBe(1);
    expect(decayFactor("2027-01-01", "daily", now, opts)).toBe(1); // future: age 0
  });
});

describe("MMR", () => {
  // 1 and 2 are near-duplicates; 3 is different but slightly less relevant.
  const sim = (a: number, b: number) => ((a === 1 && b === 2) || (a === 2 && b === 1) ? 0.9 : 0.1);
  const items = [
    { id: 1, relevance: 1.0 },
    { id: 2, relevance: 0.95 },
    { id: 3, relevance: 0.8 },
  ];

  it("demotes a near-duplicate below a different, slightly less relevant result", () => {
    const picks = mmrRerank(items, 3, 0.7, sim);
    expect(picks.map((p) => p.id)).toEqual([1, 3, 2]);
    expect(picks[0]!.penalty).toBe(0);
    expect(picks[1]!.penalty).toBeCloseTo(0.3 * 0.1, 10);
    expect(picks[1]!.mmr).toBeCloseTo(0.7 * 0.8 - 0.03, 10);
    expect(picks[2]!.penalty).toBeCloseTo(0.3 * 0.9, 10);
  });

  it("lambda 1 is plain relevance order", () => {
    expect(mmrRerank(items, 3, 1, sim).map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it("jaccard over word sets", () => {
    expect(jaccard(wordSet("the VPS moved"), wordSet("The vps stayed"))).toBeCloseTo(2 / 4, 10);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });

  it("jaccard over sorted word numbers is jaccard over the word sets, exactly", () => {
    const texts = ["the VPS moved", "The vps stayed", "", "Café crème at the café, 2019", "crème brûlée; the VPS moved twice", "one two three four five six seven"];
    const numbers = new Map<string, number>();
    const nums = texts.map((t) => wordNumbers(t, numbers));
    for (const [i, a] of texts.entries()) {
      expect([...nums[i]!]).toEqual([...nums[i]!].sort((x, y) => x - y));
      for (const [j, b] of texts.entries()) expect(jaccardOfSorted(nums[i]!, nums[j]!)).toBe(jaccard(wordSet(a), wordSet(b)));
    }
  });

  it("jaccard of one set against many (MMR's) is jaccardOfSorted exactly, as the one set changes and word numbers grow", () => {
    let seed = 5;
    const r = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const set = (n: number, span: number) => Uint32Array.from(new Set(Array.from({ length: n }, () => Math.floor(r() * span)))).sort();
    // Small word numbers, then numbers past the buffer's first size, then small again (the
    // bits of the set before must be gone), and empty sets.
    const sets = [set(40, 300), set(60, 300), set(5, 300), set(80, 200_000), set(30, 200_000), new Uint32Array(0), set(50, 300), set(1, 3)];
    for (const a of [...sets, sets[0]!, sets[3]!]) {
      const from = jaccardFrom(a);
      for (const b of sets) expect(from(b)).toBe(jaccardOfSorted(a, b));
    }
  });
});
