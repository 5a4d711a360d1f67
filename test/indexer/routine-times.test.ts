import { describe, expect, it } from "vitest";
import { derivedLinksOf } from "../helpers/derived-links.js";
import { extractStatements } from "../../src/indexer/statements.js";
import { saysRoutine } from "../../src/indexer/routine-times.js";

// A routine's time said again with another value is its time now, change word or not; a time
// written with a dot after a word saying when is a clock time. Examples phrased apart from any set.

/** Other notes around the lines, none holding a value: how rare a word is, as in a real workspace. */
const TOPICS = "canal towpath, allotment shed, choir rehearsal, library books, bathroom tiles, garden hedge, cousin's wedding, bike puncture, kitchen drawer, piano tuner, attic boxes, compost heap, window cleaner, charity shop, quiz night, bread maker, car wash, seed catalogue, jigsaw puzzle, bird feeder".split(", ");
const month = TOPICS.map((t) => `Spent the evening sorting out the ${t} with Sam.`);
const linksOf = (lines: string[]) => derivedLinksOf([...lines, ...month], "update");
const times = (text: string) => extractStatements(text).flatMap((s) => s.values.filter((v) => v.type === "time").map((v) => v.norm));

describe("a clock time written with a dot", () => {
  it("reads 'at 7.30' and 'by 19.15' as times", () => {
    expect(times("- school bus picks up at 8.10 now")).toEqual(["08:10"]);
    expect(times("- be at the station by 19.15 for the train")).toEqual(["19:15"]);
  });

  it("leaves prices, weights and plain decimals alone", () => {
    expect(times("- apples at 2.50 a kilo")).toEqual([]);
    expect(times("- weighed 7.30kg at the vet")).toEqual([]);
    expect(times("- rate went up by 3.25%")).toEqual([]);
    expect(times("- version 2.10 released")).toEqual([]);
  });
});

describe("a routine's time said again", () => {
  it("knows a routine by a plural part of the day, 'daily' or 'every …'", () => {
    expect(saysRoutine("school run at 8.15 on weekdays")).toBe(true);
    expect(saysRoutine("feed the hens every morning at 7")).toBe(true);
    expect(saysRoutine("dentist at 8.15 on Tuesday")).toBe(false);
  });

  it("replaces the earlier time of the same routine without a change word", () => {
    expect(linksOf(["- The dog walker comes at 11:00 for Biscuit.", "- dog walker at 12.30 for Biscuit weekdays, so lunch is later"])).toEqual([[0, 1]]);
  });

  it("leaves a one-off time, and another routine's time, as they were", () => {
    expect(linksOf(["- The dog walker comes at 11:00 for Biscuit.", "- dog walker at 12.30 for Biscuit on Friday, just this once"])).toEqual([]);
    expect(linksOf(["- The dog walker comes at 11:00 for Biscuit.", "- window cleaner at 9.30 on weekdays"])).toEqual([]);
  });
});
