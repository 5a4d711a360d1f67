import { describe, expect, it } from "vitest";
import { eventYears, withEventYears } from "../../src/indexer/event-years.js";
import { extractStatements } from "../../src/indexer/statements.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";

// Two years for one past happening, found by the fourth changes set (scripts/eval-changes4/).
// Each example is phrased apart from the set, and each fails on the rules before it.

/** Each line a daily note of its own, a day apart, its statements as the index stores them. */
const stored = (lines: string[]): PlacedStatement[] =>
  lines.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2030-07-${String(10 + i).padStart(2, "0")}.md`, order: i * 86_400_000, st: withEventYears(st) })));
const links = (lines: string[]) => linkWithClashes(stored(lines)).map((l) => `${l.kind} ${Math.floor(l.older / 100)}>${Math.floor(l.newer / 100)}`);

describe("the year a past thing happened", () => {
  it("told twice with two years is a contradiction, and no update", () => {
    expect(links(["- The chapel on Mill Lane was built in 1874, says the plaque.", "- Reading about the village: the chapel was built in 1891."])).toEqual(["contradiction 0>1"]);
    expect(links(["- Our Ford Fiesta was bought in 2017 from a dealer in Hull.", "- The Fiesta we bought in 2015 needs new tyres."])).toEqual(["contradiction 0>1"]);
    expect(links(["- The choir was founded in 1988 by Mrs Hale.", "- The choir started in 1990, the year the hall opened."])).toEqual(["contradiction 0>1"]);
  });

  it("of two things, or of two kinds of happening, is no contradiction", () => {
    expect(links(["- The chapel was built in 1874.", "- The school was built in 1891."])).toEqual([]);
    expect(links(["- The Fiesta was bought in 2017.", "- The Fiesta was built in 2015."])).toEqual([]);
    // The same year said again.
    expect(links(["- The chapel was built in 1874.", "- Lovely day at the chapel, built in 1874."])).toEqual([]);
  });

  it("reads the happening, the year and what it happened to; a model's name counts as a word of it", () => {
    expect(eventYears("My Nikon D750 was bought in 2016, still great")).toEqual([{ kind: "bought", year: "2016", thing: ["nikon", "d750"] }]);
    expect(eventYears("moved to Leeds in 2019")).toEqual([]);
  });
});
