import { describe, expect, it } from "vitest";
import { holdsAtLeast } from "../../src/search/pipeline/holds.js";

describe("holdsAtLeast", () => {
  it("answers as counting with filter would, and stops reading at the n-th", () => {
    const query = new Set(["tax", "return", "invoice"]);
    const words = ["the", "tax", "form", "return", "invoice"];
    for (let n = 0; n <= 4; n++) expect(holdsAtLeast(words, n, (w) => query.has(w))).toBe(words.filter((w) => query.has(w)).length >= n);
    const read: string[] = [];
    expect(holdsAtLeast(words, 2, (w) => (read.push(w), query.has(w)))).toBe(true);
    expect(read).toEqual(["the", "tax", "form", "return"]);
    expect(holdsAtLeast([], 1, () => true)).toBe(false);
  });
});
