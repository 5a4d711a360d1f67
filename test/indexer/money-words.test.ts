import { describe, expect, it } from "vitest";
import { wordsToNumber } from "../../src/indexer/money-words.js";
import { extractStatements } from "../../src/indexer/statements.js";
import { typedValues as typed, updatesAmong as updates } from "../helpers/daily-lines.js";

// Money said out loud, and a price "put up to" a new one: found by the fourth changes set
// (scripts/eval-changes4/). Each example is phrased apart from the set, and each fails on the rules before it.

describe("an amount said in words or with its currency after it", () => {
  it("is the same money value as written with a symbol", () => {
    expect(typed("the valet wants eighty quid")).toEqual(["money:£80"]);
    expect(typed("a hundred and twenty pounds for both")).toEqual(["money:£120"]);
    expect(typed("that's 3,500 dollars upfront")).toEqual(["money:$3500"]);
    // A weight in pounds is no money.
    expect(typed("three pounds of apples")).not.toContain("money:£3");
  });

  it("reads numbers in words up to the thousands", () => {
    expect(wordsToNumber("two hundred and fifty")).toBe(250);
    expect(wordsToNumber("forty-five")).toBe(45);
    expect(wordsToNumber("a thousand")).toBe(1000);
    expect(wordsToNumber("several")).toBeNull();
  });

  it("a price said in words replaces the one said in figures", () => {
    expect(updates(["- Dog sitter for the week of the wedding: £180, cash on the day.", "- The dog sitter went up to two hundred and ten pounds for the week."])).toEqual([[0, 1]]);
  });
});

describe("a price put up or down to a new one", () => {
  it("says it changed", () => {
    expect(extractStatements("The landlord's put the garage rent up to £70 a month.")[0]!.change).toBe(true);
    expect(extractStatements("The gym put their fee down to £25.")[0]!.change).toBe(true);
    expect(extractStatements("Put the tent up to dry.")[0]?.change ?? false).toBe(false);
  });

  it("and so replaces the earlier price", () => {
    expect(updates(["- Piano tuner charges £65 a visit.", "- The piano tuner put his price up to £75 a visit."])).toEqual([[0, 1]]);
  });
});
