import { describe, expect, it } from "vitest";
import { derivedLinksOf } from "../helpers/derived-links.js";
import { toldByOther } from "../../src/indexer/sourced-values.js";

// A value told by someone or something else with no change said disagrees with what the person
// wrote: both are reported as a contradiction, neither replaced. Examples phrased apart from any set.

/** Other notes around the lines, none holding a value: how rare a word is, as in a real workspace. */
const TOPICS = "canal towpath, allotment shed, choir rehearsal, library books, bathroom tiles, garden hedge, cousin's wedding, bike puncture, kitchen drawer, piano tuner, attic boxes, compost heap, window cleaner, charity shop, quiz night, bread maker, car wash, seed catalogue, jigsaw puzzle, bird feeder".split(", ");
const month = TOPICS.map((t) => `Spent the evening sorting out the ${t} with Sam.`);
const linksOf = (lines: string[], kind: "update" | "contradiction") => derivedLinksOf([...lines, ...month], kind);

describe("a value told by another", () => {
  it("knows a value given as another's word", () => {
    expect(toldByOther("the council covers 40% of the boiler grant, says the letter")).toBe(true);
    expect(toldByOther("according to the lease the deposit is £900")).toBe(true);
    expect(toldByOther("council covers 40% of the boiler grant")).toBe(false);
  });

  it("with no change said, is a contradiction of the person's own value, not its replacement", () => {
    const lines = ["- Council pays 60% of the boiler grant.", "- the council's covering 40% of the boiler grant, says the letter"];
    expect(linksOf(lines, "update")).toEqual([]);
    expect(linksOf(lines, "contradiction")).toEqual([[0, 1]]);
  });

  it("with a change said, replaces it as any update does", () => {
    const lines = ["- Council pays 60% of the boiler grant.", "- the council's covering 40% of the boiler grant now, says the letter"];
    expect(linksOf(lines, "update")).toEqual([[0, 1]]);
  });
});
