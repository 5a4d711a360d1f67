/**
 * The shape every generated WordNet table of the search keeps (derivations-data.ts,
 * actions-data.ts): "|"-separated groups, each a word and its partners, the words once each,
 * in order (the look-up is a binary search), plain lower-case letters, at least 3 of them.
 */
import { expect } from "vitest";

export function expectWellFormedTable(table: string): void {
  const groups = table.replace(/\s*\n\s*/g, "").split("|").map((g) => g.split(" "));
  const bases = groups.map((g) => g[0]!);
  expect(new Set(bases).size).toBe(bases.length);
  expect([...bases].sort((a, b) => a.localeCompare(b))).toEqual(bases);
  for (const g of groups) {
    expect(g.length, g.join(" ")).toBeGreaterThan(1);
    for (const w of g) expect(w).toMatch(/^[a-z]{3,}$/);
  }
}
