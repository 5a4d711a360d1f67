import { describe, expect, it } from "vitest";
import { estimateTokens, splitIntoWindows } from "../../src/embed/windows.js";

const oneEach = (w: string) => (w.length > 0 ? 1 : 0);

describe("splitIntoWindows", () => {
  it("returns text that fits unchanged, whitespace included", () => {
    const t = "a  b\nc";
    expect(splitIntoWindows(t, { maxTokens: 3, overlapTokens: 1, countTokens: oneEach })).toEqual([t]);
    expect(splitIntoWindows("", { maxTokens: 3, overlapTokens: 1, countTokens: oneEach })).toEqual([""]);
  });

  it("fills windows to the budget and repeats the overlap", () => {
    const words = Array.from({ length: 10 }, (_, i) => `w${i}`);
    const out = splitIntoWindows(words.join(" "), { maxTokens: 4, overlapTokens: 1, countTokens: oneEach });
    expect(out).toEqual(["w0 w1 w2 w3", "w3 w4 w5 w6", "w6 w7 w8 w9"]);
  });

  it("uses each word's own count", () => {
    const out = splitIntoWindows("aaaa b cc d", {
      maxTokens: 5,
      overlapTokens: 0,
      countTokens: (w) => w.length,
    });
    expect(out).toEqual(["aaaa b", "cc d"]);
  });

  it("cuts a word longer than a window into pieces that fit", () => {
    const out = splitIntoWindows(`x ${"y".repeat(20)} z`, { maxTokens: 6, overlapTokens: 0, countTokens: (w) => w.length });
    for (const w of out) for (const piece of w.split(" ")) expect(piece.length).toBeLessThanOrEqual(6);
    expect(out.join(" ").replace(/ /g, "")).toBe(`x${"y".repeat(20)}z`);
  });

  it("always makes progress, even with overlap as large as the window", () => {
    const words = Array.from({ length: 50 }, (_, i) => `w${i}`).join(" ");
    const out = splitIntoWindows(words, { maxTokens: 4, overlapTokens: 100, countTokens: oneEach });
    expect(out.at(-1)?.endsWith("w49")).toBe(true);
    expect(out.length).toBeLessThan(50);
  });

  it("estimates generously without a tokenizer", () => {
    expect(estimateTokens("a")).toBe(1);
    expect(estimateTokens("cat")).toBe(1);
    expect(estimateTokens("internationalisation")).toBe(7);
  });
});
