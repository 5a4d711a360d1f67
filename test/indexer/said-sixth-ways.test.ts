import { describe, expect, it } from "vitest";
import { extractStatements } from "../../src/indexer/statements.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";
import { derived } from "../../src/indexer/truth.js";
import { degreeYears } from "../../src/indexer/degrees.js";
import { bloodGroupAt } from "../../src/indexer/blood-group.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";

// What the fifth changes set (scripts/eval-changes5/) still missed, as rules in general words: a
// start said as a first day, an amount set by a verb ("cut … to"), a size in a label's list, a
// blood group and a degree's year said twice. Each example is phrased apart from the set, and each
// positive one fails on the rules before it.

/** Each line a daily note of its own, a day apart, its statements as the index stores them. */
const stored = (lines: string[]): PlacedStatement[] =>
  lines.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2030-06-${String(10 + i).padStart(2, "0")}.md`, order: Date.UTC(2030, 5, 10 + i, 12), st: derived(st) })));
const linksOf = (lines: string[], kind: "update" | "contradiction") =>
  linkWithClashes(stored(lines))
    .filter((l) => l.kind === kind)
    .map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);

describe("a start said in other words", () => {
  it("'my first day at …' gives the start a new date with no change word", () => {
    expect(linksOf(["- Apprenticeship at Harrow Joinery starts 3 March", "Booked a taxi for my first day at Harrow Joinery: Tuesday 10 March, 8:00"], "update")).toEqual([[0, 1]]);
  });

  it("an end said as a last shift moves the end, and a start never replaces an end", () => {
    expect(linksOf(["- Contract at the Harrow depot ends 30 June", "HR confirmed my last shift at the Harrow depot: Friday 26 June"], "update")).toEqual([[0, 1]]);
    expect(linksOf(["- Contract at the Harrow depot ends 30 June", "Booked a taxi for my first day at the Harrow depot: Tuesday 10 March"], "update")).toEqual([]);
  });

  it("another date of the same place with no start said is still another event", () => {
    expect(linksOf(["- Apprenticeship at Harrow Joinery starts 3 March", "Open evening at Harrow Joinery on 20 March, bring Dad"], "update")).toEqual([]);
  });

  it("a shop's name is no end ('Finish Line')", () => {
    expect(linksOf(["- The Finish Line sale ends 4 April", "Ordered trainers from Finish Line on 1 April"], "update")).toEqual([]);
  });
});

describe("an amount set by a verb of changing it", () => {
  it("'trimmed keynotes to 30 minutes' replaces the keynote's length, its label's bracketed aside no clause", () => {
    const lines = ["- Keynote at the library festival (Leeds, 4 May): 40 minutes plus questions", "slides for the library festival today. the organisers trimmed keynotes to 30 minutes, so fewer slides"];
    expect(linksOf(lines, "update")).toEqual([[0, 1]]);
  });

  it("another thing's amount, or another unit, is left alone", () => {
    expect(linksOf(["- Keynote at the library festival (Leeds, 4 May): 40 minutes plus questions", "the organisers trimmed the workshops to 30 minutes"], "update")).toEqual([]);
    expect(linksOf(["- Keynote at the library festival (Leeds, 4 May): 40 minutes plus questions", "the organisers capped keynotes at 30 people"], "update")).toEqual([]);
  });
});

describe("sizes in a label's list", () => {
  it("'Garden office: one desk, 9 m², …' and later '7 square metres' disagree", () => {
    expect(linksOf(["Garden office: one desk, 9 m², south facing.", "and the garden office is only 7 square metres, so the sofa goes in the hall"], "contradiction")).toEqual([[0, 1]]);
  });

  it("another room's size is no disagreement", () => {
    expect(linksOf(["Garden office: one desk, 9 m², south facing.", "and the spare bedroom is only 7 square metres, so the sofa goes in the hall"], "contradiction")).toEqual([]);
  });
});

describe("a blood group", () => {
  it("two groups of the person's are a contradiction, however the second is said", () => {
    expect(linksOf(["- Blood group: B negative.", "Gave blood at the town hall session; the slip came back AB+."], "contradiction")).toEqual([[0, 1]]);
    expect(bloodGroupAt("O positive.")?.norm).toBe("O+");
  });

  it("another person's group, or a capital A in a sentence about blood, is none", () => {
    expect(linksOf(["- Blood group: B negative.", "Dad's blood group is A positive, he says."], "contradiction")).toEqual([]);
    expect(linksOf(["- Blood group: B negative.", "A blood test on Monday. A nurse will ring."], "contradiction")).toEqual([]);
  });
});

describe("a happening's year said with the person beside another", () => {
  it("'Priya and I married in 2004' is Priya's wedding as much as 'Married Priya in 2005'", () => {
    expect(linksOf(["- Priya and I married in 2004, twenty years this spring.", "- Married Priya in 2005; moved to Hull after."], "contradiction")).toEqual([[0, 1]]);
    expect(linksOf(["- Priya and I married in 2004, twenty years this spring.", "- Married Anil in 2005; moved to Hull after."], "contradiction")).toEqual([]);
  });
});

describe("a degree's year", () => {
  it("a degree written two ways is one degree: two years of finishing it are a contradiction", () => {
    expect(linksOf(["- BA in History at Leeds, graduated in 2015.", "When I finished my bachelor's in 2016 I moved to York."], "contradiction")).toEqual([[0, 1]]);
  });

  it("two levels, or one level in two fields, are two degrees", () => {
    expect(linksOf(["- BA in History at Leeds, graduated in 2015.", "I finished my master's in 2017 and started teaching."], "contradiction")).toEqual([]);
    expect(linksOf(["- MSc in Physics, finished in 2019.", "- MA in Philosophy, completed in 2021."], "contradiction")).toEqual([]);
    expect(degreeYears("I'll finish my PhD in 2031.")).toEqual([]);
  });
});
