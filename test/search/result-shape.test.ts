import { utimesSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { splitSentences } from "../../src/search/text/snippet.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

// Results of one object shape: every field present in one order, whatever a result carries
// (annotations, a later statement that replaced it, its text), so the code that builds and
// reads them keeps one object map. An absent field is undefined and JSON leaves it out, so
// the answer's JSON is what it was.

describe("a search's results", () => {
  let ws = "";
  afterEach(() => cleanup(ws));

  it("all have the same fields in the same order, and JSON shows only those set", async () => {
    ws = tempDir();
    write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword", dates: { timeZone: "UTC" } } }));
    write(ws, "MEMORY.md", "# Memory\n\n- Piano tuner: Gwen Ellis, £70 a visit.\n- Choir: rehearsals Wednesday evenings.\n- Allotment: plot 12, the one by the gate.\n");
    const old = Date.parse("2031-04-02T20:00:00Z") / 1000;
    utimesSync(path.join(ws, "MEMORY.md"), old, old);
    write(ws, "memory/2031-04-20.md", "# 20 April\n\n- Gwen the piano tuner is going up to £85 a visit from May.\n");
    write(ws, "memory/2031-04-21.md", "# 21 April\n\nAsked Gwen about the piano tuner visit next month. project:: piano\n");
    write(ws, "memory/2031-04-22.md", "# 22 April\n\nThe piano sounds fine after the visit.\n");
    const engine = Engine.open({ workspace: ws, now: () => Date.parse("2031-04-25T09:00:00Z") });
    try {
      engine.indexing.index();
      const res = await engine.search("piano tuner visit", { recall: false });
      expect(res.results.length).toBeGreaterThanOrEqual(3);
      // The answer holds results of several kinds: replaced, annotated, plain.
      expect(res.results.some((r) => r.supersededBy !== undefined)).toBe(true);
      expect(res.results.some((r) => r.annotations !== undefined)).toBe(true);
      expect(res.results.some((r) => r.annotations === undefined && r.supersededBy === undefined)).toBe(true);
      const keys = res.results.map((r) => Object.keys(r).join(","));
      expect(new Set(keys).size).toBe(1);
      for (const r of res.results) {
        const json = JSON.parse(JSON.stringify(r)) as Record<string, unknown>;
        expect(Object.keys(json)).toEqual(Object.keys(r).filter((k) => (r as unknown as Record<string, unknown>)[k] !== undefined));
      }
    } finally {
      await engine.close();
    }
  });
});

/** The sentence splitter as a chain of array methods, as it was written before the loop. */
function chained(text: string): string[] {
  return text
    .split(/\n+/)
    .filter((line) => !/^ {0,3}#{1,6}\s/.test(line))
    .map((line) => line.replace(/<!--.*?-->/g, "").replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, ""))
    .flatMap((line) => line.split(/(?<=[.!?。！？])\s+(?=\S)/u))
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => s !== "");
}

describe("splitSentences", () => {
  it("gives the same sentences as the chained form on texts of headings, lists, comments and blank lines", () => {
    const parts = ["# Title", "## Sub", "   ### deep", "- item one.", "* [x] done task. Next one!", "1) first", "12. twelfth", "<!-- note --> after", "plain text. More text?  Yes.", "記憶。検索！ 次", "", "   ", "\t tab\tsep .", "#nospace", "a<!-- x -->b<!-- y -->c"];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 500; i++) {
      const n = 1 + Math.floor(next() * 8);
      const text = Array.from({ length: n }, () => parts[Math.floor(next() * parts.length)]).join(next() < 0.5 ? "\n" : "\n\n");
      expect(splitSentences(text)).toEqual(chained(text));
    }
  });
});
