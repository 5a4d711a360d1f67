import { describe, expect, it } from "vitest";
import { extractStatements } from "../../src/indexer/statements.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";
import { linkWithClashes, withFixedValues } from "../../src/indexer/value-clash.js";
import { SAME_THING, SAME_THING_MEASURED, sameThingUpdates } from "../../src/indexer/same-thing.js";

// A change read without a word of change: the same thing, the same kind of value, another value,
// said later. Measured leave-one-set-out it was not safe, so it is off unless turned on.

const DAY = 86_400_000;
const placed = (lines: string[]): PlacedStatement[] =>
  lines.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2027-05-${String(10 + i).padStart(2, "0")}.md`, order: i * DAY, st: withFixedValues(st) })));
const sameThing = (lines: string[]) => {
  const all = placed(lines);
  return sameThingUpdates(all, linkWithClashes(all), SAME_THING_MEASURED).map((l) => [l.rule, Math.floor(l.older / 100), Math.floor(l.newer / 100)]);
};

describe("the same thing given another value, however it is worded", () => {
  const redialled = ["Orla, kayak club secretary, mobile 07700 900456.", "Orla kayak club secretary mobile 07700 900789."];

  it("links the earlier statement to the later one when turned on, with no change word said", () => {
    expect(sameThing(redialled)).toEqual([["same-thing", 0, 1]]);
  });

  it("is off by default: the linker makes no such link", () => {
    expect(SAME_THING.types.size).toBe(0);
    expect(linkWithClashes(placed(redialled)).filter((l) => l.kind === "update")).toEqual([]);
  });

  it("links no one else's value of the same kind", () => {
    expect(sameThing(["Orla, kayak club secretary, mobile 07700 900456.", "Bernard, kayak club treasurer, mobile 07700 900789."])).toEqual([]);
  });

  it("leaves a value said again beside a new one: an added fact", () => {
    expect(sameThing(["Kayak club membership is £85 for adults at the harbour.", "Kayak club membership at the harbour is £95 for juniors and £85 for adults."])).toEqual([]);
  });

  it("reads nothing within one line: both halves were said at once", () => {
    expect(sameThing(["Orla, kayak club secretary, mobile 07700 900456. Orla kayak club secretary mobile 07700 900789."])).toEqual([]);
  });
});
