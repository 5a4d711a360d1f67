import { describe, expect, it } from "vitest";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

// A note that says one of the question's words over and over, against one that holds both
// of its words once: BM25 adds up its terms, so the first comes out ahead on BM25 alone.
function notes(): Record<string, string> {
  const files: Record<string, string> = {
    "notes/kayaks.md": `# Kayak\n\n${Array(4).fill("The kayak is in the shed.").join(" ")}\n`,
    "notes/trip.md": "# Trip\n\nMelanie took the kids to the lake by kayak and saw an otter.\n",
  };
  for (let i = 0; i < 3; i++) files[`notes/otters-${i}.md`] = `# Otters ${i}\n\nAn otter swam in the river, day ${i}.\n`;
  for (let i = 0; i < 10; i++) files[`notes/day-${i}.md`] = `# Day ${i}\n\nWe walked to the shop, day ${i}.\n`;
  return files;
}
const QUERY = "kayak otter";

describe("coverage factor: a chunk holding more of the question's words ranks higher", () => {
  const workspace = indexedWorkspaces("agent-coverage-");

  it("switched off (0), the note repeating one word wins on BM25 alone", async () => {
    const res = await workspace(notes(), { keyword: { coverageWeight: 0 }, recency: { enabled: false } }).search(QUERY);
    expect(res.results[0]!.path).toBe("notes/kayaks.md");
    for (const r of res.results) expect(r.explain!.coverageFactor).toBe(1);
  });

  it("by default, the note holding both words comes first, and explain shows the factor", async () => {
    const res = await workspace(notes(), { recency: { enabled: false } }).search(QUERY);
    expect(res.results[0]!.path).toBe("notes/trip.md");
    for (const r of res.results) {
      const e = r.explain!;
      expect(e.coverageFactor).toBeCloseTo(0.8 + 0.2 * e.coverage, 3);
      expect(e.final).toBeCloseTo(e.fused * e.decay * e.dateBoost * e.whenBoost * e.coverageFactor, 5);
    }
    const trip = res.results[0]!.explain!;
    expect(trip.coverage).toBe(1);
    expect(trip.coverageFactor).toBe(1);
    const kayaks = res.results.find((r) => r.path === "notes/kayaks.md")!.explain!;
    expect(kayaks.coverage).toBeLessThan(1);
    expect(kayaks.coverageFactor).toBeLessThan(1);
    // It still has the higher BM25: the factor put the other first.
    expect(kayaks.bm25!).toBeGreaterThan(trip.bm25!);
  });
});
