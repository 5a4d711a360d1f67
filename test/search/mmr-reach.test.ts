/**
 * MMR asks a similarity only of candidates a later round can still pick, and a cosine reads
 * each window's length once: the picks and the values are exactly those of the plain rounds
 * (the reference below is MMR as it ran before), with fewer pairs compared.
 */
import { describe, expect, it } from "vitest";
import { bestPairCosine } from "../../src/search/pipeline/evidence.js";
import { bestPairCosineNormed, mmrRerank, normedWindows, type MmrItem, type MmrPick } from "../../src/search/pipeline/mmr.js";

/**
 * MMR from its definition: each round scores every candidate left against all the picks so
 * far (the greatest similarity to any of them), and takes the first best (ties within 1e-12
 * go to the earlier candidate, as the engine's rounds do).
 */
function plainMmr(items: MmrItem[], k: number, lambda: number, similarity: (a: number, b: number) => number): MmrPick[] {
  const picked: MmrPick[] = [];
  const rest = [...items];
  while (picked.length < k && rest.length > 0) {
    const scored = rest.map((c) => {
      const closest = picked.reduce((m, p) => Math.max(m, similarity(p.id, c.id)), 0);
      return { c, penalty: (1 - lambda) * closest, value: lambda * c.relevance - (1 - lambda) * closest };
    });
    const top = scored.reduce<{ value: number; i: number }>((best, s, i) => (s.value > best.value + 1e-12 ? { value: s.value, i } : best), { value: -Infinity, i: 0 });
    const chosen = scored[top.i]!;
    picked.push({ id: chosen.c.id, penalty: chosen.penalty, mmr: top.value });
    rest.splice(top.i, 1);
  }
  return picked;
}

function random(seed: number): () => number {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** A pool as a search hands it: ids, relevances (some tied, some near-tied), a symmetric similarity in 0..1. */
function pool(r: () => number, n: number) {
  const items: MmrItem[] = Array.from({ length: n }, (_, i) => ({ id: 100 + i, relevance: r() < 0.2 ? 0.5 : r() < 0.1 ? 0.5 + 1e-13 : r() }));
  const sims = new Map<string, number>();
  const similarity = (a: number, b: number) => {
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    let s = sims.get(key);
    if (s === undefined) sims.set(key, (s = r() < 0.3 ? 1 : r()));
    return s;
  };
  return { items, similarity };
}

describe("MMR's rounds", () => {
  it("pick exactly what the plain rounds pick, penalty and value to the bit", () => {
    const r = random(7);
    for (let t = 0; t < 300; t++) {
      const { items, similarity } = pool(r, 1 + Math.floor(r() * 60));
      const k = 1 + Math.floor(r() * 12);
      const lambda = [0, 0.3, 0.5, 0.7, 0.9][t % 5]!;
      expect(mmrRerank(items, k, lambda, similarity)).toEqual(plainMmr(items, k, lambda, similarity));
    }
  });

  it("compare no pair after the page's last pick, nor with a candidate that cannot reach the page", () => {
    // Fifty candidates, relevance falling from 1 to 0.02: the tail can never reach a page of ten.
    const items = Array.from({ length: 50 }, (_, i) => ({ id: i, relevance: 1 - i * 0.02 }));
    const asked: [number, number][] = [];
    const similarity = (a: number, b: number) => (asked.push([a, b]), ((a * 7 + b * 13) % 10) / 10);
    const picks = mmrRerank(items, 10, 0.7, similarity);
    expect(picks).toEqual(plainMmr(items, 10, 0.7, (a, b) => ((a * 7 + b * 13) % 10) / 10));
    const lastPick = picks.at(-1)!.id;
    expect(asked.some(([a]) => a === lastPick)).toBe(false);
    // The plain rounds compare 49 + 48 + ... + 40 = 445 pairs; a candidate 0.43 or more below
    // ten others (0.3 / 0.7 of the largest similarity) is never compared.
    expect(asked.length).toBeLessThan(445);
    const reach = Math.max(...asked.map(([, b]) => b));
    expect(reach).toBeLessThan(9 + Math.ceil(0.3 / 0.7 / 0.02) + 1);
  });

  it("leave candidates whose relevance is not a number to the rounds as before", () => {
    const items = [{ id: 1, relevance: Number.NaN }, { id: 2, relevance: Number.NaN }, { id: 3, relevance: 0.1 }];
    const sim = () => 0.5;
    expect(mmrRerank(items, 2, 0.7, sim)).toEqual(plainMmr(items, 2, 0.7, sim));
  });
});

describe("the best pair's cosine with lengths read once", () => {
  it("is bestPairCosine to the bit: unit and stray vectors, a zero vector, several windows", () => {
    const r = random(11);
    const vec = (scale: number) => Float32Array.from({ length: 512 }, () => (r() - 0.5) * scale);
    const unit = (v: Float32Array) => {
      const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
      return v.map((x) => x / n);
    };
    const texts = [[unit(vec(1))], [unit(vec(1)), unit(vec(1)), unit(vec(1))], [vec(3)], [new Float32Array(512)], [new Float32Array(512), unit(vec(1))], []];
    for (const a of texts) {
      for (const b of texts) {
        expect(Object.is(bestPairCosineNormed(normedWindows(a), normedWindows(b)), bestPairCosine(a, b))).toBe(true);
      }
    }
  });
});
